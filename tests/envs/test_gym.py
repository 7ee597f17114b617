"""Gymnasium single-agent wrapper: env_checker, masked play against bots, illegal actions."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env

from cosmotable.envs.gym import SingleAgentEnv, register_envs


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(
    "seat,opponents,variants",
    [
        (0, ["heuristic"], ()),
        (1, ["random", "heuristic"], ("ufo", "discovery", "secret_missions")),
    ],
)
def test_check_env(seat, opponents, variants):
    check_env(SingleAgentEnv("mlem", seat=seat, opponents=opponents, variants=variants, render_mode="ansi"))


def run_episode(env, seed):
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total, steps = 0.0, 0
    while True:
        assert env.observation_space.contains(obs)
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, reward, terminated, truncated, info = env.step(action)
        total += reward
        steps += 1
        assert not info["illegal_action"]
        if terminated or truncated:
            return total, steps, info


def test_masked_episode_ends_with_final_reward():
    env = SingleAgentEnv("mlem", seat=2, opponents=["heuristic", "random"])
    total, steps, info = run_episode(env, seed=3)
    scores = info["scores"]
    assert total == scores[2] - max(scores[0], scores[1])
    assert steps > 5
    again = run_episode(SingleAgentEnv("mlem", seat=2, opponents=["heuristic", "random"]), seed=3)
    assert again[:2] == (total, steps) and again[2]["scores"] == scores


def test_illegal_actions():
    env = SingleAgentEnv("mlem", opponents=["random"])
    obs, info = env.reset(seed=0)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    obs2, reward, terminated, _truncated, info2 = env.step(illegal)
    assert reward == -1.0 and info2["illegal_action"] and not terminated
    assert np.array_equal(obs, obs2)
    env = SingleAgentEnv("mlem", opponents=["random"], illegal_action="random")
    _, info = env.reset(seed=0)
    _, _, _, _, info2 = env.step(illegal)
    assert info2["illegal_action"]
    env = SingleAgentEnv("mlem", opponents=["random"], illegal_action="raise")
    env.reset(seed=0)
    with pytest.raises(ValueError):
        env.step(illegal)


def test_gymnasium_make():
    import gymnasium

    register_envs()
    env = gymnasium.make("cosmotable/Mlem-v0", opponents=["random"])
    obs, info = env.reset(seed=1)
    assert obs.shape == env.observation_space.shape
    assert "action_mask" in info
