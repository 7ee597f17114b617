"""OpenSpiel adapter: random_sim_test with serialization, resampling, MCTS and IS-MCTS games."""

from __future__ import annotations

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
from envs_helpers import check_resamples, missions_state, play_openspiel
from open_spiel.python.algorithms import ismcts, mcts

from cosmotable.envs import openspiel

ALL = ("ufo", "discovery", "secret_missions")


def test_registered_and_loadable_by_name():
    assert "python_cosmotable_mlem" in pyspiel.registered_names()
    game = pyspiel.load_game("python_cosmotable_mlem(players=3,variants=ufo+secret_missions)")
    assert game.num_players() == 3
    assert game.num_distinct_actions() == 3126
    assert game.max_chance_outcomes() == 515
    # perfect recall: the observation, then one code per step of the game (test_openspiel_conventions.py)
    assert game.information_state_tensor_size() == game.observation_tensor_size() + game.max_game_length()
    assert game.get_parameters()["variants"] == "secret_missions+ufo"


@pytest.mark.parametrize("players,variants,sims", [(2, (), 2), (3, ALL, 1)], ids=["2p", "3p-all"])
def test_random_sim_test_with_serialization(players, variants, sims):
    game = openspiel.load("mlem", players=players, variants=variants)
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


def test_chance_outcomes_are_exact_and_indexed():
    game = openspiel.load("mlem", players=2, variants=("ufo",))
    state = game.new_initial_state()
    assert state.is_chance_node()  # the UFO expedition token
    outcomes = state.chance_outcomes()
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
    assert all(
        state.action_to_string(pyspiel.PlayerId.CHANCE, a).startswith("reveal-expedition")
        for a, _ in outcomes
    )
    state.apply_action(outcomes[0][0])
    while not state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    rolls = state.chance_outcomes()
    assert abs(sum(p for _, p in rolls) - 1) < 1e-9
    assert all(state.action_to_string(pyspiel.PlayerId.CHANCE, a).startswith("roll ") for a, _ in rolls)


def test_serialization_round_trip_mid_game():
    game = openspiel.load("mlem", players=3, variants=ALL)
    state = game.new_initial_state()
    rng = random.Random(1)
    for _ in range(60):
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    text = pyspiel.serialize_game_and_state(game, state)
    _game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(state2) == str(state)
    assert state2.history() == state.history()
    for p in range(3):
        assert state2.information_state_string(p) == state.information_state_string(p)
        assert state2.observation_tensor(p) == state.observation_tensor(p)


def test_information_state_hides_other_missions_and_resampling_keeps_it():
    game, state = missions_state(20)
    info = check_resamples(game, state, 5, lambda sample, state: str(sample) != str(state))
    assert "?" in info  # the other seats' deals are hidden


def test_mcts_bot_plays_a_complete_game():
    game = openspiel.load("mlem", players=2)
    rng = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [mcts.MCTSBot(game, 2.0, 2, evaluator, random_state=rng, solve=False) for _ in range(2)]
    state, decisions = play_openspiel(game, bots, seed=3)
    assert state.is_terminal() and decisions > 10
    assert sum(state.returns()) == 0  # score difference, two players


def test_ismcts_bot_plays_a_complete_game_with_hidden_missions():
    game = openspiel.load("mlem", players=2, variants=("secret_missions",))
    rng = np.random.RandomState(4)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [ismcts.ISMCTSBot(game, evaluator, 2.0, 2, random_state=rng) for _ in range(2)]
    state, decisions = play_openspiel(game, bots, seed=4)
    assert state.is_terminal() and decisions > 10


@pytest.mark.slow
def test_mcts_and_ismcts_full_games_all_variants():
    game = openspiel.load("mlem", players=3, variants=ALL)
    rng = np.random.RandomState(5)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [
        mcts.MCTSBot(game, 2.0, 4, evaluator, random_state=rng, solve=False),
        ismcts.ISMCTSBot(game, evaluator, 2.0, 4, random_state=rng),
        ismcts.ISMCTSBot(
            game,
            evaluator,
            2.0,
            4,
            random_state=rng,
            final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
        ),
    ]
    state, decisions = play_openspiel(game, bots, seed=5)
    assert state.is_terminal() and decisions > 10
