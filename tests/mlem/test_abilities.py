"""Rulebook: the eight astronaut abilities; Rulings R6, R9, R10."""

import pytest
from mlem_helpers import GAME, advance, asked, board_all, crash, crash_out, legal, roll, start, stay_all

from cosmotable.engine import IllegalAction


# ----------------------------------------------------------------------------------- satellite
def test_satellite_aboard_the_rocket_starts_on_the_satellite_space_3():
    s = start(3, ["moon_expert", "satellite", "planet_expert"])  # not the starter's astronaut
    assert s.position == 3
    assert any(e.kind == "satellite" for e in s.events)
    roll(s, "A,4,4,4,4,4")
    s.apply("travel A")  # the afterburner is worth 2 on space 3
    assert s.position == 5


def test_satellite_two_or_more_aboard_still_start_on_space_3():
    s = start(3, ["satellite", "satellite", "satellite"])
    assert s.position == 3


def test_satellite_without_one_aboard_the_rocket_starts_on_space_0():
    s = start(3, ["navigator", "helper", "parachutist"])
    assert s.position == 0


def test_satellite_only_affects_the_expedition_it_is_aboard():
    s = start(2, ["satellite", "moon_expert"])
    crash(s)
    board_all(s, ["moon_expert", "helper"])
    assert s.position == 0


# ----------------------------------------------------------------------------------- navigator
def test_navigator_may_land_as_if_the_rocket_were_one_space_higher_or_lower():
    s = start(2, ["navigator", "moon_expert"])
    advance(s, 7)  # 7: planet Rubin; 6: a 2-point moon; 8: moons of 3 and 2
    assert sorted(legal(s)) == sorted(["stay", "land planet", "land moon -1", "land moon +1"])
    s.apply("land moon +1")
    assert s.moons == {"moon-8-3": (0, "navigator")} and s.scores() == [3, 0]


def test_navigator_minus_one_lands_on_the_space_below():
    s = start(2, ["moon_expert", "navigator"])
    advance(s, 7)
    s.apply("stay")
    s.apply("land moon -1")
    assert s.moons == {"moon-6-2": (1, "navigator")} and s.scores() == [0, 2]


def test_navigator_plus_one_may_reach_a_planet():
    s = start(2, ["navigator", "moon_expert"])
    advance(s, 10)  # 10: moons; 9: a moon; 11: planet Azur
    assert sorted(legal(s)) == sorted(["stay", "land moon", "land moon -1", "land planet +1"])
    s.apply("land planet +1")
    assert s.planets["azur"] == [(0, ["navigator"])]


def test_navigator_cannot_land_below_space_6():
    s = start(2, ["navigator", "moon_expert"])
    advance(s, 6)
    assert sorted(legal(s)) == sorted(["stay", "land moon", "land planet +1"])


def test_ruling_R10_navigator_from_space_25_into_deep_space_scores_only_5():
    s = start(2, ["navigator", "moon_expert"])  # the navigator is the commander: still not the comet
    advance(s, 25)
    assert sorted(legal(s)) == sorted(["stay", "land moon", "land moon -1", "land deep +1"])
    s.apply("land deep +1")
    assert s.deep_space == [(0, "navigator", "galaxy", 5)]
    assert s.score_breakdown(0)["deep_space"] == 5 and s.placed == [1, 0]
    # the rocket itself is still on space 25 with seat 1 aboard, now in command
    assert s.position == 25 and s.current_commander_seat() == 1 and s.expedition == 1


def test_only_the_navigator_may_land_one_space_higher_or_lower():
    s = start(2, ["moon_expert", "navigator"])
    advance(s, 7)
    before = s.fingerprint()
    for text in ("land moon +1", "land moon -1", "land planet +1"):
        with pytest.raises(IllegalAction, match="only the navigator"):
            s.apply(text)
    assert s.fingerprint() == before


# ----------------------------------------------------------------------------------- parachutist
def test_parachutist_may_still_leave_the_crashing_rocket_for_a_planet():
    s = start(2, ["moon_expert", "parachutist"])
    advance(s, 23)  # planet Kotan
    stay_all(s)
    roll(s, ",".join(["4"] * s.dice))  # 23 shows A 1 3: crash
    assert asked(s) == (1, "parachutist") and legal(s) == ["land planet", "return"]
    s.apply("land planet")
    assert s.planets["kotan"] == [(1, ["parachutist"])] and s.crashes == 1
    assert "moon_expert" in s.available[0]


# ----------------------------------------------------------------------------------- moon expert
def test_moon_expert_doubles_the_points_of_the_moon_it_lands_on():
    s = start(2, ["moon_expert", "planet_expert"])
    advance(s, 8)
    s.apply("land moon")
    s.apply("land moon")
    assert s.moons == {"moon-8-3": (0, "moon_expert"), "moon-8-2": (1, "planet_expert")}
    assert s.scores() == [6, 2]


# ----------------------------------------------------------------------------------- planet expert
def test_planet_expert_doubles_its_owners_end_of_game_points_for_that_planet_only():
    s = start(2, ["planet_expert", "moon_expert"])
    advance(s, 11)  # Azur 5/3/2
    s.apply("land planet")
    s.apply("land planet")
    board_all(s, ["helper", "deep_space_expert"])  # seats 1, 0
    advance(s, 7)  # Rubin 3/2/1
    s.apply("stay")
    s.apply("land planet")
    crash_out(s)
    assert s.score_breakdown(0)["planets"] == 2 * 5 + 3  # Azur doubled, Rubin not
    assert s.score_breakdown(1)["planets"] == 3


# ----------------------------------------------------------------------------------- deep-space expert
def test_deep_space_expert_doubles_deep_space_points_14_on_the_comet_10_in_the_galaxy():
    s = start(3, ["deep_space_expert", "deep_space_expert", "moon_expert"])
    advance(s, s.mat.deep_space)
    assert s.deep_space == [
        (0, "deep_space_expert", "comet", 14),
        (1, "deep_space_expert", "galaxy", 10),
        (2, "moon_expert", "galaxy", 5),
    ]
    assert s.scores() == [14, 10, 5]


# ----------------------------------------------------------------------------------- die discarder
def test_die_discarder_leaving_makes_the_current_commander_set_a_die_aside():
    s = start(3, ["moon_expert", "die_discarder", "planet_expert"])
    advance(s, 7)
    assert s.dice == 6
    s.apply("stay")
    s.apply("land planet")
    assert s.dice == 5
    s.apply("stay")
    assert {len(o.faces) for o in s.legal_actions()} == {5}


def test_ruling_R9_die_discarder_never_takes_the_last_die():
    s = start(2, ["moon_expert", "die_discarder"])
    roll(s, "2,2,2,2,2,2")
    s.apply("travel 2")  # 0 -> 12 using every die: one is kept
    assert s.dice == 1
    s.apply("stay")
    s.apply("land moon")
    assert s.dice == 1
    assert {len(o.faces) for o in s.legal_actions()} == {1}


def test_ruling_R9_die_discarder_in_command_leaves_one_die_fewer_to_the_next_commander():
    s = start(3, ["die_discarder", "moon_expert", "planet_expert"])
    advance(s, 7)
    s.apply("land planet")
    assert s.current_commander_seat() == 1 and s.dice == 5


def test_die_discarder_staying_aboard_sets_nothing_aside():
    s = start(2, ["die_discarder", "moon_expert"])
    advance(s, 7)
    stay_all(s)
    assert s.dice == 6


# ----------------------------------------------------------------------------------- helper
def test_helper_counts_as_a_die_showing_1():
    s = start(3, ["moon_expert", "helper", "planet_expert"])
    roll(s, "1,3,3,3,4,4")
    s.apply("travel 1,H1")  # a rolled 1 and the helper's 1
    assert s.position == 2
    assert s.dice == 5  # the helper is not a die: only the rolled 1 is set aside


def test_ruling_R6_a_helper_may_be_used_alone_or_with_rolled_groups_even_when_dice_fit():
    s = start(2, ["helper", "moon_expert"])
    roll(s, "1,2,2,3,3,A")
    options = legal(s)
    assert "travel H0" in options and "crash" not in options
    assert len(options) == 2 * 7 + 1  # every choice of groups, with or without the helper
    s.apply("travel H0")
    assert s.position == 1 and s.dice == 6


def test_helper_usable_only_where_the_space_shows_a_1():
    s = start(2, ["helper", "moon_expert"])
    roll(s, "2,3,3,3,4,4")
    s.apply("travel 2")  # 0 -> 2, which shows A 2 4
    roll(s, "1,2,3,3,3")
    assert legal(s) == ["travel 2"]
    with pytest.raises(IllegalAction, match="does not accept a 1"):
        s.apply("travel 2,H0")


def test_helper_is_used_once_per_expedition_and_turned_face_down():
    s = start(2, ["helper", "moon_expert"])
    roll(s, "1,3,3,3,4,4")
    s.apply("travel H0")  # 0 -> 1, which shows A 1 3
    assert s.public_view()["rocket"]["board"][0]["helper_used"] is True
    roll(s, "1,3,3,3,3,4")
    assert not any("H0" in text for text in legal(s))
    with pytest.raises(IllegalAction, match="already used"):
        s.apply("travel 1,H0")
    s.apply("travel 1")
    crash(s)
    # a new expedition: the helper boards again, unused
    board_all(s, ["moon_expert", "helper"])
    assert s.public_view()["rocket"]["board"][1]["helper_used"] is False
    roll(s, "1,3,3,3,4,4")
    assert "travel H0" in legal(s)


def test_ruling_R6_several_helpers_may_be_used_in_one_travel_phase_identified_by_owner_seat():
    s = start(3, ["helper", "helper", "helper"])
    roll(s, "1,3,3,3,4,4")
    assert "travel 1,H0,H1,H2" in legal(s)
    s.apply("travel 1,H0,H2")
    assert s.position == 3 and s.helpers_used == {0, 2}
    roll(s, "2,3,3,3,4")  # space 3 shows A 1 3
    assert sorted(legal(s)) == sorted(["travel 3", "travel H1", "travel 3,H1"])


def test_ruling_R6_helpers_are_accepted_in_any_rocket_board_order():
    """Regression: with seats 2, 0, 1 on the rocket board, `travel 1,H0,H2` must be legal and every
    legal action's text must read back as the same action (records replay by text)."""
    s = start(3, ["moon_expert", "moon_expert", "moon_expert"])
    crash(s)
    board_all(s, ["moon_expert", "moon_expert", "moon_expert"])
    crash(s)
    board_all(s, ["helper", "helper", "navigator"])  # seats 2, 0, 1
    roll(s, "1,3,3,3,3,3")
    for action in s.legal_actions():
        assert GAME.parse_action(str(action)) == action
    assert "travel 1,H0,H2" in legal(s)
    s.apply("travel 1,H0,H2")
    assert s.position == 3 and s.helpers_used == {0, 2}


def test_helper_saves_the_rocket_when_no_rolled_die_fits():
    s = start(2, ["moon_expert", "helper"])
    roll(s, "3,3,3,4,4,4")  # space 0 shows A 1 2: no rolled die fits
    assert s.phase == "travel" and s.crashes == 0
    assert legal(s) == ["travel H1", "crash"]
    s.apply("travel H1")
    assert s.position == 1 and s.crashes == 0 and s.dice == 6


def test_helper_cannot_save_the_rocket_where_the_space_shows_no_1():
    s = start(2, ["moon_expert", "helper"])
    roll(s, "2,3,3,3,4,4")
    s.apply("travel 2")  # 0 -> 2 (A 2 4)
    roll(s, "1,1,3,3,3")
    assert s.crashes == 1 and s.expedition == 2


def test_helper_only_while_it_is_aboard():
    s = start(2, ["moon_expert", "helper"])
    advance(s, 7)
    s.apply("stay")
    s.apply("land planet")  # the helper leaves the rocket unused
    roll(s, ",".join(["1"] + ["3"] * (s.dice - 1)))  # 7 shows A 1 4
    assert not any("H1" in text for text in legal(s))
