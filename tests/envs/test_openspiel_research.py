"""Research configurations (issue #49 item 3): small games where OpenSpiel's exact CFR and
exploitability run to completion, and what makes MCCFR's regrets non-finite on full Kosmodrom."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest
from envs_helpers import check_node_sound, walk_tree

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python.algorithms import cfr, exploitability
from open_spiel.python.algorithms import outcome_sampling_mccfr as os_mccfr
from open_spiel.python.algorithms.mccfr import REGRET_INDEX

from cosmotable import games
from cosmotable.engine.errors import ConfigError
from cosmotable.envs import openspiel
from cosmotable.games.mlem.board import ABILITIES, default_mat

#: The smallest double (denormals included) is ~4.9e-324: a reach probability below it is 0.0.
DOUBLE_MIN_LOG10 = -323.3


# ------------------------------------------------------------------ the configurations
def test_mlem_research_configurations_are_checked_and_never_the_default():
    mlem = games.get("mlem")
    with pytest.raises(ConfigError, match="must be one of"):
        mlem.make_config(2, research="huge")
    with pytest.raises(ConfigError, match="no variants"):
        mlem.make_config(2, ("ufo",), research="tiny")
    with pytest.raises(ConfigError, match="made for"):
        mlem.make_config(3, research="tiny")
    with pytest.raises(ConfigError, match="drop"):
        mlem.make_config(2, research="tiny", board={})
    # the rulebook game: every player owns the 8 astronauts on the default mat
    full = mlem.state_from_config(mlem.make_config(2), 0)
    assert full.roster == ABILITIES and full.mat == default_mat()
    tiny = mlem.state_from_config(mlem.make_config(2, research="tiny"), 0)
    assert tiny.available == [["moon_expert", "planet_expert"]] * 2
    assert tiny.mat.last_space == 3 and tiny.mat.dice_count == 1 and tiny.mat.crash_track_length == 1


def test_mlem_tiny_game_ends_by_a_crash_or_a_full_roster():
    mlem = games.get("mlem")
    config = mlem.make_config(2, research="tiny")
    ends = set()
    for seed in range(30):
        state = mlem.state_from_config(config, seed)
        state.play_randomly(random.Random(seed))
        ends.add("crash" if state.crashes else "roster")
        assert state.crashes == 1 or max(state.placed) == 2
    assert ends == {"crash", "roster"}


def test_bad_parameters_raise_spiel_error():
    for name in (
        "python_cosmotable_mlem(players=7)",
        "python_cosmotable_mlem(reward=points)",
        "python_cosmotable_mlem(research=huge)",
        "python_cosmotable_mlem(variants=nope)",
        "python_cosmotable_planet(max_turns=-1)",
    ):
        with pytest.raises(pyspiel.SpielError, match="python_cosmotable_"):
            pyspiel.load_game(name)


# ------------------------------------------------------------------ exact algorithms
def test_tiny_mlem_tree_has_sound_chance_and_returns():
    game = pyspiel.load_game("python_cosmotable_mlem(research=tiny)")
    seen = {"histories": 0, "terminals": 0}

    def visit(state):
        seen["histories"] += 1
        seen["terminals"] += state.is_terminal()
        check_node_sound(state)

    walk_tree(game.new_initial_state(), visit)
    assert seen["terminals"] > 100 and seen["histories"] < 1000  # whole tree: small enough for CFR


def test_cfr_runs_to_completion_and_exploitability_decreases():
    game = pyspiel.load_game("python_cosmotable_mlem(research=tiny)")
    solver = cfr.CFRSolver(game)
    uniform = exploitability.nash_conv(game, solver.average_policy())
    for _ in range(2):  # the average after one iteration is still the uniform policy
        solver.evaluate_and_update_policy()
    first = exploitability.nash_conv(game, solver.average_policy())
    for _ in range(6):
        solver.evaluate_and_update_policy()
    later = exploitability.nash_conv(game, solver.average_policy())
    assert all(math.isfinite(x) for x in (uniform, first, later))
    assert uniform > first > later > 0
    assert exploitability.exploitability(game, solver.average_policy()) == pytest.approx(later / 2)


def test_outcome_sampling_mccfr_regrets_stay_finite_on_tiny_mlem():
    game = pyspiel.load_game("python_cosmotable_mlem(research=tiny)")
    np.random.seed(0)
    solver = os_mccfr.OutcomeSamplingSolver(game)
    with np.errstate(divide="raise", invalid="raise"):  # a division by a zero reach would raise
        for _ in range(100):
            solver.iteration()
    regrets = [v[REGRET_INDEX] for v in solver._infostates.values()]
    assert len(regrets) > 50 and all(np.all(np.isfinite(r)) for r in regrets)


# ------------------------------------------------------------------ MCCFR on full Kosmodrom
def test_kosmodrom_chance_and_returns_are_sound_and_the_sample_reach_underflows():
    """Issue #49: outcome-sampling MCCFR on full Kosmodrom ends with non-finite regrets. The cause
    is not the game's numbers: every chance node offers distinct outcomes with positive
    probabilities summing to 1, the engine's own draw is one of them, and the returns are finite.
    It is the length of a game: the product of the probabilities along one sampled game (what
    MCCFR divides by, `sample_reach`) is below the smallest double, so it is 0.0 and
    `opp_reach / sample_reach` is inf or nan (see docs/research.md)."""
    game = openspiel.load("kosmodrom", players=2)
    state = game.new_initial_state()
    rng = random.Random(1)
    log10_reach = 0.0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert all(p > 0 for _, p in outcomes) and abs(sum(p for _, p in outcomes) - 1) < 1e-9
            assert len({a for a, _ in outcomes}) == len(outcomes)
            drawn = state.engine_state.clone().sample_chance(random.Random(rng.random()))
            probability = dict(outcomes)[game.encoding.chance_to_index(drawn)]
            assert probability > 0
            state.apply_action(game.encoding.chance_to_index(drawn))
        else:
            legal = state.legal_actions()
            probability = 1 / len(legal)  # MCCFR's first sampling policy: uniform
            state.apply_action(rng.choice(legal))
        log10_reach += math.log10(probability)
    assert all(math.isfinite(r) for r in state.returns())
    assert log10_reach < DOUBLE_MIN_LOG10


def test_outcome_sampling_mccfr_on_full_kosmodrom_reproduces_the_non_finite_regrets():
    """The failure the issue reports, in one iteration (two sampled games): regrets updated where
    the sample reach had underflowed to 0.0 are inf or nan."""
    game = openspiel.load("kosmodrom", players=2)
    np.random.seed(0)
    solver = os_mccfr.OutcomeSamplingSolver(game)
    with np.errstate(divide="ignore", invalid="ignore"):
        solver.iteration()
    regrets = [v[REGRET_INDEX] for v in solver._infostates.values()]
    assert any(not np.all(np.isfinite(r)) for r in regrets)


def test_outcome_sampling_mccfr_regrets_stay_finite_on_kosmodrom_with_a_turn_cap():
    """The workaround docs/research.md gives for the underflow above: Kosmodrom's own turn cap keeps
    a sampled game short enough (10 turns: sample reach ~1e-90) for finite regrets."""
    game = openspiel.load("kosmodrom", players=2, max_turns=10)
    np.random.seed(0)
    solver = os_mccfr.OutcomeSamplingSolver(game)
    with np.errstate(divide="raise", invalid="raise"):
        for _ in range(6):
            solver.iteration()
    regrets = [v[REGRET_INDEX] for v in solver._infostates.values()]
    assert len(regrets) > 100 and all(np.all(np.isfinite(r)) for r in regrets)
