"""Discovery variant (rulebook, pl only): 20 discovery tokens, five face up on their spaces.

rulebook (pl, "Odkrycia"): shuffle the tokens face down and reveal five onto their spaces. A travel
phase that ENDS on a token activates it at once; it is removed and a new one revealed, so five are
always on the mat; once the stack is empty none are added. Kinds: 1/2/3 points (the commander keeps
it face down, counted at the end), die return (take back one set-aside die - after setting aside
the dice just used; no effect with all 6 dice), wormhole (move 4 spaces at once, then the travel
phase ends; a token there is activated too).
"""

import pytest
from mlem_helpers import GAME, board_all, plan, roll, stay_all
from mlem_variant_helpers import (
    QUIET_DISCOVERIES,
    discovery,
    expedition,
    new_variant_game,
    play_out_by_crashing,
    token_file,
)
from score_from_view import scores_from_view

from cosmotable.engine import CHANCE, IllegalAction
from cosmotable.engine.errors import ConfigError

BOARDS = ["moon_expert", "planet_expert", "deep_space_expert"]


def discovery_game(revealed=QUIET_DISCOVERIES, players=3, **options):
    s = new_variant_game(players, ["discovery"], revealed=revealed, **options)
    return board_all(s, BOARDS[:players])


def custom(*tokens):
    return {"discoveries": token_file("discoveries", list(tokens))}


def to_7(s):
    """Space 0 -> 7 in one travel phase (1 + 2 + 2 + 2), setting four dice aside."""
    roll(s, "1,2,2,2,3,3")
    s.apply("travel 1,2")


# ------------------------------------------------------------------ set-up
def test_discovery_setup_five_of_20_face_down_tokens_are_revealed_onto_their_spaces():
    s = GAME.new_state(num_players=3, variants=["discovery"])
    assert len(s.tokens.discoveries) == 20
    for count, token in enumerate(["d05", "d12", "d17", "d20", "d09"]):
        assert s.phase == "reveal_discovery" and s.current_player() == CHANCE
        outcomes = s.chance_outcomes()
        assert len(outcomes) == 20 - count and all(p == pytest.approx(1 / (20 - count)) for _, p in outcomes)
        s.apply(f"reveal-discovery {token}")
    assert s.discovery.on_mat == {13: "d05", 8: "d12", 7: "d17", 18: "d20", 5: "d09"}
    assert len(s.discovery.pool) == 15
    assert s.phase == "launch"
    shown = s.public_view()["variant_state"]["discovery"]
    assert [t["space"] for t in shown["on_mat"]] == [5, 7, 8, 13, 18] and shown["face_down_left"] == 15
    # face up: everyone sees what each token on the mat is
    assert {t["id"]: (t["kind"], t["points"]) for t in shown["on_mat"]}["d09"] == ("points", 3)


def test_discovery_setup_with_fewer_than_five_tokens_reveals_them_all():
    s = GAME.new_state(
        num_players=2,
        variants=["discovery"],
        **custom(discovery("a", "points", 6, 1), discovery("b", "wormhole", 9)),
    )
    s.apply("reveal-discovery b")
    s.apply("reveal-discovery a")
    assert s.phase == "launch" and s.discovery.on_mat == {9: "b", 6: "a"}


def test_ruling_R20_tokens_lie_on_their_own_printed_space_one_per_space():
    s = GAME.new_state(num_players=2, variants=["discovery"])
    s.apply("reveal-discovery d11")
    assert s.discovery.on_mat == {22: "d11"}  # the space printed on the token, never chosen
    assert len({t.space for t in s.tokens.discoveries.values()}) == 20
    with pytest.raises(ConfigError, match="one token per space"):
        GAME.new_state(
            num_players=2,
            variants=["discovery"],
            **custom(discovery("a", "points", 6, 1), discovery("b", "wormhole", 6)),
        )


# ------------------------------------------------------------------ activation
def test_discovery_activated_when_a_travel_phase_ends_on_it():
    s = discovery_game(["d02", *QUIET_DISCOVERIES[:4]])  # d02: 1 point on space 6
    roll(s, "2,2,2,3,3,3")
    s.apply("travel 2")
    assert s.position == 6
    assert s.discovery.taken == [["d02"], [], []] and 6 not in s.discovery.on_mat
    assert s.score_breakdown(0)["discoveries"] == 1
    # a new token is revealed at once (chance), before the landing phase
    assert s.phase == "reveal_discovery" and len(s.chance_outcomes()) == 15
    s.apply("reveal-discovery d04")
    assert len(s.discovery.on_mat) == 5 and s.discovery.on_mat[9] == "d04"
    assert s.phase == "landing" and s.position == 6


def test_discovery_passing_over_a_token_does_nothing():
    s = discovery_game(["d09", *QUIET_DISCOVERIES[:4]])  # d09: 3 points on space 5
    roll(s, "2,2,2,3,3,3")
    s.apply("travel 2")  # 0 -> 6 over space 5
    assert s.discovery.on_mat[5] == "d09" and s.discovery.taken == [[], [], []]
    assert s.phase == "landing"


def test_discovery_always_five_on_the_mat_while_the_stack_lasts_then_none_added():
    tokens = [
        discovery("p6", "points", 6, 1),
        discovery("p9", "points", 9, 2),
        discovery("p12", "points", 12, 3),
        discovery("p15", "points", 15, 1),
        discovery("p17", "points", 17, 2),
        discovery("w8", "points", 8, 3),
    ]
    s = discovery_game(["p6", "p12", "p15", "p17", "w8"], **custom(*tokens))
    assert s.discovery.pool == ["p9"]
    roll(s, "2,2,2,3,3,3")
    s.apply("travel 2")  # -> 6: p6 taken, the last token revealed
    assert s.phase == "reveal_discovery" and [str(a) for a in s.legal_actions()] == ["reveal-discovery p9"]
    s.apply("reveal-discovery p9")
    assert len(s.discovery.on_mat) == 5 and s.discovery.pool == []
    stay_all(s)
    roll(s, "2,3,3")  # space 6 accepts A(2), 2, 3: 6 -> 8 with the 2
    s.apply("travel 2")
    assert s.position == 8 and s.discovery.taken[0] == ["p6", "w8"]
    # the stack is empty: nothing replaces it
    assert s.phase == "landing" and len(s.discovery.on_mat) == 4


def test_discovery_points_tokens_are_kept_face_down_and_counted_at_the_end():
    s = discovery_game(["d09", "d02", *QUIET_DISCOVERIES[:3]])
    roll(s, "1,2,2,3,3,3")
    s.apply("travel 1,2")  # -> 5: d09 (3 points)
    s.apply("reveal-discovery d04")
    assert s.discovery.taken[0] == ["d09"]
    play_out_by_crashing(s)
    assert s.is_terminal() and s.score_breakdown(0)["discoveries"] == 3
    assert s.scores() == scores_from_view(s.public_view())


# ------------------------------------------------------------------ die return
def test_ruling_R19_die_return_takes_back_a_die_after_the_used_dice_are_set_aside():
    s = discovery_game(["d12", *QUIET_DISCOVERIES[:4]])  # die return on space 8
    roll(s, "2,2,2,2,3,3")
    s.apply("travel 2")  # 0 -> 8 with four 2s: 6 - 4 = 2 dice, then one taken back
    assert s.position == 8 and s.dice == 3
    assert 8 not in s.discovery.on_mat and s.discovery.taken == [[], [], []]  # to the box


def test_discovery_die_return_has_no_effect_with_all_six_dice():
    s = discovery_game(["r6"], **custom(discovery("r6", "die_return", 6)))
    roll(s, "A,A,A,A,A,A")
    s.apply("travel A")  # six afterburners worth 1 at space 0: none set aside
    assert s.position == 6 and s.dice == 6
    assert "no effect" in s.events[-1].text
    assert s.discovery.on_mat == {}  # discarded all the same


def test_discovery_die_return_with_kept_dice_has_no_effect():
    s = new_variant_game(
        3, ["ufo", "discovery"], revealed=["d12", *QUIET_DISCOVERIES[:4]], expedition_token="x02"
    )
    board_all(s, BOARDS)
    roll(s, "2,2,2,2,3,3")
    s.apply("travel 2 +keep")  # keep dice: the four 2s are not set aside
    s.apply("reveal-discovery d04")
    assert s.position == 8 and s.dice == 6


def test_discovery_die_return_brings_back_a_die_the_expedition_token_set_aside():
    # Pinned reading: the dice "set aside" at the start by a 4- or 5-dice expedition token are
    # set-aside dice like any other, so a die return can bring one back (up to six).
    s = new_variant_game(
        2,
        ["ufo", "discovery"],
        revealed=["r4"],
        expedition_token="x07",
        **custom(discovery("r4", "die_return", 4)),
    )
    board_all(s, ["moon_expert", "planet_expert"])
    assert s.dice == 4
    roll(s, "A,A,A,A")
    s.apply("travel A")
    assert s.position == 4 and s.dice == 5


# ------------------------------------------------------------------ wormhole
def test_discovery_wormhole_moves_4_spaces_at_once_then_the_travel_phase_ends():
    s = discovery_game(["d17", *QUIET_DISCOVERIES[:4]])  # wormhole on 7
    to_7(s)
    assert s.position == 11 and s.dice == 2  # the wormhole sets no die aside
    s.apply("reveal-discovery d04")
    # the landing phase is at space 11 (Azur), not 7 (Rubin)
    assert s.phase == "landing" and [str(a) for a in s.legal_actions()] == ["stay", "land planet"]
    s.apply("land planet")
    assert s.planets["azur"] == [(0, ["moon_expert"])] and s.planets["rubin"] == []


def test_discovery_wormhole_chains_into_the_next_token():
    s = discovery_game(["d17", "d18", "d10", "d07", "d13"])  # wormholes on 7 and 11, 3 points on 15
    to_7(s)
    assert s.position == 11 and s.phase == "reveal_discovery"
    s.apply("reveal-discovery d01")
    assert s.position == 15 and s.phase == "reveal_discovery"
    s.apply("reveal-discovery d02")
    assert s.discovery.taken[0] == ["d10"] and s.phase == "reveal_discovery"
    s.apply("reveal-discovery d04")
    assert s.phase == "landing" and s.position == 15
    assert sorted(s.discovery.on_mat) == [6, 9, 10, 12, 17]


def test_ruling_R19_a_token_revealed_where_the_wormhole_took_the_rocket_activates_too():
    s = discovery_game(["d17", *QUIET_DISCOVERIES[:4]])
    to_7(s)
    assert s.position == 11
    s.apply("reveal-discovery d18")  # revealed onto space 11, under the rocket
    assert s.position == 15 and 11 not in s.discovery.on_mat
    s.apply("reveal-discovery d10")  # revealed onto 15: activates as well
    assert s.discovery.taken[0] == ["d10"]
    s.apply("reveal-discovery d04")
    assert s.phase == "landing" and s.position == 15


def test_ruling_R19_a_wormhole_into_a_die_return_activates_it_after_the_dice_are_set_aside():
    s = discovery_game(
        ["w7", "r11"], **custom(discovery("w7", "wormhole", 7), discovery("r11", "die_return", 11))
    )
    to_7(s)  # four dice set aside (2 left), the wormhole to 11, the die return there: 3
    assert s.position == 11 and s.dice == 3 and s.discovery.on_mat == {}
    assert s.phase == "landing"  # the stack is empty: nothing to reveal


@pytest.mark.parametrize("space", [22, 23])
def test_discovery_wormhole_into_deep_space(space):
    s = discovery_game(["w"], **custom(discovery("w", "wormhole", space)))
    for index, (faces, travel) in enumerate(plan(s, space)):
        if index:
            stay_all(s)
        roll(s, faces)
        s.apply(travel)
    # the wormhole takes the rocket on from space 22 or 23 past 25:
    # everyone leaves for deep space: the commander to the comet, the others to the galaxy
    assert [(seat, where) for seat, _, where, _ in s.deep_space] == [
        (0, "comet"),
        (1, "galaxy"),
        (2, "galaxy"),
    ]
    assert s.expedition == 2 and s.phase == "launch"


# ------------------------------------------------------------------ discoveries and the UFO
def park_ufo_on(space):
    return {"expedition_tokens": token_file("expedition_tokens", [expedition("park", ufo_move=26 - space)])}


def test_ruling_R19_discovery_first_then_ufo_contact_where_the_travel_phase_ends():
    s = new_variant_game(
        3,
        ["ufo", "discovery"],
        revealed=["d09", *QUIET_DISCOVERIES[:4]],
        expedition_token="park",
        **park_ufo_on(5),
    )
    board_all(s, BOARDS)
    roll(s, "1,2,2,3,3,3")
    s.apply("travel 1,2")  # -> 5: the 3-point discovery and the UFO
    assert s.discovery.taken[0] == ["d09"] and s.ufo.taken[0] == []  # not yet: a reveal first
    assert s.phase == "reveal_discovery"
    s.apply("reveal-discovery d04")
    assert s.ufo.taken[0] == [5]
    kinds = [e.kind for e in s.events]
    assert kinds.index("ufo-contact") > max(i for i, k in enumerate(kinds) if k == "discovery")


def test_ruling_R19_wormhole_onto_the_ufo_gives_contact():
    s = new_variant_game(
        3,
        ["ufo", "discovery"],
        revealed=["d17", *QUIET_DISCOVERIES[:4]],
        expedition_token="park",
        **park_ufo_on(11),
    )
    board_all(s, BOARDS)
    to_7(s)
    s.apply("reveal-discovery d04")
    assert s.position == 11 and s.ufo.taken[0] == [5]


def test_ruling_R19_wormhole_away_from_the_ufo_gives_no_contact():
    s = new_variant_game(
        3,
        ["ufo", "discovery"],
        revealed=["d17", *QUIET_DISCOVERIES[:4]],
        expedition_token="park",
        **park_ufo_on(7),
    )
    board_all(s, BOARDS)
    to_7(s)  # ends on the UFO's space 7, but the wormhole moves it on to 11 before the phase ends
    s.apply("reveal-discovery d04")
    assert s.position == 11 and s.ufo.taken == [[], [], []]


def test_discovery_points_go_to_whoever_commands():
    s = discovery_game(["d04", *QUIET_DISCOVERIES[:4]])  # 1 point on 9
    roll(s, "2,2,2,3,3,3")
    s.apply("travel 2")  # -> 6
    s.apply("land moon")  # seat 0 leaves; seat 1 commands
    stay_all(s)
    roll(s, "3,4,4")
    s.apply("travel 3")  # 6 -> 9
    s.apply("reveal-discovery d02")
    assert s.discovery.taken == [[], ["d04"], []]


def test_discovery_reveal_is_chance_not_a_players_choice():
    s = discovery_game(["d02", *QUIET_DISCOVERIES[:4]])
    roll(s, "2,2,2,3,3,3")
    s.apply("travel 2")
    assert s.current_player() == CHANCE
    with pytest.raises(IllegalAction, match="not the kind of token due now, or that token is not face down"):
        s.apply("reveal-discovery d02")  # already taken, not face down
    with pytest.raises(IllegalAction, match="a discovery token is to be revealed"):
        s.apply("stay")
