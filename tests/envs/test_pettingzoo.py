"""PettingZoo AEC environment: the official API and seed tests, rewards, masks and rendering."""

from __future__ import annotations

import numpy as np
import pytest
from envs_helpers import ALL_VARIANTS

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, seed_test

from cosmotable.envs.pettingzoo import mlem_v0

# api_test warns about any Dict observation space and dict observations: that is the documented
# action-mask layout of PettingZoo's classic environments.
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
]


@pytest.mark.parametrize(
    "kwargs",
    [
        {"num_players": 2},
        {"num_players": 3, "variants": ALL_VARIANTS, "render_mode": "ansi"},
        {"num_players": 5, "variants": ("secret_missions",), "reward": "win"},
    ],
    ids=["2p", "3p-all-variants", "5p-missions-win"],
)
def test_api_test(kwargs):
    api_test(mlem_v0.env(**kwargs), num_cycles=400)


def test_seed_test():
    seed_test(lambda: mlem_v0.env(num_players=3, variants=("ufo", "discovery")), num_cycles=200)


def play_out(env, seed):
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    final = {}
    for agent in env.agent_iter():
        obs, _reward, termination, truncation, info = env.last()
        assert obs["observation"].shape == env.observation_space(agent)["observation"].shape
        if termination or truncation:
            final[agent] = (env._cumulative_rewards[agent], info)
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal) > 0
        env.step(int(rng.choice(legal)))
    return final


@pytest.mark.parametrize("reward", ["score_difference", "win", "score"])
def test_rewards_only_at_the_end(reward):
    env = mlem_v0.env(num_players=3, reward=reward)
    final = play_out(env, seed=4)
    scores = next(iter(final.values()))[1]["scores"]
    for seat, agent in enumerate(env.possible_agents):
        got = final[agent][0]
        others = max(s for o, s in enumerate(scores) if o != seat)
        if reward == "score_difference":
            assert got == scores[seat] - others
        elif reward == "score":
            assert got == scores[seat]
        else:
            assert got in (-1.0, 0.0, 1.0)
            assert (got >= 0) == (scores[seat] == max(scores))


def test_same_seed_same_game_and_mask_only_for_agent_to_act():
    a, b = mlem_v0.env(num_players=2), mlem_v0.env(num_players=2)
    assert play_out(a, 9) == play_out(b, 9)
    assert a.unwrapped.engine_state.history == b.unwrapped.engine_state.history
    env = mlem_v0.env(num_players=2)
    env.reset(seed=1)
    others = [ag for ag in env.agents if ag != env.agent_selection]
    assert not env.observe(others[0])["action_mask"].any()
    assert env.observe(env.agent_selection)["action_mask"].any()


def test_illegal_action_is_refused_and_render_is_text():
    env = mlem_v0.env(num_players=2, render_mode="ansi")
    env.reset(seed=0)
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError, match="illegal action"):
        env.step(illegal)
    text = env.render()
    assert isinstance(text, str) and "MLEM" in text and "expedition" in text
    assert env.action_text(int(np.flatnonzero(mask)[0])).startswith("board ")


def test_every_game_has_an_encoding_and_an_unknown_game_is_refused():
    from cosmotable import games
    from cosmotable.envs.encodings import has_encoding
    from cosmotable.envs.pettingzoo import env as make_env

    assert all(has_encoding(g) for g in games.ids())
    with pytest.raises(KeyError, match="unknown game"):
        make_env("chess", num_players=2)
