"""Agent steps/s of the compiled MLEM vector env (envs/vector.py) beside the reference Gymnasium env's.

    NUMBA_NUM_THREADS=1 taskset -c 0 python benchmarks/vector_env_speed.py              # 1,024 sub-envs
    python benchmarks/vector_env_speed.py --num-envs 256 --players 3 --variants ufo --cpu-time

* `vector`: `CompiledVectorEnv("mlem", num_envs, opponents=["heuristic"])`: one `step` moves every
  sub-env by one learner decision (the heuristic opponents' replies and chance played inside the
  compiled call, observations and masks written into the env's arrays). An agent step is one
  sub-env's step: num_envs per call, the steps that start a new game (next-step autoreset, about
  one in 30) included. The learner plays uniformly random legal actions sampled from
  `action_masks()` (a compiled scan of the masks, one uniform per sub-env: `sample` below);
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
import numba as nb
import numpy as np

clock = time.perf_counter


@nb.njit(cache=True)
def _pick_legal(words: np.ndarray, tail: np.ndarray, width: int, u: np.ndarray, out: np.ndarray) -> None:
    """out[i] = the int(u[i] * count)-th legal action of row i (rows of `width` bytes), 0 if none.
    `words`: the masks' bytes as whole 8-byte words, mostly zero, so most are skipped whole;
    `tail`: the bytes after the last whole word."""
    nw = len(words)
    legal = np.empty(width, dtype=np.int64)
    for i in range(len(out)):
        start, stop, count = i * width, (i + 1) * width, 0
        for w in range(start // 8, min((stop + 7) // 8, nw)):
            word = words[w]
            if word:
                for b in range(8):
                    pos = w * 8 + b
                    if start <= pos < stop and (word >> np.uint64(8 * b)) & np.uint64(0xFF):
                        legal[count] = pos - start
                        count += 1
        for pos in range(max(start, nw * 8), stop):
            if tail[pos - nw * 8]:
                legal[count] = pos - start
                count += 1
        out[i] = legal[int(u[i] * count)] if count else 0


def sample(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random legal action per row of `masks` (bool, C-contiguous; one uniform per row);
    0 for a row with none (a sub-env that starts anew at this step ignores its action).

    The masks are sparse (a few legal actions of 3,126): a compiled scan of their 8-byte words
    (numba: a learner's own sampling would be compiled or vectorised too) reads each row once. The
    numpy form of it (np.flatnonzero over the words, np.nonzero in the nonzero ones, bincount)
    took 1.9 ms per call of 1,024 rows, about as long as env.step itself."""
    n, width = masks.shape
    flat = masks.reshape(-1).view(np.uint8)
    nw = flat.size // 8
    out = np.empty(n, dtype=np.int64)
    _pick_legal(flat[: nw * 8].view(np.uint64), flat[nw * 8 :], width, rng.random(n), out)
    return out


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
        f"  vector env, {args.num_envs} sub-envs : {rate['vector']:12,.0f} agent steps/s with sampling; "
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
