"""UFO variant: expedition tokens (UFO move, starting dice, one extra ability) and UFO contact.

rulebook (pl/uk/nl, "UFO"): shuffle the expedition tokens face down, put the UFO on the last space
("+"), stack the UFO tokens 5..1 with 5 on top. At the start of every expedition the commander
reveals the top expedition token: move the UFO 0-3 spaces towards the start, start with 4/5/6
dice (the rest set aside), and one extra ability usable once: extra dice, keep dice or reroll.
A travel phase that ENDS on the UFO's space gives the commander the top UFO token, face down.
"""

import copy

import pytest
from mlem_helpers import GAME, advance, board_all, crash, legal, roll, stay_all
from mlem_variant_helpers import expedition, new_variant_game, play_out_by_crashing, token_file

from cosmotable.engine import CHANCE, IllegalAction
from cosmotable.games.mlem.board import default_mat_data, mat_from_data, mat_problems

BOARDS = ["moon_expert", "planet_expert", "deep_space_expert"]


def ufo_game(token="x01", players=3, **options):
    s = new_variant_game(players, ["ufo"], expedition_token=token, **options)
    return board_all(s, BOARDS[:players] if players <= 3 else [*BOARDS, "parachutist", "navigator"][:players])


def custom_tokens(*tokens, ufo_points=None):
    """Options replacing the expedition tokens (and optionally the UFO stack)."""
    options = {"expedition_tokens": token_file("expedition_tokens", list(tokens))}
    if ufo_points is not None:
        options["ufo_tokens"] = token_file("ufo_tokens", points=list(ufo_points))
    return options


# UFO parked on space 5 by the first token, then staying put: space 0 -> 5 is `roll 1,2,2,...`
# + `travel 1,2` (1 + 2 + 2), and 0 -> 6 is `travel 2` with three 2s.
PARK_ON_5 = (
    expedition("park", ufo_move=21, dice=6, ability="keep"),
    expedition("stay", ufo_move=0, dice=6, ability="keep"),
)


# ------------------------------------------------------------------ set-up
def test_ufo_setup_ufo_on_the_plus_space_stack_5_to_1_top_first_tokens_face_down():
    """rulebook (pl, UFO): «Następnie należy ustawić pionek UFO na ostatnim polu na kosmicznej macie
    (oznaczonej symbolem „+”).» - the last field of the mat, the words the rulebook uses for deep space
    («dalekiego kosmosu (ostatnie pole na torze na kosmicznej macie)»): the UFO starts there (Ruling R24)."""
    s = GAME.new_state(num_players=3, variants=["ufo"])
    assert s.ufo.position == s.mat.ufo_start_space == s.mat.deep_space == 26
    assert s.ufo.stack == [5, 4, 3, 2, 1]
    assert s.ufo.token is None and s.ufo.taken == [[], [], []]
    # the face-down stack: revealing the top token is a chance node, every token equally likely
    assert s.phase == "reveal_expedition" and s.current_player() == CHANCE
    outcomes = s.chance_outcomes()
    assert sorted(str(a) for a, _ in outcomes) == [f"reveal-expedition x{i:02d}" for i in range(1, 15)]
    assert all(p == pytest.approx(1 / 14) for _, p in outcomes)
    ufo = s.public_view()["variant_state"]["ufo"]
    assert ufo["token"] is None and ufo["expedition_tokens_left"] == 14 and ufo["position"] == 26
    assert ufo["in_deep_space"]


def test_ruling_R24_a_mat_may_start_the_ufo_in_deep_space_or_on_a_numbered_space():
    """rulebook (nl, UFO): «plaats daarna de UFO op het laatste veld van de kosmische speelmat (aangegeven
    met het symbool "+")» - deep space by default; an owner's mat may name a numbered space instead."""
    data = copy.deepcopy(default_mat_data())
    assert data["ufo_start_space"] == "deep_space" and mat_problems(data) == []
    mat = mat_from_data(data)
    assert mat.ufo_start_space == mat.deep_space == 26
    data["ufo_start_space"] = 25
    assert mat_problems(data) == [] and mat_from_data(data).ufo_start_space == 25
    for bad, says in (
        ("plus", 'ufo_start_space: must be a space number or "deep_space"'),
        (30, "ufo_start_space: 30 is not a space on the mat"),
    ):
        data["ufo_start_space"] = bad
        problems = mat_problems(data)
        assert len(problems) == 1 and says in problems[0], problems


def test_ufo_setup_nobody_boards_before_the_first_token_is_revealed():
    s = GAME.new_state(num_players=3, variants=["ufo"])
    with pytest.raises(IllegalAction, match="astronauts board only in the launch phase"):
        s.apply("board helper")
    s.apply("reveal-expedition x05")
    assert s.phase == "launch" and s.current_player() == 0


# ------------------------------------------------------------------ the token of each expedition
def test_ufo_a_new_expedition_token_is_revealed_at_the_start_of_every_expedition():
    s = ufo_game("x02")
    assert s.ufo.token == "x02"
    crash(s)
    # the used token went to the box; the next expedition starts by revealing another
    assert s.expedition == 2 and s.phase == "reveal_expedition" and s.ufo.token is None
    outcomes = [str(a) for a, _ in s.chance_outcomes()]
    assert len(outcomes) == 13 and "reveal-expedition x02" not in outcomes
    with pytest.raises(IllegalAction, match="not the kind of token due now, or that token is not face down"):
        s.apply("reveal-expedition x02")
    s.apply("reveal-expedition x05")
    assert s.ufo.token == "x05" and s.phase == "launch" and s.current_player() == 1


@pytest.mark.parametrize(
    "tokens, positions",
    [
        (["x01"], [26]),  # move 0: still in deep space
        (["x09", "x04", "x13"], [23, 22, 22]),  # moves 3, 1, 0
        (["x05", "x12"], [24, 21]),  # moves 2, 3
    ],
)
def test_ufo_moves_0_to_3_spaces_towards_the_start(tokens, positions):
    s = new_variant_game(2, ["ufo"])
    for token, position in zip(tokens, positions, strict=True):
        s.apply(f"reveal-expedition {token}")
        assert s.ufo.position == position
        board_all(s, ["moon_expert", "planet_expert"])
        crash(s)


def test_ufo_never_moves_below_space_0():
    s = new_variant_game(
        2, ["ufo"], **custom_tokens(expedition("far", ufo_move=30), expedition("on", ufo_move=3))
    )
    s.apply("reveal-expedition far")
    assert s.ufo.position == 0
    board_all(s, ["moon_expert", "planet_expert"])
    crash(s)
    s.apply("reveal-expedition on")
    assert s.ufo.position == 0


@pytest.mark.parametrize(
    "token, dice", [("x07", 4), ("x11", 4), ("x03", 5), ("x04", 5), ("x01", 6), ("x02", 6)]
)
def test_ufo_commander_starts_with_the_tokens_dice_and_sets_the_rest_aside(token, dice):
    s = ufo_game(token)
    assert s.dice == dice
    assert s.public_view()["rocket"]["dice"] == dice
    assert {len(a.faces) for a, _ in s.chance_outcomes()} == {dice}
    if dice < 6:
        with pytest.raises(IllegalAction, match=r"a roll here has \d dice, got 6"):
            s.apply("roll 1,2,2,3,4,A")


# ------------------------------------------------------------------ extra dice
def test_ufo_extra_dice_can_be_used_whatever_was_rolled_and_save_the_rocket():
    s = ufo_game("x01")  # extra die: afterburner; space 0 accepts A (worth 1), 1, 2
    roll(s, "3,3,3,3,4,4")  # nothing fits space 0
    assert s.phase == "travel" and legal(s) == ["travel +extra", "crash"]
    s.apply("travel +extra")
    # rulebook: "the rocket does not crash"
    assert s.crashes == 0 and s.position == 1 and s.ufo.spent


def test_ufo_extra_dice_add_to_rolled_dice_and_are_not_set_aside():
    s = ufo_game("x04")  # 5 dice, extra dice 1 + 2
    roll(s, "1,3,3,4,4")
    assert "travel 1 +extra" in legal(s) and "travel +extra" in legal(s)
    s.apply("travel 1 +extra")
    assert s.position == 1 + 1 + 2
    assert s.dice == 4  # only the rolled 1 is set aside; the token's dice are not dice in hand


def test_ufo_extra_dice_all_those_shown_at_the_space_must_be_used():
    s = ufo_game("x04")  # extra dice 1 + 2
    roll(s, "1,3,3,4,4")
    twin = s.clone()
    twin.apply("travel +extra")
    assert twin.position == 3  # space 0 shows both 1 and 2: both are used
    s.apply("travel 1")  # to space 1 (A, 1, 3): only the extra 1 is shown there
    assert s.position == 1 and s.extra_dice_here() == ("1",)
    roll(s, "2,2,4,4")
    assert legal(s) == ["travel +extra", "crash"]
    s.apply("travel +extra")
    assert s.position == 2


def test_ufo_extra_dice_may_be_used_alone_even_when_rolled_dice_fit():
    # Pinned reading of "usable regardless of the rolled dice" (like a helper, Ruling R6): the
    # commander may move with the extra dice alone and set no rolled die aside.
    s = ufo_game("x04")
    roll(s, "1,2,2,3,4")
    assert "travel +extra" in legal(s)
    s.apply("travel +extra")
    assert s.position == 3 and s.dice == 5


def test_ufo_extra_dice_not_offered_where_the_space_shows_none_of_them():
    s = ufo_game("x10")  # extra die: 4; space 0 accepts A, 1, 2
    roll(s, "1,3,3,3,4,4")
    assert not any("+extra" in a for a in legal(s))
    with pytest.raises(IllegalAction, match="accepts none of the token's extra dice"):
        s.apply("travel 1 +extra")
    # and they cannot save a roll that fits nothing here: the rocket simply crashes
    s2 = ufo_game("x10")
    roll(s2, "3,3,3,3,4,4")
    assert s2.crashes == 1


# ------------------------------------------------------------------ keep dice
def test_ufo_keep_dice_used_this_travel_phase_are_not_set_aside():
    s = ufo_game("x02")
    roll(s, "2,2,3,3,4,4")
    plain = s.clone()
    plain.apply("travel 2")
    assert plain.dice == 4
    s.apply("travel 2 +keep")
    assert s.position == 4 and s.dice == 6 and s.ufo.spent
    roll(s, "1,2,2,3,3,4")  # the next travel phase sets used dice aside again
    assert not any("+keep" in a for a in legal(s))
    s.apply("travel 2,3")  # four dice used
    assert s.dice == 2


def test_ruling_R16_keep_may_be_used_with_any_travel_even_one_that_sets_nothing_aside():
    """rulebook (pl, UFO): «Zatrzymaj kości: Kości użyte w tej fazie lotu nie są odrzucane.» and
    «Umiejętność dodatkowa może być użyta tylko raz. [...] Jeśli podczas wyprawy nastąpi zmiana dowódcy,
    a żeton wyprawy nie został wykorzystany, to nowy dowódca może z niego skorzystać.» The text sets no
    condition on the dice used, and using the token up is a choice (it then cannot pass to the next
    commander): `+keep` is offered with only afterburners too (changed ruling R16)."""
    s = ufo_game("x02")
    roll(s, "A,3,3,3,4,4")
    assert legal(s) == ["travel A", "travel A +keep"]
    s.apply("travel A +keep")  # nothing would have been set aside: the token is used up all the same
    assert s.position == 1 and s.dice == 6 and s.ufo.spent and s.active_token() is None
    roll(s, "1,1,2,2,3,A")
    assert not any("+keep" in a for a in legal(s))
    s2 = ufo_game("x02")
    roll(s2, "1,3,3,4,A,A")
    assert {"travel 1 +keep", "travel 1,A +keep", "travel A +keep"} <= set(legal(s2))


def test_ufo_keep_dice_cannot_save_a_roll_that_fits_nothing():
    s = ufo_game("x02")
    roll(s, "3,3,3,3,4,4")
    assert s.crashes == 1


# ------------------------------------------------------------------ reroll
def test_ufo_reroll_rolls_all_available_dice_again():
    s = ufo_game("x03")  # 5 dice, reroll
    roll(s, "2,2,3,3,4")
    s.apply("travel 2")
    assert s.dice == 3
    roll(s, "1,3,3")  # space 4 accepts A, 2, 3
    assert "reroll" in legal(s)
    s.apply("reroll")
    assert s.phase == "roll" and s.current_player() == CHANCE and s.ufo.spent and s.position == 4
    assert {len(a.faces) for a, _ in s.chance_outcomes()} == {3}
    assert s.events[-1].kind == "reroll"


def test_ufo_reroll_result_must_be_used_and_there_is_no_second_reroll():
    s = ufo_game("x03")
    roll(s, "1,2,3,3,4")
    s.apply("reroll")
    roll(s, "1,3,3,4,4")
    assert legal(s) == ["travel 1"]  # no reroll, and no crash while a die fits
    with pytest.raises(IllegalAction, match="already used"):
        s.apply("reroll")


def test_ufo_reroll_crashes_if_the_new_roll_fits_nothing():
    s = ufo_game("x03")
    roll(s, "3,3,3,4,4")
    assert legal(s) == ["reroll", "crash"]
    s.apply("reroll")
    roll(s, "3,3,4,4,4")
    assert s.crashes == 1 and s.expedition == 2


def test_ruling_R18_when_only_the_token_could_save_the_rocket_the_commander_decides():
    # reroll
    s = ufo_game("x03")
    roll(s, "3,3,3,4,4")
    assert s.phase == "travel" and s.current_player() == 0 and legal(s) == ["reroll", "crash"]
    s.apply("crash")
    assert s.crashes == 1 and s.ufo.token is None
    # extra dice
    s = ufo_game("x01")
    roll(s, "3,3,3,3,4,4")
    assert legal(s) == ["travel +extra", "crash"]
    s.apply("crash")
    assert s.crashes == 1
    # extra dice together with a helper astronaut (R6): any combination, or the crash
    s = new_variant_game(2, ["ufo"], expedition_token="x01")
    board_all(s, ["helper", "moon_expert"])
    roll(s, "3,3,3,3,4,4")
    assert legal(s) == ["travel H0", "travel +extra", "travel H0 +extra", "crash"]
    s.apply("travel H0 +extra")
    assert s.position == 2 and s.crashes == 0


# ------------------------------------------------------------------ once per expedition
@pytest.mark.parametrize(
    "token, first, rescue",
    [
        ("x01", "travel 1 +extra", "travel +extra"),
        ("x02", "travel 1 +keep", "travel 1 +keep"),
    ],
)
def test_ufo_extra_ability_is_used_only_once_per_expedition(token, first, rescue):
    s = ufo_game(token)
    roll(s, "1,3,3,3,4,4")
    s.apply(first)
    assert s.ufo.spent and s.active_token() is None
    roll(s, "1,2,2,4,4" if s.dice == 5 else "1,2,2,4,4,4")  # space 2 or 3: any usable roll
    assert not any("+extra" in a or "+keep" in a for a in legal(s))
    with pytest.raises(IllegalAction, match="already used"):
        s.apply(rescue)


def test_ufo_reroll_used_once_is_not_offered_in_a_later_travel_phase():
    s = ufo_game("x03")
    roll(s, "1,3,3,3,4")
    s.apply("reroll")
    roll(s, "1,3,3,3,4")
    s.apply("travel 1")
    roll(s, "2,2,4,4")  # space 1 accepts A, 1, 3: nothing fits and nothing can save it
    assert s.crashes == 1


def test_ufo_unused_ability_passes_to_the_new_commander():
    s = ufo_game("x01")  # extra die: afterburner
    roll(s, "2,2,2,3,3,3")
    s.apply("travel 2")  # 0 -> 6 (moon-6-2)
    assert s.position == 6 and s.phase == "landing"
    s.apply("land moon")  # the commander (seat 0) leaves
    stay_all(s)
    assert s.current_commander_seat() == 1
    roll(s, "1,1,4")  # space 6 accepts A(2), 2, 3: nothing fits
    assert s.current_player() == 1 and legal(s) == ["travel +extra", "crash"]
    s.apply("travel +extra", seat=1)
    assert s.position == 8 and s.crashes == 0


def test_ufo_ability_used_by_a_commander_does_not_pass_on():
    s = ufo_game("x01")
    roll(s, "2,2,2,3,3,A")
    s.apply("travel 2 +extra")  # 0 -> 7: 2 * 3 + extra A (1)
    assert s.position == 7
    s.apply("land planet")  # the commander leaves for Rubin
    stay_all(s)
    roll(s, "2,2,3")  # space 7 accepts A(1), 1, 4
    assert s.crashes == 1  # the new commander has no token to save the rocket


def test_ufo_expedition_token_goes_to_the_box_after_its_expedition():
    s = ufo_game("x03")  # unused
    crash(s)
    assert s.ufo.token is None and "x03" not in s.ufo.pool
    s.apply("reveal-expedition x06")
    assert s.ufo.token == "x06" and not s.ufo.spent


def test_ruling_R15_once_all_expedition_tokens_are_used_expeditions_have_none():
    s = new_variant_game(
        2, ["ufo"], **custom_tokens(expedition("only", ufo_move=2, dice=4, ability="extra", extra_dice=["A"]))
    )
    s.apply("reveal-expedition only")
    assert s.ufo.position == 24
    board_all(s, ["moon_expert", "planet_expert"])
    crash(s)
    # no reveal: straight to the launch, with all six dice, no ability, the UFO where it is
    assert s.phase == "launch" and s.ufo.token is None and s.ufo.pool == []
    board_all(s, ["planet_expert", "moon_expert"])
    assert s.dice == 6 and s.active_token() is None and s.ufo.position == 24
    roll(s, "3,3,3,3,4,4")
    assert s.crashes == 2  # no extra die to save it


# ------------------------------------------------------------------ UFO contact
def test_ufo_contact_when_a_travel_phase_ends_on_the_ufo_space():
    s = ufo_game("park", **custom_tokens(*PARK_ON_5))
    assert s.ufo.position == 5
    roll(s, "1,2,2,3,3,3")
    s.apply("travel 1,2")
    assert s.position == 5
    # the commander takes the top token (5) face down; it is counted at the end
    assert s.ufo.taken == [[5], [], []] and s.ufo.stack == [4, 3, 2, 1]
    assert s.score_breakdown(0)["ufo"] == 5
    assert [e.kind for e in s.events[-2:]] == ["ufo-contact", "ufo-token"]
    assert s.ufo.position == 5  # the UFO stays


def test_ufo_passing_over_the_ufo_does_nothing():
    s = ufo_game("park", **custom_tokens(*PARK_ON_5))
    roll(s, "2,2,2,3,3,3")
    s.apply("travel 2")  # 0 -> 6 over the UFO on 5
    assert s.position == 6
    assert s.ufo.taken == [[], [], []] and s.ufo.stack == [5, 4, 3, 2, 1]
    assert "ufo-contact" not in [e.kind for e in s.events]


def test_ufo_no_contact_where_an_expedition_starts():
    # The UFO on space 0 (moved there), and on the satellite space 3: the rocket starts there, but
    # no travel phase ends there.
    s = new_variant_game(
        2, ["ufo"], **custom_tokens(expedition("zero", ufo_move=26), expedition("three", ufo_move=23))
    )
    s.apply("reveal-expedition zero")
    board_all(s, ["moon_expert", "planet_expert"])
    assert s.position == s.ufo.position == 0 and s.ufo.taken == [[], []]
    s2 = new_variant_game(2, ["ufo"], **custom_tokens(expedition("three", ufo_move=23)))
    s2.apply("reveal-expedition three")
    board_all(s2, ["satellite", "planet_expert"])
    assert s2.position == s2.ufo.position == 3 and s2.ufo.taken == [[], []]
    roll(s2, "1,2,2,3,3,4")
    s2.apply("travel 1")  # 3 -> 4
    assert s2.ufo.taken == [[], []]


def test_ufo_contact_goes_to_whoever_commands_when_the_phase_ends():
    options = custom_tokens(expedition("seven", ufo_move=18))  # UFO on 8
    s = ufo_game("seven", **options)
    roll(s, "2,2,2,3,3,3")
    s.apply("travel 2")  # 0 -> 6
    s.apply("land moon")  # seat 0 leaves; seat 1 commands
    stay_all(s)
    roll(s, "2,4,4")  # space 6: A(2), 2, 3
    s.apply("travel 2")  # 6 -> 8
    assert s.position == 8 and s.ufo.taken == [[], [5], []]


def test_ufo_empty_stack_gives_nothing():
    s = ufo_game("park", **custom_tokens(*PARK_ON_5, ufo_points=[7]))
    roll(s, "1,2,2,3,3,3")
    s.apply("travel 1,2")
    assert s.ufo.taken == [[7], [], []] and s.ufo.stack == []
    crash(s)
    s.apply("reveal-expedition stay")
    board_all(s, ["planet_expert", "deep_space_expert", "moon_expert"])
    roll(s, "1,2,2,3,3,3")
    s.apply("travel 1,2")  # seat 1 commands and ends on the UFO again
    assert s.position == 5 and s.ufo.taken == [[7], [], []]
    assert s.score_breakdown(1)["ufo"] == 0
    assert [e.kind for e in s.events].count("ufo-contact") == 1


def test_ufo_contact_points_are_added_to_the_final_score():
    s = ufo_game("park", **custom_tokens(*PARK_ON_5))
    roll(s, "1,2,2,3,3,3")
    s.apply("travel 1,2")
    play_out_by_crashing(s, reveal=["stay"])
    assert s.is_terminal()
    assert s.score_breakdown(0)["ufo"] == 5 and s.scores()[0] == 5
    assert s.winners() == [0]


def test_ufo_contact_also_ends_where_a_rocket_reaches_the_ufo_on_space_25():
    s = ufo_game("x02")  # UFO move 1: from deep space to space 25
    assert s.ufo.position == 25
    advance(s, 25)
    assert s.ufo.taken == [[5], [], []]


def test_ruling_R24_ufo_contact_on_arrival_in_deep_space_where_the_ufo_starts():
    """rulebook (pl, UFO): «Kontakt z UFO: Jeśli rakieta zakończy fazę lotu na tym samym polu co pionek
    UFO, dowódca otrzymuje wierzchni żeton ze stosu żetonów UFO» - the UFO starts in deep space, so a
    travel phase ending there (a move past 25 ends there too, Ruling R8) is a contact; the commander
    takes the token, then everyone leaves the rocket, the commander to the comet."""
    s = ufo_game("x13")  # UFO move 0: it stays in deep space
    assert s.ufo.position == s.mat.deep_space
    advance(s, 24)
    stay_all(s)
    roll(s, "3,3,4" if s.dice == 3 else ",".join(["4"] * s.dice))
    s.apply("travel 4")  # 24 -> past 25: deep space
    assert s.ufo.taken == [[5], [], []] and s.ufo.stack == [4, 3, 2, 1]
    assert s.score_breakdown(0)["ufo"] == 5
    assert [(seat, where) for seat, _, where, _ in s.deep_space] == [
        (0, "comet"),
        (1, "galaxy"),
        (2, "galaxy"),
    ]
    kinds = [e.kind for e in s.events]
    after_travel = kinds[max(i for i, k in enumerate(kinds) if k == "travel") :]
    assert after_travel.index("ufo-contact") < after_travel.index("land")
    assert s.expedition == 2


def test_ruling_R24_no_contact_in_deep_space_once_the_ufo_has_moved_towards_the_start():
    s = ufo_game("x02")  # UFO move 1: space 25
    advance(s, 24)
    stay_all(s)
    roll(s, ",".join(["4"] * s.dice))
    s.apply("travel 4")
    assert len(s.deep_space) == 3 and s.ufo.taken == [[], [], []] and s.ufo.stack == [5, 4, 3, 2, 1]
