"""Secret Missions variant.

rulebook (pl/uk/nl, "Tajne misje"): shuffle the mission tokens and deal each player 4; each keeps 3
and returns the other to the box, keeping them hidden. A mission is completed by placing an
astronaut on the moon or planet it names (the numbers are the spaces the target lies by).
1 / 2 / 3 completed missions are worth 2 / 5 / 10 points at the end.
"""

import pytest
from mlem_helpers import GAME, advance, board_all, expedition_to, roll, stay_all
from mlem_variant_helpers import new_variant_game, play_out_by_crashing
from score_from_view import scores_from_view

from cosmotable.engine import CHANCE, IllegalAction

# seat 0: Rubin (7), Azur (11), Mlekos (15), returns Pazur; seat 1: moons on 6, 8, 9, returns 10.
DEALS_2 = ["s11", "s12", "s13", "s14", "s01", "s02", "s03", "s04"]
RETURNS_2 = ["s14", "s04"]


def mission_game(players=2, deals=DEALS_2, returns=RETURNS_2, **options):
    return new_variant_game(players, ["secret_missions"], deals=deals, returns=returns, **options)


# ------------------------------------------------------------------ set-up
def test_missions_setup_four_dealt_to_each_player_in_seat_order():
    s = GAME.new_state(num_players=3, variants=["secret_missions"])
    assert s.phase == "deal" and s.current_player() == CHANCE
    for index in range(12):
        outcomes = s.chance_outcomes()
        assert len(outcomes) == 20 - index and all(p == pytest.approx(1 / (20 - index)) for _, p in outcomes)
        s.apply(outcomes[-1][0])
        assert [len(d) for d in s.missions.dealt] == [
            min(4, max(0, index + 1 - 4 * seat)) for seat in range(3)
        ]
    assert s.phase == "choose" and len(s.missions.pool) == 8
    assert not set(s.missions.pool) & {m for d in s.missions.dealt for m in d}


def test_missions_each_player_keeps_3_and_returns_1_in_seat_order():
    s = new_variant_game(3, ["secret_missions"], returns=[])
    assert s.phase == "choose"
    for seat in range(3):
        assert s.current_player() == seat
        dealt = s.missions.dealt[seat]
        assert [str(a) for a in s.legal_actions()] == [f"return-mission {m}" for m in dealt]
        s.apply(f"return-mission {dealt[1]}", seat=seat)
        assert s.missions.kept(seat) == [dealt[0], *dealt[2:]] and len(s.missions.kept(seat)) == 3
    assert s.phase == "launch" and s.current_player() == 0


def test_missions_a_player_returns_only_one_of_their_own_missions_on_their_turn():
    s = new_variant_game(2, ["secret_missions"], deals=DEALS_2, returns=[])
    with pytest.raises(IllegalAction, match="not one of seat 0's dealt missions"):
        s.apply("return-mission s01")  # seat 1's
    with pytest.raises(IllegalAction, match="'s20' is not one of seat 0's dealt missions"):
        s.apply("return-mission s20")  # not dealt
    with pytest.raises(IllegalAction, match="seat 0's turn"):
        s.apply("return-mission s11", seat=1)
    with pytest.raises(IllegalAction, match="must return one of their four missions"):
        s.apply("board helper")  # nobody launches before everyone has chosen
    assert s.missions.returned == [None, None]


def test_missions_with_every_variant_all_setup_happens_before_the_first_launch():
    s = new_variant_game(2, ["ufo", "discovery", "secret_missions"], expedition_token="x01")
    assert s.phase == "launch" and s.missions.returned[1] is not None
    assert len(s.discovery.on_mat) == 5 and s.ufo.token == "x01"


# ------------------------------------------------------------------ completing missions
def test_missions_completed_by_landing_on_the_named_planet():
    s = mission_game()
    board_all(s, ["moon_expert", "planet_expert"])
    advance(s, 7)
    s.apply("land planet")  # seat 0 on Rubin
    assert s.completed_missions(0) == ["s11"]
    assert s.completed_missions(1) == []


def test_missions_completed_by_landing_on_the_named_moon():
    s = mission_game(deals=["s02", "s12", "s13", "s14", "s01", "s03", "s04", "s05"], returns=["s14", "s05"])
    board_all(s, ["moon_expert", "planet_expert"])
    advance(s, 8)
    s.apply("land moon")  # seat 0 takes moon-8-3 (the farther moon, most points)
    assert s.moons["moon-8-3"][0] == 0 and s.completed_missions(0) == ["s02"]


def test_missions_the_other_moon_of_the_same_space_does_not_count():
    s = mission_game(deals=["s02", "s12", "s13", "s14", "s01", "s03", "s04", "s05"], returns=["s14", "s05"])
    expedition_to(s, ["planet_expert", "moon_expert"], 8, ["stay", "land moon"])  # seat 1: moon-8-3
    board_all(s, ["helper", "moon_expert"])  # seat 1 starts the second expedition
    advance(s, 8)
    s.apply("stay")
    s.apply("land moon")  # seat 0 gets moon-8-2
    assert s.moons["moon-8-2"][0] == 0 and s.completed_missions(0) == []


def test_missions_another_players_astronaut_does_not_complete_your_mission():
    s = mission_game()
    board_all(s, ["moon_expert", "planet_expert"])
    advance(s, 7)
    s.apply("stay")
    s.apply("land planet")  # seat 1 on Rubin, seat 0's mission
    assert s.completed_missions(0) == [] and s.completed_missions(1) == []


def test_missions_a_returned_mission_does_not_count():
    s = mission_game()
    board_all(s, ["moon_expert", "planet_expert"])
    advance(s, 19)  # Pazur: seat 0 returned s14
    s.apply("land planet")
    assert s.completed_missions(0) == []


def test_ruling_R21_parachutist_landing_on_the_target_after_a_crash_counts():
    s = mission_game()
    board_all(s, ["parachutist", "planet_expert"])
    advance(s, 7)
    stay_all(s)
    roll(s, ",".join(["3"] * s.dice))
    assert s.phase == "parachute" and s.current_player() == 0
    s.apply("land planet")
    assert s.planets["rubin"] == [(0, ["parachutist"])] and s.completed_missions(0) == ["s11"]
    play_out_by_crashing(s)
    assert s.score_breakdown(0)["missions"] == 2


def test_ruling_R21_a_navigator_landing_one_space_off_completes_a_mission():
    s = mission_game()
    board_all(s, ["navigator", "planet_expert"])
    advance(s, 10)
    s.apply("land planet +1")  # as if on 11: Azur
    assert s.completed_missions(0) == ["s12"]


def test_ruling_R21_one_astronaut_completes_every_kept_mission_naming_its_place():
    # The reconstructed set names each planet twice: one astronaut on Rubin completes both tokens.
    s = mission_game(deals=["s11", "s16", "s13", "s14", "s01", "s02", "s03", "s04"], returns=["s14", "s04"])
    board_all(s, ["moon_expert", "planet_expert"])
    advance(s, 7)
    s.apply("land planet")
    assert s.completed_missions(0) == ["s11", "s16"]


def test_missions_deep_space_completes_no_mission():
    s = mission_game()
    board_all(s, ["moon_expert", "planet_expert"])
    advance(s, s.mat.deep_space)
    assert s.completed_missions(0) == [] and s.completed_missions(1) == []


# ------------------------------------------------------------------ scoring
def complete(s, count):
    """Seat 0 completes `count` of its missions (Rubin, Azur, Mlekos), one per expedition."""
    for target, boards, landings in [
        (7, ["planet_expert", "moon_expert"], ["land planet", "stay"]),
        (11, ["moon_expert", "helper"], ["stay", "land planet"]),
        (15, ["navigator", "helper"], ["land planet", "stay"]),
    ][:count]:
        expedition_to(s, boards, target, landings)
    return s


@pytest.mark.parametrize("count, points", [(0, 0), (1, 2), (2, 5), (3, 10)])
def test_missions_1_2_3_completed_are_worth_2_5_10_at_the_end_and_none_0(count, points):
    s = complete(mission_game(), count)
    assert len(s.completed_missions(0)) == count
    assert s.score_breakdown(0)["missions"] == 0  # counted at the end only
    play_out_by_crashing(s)
    assert s.is_terminal()
    assert s.score_breakdown(0)["missions"] == points
    assert s.score_breakdown(1)["missions"] == 0
    assert s.scores() == scores_from_view(s.public_view())


def test_missions_points_table_comes_from_the_mission_file():
    assert s_points() == (0, 2, 5, 10)


def s_points():
    return GAME.new_state(num_players=2, variants=["secret_missions"]).tokens.mission_points
