"""Kosmodrom's research configurations (issue #49 item 3): small games, NOT the rulebook game, where
OpenSpiel's exact CFR and exploitability run to completion (docs/research.md)."""

from __future__ import annotations

import tomllib
from importlib import resources

import numpy as np
import pytest
from envs_helpers import check_cfr_decreases, check_node_sound, walk_tree

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python.algorithms import outcome_sampling_mccfr as os_mccfr
from open_spiel.python.algorithms.mccfr import REGRET_INDEX

from cosmotable import games
from cosmotable.engine.errors import ConfigError, DataError
from cosmotable.envs import openspiel  # noqa: F401  (registers the games with pyspiel)
from cosmotable.games.kosmodrom.cards import PADS
from cosmotable.games.kosmodrom.research import configurations, configurations_from_data

TINY = "python_cosmotable_kosmodrom(research=tiny)"


def test_research_configurations_are_opt_in_and_leave_the_rulebook_game_alone():
    kosmodrom = games.get("kosmodrom")
    full = kosmodrom.state_from_config(kosmodrom.make_config(2), 0)
    assert (full.deal_size, full.base_hand_limit, full.max_turns) == (6, 6, 300)
    assert full.deck.total() == 136 and full.set_aside == list(PADS)
    tiny = kosmodrom.state_from_config(kosmodrom.make_config(2, research="tiny"), 0)
    assert (tiny.deal_size, tiny.base_hand_limit, tiny.max_turns) == (1, 1, 2)
    assert dict(tiny.deck) == {"swift": 1, "metal": 1, "fuel": 1, "mission_control": 1}
    assert tiny.set_aside == []
    small = kosmodrom.state_from_config(kosmodrom.make_config(2, research="small"), 0)
    assert (small.deal_size, small.base_hand_limit, small.max_turns) == (1, 2, 2)


@pytest.mark.parametrize(
    ("variants", "players", "options", "message"),
    [
        ((), 2, {"research": "huge"}, "must be one of small, tiny"),
        (("quick",), 2, {"research": "tiny"}, "takes no variants"),
        ((), 3, {"research": "tiny"}, r"made for \(2,\) players, got 3"),
        ((), 2, {"research": "tiny", "max_turns": 5}, r"turn cap itself; drop \['max_turns'\]"),
    ],
)
def test_bad_research_options_are_refused_with_a_clear_error(variants, players, options, message):
    with pytest.raises(ConfigError, match=message):
        games.get("kosmodrom").make_config(players, variants, **options)


@pytest.mark.parametrize(
    "name",
    [
        "python_cosmotable_kosmodrom(research=huge)",
        "python_cosmotable_kosmodrom(research=tiny,players=3)",
        "python_cosmotable_kosmodrom(research=tiny,variants=quick)",
        "python_cosmotable_kosmodrom(research=tiny,max_turns=5)",
    ],
)
def test_bad_research_parameters_raise_spiel_error(name):
    with pytest.raises(pyspiel.SpielError, match="research"):
        pyspiel.load_game(name)


def _data():
    text = resources.files("cosmotable.games.kosmodrom").joinpath("data", "research.toml").read_text("utf-8")
    return tomllib.loads(text)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"deck": {"pad_tl": 1, "metal": 3}}, "launch-pad cards"),
        ({"deck": {"rocket_ship": 2}}, "unknown cards"),
        ({"deck": {"metal": 0}}, "counts >= 1"),
        ({"deal": 2, "hand_limit": 1}, "more than the hand limit"),
        ({"deal": 3, "hand_limit": 3}, "cannot deal 3 to 2 players"),
        ({"max_turns": 0}, "whole numbers >= 1"),
        ({"players": [5]}, "player counts"),
    ],
)
def test_a_bad_research_file_is_refused_with_every_problem_named(change, message):
    data = _data()
    data["configuration"][0].update(change)
    with pytest.raises(DataError, match=message):
        configurations_from_data(data, "research.toml")


def test_the_packaged_file_names_its_source_and_every_configuration_describes_itself():
    assert "issue #49" in _data()["source"]
    assert set(configurations()) == {"tiny", "small"}
    assert all("no variants" in c.description for c in configurations().values())


@pytest.mark.parametrize("research", ["tiny", "small"])
def test_random_games_play_to_the_end_through_openspiel(research):
    game = pyspiel.load_game(f"python_cosmotable_kosmodrom(research={research})")
    pyspiel.random_sim_test(game, num_sims=20, serialize=True, verbose=False)


def test_the_tiny_tree_is_small_with_sound_chance_and_returns():
    game = pyspiel.load_game(TINY)
    seen = {"histories": 0, "terminals": 0, "cap": 0}
    infostates = set()

    def visit(state):
        seen["histories"] += 1
        check_node_sound(state)
        if state.is_terminal():
            seen["terminals"] += 1
            seen["cap"] += state.truncation_reason() is not None
        elif not state.is_chance_node():
            infostates.add(state.information_state_string())

    walk_tree(game.new_initial_state(), visit)
    # the figures docs/research.md gives; every game ends at the turn cap (no launch-pad card)
    assert (seen["histories"], seen["terminals"], len(infostates)) == (1269, 400, 560)
    assert seen["cap"] == seen["terminals"]


def test_cfr_runs_to_completion_and_exploitability_decreases():
    check_cfr_decreases(pyspiel.load_game(TINY), 5)


def test_outcome_sampling_mccfr_regrets_stay_finite_on_the_tiny_configuration():
    """A research game lasts ~10 steps, so MCCFR's sample reach never underflows (docs/research.md,
    'MCCFR on Kosmodrom')."""
    game = pyspiel.load_game(TINY)
    np.random.seed(0)
    solver = os_mccfr.OutcomeSamplingSolver(game)
    with np.errstate(divide="raise", invalid="raise", over="raise"):
        for _ in range(200):
            solver.iteration()
    regrets = [v[REGRET_INDEX] for v in solver._infostates.values()]
    assert len(regrets) > 100 and all(np.all(np.isfinite(r)) for r in regrets)
