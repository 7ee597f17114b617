"""The batch MLEM engine and its vector env compiled once per test run, beside the other tests, instead of
once per worker.

numba compiles the batch engine (src/cosmotable/sim/batch_mlem/) on its first use and keeps it in its
on-disk cache next to the module: about two minutes of CPU without coverage's tracer, several with it.
On a clean clone (CI) the cache is empty, and each pytest-xdist worker that reached a batch test compiled
the engine for itself, traced: 250 s of each worker's time in CI. Now the first worker to collect a test
marked `batch_engine` starts one untraced compile in a child process as the run begins (the other tests go
on meanwhile), and the marked tests wait for it. The child holds an exclusive `flock` on a lock file for as
long as it compiles; a waiting test takes the lock shared, so it goes on as soon as the cache is written.
If the child failed, the test compiles in its own process, as before, and fails or passes on its own.

The vector env's kernels (sim/batch_mlem/vector.py, observe.py) are compiled by the same child: in the
clean-clone run of 29 Nov each worker compiled them under the tracer in its first vector test (161 s and
120 s, the two slowest tests of the suite).
"""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
from pathlib import Path

from cosmotable.sim import batch_mlem, fast
from cosmotable.sim.batch_mlem import vector

# the calls of the tests: `play_all` (random and heuristic policies, with and without a record share one
# compiled signature), the counter stream's `uniform`, which tests call on its own, and the vector env's
# entry points (`reset_all`, `step_all`, and with a callback seat `callback_views`, `callback_apply`:
# one signature each, whatever the seats, variants or reward)
_COMPILE = """
import numpy as np
from cosmotable.sim import batch_mlem
from cosmotable.sim.batch_mlem.vector import VectorBackend
batch_mlem.play_batch([1, 2], 2, record=True)
batch_mlem.uniform(np.uint64(1), np.int64(2))
backend = VectorBackend(2, 3, (), ["learner", "callback", "heuristic"], [0], callback=lambda o, m: m.argmax(axis=1))
backend.reset(np.array([1, 2]))
backend.step(backend.mask[0].argmax(axis=1))
"""
#: the vector env's entry points, each in numba's cache once compiled
_VECTOR_ENTRY_POINTS = ("reset_all", "step_all", "callback_views", "callback_apply")


def cache_ready() -> bool:
    """Whether numba's on-disk cache holds every entry point the tests call (`fast.compiled_cache_ready`
    looks for the batch engine's only)."""
    folder = Path(vector.__file__).parent / "__pycache__"
    return fast.compiled_cache_ready() and all(
        any(folder.glob(f"vector.{name}-*.nbi")) for name in _VECTOR_ENTRY_POINTS
    )


def lock_path() -> Path:
    folder = Path(batch_mlem.__file__).parent / "__pycache__"
    folder.mkdir(exist_ok=True)
    return folder / "cosmotable-batch-compile.lock"


def untraced_environment() -> dict[str, str]:
    """This process's environment without the variables that start coverage in a child process
    (pytest-cov's COV_CORE_*, coverage's COVERAGE_PROCESS_*)."""
    return {
        name: value
        for name, value in os.environ.items()
        if not name.startswith(("COV_CORE_", "COVERAGE_PROCESS_"))
    }


def start_compile() -> bool:
    """Start the compile in a child process unless the cache is ready or another worker's compile is
    under way. Returns whether this call started one."""
    if cache_ready():
        return False
    path = lock_path()
    with path.open("a") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False  # another worker's child compiles now
        if cache_ready():
            return False  # compiled between the first look and the lock
        with path.with_suffix(".log").open("w") as log:
            # the child inherits the locked file description, so the lock lives until the child exits
            subprocess.Popen(
                [sys.executable, "-c", _COMPILE],
                env=untraced_environment(),
                stdout=log,
                stderr=subprocess.STDOUT,
                pass_fds=(lock.fileno(),),
                start_new_session=True,
            )
        return True


def wait_for_compile() -> None:
    """Block while a compile started by `start_compile` (in any worker) holds the lock."""
    with lock_path().open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_SH)
        fcntl.flock(lock, fcntl.LOCK_UN)
