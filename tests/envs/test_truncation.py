"""Length limits: OpenSpiel's `max_turns` parameter (a terminal state whose reason is readable) and
PettingZoo's `max_cycles` (our version of PettingZoo's `max_cycles_test`, which samples actions
without the mask and so cannot drive a game whose actions are masked; docs/observations.md)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from cosmotable.envs.common import rewards_from_scores
from cosmotable.envs.pettingzoo import kosmodrom_v0, mlem_v0, planet_v0

pyspiel = pytest.importorskip("pyspiel")
from cosmotable.envs import openspiel  # after the skip: importing it registers the games


def play_until_terminal(state, rng, limit=100_000):
    decisions = 0
    for _ in range(limit):
        if state.is_terminal():
            return decisions
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
    raise AssertionError("the game did not end")


# ---------------------------------------------------------------------- OpenSpiel max_turns
@pytest.mark.parametrize("reward", ["score_difference", "win", "score"])
def test_openspiel_mlem_max_turns_ends_the_game_with_a_readable_reason(reward):
    game = pyspiel.load_game(
        f"python_cosmotable_mlem(players=3,variants=secret_missions,max_turns=7,reward={reward})"
    )
    assert game.get_parameters()["max_turns"] == 7
    state = game.new_initial_state()
    assert play_until_terminal(state, random.Random(4)) == 7
    assert state.is_terminal() and state.current_player() == pyspiel.PlayerId.TERMINAL
    assert state.legal_actions() == [] and state.legal_actions(0) == []
    assert not state.engine_state.is_terminal()  # the rules did not end it: the cap did
    assert state.truncation_reason().startswith("max_turns: cut off after 7 seat decisions")
    # the returns are the configured reward on the table as it stands
    assert state.returns() == rewards_from_scores(state.engine_state.scores(), reward)
    # a copy, and a state restored from its serialization, are cut off alike
    for other in (state.clone(), game.deserialize_state(state.serialize())):
        assert other.is_terminal() and other.truncation_reason() == state.truncation_reason()
        assert other.returns() == state.returns()


def test_openspiel_without_a_cap_ends_by_the_rules_only():
    game = pyspiel.load_game("python_cosmotable_mlem(players=2)")
    assert game.get_parameters()["max_turns"] == 0
    state = game.new_initial_state()
    assert state.truncation_reason() is None
    play_until_terminal(state, random.Random(2))
    assert state.engine_state.is_terminal() and state.truncation_reason() is None
    # returns of a finished game sum to zero with the default reward (ZERO_SUM for two seats)
    assert sum(state.returns()) == 0


@pytest.mark.parametrize("game_id", ["kosmodrom", "planet"])
def test_openspiel_game_cap_is_readable(game_id):
    """Kosmodrom's and Planet's `max_turns` is the game's own cap: the rules end the game (and
    score it); `truncation_reason()` says it was the cap, not the game's natural end."""
    game = openspiel.load(game_id, players=2, max_turns=3)
    state = game.new_initial_state()
    play_until_terminal(state, random.Random(5))
    assert state.engine_state.is_terminal()
    reason = state.truncation_reason()
    assert reason is not None and reason == game.encoding.cap_reason(state.engine_state)


def test_openspiel_negative_max_turns_is_refused():
    with pytest.raises(Exception, match="max_turns must be >= 0"):
        pyspiel.load_game("python_cosmotable_mlem(players=2,max_turns=-1)")
    with pytest.raises(Exception, match="max_turns must be >= 0"):
        openspiel.load("planet", players=2, max_turns=-5)


# ---------------------------------------------------------------------- PettingZoo max_cycles
@pytest.mark.parametrize("max_cycles", [1, 4])
@pytest.mark.parametrize(
    "module,kwargs",
    [(mlem_v0, {"variants": ("ufo",)}), (kosmodrom_v0, {}), (planet_v0, {"claims": False})],
    ids=["mlem", "kosmodrom", "planet"],
)
def test_max_cycles_truncates_every_agent(module, kwargs, max_cycles):
    """The intent of PettingZoo's `max_cycles_test`, with legal (masked) actions: after
    `max_cycles` cycles (`max_cycles x num_players` decisions: seats do not act in a fixed
    rotation) every agent is truncated, each is visited once more to step None and is removed,
    and the episode is over; the reason is in every agent's info."""
    n = 3
    env = module.env(num_players=n, max_cycles=max_cycles, **kwargs)
    env.reset(seed=11)
    rng = np.random.default_rng(11)
    decisions, dead_visits = 0, {}
    for agent in env.agent_iter(10_000):
        obs, reward, termination, truncation, info = env.last()
        if termination or truncation:
            assert truncation and not termination
            assert info["truncated"].startswith("max_cycles")
            assert reward == 0.0  # cut off unfinished: no score is handed out
            dead_visits[agent] = dead_visits.get(agent, 0) + 1
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        decisions += 1
    assert decisions == max_cycles * n
    assert dead_visits == dict.fromkeys(env.possible_agents, 1)
    assert env.agents == []
    # the Parallel API counts the same decisions, one agent acting per step
    par = module.parallel_env(num_players=n, max_cycles=max_cycles, **kwargs)
    observations, infos = par.reset(seed=11)
    steps = 0
    while par.agents:
        agent = par.unwrapped.agent_selection
        mask = observations[agent]["action_mask"]
        observations, _rewards, terminations, truncations, infos = par.step(
            {agent: int(np.flatnonzero(mask)[0])}
        )
        steps += 1
    assert steps == max_cycles * n
    assert all(truncations.values()) and not any(terminations.values())
    assert all(info["truncated"].startswith("max_cycles") for info in infos.values())
