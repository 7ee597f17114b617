"""Train a masked policy on MLEM with the Gymnasium wrapper, then report its win rate vs the random bot.

    python examples/train_ppo_mlem.py                       # torch if installed, else numpy
    python examples/train_ppo_mlem.py --backend torch --updates 50
    python examples/train_ppo_mlem.py --backend numpy --episodes 2000 --eval 200

Measured (Intel Xeon, 2 cores, 24 GiB, Python 3.11.7; numpy backend, 2 players, seed 0; issue #49):
`python examples/train_ppo_mlem.py --backend numpy` (the defaults: 1,000 episodes, 100 evaluation
games) gives a 71% win rate against the random bot (mean score difference +4.8) where the random
policy wins 55% (+1.3), training in 12 s (load average 4.4);
`python examples/train_ppo_mlem.py --backend numpy --episodes 2000 --eval 200` gives 76% (+7.3)
against 51% (+0.3), training in 214 s (load average 12: the machine was shared).

Two backends, same environment and evaluation:

* `torch`: masked PPO (clipped surrogate, value head, GAE) with a small MLP. PyTorch is not a
  dependency of Cosmotable: `pip install torch==2.13.0` (CPU is plenty).
* `numpy`: a masked softmax-linear policy trained with REINFORCE and a learned linear baseline;
  runs anywhere the `rl` extra is installed.

Illegal actions never happen: logits of actions outside `info["action_mask"]` are set to -inf.
This is a smoke-sized demonstration (minutes on a laptop CPU), not a tuned agent.
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np

from cosmotable.envs.gym import SingleAgentEnv


def make_env(args, opponents=None) -> SingleAgentEnv:
    return SingleAgentEnv(
        "mlem",
        seat=0,
        opponents=opponents or [args.opponent] * (args.players - 1),
        num_players=args.players,
        reward=args.reward,
    )


def evaluate(env: SingleAgentEnv, choose, episodes: int, seed: int) -> tuple[float, float]:
    """Win rate (shared wins count) and mean final score difference over `episodes` games."""
    wins, diffs = 0, []
    for i in range(episodes):
        obs, info = env.reset(seed=seed + i)
        done = False
        while not done:
            obs, _, term, trunc, info = env.step(choose(obs, info["action_mask"]))
            done = term or trunc
        scores = info["scores"]
        wins += scores[0] == max(scores)
        diffs.append(scores[0] - max(scores[1:]))
    return wins / episodes, float(np.mean(diffs))


# ---------------------------------------------------------------------- numpy backend
def train_numpy(args) -> None:
    env = make_env(args)
    rng = np.random.default_rng(args.seed)
    n_obs, n_act = env.observation_space.shape[0], env.action_space.n
    W = np.zeros((n_obs, n_act), np.float32)
    b = np.zeros(n_act, np.float32)
    v = np.zeros(n_obs, np.float32)  # linear baseline on the observation
    scale = 1.0 / 50.0  # score differences are tens of points
    start = time.time()
    for episode in range(args.episodes):
        obs, info = env.reset(seed=args.seed + 10_000 + episode)
        trajectory = []
        done, ret = False, 0.0
        while not done:
            legal = np.flatnonzero(info["action_mask"])
            logits = obs @ W[:, legal] + b[legal]  # only the legal columns: masked softmax
            p = np.exp(logits - logits.max())
            p /= p.sum()
            k = int(rng.choice(len(legal), p=p))
            trajectory.append((obs, legal, p, k))
            obs, r, term, trunc, info = env.step(int(legal[k]))
            ret += r
            done = term or trunc
        G = ret * scale  # terminal reward only: every step's return is the final one
        for o, legal, p, k in trajectory:
            adv = G - float(o @ v)
            grad = -p
            grad[k] += 1.0  # d log pi / d logits on the legal columns (illegal ones have p = 0)
            W[:, legal] += args.lr * adv * np.outer(o, grad)
            b[legal] += args.lr * adv * grad
            v += args.lr_value * adv * o
        if (episode + 1) % max(1, args.episodes // 10) == 0:
            print(f"episode {episode + 1}/{args.episodes}: return {ret:+.0f}  ({time.time() - start:.0f}s)")

    def greedy(o, mask):
        return int(np.argmax(np.where(mask.astype(bool), o @ W + b, -np.inf)))

    report(args, greedy)


# ---------------------------------------------------------------------- torch backend
def import_torch():
    try:
        import torch
    except ImportError:
        sys.exit("PyTorch is not installed: pip install torch==2.13.0  (or run with --backend numpy)")
    return torch


def train_torch(args) -> None:
    torch = import_torch()
    nn = torch.nn
    torch.manual_seed(args.seed)
    env = make_env(args)
    n_obs, n_act = env.observation_space.shape[0], env.action_space.n

    class ActorCritic(nn.Module):
        def __init__(self):
            super().__init__()
            self.body = nn.Sequential(nn.Linear(n_obs, 256), nn.Tanh(), nn.Linear(256, 256), nn.Tanh())
            self.pi = nn.Linear(256, n_act)
            self.v = nn.Linear(256, 1)

        def forward(self, obs, mask):
            h = self.body(obs)
            logits = self.pi(h).masked_fill(~mask, -1e9)
            return torch.distributions.Categorical(logits=logits), self.v(h).squeeze(-1)

    net = ActorCritic()
    opt = torch.optim.Adam(net.parameters(), lr=args.lr_torch)
    gamma, lam, clip = 1.0, 0.95, 0.2
    start = time.time()
    seed = args.seed + 10_000
    for update in range(args.updates):
        buf = {k: [] for k in ("obs", "mask", "act", "logp", "val", "rew", "done")}
        obs, info = env.reset(seed=seed)
        seed += 1
        while len(buf["obs"]) < args.steps:
            o = torch.as_tensor(obs).unsqueeze(0)
            m = torch.as_tensor(info["action_mask"].astype(bool)).unsqueeze(0)
            with torch.no_grad():
                dist, val = net(o, m)
                a = dist.sample()
            obs, r, term, trunc, info = env.step(int(a))
            for k, x in (
                ("obs", o[0]),
                ("mask", m[0]),
                ("act", a[0]),
                ("logp", dist.log_prob(a)[0]),
                ("val", val[0]),
                ("rew", r * 0.02),
                ("done", float(term or trunc)),
            ):
                buf[k].append(x)
            if term or trunc:
                obs, info = env.reset(seed=seed)
                seed += 1
        rew = np.array(buf["rew"], np.float32)
        done = np.array(buf["done"], np.float32)
        val = torch.stack(buf["val"]).numpy()
        adv = np.zeros_like(rew)
        last = 0.0
        for t in reversed(range(len(rew))):
            next_val = 0.0 if done[t] or t == len(rew) - 1 else val[t + 1]
            delta = rew[t] + gamma * next_val - val[t]
            last = delta + gamma * lam * (1.0 - done[t]) * last
            adv[t] = last
        ret = torch.as_tensor(adv + val)
        adv_t = torch.as_tensor((adv - adv.mean()) / (adv.std() + 1e-8))
        O, M = torch.stack(buf["obs"]), torch.stack(buf["mask"])
        A, LP = torch.stack(buf["act"]), torch.stack(buf["logp"])
        for _ in range(args.epochs):
            for idx in torch.randperm(len(rew)).split(args.minibatch):
                dist, v = net(O[idx], M[idx])
                ratio = (dist.log_prob(A[idx]) - LP[idx]).exp()
                pg = -torch.min(ratio * adv_t[idx], ratio.clamp(1 - clip, 1 + clip) * adv_t[idx]).mean()
                loss = pg + 0.5 * ((v - ret[idx]) ** 2).mean() - 0.01 * dist.entropy().mean()
                opt.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(net.parameters(), 0.5)
                opt.step()
        print(
            f"update {update + 1}/{args.updates}: mean step reward {rew.mean():+.4f}  ({time.time() - start:.0f}s)"
        )

    def greedy(o, mask):
        with torch.no_grad():
            dist, _ = net(torch.as_tensor(o).unsqueeze(0), torch.as_tensor(mask.astype(bool)).unsqueeze(0))
        return int(dist.probs.argmax())

    report(args, greedy)


def report(args, greedy) -> None:
    env = make_env(args, opponents=["random"] * (args.players - 1))
    rng = np.random.default_rng(args.seed + 1)

    def random_policy(o, mask):
        return int(rng.choice(np.flatnonzero(mask)))

    trained = evaluate(env, greedy, args.eval, seed=args.seed + 50_000)
    baseline = evaluate(env, random_policy, args.eval, seed=args.seed + 50_000)
    print(
        f"vs random bot over {args.eval} games ({args.players} players): "
        f"trained win rate {trained[0]:.0%} (mean score diff {trained[1]:+.1f}); "
        f"random policy win rate {baseline[0]:.0%} (mean score diff {baseline[1]:+.1f})"
    )


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--backend", choices=("auto", "torch", "numpy"), default="auto")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--opponent", default="random", help="bot to train against (random, heuristic, ...)")
    parser.add_argument("--reward", default="score_difference", choices=("score_difference", "win", "score"))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--eval", type=int, default=100, help="evaluation games vs the random bot")
    parser.add_argument("--episodes", type=int, default=1000, help="numpy: training episodes")
    parser.add_argument("--lr", type=float, default=0.01, help="numpy: policy step size")
    parser.add_argument("--lr-value", type=float, default=0.01, help="numpy: baseline step size")
    parser.add_argument("--updates", type=int, default=30, help="torch: PPO updates")
    parser.add_argument("--steps", type=int, default=1024, help="torch: steps per update")
    parser.add_argument("--epochs", type=int, default=4, help="torch: epochs per update")
    parser.add_argument("--minibatch", type=int, default=256, help="torch: minibatch size")
    parser.add_argument("--lr-torch", type=float, default=3e-4, help="torch: Adam learning rate")
    args = parser.parse_args(argv)
    backend = args.backend
    if backend == "auto":
        try:
            import torch  # noqa: F401

            backend = "torch"
        except ImportError:
            print("PyTorch not found (pip install torch==2.13.0 for PPO); using the numpy policy gradient")
            backend = "numpy"
    (train_torch if backend == "torch" else train_numpy)(args)


if __name__ == "__main__":
    main()
