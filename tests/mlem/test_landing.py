"""Rulebook: the landing phase (order, spaces 0-5, moons, planets, deep space), change of command
and the end of an expedition; Rulings R2, R3, R4."""

import pytest
from mlem_helpers import advance, asked, board_all, crash, crash_out, legal, roll, start, stay_all

from cosmotable.engine import CHANCE, IllegalAction


def expedition_2(players=3):
    """Launch phase of expedition 2 (the first crashed at once): seat 1 starts."""
    s = start(players)
    crash(s)
    return s


# ----------------------------------------------------------------------------------- order
def test_landing_commander_decides_first_then_rocket_board_order_top_to_bottom():
    s = expedition_2(3)
    board_all(s, ["planet_expert", "moon_expert", "deep_space_expert"])  # seats 1, 2, 0
    advance(s, 7)
    order = []
    while s.phase == "landing":
        order.append(asked(s))
        s.apply("stay")
    assert order == [(1, "planet_expert"), (2, "moon_expert"), (0, "deep_space_expert")]
    assert s.current_player() == CHANCE


def test_landing_phase_follows_each_travel_phase_without_a_crash():
    s = start(3)
    advance(s, 6)
    assert s.phase == "landing" and s.current_player() == 0
    stay_all(s)
    roll(s, "1,2,2,2,2,4")  # space 6 shows A 2 3
    s.apply("travel 2")  # 6 -> 14
    assert s.position == 14 and s.phase == "landing"


@pytest.mark.parametrize("space", [1, 2, 3, 4, 5])
def test_ruling_R3_landing_phase_is_skipped_on_spaces_0_to_5(space):
    # the navigator is aboard: even at space 5, where +1 would reach space 6's moon, no one is asked
    s = start(3, ["navigator", "moon_expert", "planet_expert"])
    advance(s, space)
    assert s.position == space
    assert s.phase == "roll" and s.current_player() == CHANCE


def test_ruling_R4_astronauts_whose_only_option_is_to_stay_are_not_asked():
    s = start(3, ["moon_expert", "planet_expert", "deep_space_expert"])
    advance(s, 9)  # one moon, no planet
    assert asked(s) == (0, "moon_expert")
    s.apply("land moon")
    # seats 1 and 2 could only stay: they are skipped, the next roll is due
    assert s.phase == "roll" and all(s.aboard[1:])


def test_landing_stay_keeps_the_astronaut_aboard():
    s = start(2)
    advance(s, 7)
    s.apply("stay")
    assert s.aboard == [True, True] and s.planets["rubin"] == []
    assert asked(s) == (1, "planet_expert")


def test_landing_only_what_the_rocket_space_links_to_is_offered():
    s = start(2)
    advance(s, 7)  # planet Rubin only
    assert legal(s) == ["stay", "land planet"]
    before = s.fingerprint()
    with pytest.raises(IllegalAction, match="no moon"):
        s.apply("land moon")
    with pytest.raises(IllegalAction, match="deep space"):
        s.apply("land deep")
    assert s.fingerprint() == before


# ----------------------------------------------------------------------------------- moons
def test_moon_lander_takes_the_free_moon_farthest_from_the_rocket_and_scores_at_once():
    s = start(3, ["planet_expert", "deep_space_expert", "navigator"])
    advance(s, 8)  # moons of 3 and 2 points
    s.apply("land moon")
    assert s.moons == {"moon-8-3": (0, "planet_expert")}
    assert s.scores() == [3, 0, 0] and s.score_breakdown(0)["moons"] == 3
    s.apply("land moon")
    assert s.moons["moon-8-2"] == (1, "deep_space_expert")
    assert s.scores() == [3, 2, 0]


def test_moon_holds_one_astronaut_and_when_all_are_taken_no_one_can_land_there():
    s = start(3, ["planet_expert", "deep_space_expert", "helper"])
    advance(s, 8)
    s.apply("land moon")
    s.apply("land moon")
    # both moons of space 8 are taken: seat 2 cannot land and is not asked
    assert s.phase == "roll" and s.aboard == [False, False, True]
    crash(s)
    board_all(s, ["helper", "moon_expert", "moon_expert"])  # seats 1, 2, 0
    advance(s, 8)
    assert s.phase == "roll"  # nobody can land at 8 any more


def test_ruling_R2_each_listed_moon_is_its_own_moon():
    """Spaces 8, 9 and 10 all list a 3-point moon: they are three different moons."""
    mat = start(2).mat
    assert len(mat.moons) == 22 and all(len(m.spaces) == 1 for m in mat.moons.values())
    s = start(3, ["planet_expert", "deep_space_expert", "helper"])
    advance(s, 8)
    s.apply("land moon")
    s.apply("land moon")  # space 8 holds two astronauts: two moons
    roll(s, ",".join(["A"] + ["3"] * (s.dice - 1)))
    s.apply("travel A")  # 8 -> 10 (A is worth 2 at space 8)
    assert asked(s) == (2, "helper") and legal(s) == ["stay", "land moon"]
    s.apply("land moon")
    board_all(s, ["moon_expert", "navigator", "helper"])  # seats 1, 2, 0
    advance(s, 9)
    assert asked(s) == (1, "moon_expert")
    s.apply("land moon")  # the 3-point moon of space 9 is still free
    assert s.moons == {
        "moon-8-3": (0, "planet_expert"),
        "moon-8-2": (1, "deep_space_expert"),
        "moon-10-4": (2, "helper"),
        "moon-9-3": (1, "moon_expert"),
    }
    assert s.scores() == [3, 2 + 6, 4]


def test_planet_any_number_of_astronauts_may_land():
    s = start(4, ["moon_expert", "planet_expert", "deep_space_expert", "navigator"])
    advance(s, 7)
    for _ in range(4):
        s.apply("land planet")
    assert [seat for seat, _ in s.planets["rubin"]] == [0, 1, 2, 3]
    assert s.expedition == 2  # everyone left: the expedition is over


def test_planet_points_are_scored_only_at_the_end_of_the_game():
    s = start(2, ["moon_expert", "deep_space_expert"])
    advance(s, 11)
    s.apply("land planet")
    s.apply("stay")
    assert s.scores() == [0, 0] and s.score_breakdown(0)["planets"] == 0
    crash_out(s)
    assert s.score_breakdown(0)["planets"] == 5 and s.scores()[0] == 5


def test_planet_rows_record_each_colours_first_arrival_in_order():
    s = start(3, ["moon_expert", "planet_expert", "deep_space_expert"])  # seats 0, 1, 2
    advance(s, 11)
    s.apply("stay")
    s.apply("land planet")
    s.apply("land planet")
    crash(s)
    board_all(s, ["moon_expert", "helper", "planet_expert"])  # seats 1, 2, 0
    advance(s, 11)
    s.apply("stay")
    s.apply("stay")
    s.apply("land planet")
    crash(s)
    board_all(s, ["helper", "moon_expert", "navigator"])  # seats 2, 0, 1
    advance(s, 11)
    s.apply("land planet")  # seat 2's second astronaut joins seat 2's row
    assert s.planets["azur"] == [
        (1, ["planet_expert"]),
        (2, ["deep_space_expert", "helper"]),
        (0, ["planet_expert"]),
    ]
    view_rows = next(p["rows"] for p in s.public_view()["planets"] if p["id"] == "azur")
    assert [r["seat"] for r in view_rows] == [1, 2, 0]


# ----------------------------------------------------------------------------------- deep space
def test_deep_space_commander_goes_to_the_comet_for_7_everyone_else_to_the_galaxy_for_5():
    s = start(3, ["navigator", "parachutist", "helper"])
    advance(s, s.mat.deep_space)
    assert s.deep_space == [
        (0, "navigator", "comet", 7),
        (1, "parachutist", "galaxy", 5),
        (2, "helper", "galaxy", 5),
    ]
    assert s.scores() == [7, 5, 5]


def test_deep_space_everyone_must_leave_the_rocket_and_the_expedition_ends():
    s = start(3, ["navigator", "parachutist", "helper"])
    advance(s, 24)
    stay_all(s)
    decisions = len(s.history)
    roll(s, ",".join(["4"] * s.dice))
    s.apply("travel 4")
    assert len(s.history) == decisions + 2  # nobody was asked: everyone left
    assert s.placed == [1, 1, 1] and s.expedition == 2 and s.phase == "launch"


def test_deep_space_comet_and_galaxy_hold_any_number_of_astronauts():
    s = start(2, ["navigator", "helper"])
    advance(s, s.mat.deep_space)
    board_all(s, ["navigator", "helper"])  # seats 1, 0: seat 1 commands
    advance(s, s.mat.deep_space)
    assert [(seat, where) for seat, _, where, _ in s.deep_space] == [
        (0, "comet"),
        (1, "galaxy"),
        (1, "comet"),
        (0, "galaxy"),
    ]
    assert [s.score_breakdown(seat)["deep_space"] for seat in (0, 1)] == [12, 12]


def test_deep_space_the_commander_at_arrival_takes_the_comet():
    s = start(3, ["moon_expert", "navigator", "helper"])
    advance(s, 7)
    s.apply("land planet")  # the commander leaves: seat 1 commands now
    stay_all(s)
    advance(s, s.mat.deep_space)
    assert s.deep_space == [(1, "navigator", "comet", 7), (2, "helper", "galaxy", 5)]


# ----------------------------------------------------------------------------------- change of command
def test_change_of_commander_next_astronaut_takes_over_the_unused_dice():
    s = start(3, ["moon_expert", "planet_expert", "helper"])
    roll(s, "2,2,3,3,3,4")
    s.apply("travel 2")  # 0 -> 4, 4 dice left
    roll(s, "2,4,4,4")
    s.apply("travel 2")  # 4 -> 6, 3 dice left
    assert s.position == 6 and s.dice == 3
    s.apply("land moon")  # the commander (seat 0) leaves
    assert s.commander == 1 and s.current_commander_seat() == 1
    assert s.dice == 3
    assert s.phase == "roll" and {len(o.faces) for o in s.legal_actions()} == {3}
    roll(s, "2,3,4")
    assert s.current_player() == 1  # the new commander chooses the dice
    assert s.public_view()["rocket"]["commander"] == 1


def test_change_of_commander_skips_astronauts_who_already_left():
    s = start(3, ["moon_expert", "planet_expert", "helper"])
    advance(s, 7)
    s.apply("stay")
    s.apply("land planet")  # seat 1 leaves first
    s.apply("stay")
    advance(s, 11)
    s.apply("land planet")  # then the commander: seat 2 is next still aboard
    assert s.commander == 2 and s.current_commander_seat() == 2


def test_change_of_commander_rocket_board_stays_with_the_starter():
    s = start(3, ["moon_expert", "planet_expert", "helper"])
    advance(s, 7)
    s.apply("land planet")  # seat 1 commands from now on
    stay_all(s)
    assert s.current_commander_seat() == 1
    assert s.starter == 0 and [seat for seat, _ in s.rocket] == [0, 1, 2]
    crash(s)
    # the next expedition is started by the starter's left neighbour, not the commander's
    assert s.starter == 1 and s.current_player() == 1


# ----------------------------------------------------------------------------------- end of expedition
def test_expedition_ends_when_every_astronaut_has_left_the_rocket():
    s = start(3, ["moon_expert", "planet_expert", "helper"])
    advance(s, 7)
    s.apply("land planet")
    s.apply("land planet")
    assert s.expedition == 1
    s.apply("land planet")
    assert (s.expedition, s.starter, s.phase, s.position, s.dice, s.rocket) == (2, 1, "launch", 0, 6, [])
