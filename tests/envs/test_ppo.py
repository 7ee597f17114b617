"""The numpy PPO that makes the learned bot's weights (envs/ppo.py): its hand-written gradients agree
with finite differences, the self-play pool plays legal moves and the learner meets it in both seats."""

from __future__ import annotations

import numpy as np
import pytest

from cosmotable.envs.ppo import (
    PoolOpponent,
    PPOConfig,
    init_params,
    learning_rate,
    legal_forward,
    legal_lists,
    opponent_groups,
    ppo_gradients,
    train,
)
from cosmotable.envs.vector import CompiledVectorEnv

pytestmark = pytest.mark.batch_engine


def loss(params, batch, cfg: PPOConfig) -> float:
    """The PPO loss the gradients are of: clipped surrogate + value - entropy, in float64."""
    obs, idx, real, actions, old_logp, adv, ret = batch
    p, values, _, _ = legal_forward(params, obs, idx, real)
    rows = np.arange(len(actions))
    logp_all = np.log(np.where(real, p, 1.0))
    ratio = np.exp(logp_all[rows, actions] - old_logp)
    surrogate = -np.minimum(adv * ratio, adv * np.clip(ratio, 1 - cfg.clip, 1 + cfg.clip)).mean()
    entropy = -(p * logp_all).sum(axis=1).mean()
    return float(surrogate + cfg.value_coef * ((values - ret) ** 2).mean() - cfg.entropy_coef * entropy)


def test_the_gradients_are_the_losss_by_finite_differences():
    rng = np.random.default_rng(3)
    cfg = PPOConfig(hidden=(5, 4), max_grad_norm=1e9)
    params = {k: v.astype(np.float64) for k, v in init_params(6, 7, cfg.hidden, rng).items()}
    params["wp"] = rng.standard_normal(params["wp"].shape)  # a policy far from uniform
    n = 9
    mask = rng.random((n, 7)) < 0.5
    mask[:, 0] = True
    idx, real = legal_lists(mask)
    p = legal_forward(params, rng.standard_normal((n, 6)), idx, real)[0]
    actions = np.array([rng.choice(np.flatnonzero(r)) for r in real])
    batch = [
        rng.standard_normal((n, 6)),
        idx,
        real,
        actions,
        np.log(p[np.arange(n), actions]) + rng.normal(0, 0.1, n),  # ratios near 1, some clipped
        rng.standard_normal(n),
        rng.standard_normal(n),
    ]
    grads, _ = ppo_gradients(params, batch, cfg)
    eps = 1e-6
    for key in ("w1", "b2", "wp", "bp", "wv"):
        flat = params[key].reshape(-1)
        for i in rng.choice(flat.size, size=min(6, flat.size), replace=False):
            keep = flat[i]
            flat[i] = keep + eps
            up = loss(params, batch, cfg)
            flat[i] = keep - eps
            down = loss(params, batch, cfg)
            flat[i] = keep
            assert grads[key].reshape(-1)[i] == pytest.approx((up - down) / (2 * eps), abs=1e-5), (key, i)


def test_self_play_puts_the_learner_in_both_seats_against_both_opponents():
    groups = opponent_groups(PPOConfig(num_envs=256, self_play=0.5))
    assert groups == [(0, 64, "heuristic"), (1, 64, "heuristic"), (0, 64, "self"), (1, 64, "self")]
    assert opponent_groups(PPOConfig(num_envs=256)) == [(0, 128, "heuristic"), (1, 128, "heuristic")]
    assert sum(size for _, size, _ in opponent_groups(PPOConfig(num_envs=100, self_play=0.3))) == 100


def test_the_pool_opponent_draws_legal_moves_from_its_snapshot():
    env = CompiledVectorEnv("mlem", num_envs=16, seat=0, opponents=["random"], num_players=2)
    obs, _ = env.reset(seed=4)
    params = init_params(env.backend.obs_size, env.backend.num_actions, (8, 8), np.random.default_rng(0))
    opponent = PoolOpponent(np.random.default_rng(1))
    opponent.params = params
    for _ in range(20):
        mask = env.action_masks()
        waiting = mask.any(axis=1)
        actions = opponent(obs[waiting], mask[waiting])
        assert mask[waiting][np.arange(len(actions)), actions].all()
        full = np.zeros(env.num_envs, dtype=np.int64)
        full[waiting] = actions
        obs = env.step(full)[0]


def test_a_self_play_run_trains_against_its_pool_and_repeats_itself():
    cfg = PPOConfig(num_envs=16, steps=24, hidden=(8, 8), self_play=0.5, pool_every=1, max_updates=3)
    first, again = train(cfg), train(cfg)
    assert len(first.history) == 3
    assert sum(row["games"] for row in first.history[-1:]) > 0
    assert any(np.isfinite(row["pool_win_rate"]) for row in first.history)
    for key in first.params:
        assert np.array_equal(first.params[key], again.params[key])
    untouched = init_params(
        first.params["w1"].shape[0], first.params["bp"].shape[0], cfg.hidden, np.random.default_rng(cfg.seed)
    )
    assert not np.array_equal(first.params["w2"], untouched["w2"])


def test_the_learning_rate_falls_to_nothing_at_the_annealing_update():
    cfg = PPOConfig(lr=0.002, anneal_updates=100)
    assert learning_rate(cfg, 0) == 0.002
    assert learning_rate(cfg, 50) == pytest.approx(0.001)
    assert learning_rate(cfg, 100) == learning_rate(cfg, 130) == 0.0
    assert learning_rate(PPOConfig(lr=0.002), 10_000) == 0.002
