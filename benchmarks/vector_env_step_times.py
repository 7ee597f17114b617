"""The fastest calls of the compiled MLEM vector env's `env.step` (envs/vector.py), for comparing two
versions on a loaded machine, where the average of benchmarks/vector_env_speed.py swings by tens of
per cent from run to run: the calls least disturbed by other processes say more.

    NUMBA_NUM_THREADS=1 python benchmarks/vector_env_step_times.py [calls]

`CompiledVectorEnv("mlem", 1024, opponents=["heuristic"])`, 2 players, base game, reset(seed=0); the
learner's random legal actions from vector_env_speed.sample; 50 warm-up calls, then `calls` (600)
timed ones (wall time, sampling outside the timing). Printed: 1,024 / the fastest call, 1,024 / the
mean of the fastest tenth, 1,024 / the median, in agent steps/s.
"""

from __future__ import annotations

import os
import sys
import time

os.environ.setdefault("NUMBA_NUM_THREADS", "1")

import machine  # after NUMBA_NUM_THREADS, which numba reads on import
import numpy as np
from vector_env_speed import sample


def main(calls: int = 600) -> None:
    from cosmotable.envs.vector import CompiledVectorEnv

    machine.report()
    env = CompiledVectorEnv("mlem", 1024, opponents=["heuristic"])
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(50):
        env.step(sample(env.action_masks(), rng))
    times = []
    for _ in range(calls):
        actions = sample(env.action_masks(), rng)
        start = time.perf_counter()
        env.step(actions)
        times.append(time.perf_counter() - start)
    times.sort()
    tenth = float(np.mean(times[: max(1, len(times) // 10)]))
    print(
        f"env.step, 1,024 sub-envs vs heuristic, {calls} calls: fastest {1024 / times[0]:,.0f}, "
        f"fastest tenth {1024 / tenth:,.0f}, median {1024 / times[len(times) // 2]:,.0f} agent steps/s"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 600)
