"""The batch MLEM engine compiled once per test run, beside the other tests, instead of once per worker.

numba compiles the batch engine (src/cosmotable/sim/batch_mlem/) on its first use and keeps it in its
on-disk cache next to the module: about two minutes of CPU without coverage's tracer, several with it.
On a clean clone (CI) the cache is empty, and each pytest-xdist worker that reached a batch test compiled
the engine for itself, traced: 250 s of each worker's time in CI. Now the first worker to collect a test
marked `batch_engine` starts one untraced compile in a child process as the run begins (the other tests go
on meanwhile), and the marked tests wait for it. The child holds an exclusive `flock` on a lock file for as
long as it compiles; a waiting test takes the lock shared, so it goes on as soon as the cache is written.
If the child failed, the test compiles in its own process, as before, and fails or passes on its own.
"""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
from pathlib import Path

from cosmotable.sim import batch_mlem, fast

# the calls of the tests: `play_all` (random and heuristic policies, with and without a record share one
# compiled signature) and the counter stream's `uniform`, which tests call on its own
_COMPILE = """
import numpy as np
from cosmotable.sim import batch_mlem
batch_mlem.play_batch([1, 2], 2, record=True)
batch_mlem.uniform(np.uint64(1), np.int64(2))
"""


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
    if fast.compiled_cache_ready():
        return False
    path = lock_path()
    with path.open("a") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False  # another worker's child compiles now
        if fast.compiled_cache_ready():
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
