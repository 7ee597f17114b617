"""Rulebook: final scoring (planet majorities with the first-arrival tie-break, totals, shared
victory)."""

from mlem_helpers import advance, board_all, crash, crash_out, expedition_to, new, start, stay_all

from cosmotable.games.mlem.board import Planet
from cosmotable.games.mlem.scoring import all_planet_points, planet_points, planet_ranking

AZUR = Planet("azur", "Azur", (11,), (5, 3, 2))


# ----------------------------------------------------------------------------------- planet majorities
def test_scoring_rulebook_example_blue_most_yellow_first_of_the_singles_others_third():
    """Rulebook example: blue has the most (5); the others have one each, yellow landed first (3);
    the two remaining players take 2 each."""
    yellow, blue, red, green = 1, 0, 2, 3
    rows = [
        (yellow, ["helper"]),
        (blue, ["moon_expert", "navigator"]),
        (red, ["satellite"]),
        (green, ["helper"]),
    ]
    assert planet_ranking(rows) == [blue, yellow, red, green]
    assert planet_points(AZUR, rows) == {blue: 5, yellow: 3, red: 2, green: 2}


def test_scoring_planet_most_astronauts_takes_the_first_value():
    rows = [(0, ["helper"]), (1, ["helper", "navigator", "satellite"])]
    assert planet_points(AZUR, rows) == {1: 5, 0: 3}


def test_scoring_planet_tie_goes_to_the_player_who_landed_on_the_planet_earlier():
    rows = [(2, ["helper", "navigator"]), (0, ["helper", "navigator"]), (1, ["helper"])]
    assert planet_points(AZUR, rows) == {2: 5, 0: 3, 1: 2}
    rows = [(0, ["helper"]), (2, ["helper", "navigator"]), (1, ["helper", "satellite"])]
    assert planet_points(AZUR, rows) == {2: 5, 1: 3, 0: 2}


def test_scoring_planet_only_one_first_and_one_second_place_everyone_else_third():
    rows = [(seat, ["helper"]) for seat in (3, 1, 4, 0, 2)]
    assert planet_points(AZUR, rows) == {3: 5, 1: 3, 4: 2, 0: 2, 2: 2}


def test_scoring_planet_alone_takes_first_place():
    assert planet_points(AZUR, [(4, ["helper"])]) == {4: 5}
    assert planet_points(AZUR, []) == {}


def test_scoring_planet_expert_doubles_its_owners_place_points():
    rows = [(0, ["helper", "navigator"]), (1, ["planet_expert"]), (2, ["helper"])]
    assert planet_points(AZUR, rows) == {0: 5, 1: 6, 2: 2}
    rows = [(0, ["planet_expert", "navigator"]), (1, ["helper"])]
    assert planet_points(AZUR, rows) == {0: 10, 1: 3}


def test_scoring_every_planet_is_scored_and_added_per_player():
    mat = new().mat
    rows = {p: [] for p in mat.planets}
    rows["rubin"] = [(0, ["helper"]), (1, ["helper"])]
    rows["kotan"] = [(1, ["helper"]), (0, ["navigator"]), (2, ["satellite"])]
    assert all_planet_points(mat.planets, rows, 3) == [3 + 6, 2 + 12, 3]


# ----------------------------------------------------------------------------------- in a game
def test_scoring_planets_are_scored_at_the_end_of_a_game():
    s = new(3)
    # expedition 1 (seats 0, 1, 2): seat 2 then seat 1 land on Azur
    expedition_to(
        s, ["moon_expert", "moon_expert", "moon_expert"], 11, ["stay", "land planet", "land planet"]
    )
    # expedition 2 (seats 1, 2, 0): seat 0 lands twice over two expeditions
    expedition_to(s, ["helper", "helper", "moon_expert"], 11, ["stay", "stay", "land planet"])
    expedition_to(s, ["helper", "helper", "navigator"], 11, ["stay", "land planet"])
    assert [seat for seat, _ in s.planets["azur"]] == [1, 2, 0]
    assert [len(a) for _, a in s.planets["azur"]] == [1, 1, 2]
    assert s.score_breakdown(0)["planets"] == 0
    crash_out(s)
    # seat 0 has the most; seat 1 and 2 tie with one each, seat 1 landed first
    assert [s.score_breakdown(seat)["planets"] for seat in range(3)] == [5, 3, 2]


def test_scoring_total_is_moons_plus_deep_space_plus_goals_plus_planets():
    s = new(2)
    board_all(s, ["moon_expert", "deep_space_expert"])
    advance(s, 8)
    s.apply("land moon")  # seat 0: 3 x 2 = 6
    s.apply("stay")
    advance(s, s.mat.deep_space)  # seat 1 now commands: comet, doubled: 14
    board_all(s, ["planet_expert", "navigator"])  # seats 1, 0
    advance(s, 11)
    s.apply("land planet")  # seat 1 on Azur, doubled at the end
    s.apply("stay")  # seat 0's navigator could land at 10, 11 or 12
    advance(s, 25)
    s.apply("land deep +1")  # seat 0's navigator: 5
    board_all(s, ["helper", "helper"])
    advance(s, s.mat.deep_space)  # seat 0 comet 7 (2nd in deep space: goal), seat 1 galaxy 5
    crash_out(s)
    assert s.score_breakdown(0) == {"moons": 6, "deep_space": 5 + 7, "goals": 5, "planets": 0}
    assert s.score_breakdown(1) == {"moons": 0, "deep_space": 14 + 5, "goals": 0, "planets": 10}
    assert s.scores() == [23, 29]
    assert s.winners() == [1]
    assert s.public_view()["winners"] == [1] and s.public_view()["scores"] == [23, 29]


def test_scoring_tied_players_share_the_victory():
    s = start(2, ["planet_expert", "helper"])
    advance(s, 8)
    s.apply("land moon")  # seat 0: 3
    s.apply("stay")
    crash(s)
    board_all(s, ["planet_expert", "helper"])  # seats 1, 0
    advance(s, 9)
    s.apply("land moon")  # seat 1: 3
    stay_all(s)
    crash_out(s)
    assert s.scores() == [3, 3]
    assert s.winners() == [0, 1]


def test_scoring_winners_are_empty_until_the_game_is_over():
    s = start(2)
    assert s.winners() == [] and s.public_view()["winners"] == []
