"""Rulebook: set-up, the launch phase, and the default mat the other rule tests rely on."""

import pytest
from mlem_helpers import GAME, board_all, crash, legal, new, roll, start

from cosmotable.engine import CHANCE, ConfigError, IllegalAction
from cosmotable.games.mlem.board import ABILITIES


def test_default_mat_has_the_values_these_rule_tests_rely_on():
    """Guard: the rule tests pick spaces from data/mat.toml. If the mat is corrected, this fails
    first and says which assumption to update."""
    mat = new().mat
    assert (mat.last_space, mat.deep_space, mat.first_landing_space, mat.satellite_space) == (25, 26, 6, 3)
    assert (mat.comet_points, mat.galaxy_points, mat.crash_track_length, mat.dice_count) == (7, 5, 11, 6)
    assert mat.die_faces == ("1", "2", "2", "3", "4", "A")
    expected = {
        0: ("12A", 1, (), ()),
        1: ("13A", 1, (), ()),
        2: ("24A", 1, (), ()),
        3: ("13A", 2, (), ()),
        5: ("14", None, (), ()),
        6: ("23A", 2, ("moon-6-2",), ()),
        7: ("14A", 1, (), ("rubin",)),
        8: ("24A", 2, ("moon-8-3", "moon-8-2"), ()),
        9: ("13", None, ("moon-9-3",), ()),
        10: ("23A", 3, ("moon-10-4", "moon-10-3"), ()),
        11: ("12A", 1, (), ("azur",)),
        12: ("34", None, ("moon-12-4",), ()),
        15: ("12A", 2, (), ("mlekos",)),
        19: ("12", None, (), ("pazur",)),
        23: ("13A", 1, (), ("kotan",)),
        24: ("34A", 2, ("moon-24-9", "moon-24-8"), ()),
        25: ("12A", 3, ("moon-25-10",), ()),
    }
    for number, (faces, burn, moons, planets) in expected.items():
        space = mat.space(number)
        assert ("".join(sorted(space.faces)), space.afterburner, space.moons, space.planets) == (
            faces,
            burn,
            moons,
            planets,
        ), f"space {number}"
    assert {p: mat.planets[p].points for p in mat.planets} == {
        "rubin": (3, 2, 1),
        "azur": (5, 3, 2),
        "mlekos": (7, 4, 2),
        "pazur": (9, 5, 3),
        "kotan": (12, 6, 3),
    }
    assert mat.moons["moon-8-3"].points == 3 and mat.moons["moon-25-10"].points == 10


# ----------------------------------------------------------------------------------- set-up
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_each_player_takes_the_eight_astronauts_of_one_colour(players):
    s = new(players)
    assert s.num_players == players
    for seat in range(players):
        assert s.available[seat] == list(ABILITIES)
        assert len(set(s.available[seat])) == 8
        assert s.placed[seat] == 0
        assert s.score_breakdown(seat) == {"moons": 0, "deep_space": 0, "goals": 0, "planets": 0}


def test_setup_crash_token_starts_on_the_first_field_of_the_crash_track():
    s = new()
    assert s.crashes == 0
    view = s.public_view()
    assert view["crashes"] == 0 and view["crash_track_length"] == 11


def test_setup_four_goal_tiles_lie_beside_the_mat_unclaimed():
    s = new()
    assert [g.kind for g in s.goals] == ["different_planets", "one_planet", "moons", "deep_space"]
    assert [g.count for g in s.goals] == [4, 3, 4, 2]
    assert all(g.points == 5 for g in s.goals)
    assert s.goal_owner == {}
    assert [g["claimed_by"] for g in s.public_view()["goals"]] == [None] * 4


def test_setup_starting_player_takes_the_rocket_and_all_six_dice():
    s = new()
    assert s.dice == 6 and s.position == 0
    assert s.public_view()["rocket"]["dice"] == 6


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_ruling_R1_seat_0_starts_the_first_expedition(players):
    s = new(players)
    assert s.starter == 0 and s.expedition == 1
    assert s.phase == "launch" and s.current_player() == 0


@pytest.mark.parametrize("players", [1, 6])
def test_setup_the_game_takes_2_to_5_players(players):
    with pytest.raises(ConfigError, match="2-5 players"):
        GAME.new_state(num_players=players, seed=1)


# ----------------------------------------------------------------------------------- launch phase
def test_launch_rocket_is_placed_on_space_0():
    s = start(3, ["moon_expert", "planet_expert", "helper"])
    assert s.position == 0
    # ... and again at the start of every expedition
    s.apply("roll 1,3,3,3,3,3")
    s.apply("travel 1")
    assert s.position == 1
    crash(s)
    assert s.expedition == 2 and s.position == 0


def test_launch_starter_boards_first_then_the_others_clockwise():
    s = new(4)
    order = []
    for astronaut in ["helper", "navigator", "moon_expert", "planet_expert"]:
        order.append(s.current_player())
        s.apply(f"board {astronaut}")
    assert order == [0, 1, 2, 3]
    assert s.rocket == [(0, "helper"), (1, "navigator"), (2, "moon_expert"), (3, "planet_expert")]
    crash(s)
    order = []
    for _ in range(4):
        order.append(s.current_player())
        s.apply("board moon_expert")
    assert order == [1, 2, 3, 0]
    assert [seat for seat, _ in s.rocket] == [1, 2, 3, 0]


def test_launch_each_player_boards_one_of_their_available_astronauts():
    s = new(2)
    assert legal(s) == [f"board {a}" for a in ABILITIES]
    s.apply("board moon_expert")
    assert "moon_expert" not in s.available[0] and len(s.available[0]) == 7
    assert legal(s) == [f"board {a}" for a in ABILITIES]  # seat 1 still has all eight
    s.apply("board moon_expert")
    assert s.phase == "roll"  # one astronaut per player, then the rocket is full
    assert len(s.rocket) == 2


def test_launch_an_astronaut_already_on_the_mat_cannot_board():
    s = start(2, ["moon_expert", "planet_expert"])
    s.apply("roll 2,2,2,2,2,2")  # space 0 -> 12, 4-point moon
    s.apply("travel 2")
    s.apply("land moon")  # seat 0's moon expert leaves for good
    assert s.moons["moon-12-4"] == (0, "moon_expert")
    crash(s)
    s.apply("board helper")  # seat 1 starts expedition 2
    assert "board moon_expert" not in legal(s)
    before = s.fingerprint()
    with pytest.raises(IllegalAction, match="not available"):
        s.apply("board moon_expert")
    assert s.fingerprint() == before


def test_launch_the_starter_becomes_the_expedition_commander():
    s = start(3, ["moon_expert", "planet_expert", "helper"])
    assert s.commander == 0 and s.rocket[0][0] == 0
    assert s.public_view()["rocket"]["commander"] == 0
    roll(s, "1,2,2,3,4,A")
    assert s.current_player() == 0  # the commander chooses the dice
    s.apply("travel 1")
    # expedition 2: seat 1 starts and commands
    crash(s)
    board_all(s, ["moon_expert", "planet_expert", "helper"])
    assert s.starter == 1 and s.public_view()["rocket"]["commander"] == 1
    roll(s, "1,2,2,3,4,A")
    assert s.current_player() == 1


def test_launch_is_followed_by_the_commanders_roll_of_all_six_dice():
    s = start(3)
    assert s.current_player() == CHANCE
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 210  # multisets of 6 dice over the 5 distinct faces
    assert all(len(o.faces) == 6 for o, _ in outcomes)
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
