"""Planet's research configurations (issue #49 item 3): small games, NOT the rulebook game, where
OpenSpiel's exact CFR and exploitability run to completion (docs/research.md)."""

from __future__ import annotations

import copy

import pytest
from envs_helpers import check_cfr_decreases

pyspiel = pytest.importorskip("pyspiel")

from cosmotable import games
from cosmotable.engine.errors import ConfigError, DataError
from cosmotable.envs import openspiel  # noqa: F401  (registers the games with pyspiel)
from cosmotable.games.planet.board import PLANET, _read, default_box, default_layout
from cosmotable.games.planet.research import configurations, configurations_from_data

TINY = "python_cosmotable_planet(research=tiny)"


def test_research_configurations_are_opt_in_and_leave_the_rulebook_game_alone():
    planet = games.get("planet")
    full = planet.state_from_config(planet.make_config(2), 0)
    assert full.box is default_box() and full.areas[PLANET] is default_layout().planet
    assert full.max_turns == 600 and len(full.pos[0]) == 3
    tiny = planet.state_from_config(planet.make_config(2, research="tiny"), 0)
    assert tiny.max_turns == 4 and len(tiny.pos[0]) == 1 and len(tiny.back) == 4  # 3 planet + 1 station


@pytest.mark.parametrize(
    ("players", "options", "message"),
    [
        (2, {"research": "huge"}, "must be one of tiny"),
        (3, {"research": "tiny"}, r"made for \(2,\) players, got 3"),
        (2, {"research": "tiny", "max_turns": 9}, r"turn cap itself; drop \['max_turns'\]"),
        (2, {"research": "tiny", "layout": {}}, r"drop \['layout'\]"),
    ],
)
def test_bad_research_options_are_refused_with_a_clear_error(players, options, message):
    with pytest.raises(ConfigError, match=message):
        games.get("planet").make_config(players, **options)


@pytest.mark.parametrize(
    "name",
    [
        "python_cosmotable_planet(research=huge)",
        "python_cosmotable_planet(research=tiny,players=4)",
        "python_cosmotable_planet(research=tiny,players=4,variants=teams)",
        "python_cosmotable_planet(research=tiny,max_turns=9)",
    ],
)
def test_bad_research_parameters_raise_spiel_error(name):
    with pytest.raises(pyspiel.SpielError, match="research"):
        pyspiel.load_game(name)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"minimum": {"yellow": 20, "green": 0, "grey": 0}}, "3 yellow tiles; a planet needs at least 20"),
        ({"minimum": {"yellow": 3}}, "fewest tiles of each"),
        ({"tiles": "tiles.toml", "minimum": {"yellow": 3, "green": 0, "grey": 0}}, None),
        ({"layout": "nowhere.toml"}, "nowhere.toml"),
        ({"players": [3]}, "no ship places for"),
        ({"max_turns": 0}, "'max_turns' must be"),
    ],
)
def test_a_bad_research_file_is_refused_with_every_problem_named(change, message):
    data = copy.deepcopy(_read("research.toml"))
    data["configuration"][0].update(change)
    if message is None:  # the rulebook's box fits the tiny planet too: no problem to name
        assert configurations_from_data(data)["tiny"].box.astronauts == 3
        return
    with pytest.raises(DataError, match=message):
        configurations_from_data(data, "research.toml")


def test_the_packaged_files_name_their_source():
    assert "issue #49" in _read("research.toml")["source"]
    for research in configurations().values():
        assert "issue #49" in research.box.source and "issue #49" in research.layout.source


@pytest.mark.parametrize("research", ["tiny"])
def test_random_games_play_to_the_end_through_openspiel(research):
    game = pyspiel.load_game(f"python_cosmotable_planet(research={research})")
    pyspiel.random_sim_test(game, num_sims=20, serialize=True, verbose=False)


def test_cfr_runs_to_completion_and_exploitability_decreases():
    check_cfr_decreases(pyspiel.load_game(TINY), 4)
