"""Rulebook: the rocket crashes (crash track, everyone returns, the parachutist's exception, the
expedition ends and the rocket board passes left, 11 crashes end the game); Ruling R5."""

import pytest
from mlem_helpers import advance, asked, board_all, crash, launch_any, legal, roll, start, stay_all

from cosmotable.engine import TERMINAL, IllegalAction
from cosmotable.games.mlem.board import ABILITIES


def test_crash_when_no_rolled_die_matches_the_rocket_space():
    s = start(3)
    history = len(s.history)
    roll(s, "3,3,4,4,4,4")  # space 0 shows A 1 2 only
    assert s.crashes == 1
    assert len(s.history) == history + 1  # no decision: the roll itself crashes the rocket
    assert [e.kind for e in s.events].count("crash") == 1
    assert s.phase == "launch" and s.expedition == 2


def test_crash_commander_moves_the_crash_token_one_field_per_crash():
    s = start(3)
    for expected in (1, 2, 3):
        crash(s)
        assert s.crashes == expected
        assert s.public_view()["crashes"] == expected
        if expected < 3:
            launch_any(s)


def test_crash_everyone_still_on_the_rocket_returns_to_their_owner():
    s = start(3, ["moon_expert", "helper", "navigator"])
    advance(s, 8)
    stay_all(s)
    crash(s)
    assert s.available == [list(ABILITIES)] * 3
    assert s.placed == [0, 0, 0] and s.moons == {} and s.scores() == [0, 0, 0]


def test_crash_astronauts_who_already_left_the_rocket_stay_on_the_mat():
    s = start(3, ["moon_expert", "planet_expert", "deep_space_expert"])
    advance(s, 8)
    s.apply("land moon")  # seat 0: doubled 3-point moon
    stay_all(s)
    crash(s)  # space 8 shows A 2 4
    assert s.moons == {"moon-8-3": (0, "moon_expert")}
    assert s.score_breakdown(0)["moons"] == 6 and s.placed == [1, 0, 0]
    assert "moon_expert" not in s.available[0]
    assert s.available[1] == list(ABILITIES) and s.available[2] == list(ABILITIES)


def test_crash_ends_the_expedition_and_the_rocket_board_passes_to_the_left():
    s = start(3)
    roll(s, "1,3,3,4,4,4")
    s.apply("travel 1")
    crash(s)
    assert (s.expedition, s.starter, s.phase, s.current_player()) == (2, 1, "launch", 1)
    assert (s.position, s.dice, s.rocket, s.commander) == (0, 6, [], None)


def test_crash_rocket_board_passes_around_the_table():
    s = start(2)
    starters = [s.starter]
    for _ in range(3):
        crash(s)
        starters.append(s.starter)
        launch_any(s)
    assert starters == [0, 1, 0, 1]


def test_crash_parachutist_may_still_land_on_a_free_moon_at_the_crash_space():
    s = start(3, ["parachutist", "moon_expert", "planet_expert"])
    advance(s, 8)
    stay_all(s)
    roll(s, ",".join(["3"] * s.dice))  # space 8 shows A 2 4: crash
    assert s.phase == "parachute" and s.crashes == 1
    assert asked(s) == (0, "parachutist")
    assert legal(s) == ["land moon", "return"]  # only at the crash space, never +/-1
    s.apply("land moon")
    assert s.moons == {"moon-8-3": (0, "parachutist")}
    assert s.score_breakdown(0)["moons"] == 3 and s.placed == [1, 0, 0]
    assert s.available[1] == list(ABILITIES) and s.available[2] == list(ABILITIES)
    assert s.expedition == 2 and s.phase == "launch"


def test_crash_parachutist_may_still_land_on_a_planet_at_the_crash_space():
    s = start(3, ["moon_expert", "parachutist", "planet_expert"])
    advance(s, 7)
    stay_all(s)
    roll(s, ",".join(["3"] * s.dice))  # space 7 shows A 1 4: crash
    assert asked(s) == (1, "parachutist")
    assert legal(s) == ["land planet", "return"]
    s.apply("land planet")
    assert s.planets["rubin"] == [(1, ["parachutist"])]
    assert s.placed == [0, 1, 0] and s.crashes == 1 and s.expedition == 2


def test_crash_parachutist_may_decline_and_return_to_its_owner():
    s = start(2, ["parachutist", "moon_expert"])
    advance(s, 9)
    stay_all(s)
    roll(s, ",".join(["4"] * s.dice))  # space 9 shows 1 3
    s.apply("return")
    assert s.moons == {} and s.available == [list(ABILITIES)] * 2 and s.expedition == 2


def test_crash_other_astronauts_cannot_parachute():
    s = start(3, ["moon_expert", "planet_expert", "navigator"])
    advance(s, 8)
    stay_all(s)
    roll(s, ",".join(["3"] * s.dice))
    assert s.phase == "launch" and s.moons == {} and s.expedition == 2


@pytest.mark.parametrize("space", [0, 3, 5])
def test_ruling_R5_parachutist_crashing_on_spaces_0_to_5_returns_home_unasked(space):
    s = start(2, ["parachutist", "satellite" if space == 3 else "moon_expert"])
    if space == 5:
        advance(s, 5)
    assert s.position == space
    crash(s)
    assert s.crashes == 1 and s.phase == "launch"
    assert s.available == [list(ABILITIES)] * 2 and s.placed == [0, 0]
    assert not any(e.kind == "land" for e in s.events)


def test_ruling_R5_parachutist_with_every_moon_taken_returns_home_unasked():
    s = start(2, ["moon_expert", "parachutist"])
    advance(s, 9)
    s.apply("land moon")  # the only moon at space 9; seat 1 is not asked (nothing free)
    assert s.phase == "roll"
    decisions = len(s.history)
    roll(s, ",".join(["4"] * s.dice))  # crash at 9
    assert len(s.history) == decisions + 1  # the parachutist was not asked
    assert s.available[1] == list(ABILITIES) and s.expedition == 2


def test_crash_several_parachutists_decide_in_rocket_board_order():
    s = new_with_crash(3)  # expedition 2: seats 1, 2, 0 on the rocket board
    board_all(s, ["parachutist", "parachutist", "parachutist"])
    advance(s, 8)
    stay_all(s)
    roll(s, ",".join(["3"] * s.dice))
    assert asked(s) == (1, "parachutist")
    s.apply("land moon")
    assert asked(s) == (2, "parachutist")
    s.apply("land moon")
    # the last one finds both moons taken: it goes home without being asked (Ruling R5)
    assert s.moons == {"moon-8-3": (1, "parachutist"), "moon-8-2": (2, "parachutist")}
    assert "parachutist" in s.available[0] and s.expedition == 3


def test_crash_parachutist_in_command_may_land_too():
    s = start(2, ["parachutist", "moon_expert"])
    advance(s, 10)
    stay_all(s)
    roll(s, ",".join(["4"] * s.dice))  # space 10 shows A 2 3
    assert asked(s) == (0, "parachutist")
    s.apply("land moon")
    assert s.moons == {"moon-10-4": (0, "parachutist")}
    assert s.available[1] == list(ABILITIES) and s.expedition == 2


def test_ruling_R6_the_commander_may_decline_the_helpers_and_crash():
    s = start(2, ["helper", "moon_expert"])
    roll(s, "3,3,3,4,4,4")  # nothing fits space 0, but it shows a 1: the helper could save it
    assert legal(s) == ["travel H0", "crash"]
    s.apply("crash")
    assert s.crashes == 1 and s.expedition == 2 and s.available == [list(ABILITIES)] * 2


def test_crash_the_eleventh_crash_ends_the_game():
    s = start(3)
    for n in range(1, 11):
        crash(s)
        assert s.crashes == n and not s.is_terminal()
        launch_any(s)
    crash(s)
    assert s.crashes == 11
    assert s.current_player() == TERMINAL and s.phase == "over"
    assert s.legal_actions() == [] and s.winners() == [0, 1, 2]
    with pytest.raises(IllegalAction, match="game is over"):
        s.apply("board helper")


def test_crash_a_parachute_landing_on_the_eleventh_crash_still_scores():
    s = start(2)
    for n in range(1, 11):
        crash(s)
        if n < 10:
            launch_any(s)
    assert s.crashes == 10 and s.expedition == 11 and s.phase == "launch"
    board_all(s, ["parachutist", "moon_expert"])
    advance(s, 8)
    stay_all(s)
    roll(s, ",".join(["3"] * s.dice))
    s.apply("land moon")
    assert s.is_terminal()
    assert s.scores() == [3, 0] and s.winners() == [0]


def new_with_crash(players):
    """A game at the launch of expedition 2 (the first one crashed on the first roll)."""
    s = start(players)
    crash(s)
    assert s.expedition == 2 and s.starter == 1
    return s
