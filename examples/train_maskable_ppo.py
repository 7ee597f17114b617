"""Train sb3-contrib's MaskablePPO on a Cosmotable game end to end, and print its win rates against
the random and heuristic bots before and after training.

    pip install -e '.[train]'                 # sb3-contrib, stable-baselines3, torch
    python examples/train_maskable_ppo.py                           # MLEM, 2 players, 100k steps
    python examples/train_maskable_ppo.py --timesteps 20000 --eval-games 100
    python examples/train_maskable_ppo.py --game planet --claims no --max-turns 200 --timesteps 50000

The learner plays seat 0 in half of the training environments and seat 1 in the others, against
the random bot in half and the heuristic bot in the rest (`cosmotable.envs.gym.SingleAgentEnv`;
MaskablePPO finds the legal actions through its `action_masks()`). The reward is the final score
difference. The evaluation plays `--eval-games` games per opponent, alternating the seat, with the
policy's most likely legal action; a win is the best score alone, a shared best score counts half.

What a run on this machine gave is in docs/observations.md ("Training with MaskablePPO").
"""

from __future__ import annotations

import argparse
import time

import numpy as np


def make_env(args, seat: int, opponent: str):
    from cosmotable.envs.gym import SingleAgentEnv

    options = {"max_turns": args.max_turns} if args.max_turns else {}
    exclude = ("claim",) if args.game == "planet" and args.claims == "no" else ()
    return SingleAgentEnv(
        args.game,
        seat=seat,
        opponents=[opponent] * (args.players - 1),
        num_players=args.players,
        options=options,
        exclude_actions=exclude,
    )


def evaluate(model, args, opponent: str, games: int, seed: int) -> tuple[float, float]:
    """(win rate with shared wins as halves, mean final score difference) over `games` games."""
    points, diffs = 0.0, []
    envs = [make_env(args, seat, opponent) for seat in range(2)]
    for i in range(games):
        env = envs[i % 2]
        obs, info = env.reset(seed=seed + i)
        done = False
        while not done:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, _, terminated, truncated, info = env.step(int(action))
            done = terminated or truncated
        scores = info["scores"]
        mine, best = scores[env.seat], max(scores)
        if mine == best:
            points += 1.0 / scores.count(best)
        diffs.append(mine - max(s for k, s in enumerate(scores) if k != env.seat))
    return points / games, float(np.mean(diffs))


def report(title: str, model, args) -> dict[str, tuple[float, float]]:
    results = {}
    for opponent in ("random", "heuristic"):
        start = time.perf_counter()
        rate, diff = evaluate(model, args, opponent, args.eval_games, seed=args.seed + 1_000_000)
        results[opponent] = (rate, diff)
        print(
            f"{title:<8} vs {opponent:<9}: win rate {rate:6.1%}  mean score difference {diff:+6.2f}  "
            f"({args.eval_games} games, {time.perf_counter() - start:.0f} s)",
            flush=True,
        )
    return results


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="mlem", choices=["mlem", "kosmodrom", "planet"])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--timesteps", type=int, default=100_000, help="learner steps of training")
    parser.add_argument("--eval-games", type=int, default=200, help="games per opponent, before and after")
    parser.add_argument("--envs", type=int, default=4, help="training environments (seat x opponent mix)")
    parser.add_argument("--max-turns", type=int, default=0, help="Kosmodrom/Planet turn cap (0: the game's)")
    parser.add_argument("--claims", choices=["yes", "no"], default="no", help="Planet: may the learner claim")
    parser.add_argument("--threads", type=int, default=1, help="torch threads")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if args.envs < 1 or args.timesteps < 1 or args.eval_games < 1:
        parser.error("--envs, --timesteps and --eval-games must be >= 1")

    try:
        import torch
        from sb3_contrib import MaskablePPO
        from stable_baselines3.common.vec_env import DummyVecEnv
    except ModuleNotFoundError as exc:
        raise SystemExit(f"{exc.name} is missing: pip install -e '.[train]' (sb3-contrib, torch)") from None
    torch.set_num_threads(args.threads)

    mix = [(seat, opponent) for opponent in ("random", "heuristic") for seat in (0, 1)]
    vec = DummyVecEnv([lambda s=s, o=o: make_env(args, s, o) for s, o in (mix * args.envs)[: args.envs]])
    model = MaskablePPO(
        "MlpPolicy",
        vec,
        n_steps=512,
        batch_size=256,
        n_epochs=4,
        learning_rate=3e-4,
        gamma=1.0,
        ent_coef=0.01,
        seed=args.seed,
        verbose=0,
        policy_kwargs={"net_arch": [256, 256]},
    )
    print(
        f"{args.game}, {args.players} players: MaskablePPO, {args.timesteps} learner steps, "
        f"{args.envs} environments, seed {args.seed}",
        flush=True,
    )
    before = report("before", model, args)
    start = time.perf_counter()
    model.learn(total_timesteps=args.timesteps)
    elapsed = time.perf_counter() - start
    print(
        f"trained {args.timesteps} steps in {elapsed:.0f} s ({args.timesteps / elapsed:.0f} steps/s)",
        flush=True,
    )
    after = report("after", model, args)
    for opponent in ("random", "heuristic"):
        print(f"vs {opponent}: {before[opponent][0]:.1%} -> {after[opponent][0]:.1%}")


if __name__ == "__main__":
    main()
