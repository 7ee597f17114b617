"""Agent steps/s of the compiled MLEM vector env (envs/vector.py) beside the reference Gymnasium env's.

    NUMBA_NUM_THREADS=1 taskset -c 0 python benchmarks/vector_env_speed.py              # 1,024 sub-envs
    python benchmarks/vector_env_speed.py --num-envs 256 --players 3 --variants ufo --cpu-time

* `vector`: `CompiledVectorEnv("mlem", num_envs, opponents=["heuristic"])`: one `step` moves every
  sub-env by one learner decision (the heuristic opponents' replies and chance played inside the
  compiled call, observations and masks written into the env's arrays). An agent step is one
  sub-env's step: num_envs per call, the steps that start a new game (next-step autoreset, about
  one in 30) included. The learner plays uniformly random legal actions sampled from
  `action_masks()` in numpy (vectorised, one uniform per sub-env: `sample` below);
  the figure is printed with the sampling time and without it (the env's own time).
* `reference`: `SingleAgentEnv("mlem", opponents=["heuristic"])` (envs/gym.py), one sub-env, the
  learner's random legal action picked with `random.Random` from its mask (as benchmarks/env_speed.py).

Both play the same game (2 players, the variants given) against the heuristic bot; the runners
alternate round by round so that a change of the machine's load slows them alike. The machine,
the software and the load average are printed first (benchmarks/machine.py); with `--cpu-time` the
runners are timed with this process's CPU time, which other sessions' load hardly changes.
NUMBA_NUM_THREADS=1 is set here when unset (the kernels are single-threaded anyway).
"""

from __future__ import annotations

import argparse
import os
import random
import time

os.environ.setdefault("NUMBA_NUM_THREADS", "1")

import machine  # after NUMBA_NUM_THREADS, which numba reads on import
import numpy as np

clock = time.perf_counter


def sample(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random legal action per row of `masks` (bool, C-contiguous); 0 for a row with
    none (a sub-env that starts anew at this step ignores its action).

    The masks are sparse (a few legal actions of 3,126): the nonzero 8-byte words are found first
    (an eighth of the items `np.nonzero` would visit), then the legal items inside them."""
    n, width = masks.shape
    flat = masks.reshape(-1)
    if flat.size % 8 == 0:
        words = np.flatnonzero(flat.view(np.uint64))
        r, c = np.nonzero(flat.reshape(-1, 8)[words])
        legal = words[r] * 8 + c  # ascending: the flat indices of every legal action
    else:
        legal = np.flatnonzero(flat)
    rows = legal // width
    counts = np.bincount(rows, minlength=n)
    starts = np.cumsum(counts) - counts
    k = (rng.random(n) * counts).astype(np.int64)
    picked = legal[np.minimum(starts + k, len(legal) - 1)] if len(legal) else np.zeros(n, dtype=np.int64)
    return np.where(counts > 0, picked - np.arange(n) * width, 0)


def vector_runner(num_envs: int, players: int, variants: list[str], opponent: str):
    from cosmotable.envs.vector import CompiledVectorEnv

    env = CompiledVectorEnv("mlem", num_envs, opponents=[opponent], num_players=players, variants=variants)
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    totals = {"env": 0.0, "calls": 0, "resets": 0}

    def run(seconds: float) -> tuple[int, float]:
        steps, start = 0, clock()
        in_env = 0.0
        while clock() - start < seconds:
            actions = sample(env.action_masks(), rng)
            resets = int(env.backend.pending.sum())
            t = clock()
            env.step(actions)
            in_env += clock() - t
            steps += num_envs
            totals["calls"] += 1
            totals["resets"] += resets
        totals["env"] += in_env
        return steps, clock() - start

    run.totals = totals  # type: ignore[attr-defined]
    return run


def reference_runner(players: int, variants: list[str], opponent: str):
    from cosmotable.envs.gym import SingleAgentEnv

    env = SingleAgentEnv("mlem", opponents=[opponent], num_players=players, variants=variants)
    _obs, info = env.reset(seed=0)
    rng = random.Random(0)

    def run(seconds: float) -> tuple[int, float]:
        nonlocal info
        steps, start = 0, clock()
        while clock() - start < seconds:
            for _ in range(20):
                legal = np.flatnonzero(info["action_mask"].view(np.bool_))
                _obs, _r, terminated, truncated, info = env.step(int(legal[rng.randrange(len(legal))]))
                steps += 1
                if terminated or truncated:
                    _obs, info = env.reset()
        return steps, clock() - start

    return run


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="compiled MLEM vector env vs the reference Gymnasium env")
    parser.add_argument("--num-envs", type=int, default=1024)
    parser.add_argument("--opponent", default="heuristic", choices=["heuristic", "random"])
    machine.add_run_arguments(parser)
    args = parser.parse_args(argv)
    machine.report()
    global clock
    clock = time.process_time if args.cpu_time else time.perf_counter
    variants = [v for v in args.variants.split(",") if v]
    compile_start = time.perf_counter()
    vector = vector_runner(args.num_envs, args.players, variants, args.opponent)
    vector(0.3)  # compiled (or loaded from numba's cache) and warmed up outside the timing
    print(
        f"vector env ready in {time.perf_counter() - compile_start:.1f} s (numba compile or cache load)",
        flush=True,
    )
    runners = {"vector": vector, "reference": reference_runner(args.players, variants, args.opponent)}
    runners["reference"](0.3)
    totals = vector.totals  # type: ignore[attr-defined]
    totals.update(env=0.0, calls=0, resets=0)
    counts = dict.fromkeys(runners, 0)
    times = dict.fromkeys(runners, 0.0)
    for _ in range(args.rounds):
        for name, run in runners.items():
            n, t = run(args.seconds)
            counts[name] += n
            times[name] += t
    rate = {name: counts[name] / times[name] for name in runners}
    env_rate = counts["vector"] / totals["env"]
    print(
        f"MLEM, {args.players} players, variants: {','.join(variants) or 'none'}, learner vs "
        f"{args.opponent}; {args.rounds} interleaved rounds of {args.seconds:g} s per runner"
        f"{' (CPU time)' if args.cpu_time else ' (wall time)'}"
    )
    print(
        f"  vector env, {args.num_envs} sub-envs : {rate['vector']:12,.0f} agent steps/s with numpy sampling; "
        f"{env_rate:12,.0f} in env.step alone ({totals['resets'] / max(1, totals['calls'] * args.num_envs):.1%} "
        "of the steps start a new game)"
    )
    print(f"  reference env (1 env)   : {rate['reference']:12,.0f} agent steps/s")
    print(f"  ratio vector / reference: {rate['vector'] / rate['reference']:,.0f}x (sampling included)")
    print(
        f"goal (issue #49): >= 500,000 agent steps/s with 1,024 sub-envs vs heuristic: "
        f"{'met' if rate['vector'] >= 500_000 else 'NOT met'} with sampling, "
        f"{'met' if env_rate >= 500_000 else 'NOT met'} by env.step alone"
    )


if __name__ == "__main__":
    main()
