"""Train the `learned` bot's policy on the compiled vector env (numpy PPO, cosmotable.envs.ppo).

    python examples/train_learned_mlem.py --cpu-budget 3000 --run-dir runs/learned   # a full run
    python examples/train_learned_mlem.py --max-updates 400 --run-dir runs/learned   # by updates
    python examples/train_learned_mlem.py --ship runs/learned/update_0400.npz        # ship one

A run writes to --run-dir a checkpoint every --every updates (`update_NNNN.npz`, float32) and
`history.json` (one row per update: samples, games, training win rate of the sampling policy,
losses, CPU seconds). A checkpoint is a pure function of (config, number of updates): the same
command with `--max-updates N` gives update N again (one BLAS thread, set below before numpy
loads). `--ship` stores a checkpoint as the bot's weights (float16, src/cosmotable/bots/data/
learned_mlem.npz) with learned_mlem.json (script, seed, commit, config, updates, CPU seconds and
the first update's checksum, which tests/bots/test_learned.py reproduces); evaluation figures are
added by benchmarks/learned_bot_strength.py --record.
"""

from __future__ import annotations

import os

# One BLAS thread: the run is reproducible bit for bit, and on a shared 2-core machine more
# threads buy nothing.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("MKL_NUM_THREADS", "1")

import argparse
import hashlib
import json
import subprocess
from pathlib import Path

import numpy as np

from cosmotable.bots.learned import PARAMS, weights_path
from cosmotable.envs.ppo import PPOConfig, train


def digest(params: dict[str, np.ndarray]) -> str:
    """sha256 of the arrays' bytes (float32, in PARAMS order)."""
    h = hashlib.sha256()
    for k in PARAMS:
        h.update(np.ascontiguousarray(params[k], dtype=np.float32).tobytes())
    return h.hexdigest()


def commit() -> str:
    try:
        return subprocess.run(
            ["git", "rev-parse", "HEAD"], capture_output=True, text=True, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def run(args) -> None:
    cfg = PPOConfig(
        seed=args.seed,
        cpu_budget=args.cpu_budget,
        max_updates=args.max_updates,
        lr=args.lr,
        hidden=(args.hidden, args.hidden),
        self_play=args.self_play,
        pool_every=args.pool_every,
        anneal_updates=args.anneal_updates,
    )
    out = Path(args.run_dir)
    out.mkdir(parents=True, exist_ok=True)
    history: list[dict] = []
    first: dict[str, str] = {}

    def report(row: dict, params: dict[str, np.ndarray]) -> None:
        history.append(row)
        print(
            f"update {row['update']:4d}  samples {row['samples']:>9,}  games {row['games']:>7,}  "
            f"win rate {row['win_rate']:.3f}  vs pool {row['pool_win_rate']:.3f}  entropy {row['entropy']:.3f}  cpu {row['cpu_seconds']:.0f} s",
            flush=True,
        )
        if row["update"] == 1:
            first["sha256"] = digest(params)
        if row["update"] % args.every == 0:
            np.savez(out / f"update_{row['update']:04d}.npz", **params)
            meta = {"config": cfg.to_json(), "commit": commit(), "first_update_sha256": first.get("sha256")}
            (out / "history.json").write_text(json.dumps({**meta, "history": history}, indent=1))

    result = train(cfg, report=report)
    np.savez(out / f"update_{len(history):04d}.npz", **result.params)
    meta = {"config": cfg.to_json(), "commit": commit(), "first_update_sha256": first.get("sha256")}
    (out / "history.json").write_text(json.dumps({**meta, "history": history}, indent=1))
    print(f"done: {len(history)} updates, {result.cpu_seconds:.0f} CPU s -> {out}")


def ship(args) -> None:
    ckpt = Path(args.ship)
    run_meta = json.loads((ckpt.parent / "history.json").read_text())
    updates = int(ckpt.stem.split("_")[1])
    row = run_meta["history"][updates - 1]
    with np.load(ckpt) as data:
        params = {k: data[k] for k in PARAMS}
    target = weights_path("mlem")
    target.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(target, **{k: v.astype(np.float16) for k, v in params.items()})
    config = dict(run_meta["config"], max_updates=updates)
    record = {
        "script": "examples/train_learned_mlem.py",
        "command": f"python examples/train_learned_mlem.py --seed {config['seed']} --lr {config['lr']} "
        f"--hidden {config['hidden'][0]} --self-play {config.get('self_play', 0.0)} "
        f"--pool-every {config.get('pool_every', 10)} "
        + (f"--anneal-updates {config['anneal_updates']} " if config.get("anneal_updates") else "")
        + f"--max-updates {updates} --run-dir RUN && python examples/train_learned_mlem.py --ship RUN/update_{updates:04d}.npz",
        "seed": config["seed"],
        "commit": run_meta["commit"],
        "config": config,
        "updates": updates,
        "samples": row["samples"],
        "games": row["games"],
        "cpu_seconds": round(row["cpu_seconds"], 1),
        "first_update_sha256": run_meta["first_update_sha256"],
        "stored_as": "float16 (the bot computes in float32)",
        "results": {},
    }
    target.with_suffix(".json").write_text(json.dumps(record, indent=1) + "\n")
    print(f"shipped {ckpt} -> {target} ({target.stat().st_size:,} bytes)")


def plot(history_path: Path, out: Path, evaluations: dict[int, float]) -> None:
    """The training curve: the sampling policy's win rate against the heuristic per update (and the
    greedy checkpoints' win rates measured afterwards, `--eval-points`), over CPU seconds."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = json.loads(history_path.read_text())["history"]
    cpu = [r["cpu_seconds"] for r in rows]
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(cpu, [r["win_rate"] for r in rows], lw=1, label="training games (sampling policy)")
    if evaluations:
        ax.plot(
            [cpu[u - 1] for u in evaluations],
            list(evaluations.values()),
            "o-",
            label="greedy checkpoint, 2,000 games",
        )
    ax.axhline(0.65, color="grey", ls="--", lw=0.8, label="goal: 65 %")
    ax.set_xlabel("CPU seconds (training process)")
    ax.set_ylabel("win rate vs heuristic (2 players)")
    ax.set_ylim(0, 1)
    ax.grid(alpha=0.3)
    ax.legend(loc="lower right")
    ax.set_title("learned bot (MLEM): PPO on the compiled vector env")
    fig.tight_layout()
    fig.savefig(out, dpi=100)
    print(f"plot -> {out}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--lr", type=float, default=PPOConfig.lr)
    parser.add_argument("--hidden", type=int, default=PPOConfig.hidden[0], help="units of each hidden layer")
    parser.add_argument(
        "--self-play",
        type=float,
        default=PPOConfig.self_play,
        help="share of the games played against the learner's own earlier snapshots (the rest: the heuristic)",
    )
    parser.add_argument(
        "--pool-every", type=int, default=PPOConfig.pool_every, help="updates between snapshots"
    )
    parser.add_argument(
        "--anneal-updates",
        type=int,
        default=None,
        help="the learning rate falls linearly to 0 at this update",
    )
    parser.add_argument("--cpu-budget", type=float, default=3000.0, help="CPU seconds of this process")
    parser.add_argument("--max-updates", type=int, default=None)
    parser.add_argument("--every", type=int, default=25, help="checkpoint every N updates")
    parser.add_argument("--run-dir", default="runs/learned")
    parser.add_argument("--ship", default=None, help="a checkpoint to store as the bot's weights")
    parser.add_argument("--plot", default=None, help="draw RUN_DIR/history.json's curve into this PNG")
    parser.add_argument(
        "--eval-points", default="", help="with --plot: UPDATE=WIN_RATE,... of greedy checkpoints to mark"
    )
    args = parser.parse_args()
    if args.plot:
        points = dict(item.split("=") for item in args.eval_points.split(",") if item)
        plot(
            Path(args.run_dir) / "history.json",
            Path(args.plot),
            {int(k): float(v) for k, v in points.items()},
        )
    elif args.ship:
        ship(args)
    else:
        run(args)


if __name__ == "__main__":
    main()
