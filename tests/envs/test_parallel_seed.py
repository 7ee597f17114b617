"""PettingZoo's stock `parallel_seed_test`, and the same check with the action mask (issue #49).

The stock test samples `action_space(agent).sample()` without the mask: in a masked turn-based game
that is an illegal action, which these environments refuse with a ValueError naming the legal ones
(as `max_cycles_test` does; docs/observations.md). `masked_parallel_seed_test` is the stock test
with one change, the sample drawn from the legal actions: two environments reset with the same seed
and fed the same seeded samples must give the same observations, rewards, ends and infos.
"""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo")
from gymnasium.utils.env_checker import data_equivalence
from pettingzoo.test import parallel_seed_test
from pettingzoo.test.seed_test import seed_action_spaces
from pettingzoo.utils.env import ParallelEnv

from cosmotable.envs.pettingzoo import kosmodrom_v0, mlem_v0, planet_v0


def masked_actions(env: ParallelEnv, observations) -> dict:
    return {agent: env.action_space(agent).sample(observations[agent]["action_mask"]) for agent in env.agents}


def masked_parallel_seed_test(make, num_cycles: int) -> int:
    """pettingzoo.test.seed_test.check_environment_deterministic_parallel, sampling legal actions.
    Returns the steps compared."""
    env1, env2 = make(), make()
    obs1, info1 = env1.reset(seed=42)
    obs2, info2 = env2.reset(seed=42)
    assert data_equivalence(obs1, obs2) and data_equivalence(info1, info2)
    seed_action_spaces(env1)
    seed_action_spaces(env2)
    steps = 0
    while env1.agents and steps < num_cycles * len(env1.agents):
        actions1, actions2 = masked_actions(env1, obs1), masked_actions(env2, obs2)
        assert data_equivalence(actions1, actions2), "Incorrect action seeding"
        obs1, rewards1, terms1, truncs1, infos1 = env1.step(actions1)
        obs2, rewards2, terms2, truncs2, infos2 = env2.step(actions2)
        steps += 1
        assert data_equivalence(obs1, obs2), "Incorrect observations"
        assert data_equivalence(rewards1, rewards2), "Incorrect values for rewards"
        assert data_equivalence(terms1, terms2) and data_equivalence(truncs1, truncs2)
        assert data_equivalence(infos1, infos2), "Incorrect infos"
        if any(terms1.values()) or any(truncs1.values()):
            break
    env1.close()
    env2.close()
    return steps


def test_stock_parallel_seed_test_fails_only_on_the_unmasked_sample():
    with pytest.raises(ValueError, match=r"illegal action .*\(use the action_mask\)"):
        parallel_seed_test(lambda: mlem_v0.parallel_env(num_players=2), num_cycles=20)


@pytest.mark.parametrize(
    "make",
    [
        lambda: mlem_v0.parallel_env(num_players=3, variants=("ufo", "secret_missions")),
        lambda: kosmodrom_v0.parallel_env(num_players=2),
        lambda: planet_v0.parallel_env(num_players=2, max_turns=40),
    ],
    ids=["mlem", "kosmodrom", "planet"],
)
def test_masked_parallel_seed_test(make):
    assert masked_parallel_seed_test(make, num_cycles=60) > 20
