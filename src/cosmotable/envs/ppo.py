"""PPO in numpy on the compiled vector env: how the `learned` bot's weights are made (issue #49).

    from cosmotable.envs.ppo import PPOConfig, train
    result = train(PPOConfig(seed=0, cpu_budget=3000.0))   # result.params: the bot's weights

Masked PPO (clipped surrogate, GAE, value loss, entropy bonus, Adam, global gradient-norm clip)
on the network of `bots.learned.forward`, written out by hand so that training needs no torch and
a run is a pure function of its config: one BLAS thread (`scripts`/tests set it) and seeded
generators give the same weights bit for bit on the same machine and numpy.

The learner plays half its sub-envs in seat 0 and half in seat 1 against the opponent (`heuristic`
by default, the compiled one, identical to the bot) or, in a `self_play` share of them, against
its own earlier snapshots (`PoolOpponent`: one snapshot drawn from the pool per update, so a game
in progress may meet the next one mid-way). Reward: +1 a win, -1 a loss, 0 a shared
first place, plus `score_weight` x the score difference / 50 clipped to [-1, 1] (a denser signal
early on; small, so the value head stays near 2 x win chance - 1, which `explain` reports).

Autoreset is the vector env's next-step mode: the step after a game's last one ignores the action
and starts a new game, so that step is left out of the loss (`valid`), and an episode's last step
bootstraps from nothing.

The budget is CPU seconds of this process (`time.process_time`: the machine is shared, so wall
time says little), checked after each update; `max_updates` caps it too (tests).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field

import numpy as np

from cosmotable.bots.learned import PARAMS, forward
from cosmotable.envs.vector import CompiledVectorEnv


@dataclass(frozen=True)
class PPOConfig:
    seed: int = 0
    opponent: str = "heuristic"
    num_envs: int = 256  # half in each seat
    steps: int = 32  # per sub-env per update
    hidden: tuple[int, int] = (64, 64)
    lr: float = 1e-3
    gamma: float = 1.0
    lam: float = 0.95
    clip: float = 0.2
    epochs: int = 3
    minibatch: int = 2048
    value_coef: float = 0.5
    entropy_coef: float = 0.01
    max_grad_norm: float = 0.5
    score_weight: float = 0.1
    #: share of the sub-envs whose opponent is the learner itself, frozen at an earlier update (the
    #: pool: a snapshot every `pool_every` updates); the others play `opponent`
    self_play: float = 0.0
    pool_every: int = 10
    #: the learning rate falls linearly from `lr` to 0 at this update (None: constant)
    anneal_updates: int | None = None
    cpu_budget: float = 3000.0
    max_updates: int | None = None

    def to_json(self) -> dict:
        return {**asdict(self), "hidden": list(self.hidden)}


@dataclass
class TrainResult:
    params: dict[str, np.ndarray]
    config: PPOConfig
    history: list[dict] = field(default_factory=list)  # one row per update
    cpu_seconds: float = 0.0


def init_params(obs_size: int, num_actions: int, hidden: tuple[int, int], rng: np.random.Generator):
    """Orthogonal-ish init (scaled Gaussian), small policy head so the first policy is near uniform."""
    h1, h2 = hidden

    def layer(n_in: int, n_out: int, gain: float) -> np.ndarray:
        return (rng.standard_normal((n_in, n_out)) * gain / np.sqrt(n_in)).astype(np.float32)

    return {
        "w1": layer(obs_size, h1, 1.0),
        "b1": np.zeros(h1, np.float32),
        "w2": layer(h1, h2, 1.0),
        "b2": np.zeros(h2, np.float32),
        "wp": layer(h2, num_actions, 0.01),
        "bp": np.zeros(num_actions, np.float32),
        "wv": layer(h2, 1, 1.0),
        "bv": np.zeros(1, np.float32),
    }


class Adam:
    def __init__(self, params: dict[str, np.ndarray], lr: float):
        self.lr, self.t = lr, 0
        self.m = {k: np.zeros_like(v) for k, v in params.items()}
        self.v = {k: np.zeros_like(v) for k, v in params.items()}

    def step(self, params: dict[str, np.ndarray], grads: dict[str, np.ndarray], lr: float) -> None:
        self.t += 1
        b1, b2 = 0.9, 0.999
        c1, c2 = 1 - b1**self.t, 1 - b2**self.t
        for k in PARAMS:
            g = grads[k]
            self.m[k] = b1 * self.m[k] + (1 - b1) * g
            self.v[k] = b2 * self.v[k] + (1 - b2) * g * g
            params[k] -= (lr * (self.m[k] / c1) / (np.sqrt(self.v[k] / c2) + 1e-8)).astype(np.float32)


def legal_lists(mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(n, K) legal action indices of each row, padded with 0, and the (n, K) bool of which are real
    (K: the most legal actions of a row). MLEM offers ~3 of 3,126 actions, so the network's policy
    head is evaluated on these columns only: ~100x less work than the dense head in training."""
    rows, cols = np.nonzero(mask)
    counts = np.bincount(rows, minlength=len(mask))
    width = max(1, int(counts.max()) if len(counts) else 1)
    starts = np.concatenate([[0], np.cumsum(counts)[:-1]])
    pos = np.arange(len(rows)) - starts[rows]
    idx = np.zeros((len(mask), width), np.int64)
    real = np.zeros((len(mask), width), bool)
    idx[rows, pos] = cols
    real[rows, pos] = True
    return idx, real


def legal_forward(params, obs: np.ndarray, idx: np.ndarray, real: np.ndarray):
    """`forward` with the policy head on the legal columns only: (probabilities (n, K), values,
    hidden layers, the head's gathered columns)."""
    h1 = np.tanh(obs @ params["w1"] + params["b1"])
    h2 = np.tanh(h1 @ params["w2"] + params["b2"])
    cols = params["wp"].T[idx]  # (n, K, hidden)
    logits = np.einsum("nh,nkh->nk", h2, cols) + params["bp"][idx]
    logits = np.where(real, logits, -np.inf)
    top = logits.max(axis=1, keepdims=True)
    e = np.where(real, np.exp(logits - np.where(np.isfinite(top), top, 0.0)), 0.0)
    total = e.sum(axis=1, keepdims=True)
    p = e / np.where(total > 0, total, 1.0)
    values = (h2 @ params["wv"] + params["bv"])[:, 0]
    return p, values, (h1, h2), cols


def ppo_gradients(params, batch, cfg: PPOConfig) -> tuple[dict[str, np.ndarray], dict[str, float]]:
    """The loss's gradients for one minibatch (obs, legal indices, which are real, chosen
    positions in the legal list, old log-probs, advantages, returns), by hand through the network."""
    obs, idx, real, actions, old_logp, adv, ret = batch
    n = len(actions)
    p, values, (h1, h2), cols = legal_forward(params, obs, idx, real)
    rows = np.arange(n)
    logp_all = np.log(np.where(real, p, 1.0))
    logp = logp_all[rows, actions]
    ratio = np.exp(logp - old_logp)
    clipped = ((adv > 0) & (ratio > 1 + cfg.clip)) | ((adv < 0) & (ratio < 1 - cfg.clip))
    g = np.where(clipped, 0.0, -adv * ratio) / n  # d loss / d logp
    entropy = -(p * logp_all).sum(axis=1)
    d_logits = -p * g[:, None]
    d_logits[rows, actions] += g
    # d(-c H)/d logit_j = c p_j (log p_j + H)
    d_logits += (cfg.entropy_coef / n) * p * (logp_all + entropy[:, None])
    d_logits = np.where(real, d_logits, 0.0).astype(np.float32)
    d_values = (cfg.value_coef * 2.0 / n) * (values - ret)
    d_values = d_values.astype(np.float32)[:, None]
    hidden = h2.shape[1]
    r, k = np.nonzero(real)
    flat = (idx[r, k][:, None] * hidden + np.arange(hidden)).reshape(-1)
    weights = (h2[r] * d_logits[r, k][:, None]).reshape(-1)
    num_actions = params["bp"].shape[0]
    grads = {
        "wp": np.bincount(flat, weights, minlength=num_actions * hidden)
        .reshape(num_actions, hidden)
        .T.astype(np.float32),
        "bp": np.bincount(idx[r, k], d_logits[r, k], minlength=num_actions).astype(np.float32),
        "wv": h2.T @ d_values,
        "bv": d_values.sum(axis=0),
    }
    d_h2 = (np.einsum("nk,nkh->nh", d_logits, cols) + d_values @ params["wv"].T) * (1 - h2 * h2)
    grads["w2"], grads["b2"] = h1.T @ d_h2, d_h2.sum(axis=0)
    d_h1 = (d_h2 @ params["w2"].T) * (1 - h1 * h1)
    grads["w1"], grads["b1"] = obs.T @ d_h1, d_h1.sum(axis=0)
    norm = float(np.sqrt(sum(float((v.astype(np.float64) ** 2).sum()) for v in grads.values())))
    if norm > cfg.max_grad_norm:
        grads = {k: v * np.float32(cfg.max_grad_norm / norm) for k, v in grads.items()}
    stats = {
        "policy_loss": float(
            -np.minimum(adv * ratio, adv * np.clip(ratio, 1 - cfg.clip, 1 + cfg.clip)).mean()
        ),
        "value_loss": float(((values - ret) ** 2).mean()),
        "entropy": float(entropy.mean()),
        "clip_fraction": float(clipped.mean()),
    }
    return grads, stats


def shaped_reward(score_difference: np.ndarray, weight: float) -> np.ndarray:
    return np.sign(score_difference) + weight * np.clip(score_difference / 50.0, -1.0, 1.0)


def sample_actions(p: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One action per row drawn from the row's probabilities (inverse CDF: one uniform each)."""
    cdf = np.cumsum(p, axis=1)
    u = rng.random(len(p))[:, None] * cdf[:, -1:]
    return np.minimum((cdf <= u).sum(axis=1), p.shape[1] - 1)


class PoolOpponent:
    """The self-play opponent: a batched policy callback for the vector env that draws each move from
    a frozen copy of the learner (`params`, set before each update from the pool)."""

    def __init__(self, rng: np.random.Generator):
        self.rng = rng
        self.params: dict[str, np.ndarray] | None = None

    def __call__(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        assert self.params is not None, "the pool opponent plays only once a snapshot is set"
        idx, real = legal_lists(np.asarray(mask, dtype=bool))
        p = legal_forward(self.params, np.asarray(obs, dtype=np.float32), idx, real)[0]
        return idx[np.arange(len(idx)), sample_actions(p, self.rng)]


def learning_rate(cfg: PPOConfig, update: int) -> float:
    """The learning rate of update `update` + 1 (counted from 0)."""
    if cfg.anneal_updates is None:
        return cfg.lr
    return cfg.lr * max(0.0, 1.0 - update / cfg.anneal_updates)


def opponent_groups(cfg: PPOConfig) -> list[tuple[int, int, str]]:
    """(seat, sub-envs, opponent) of each vector env of a run: the learner in seat 0 and seat 1 in
    equal numbers, against `opponent` and (with `self_play`) against the pool."""
    pooled = round(cfg.num_envs * cfg.self_play) // 2
    fixed = cfg.num_envs // 2 - pooled
    groups = [(seat, fixed, cfg.opponent) for seat in (0, 1) if fixed]
    return groups + [(seat, pooled, "self") for seat in (0, 1) if pooled]


def train(cfg: PPOConfig, report: Callable[[dict, dict[str, np.ndarray]], None] | None = None) -> TrainResult:
    start = time.process_time()
    rng = np.random.default_rng(cfg.seed)
    # the pool has its own generators, so a run without self-play draws exactly as before
    pool_rng = np.random.default_rng([cfg.seed, 1])
    pool_opponent = PoolOpponent(np.random.default_rng([cfg.seed, 2]))
    groups = opponent_groups(cfg)
    envs = [
        CompiledVectorEnv(
            "mlem",
            num_envs=size,
            seat=seat,
            opponents=[pool_opponent if opponent == "self" else opponent],
            num_players=2,
        )
        for seat, size, opponent in groups
    ]
    bounds = np.cumsum([0] + [size for _, size, _ in groups])
    against_fixed = np.concatenate([np.full(size, opponent != "self") for _, size, opponent in groups])
    obs_size, num_actions = envs[0].backend.obs_size, envs[0].backend.num_actions
    params = init_params(obs_size, num_actions, cfg.hidden, rng)
    pool = [{k: v.copy() for k, v in params.items()}]
    pool_opponent.params = pool[0]  # a reset already plays the opponents' first moves
    adam = Adam(params, cfg.lr)
    obs = np.concatenate([e.reset(seed=cfg.seed * 100_000 + int(lo))[0] for e, lo in zip(envs, bounds)])
    prev_done = np.zeros(cfg.num_envs, dtype=bool)
    result = TrainResult(params, cfg)
    n, t_len = cfg.num_envs, cfg.steps
    update = 0
    games = 0
    while True:
        buf_obs = np.zeros((t_len, n, obs_size), np.float32)
        buf_legal: list[tuple[np.ndarray, np.ndarray]] = []
        buf_act = np.zeros((t_len, n), np.int64)  # the position in the row's legal list
        buf_logp = np.zeros((t_len, n), np.float32)
        buf_val = np.zeros((t_len + 1, n), np.float32)
        buf_rew = np.zeros((t_len, n), np.float32)
        buf_done = np.zeros((t_len, n), bool)
        buf_valid = np.zeros((t_len, n), bool)
        won = played = pool_won = pool_played = 0
        # half the time the newest snapshot, else any of the pool (so the learner keeps beating
        # what it once was, not only its latest self)
        newest = pool_rng.random() < 0.5
        pool_opponent.params = pool[-1] if newest else pool[int(pool_rng.integers(len(pool)))]
        for t in range(t_len):
            idx, real = legal_lists(np.concatenate([e.action_masks() for e in envs]))
            p, values, _, _ = legal_forward(params, obs, idx, real)
            valid = ~prev_done
            chosen = np.where(valid, sample_actions(p, rng), 0)
            actions = idx[np.arange(n), chosen]
            buf_obs[t], buf_act[t], buf_val[t], buf_valid[t] = obs, chosen, values, valid
            buf_legal.append((idx, real))
            buf_logp[t] = np.log(np.maximum(p[np.arange(n), chosen], 1e-30))
            outs = [e.step(actions[lo:hi]) for e, lo, hi in zip(envs, bounds[:-1], bounds[1:])]
            obs = np.concatenate([o[0] for o in outs])
            rew = np.concatenate([o[1] for o in outs])
            done = np.concatenate([o[2] | o[3] for o in outs]) & valid
            buf_rew[t] = np.where(done, shaped_reward(rew, cfg.score_weight), 0.0)
            buf_done[t] = done | ~valid
            won += int((done & against_fixed & (rew > 0)).sum())
            played += int((done & against_fixed).sum())
            pool_won += int((done & ~against_fixed & (rew > 0)).sum())
            pool_played += int((done & ~against_fixed).sum())
            prev_done = done
        buf_val[t_len] = legal_forward(
            params, obs, *legal_lists(np.concatenate([e.action_masks() for e in envs]))
        )[1]
        # GAE; a step that ends a game (or the dummy autoreset step) does not bootstrap
        adv = np.zeros((t_len, n), np.float32)
        last = np.zeros(n, np.float32)
        for t in reversed(range(t_len)):
            nonterminal = ~buf_done[t]
            delta = buf_rew[t] + cfg.gamma * buf_val[t + 1] * nonterminal - buf_val[t]
            last = delta + cfg.gamma * cfg.lam * nonterminal * last
            adv[t] = last
        ret = adv + buf_val[:t_len]
        width = max(i.shape[1] for i, _ in buf_legal)
        all_idx = np.zeros((t_len, n, width), np.int64)
        all_real = np.zeros((t_len, n, width), bool)
        for t, (i, r) in enumerate(buf_legal):
            all_idx[t, :, : i.shape[1]], all_real[t, :, : r.shape[1]] = i, r
        keep = buf_valid.reshape(-1)
        flat = [
            buf_obs.reshape(t_len * n, obs_size)[keep],
            all_idx.reshape(t_len * n, width)[keep],
            all_real.reshape(t_len * n, width)[keep],
            buf_act.reshape(-1)[keep],
            buf_logp.reshape(-1)[keep],
            adv.reshape(-1)[keep],
            ret.reshape(-1)[keep],
        ]
        a = flat[5]
        flat[5] = (a - a.mean()) / (a.std() + 1e-8)
        stats: dict[str, float] = {}
        for _epoch in range(cfg.epochs):
            order = rng.permutation(len(flat[3]))
            for lo in range(0, len(order), cfg.minibatch):
                batch = order[lo : lo + cfg.minibatch]
                grads, stats = ppo_gradients(params, [x[batch] for x in flat], cfg)
                adam.step(params, grads, learning_rate(cfg, update))
        update += 1
        games += played + pool_played
        if cfg.self_play and update % cfg.pool_every == 0:
            pool.append({k: v.copy() for k, v in params.items()})
        row = {
            "update": update,
            "samples": update * t_len * n,
            "games": games,
            "win_rate": won / played if played else float("nan"),
            "pool_win_rate": pool_won / pool_played if pool_played else float("nan"),
            "cpu_seconds": time.process_time() - start,
            **stats,
        }
        result.history.append(row)
        if report is not None:
            report(row, params)  # the live weights: copy what you keep
        if row["cpu_seconds"] >= cfg.cpu_budget or (
            cfg.max_updates is not None and update >= cfg.max_updates
        ):
            break
    result.cpu_seconds = time.process_time() - start
    return result


def greedy_policy(params: dict[str, np.ndarray]) -> Callable[[np.ndarray, np.ndarray], np.ndarray]:
    """A batched (obs, mask) -> actions callable playing each row's most probable legal action."""

    def choose(obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        logits = forward(params, obs)[0]
        return np.where(mask, logits, -np.inf).argmax(axis=1)

    return choose


def win_rate_vs(params, opponent: str, games: int, seed: int, num_envs: int = 256) -> dict:
    """The greedy policy's results over `games` 2-player games against `opponent` on the vector
    env, half in each seat: wins, losses, ties (shared first place) and the mean score difference."""
    choose = greedy_policy(params)
    per_seat = games // 2
    wins = losses = ties = 0
    diffs: list[float] = []
    for seat in (0, 1):
        envs_n = min(num_envs, per_seat)
        env = CompiledVectorEnv("mlem", num_envs=envs_n, seat=seat, opponents=[opponent], num_players=2)
        obs, _ = env.reset(seed=seed + seat * 1_000_003)
        finished = 0
        counted = np.zeros(envs_n, dtype=np.int64)  # games each sub-env has counted
        quota = np.full(envs_n, per_seat // envs_n) + (np.arange(envs_n) < per_seat % envs_n)
        while finished < per_seat:
            obs, rew, term, trunc, _ = env.step(choose(obs, env.action_masks()))
            done = (term | trunc) & (counted < quota)
            counted += done
            finished += int(done.sum())
            d = rew[done]
            wins += int((d > 0).sum())
            losses += int((d < 0).sum())
            ties += int((d == 0).sum())
            diffs.extend(d.tolist())
    return {
        "games": wins + losses + ties,
        "wins": wins,
        "losses": losses,
        "ties": ties,
        "mean_score_difference": float(np.mean(diffs)),
    }
