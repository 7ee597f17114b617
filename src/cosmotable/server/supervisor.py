"""The supervisor of `cosmotable serve --workers N`: Uvicorn's, plus the bookkeeping of the workers'
shared metrics directory (prometheus.py) that `prometheus_client`'s multiprocess mode asks for.

* One fresh directory per run (`PROMETHEUS_MULTIPROC_DIR`, in the system's temporary directory, or
  `TMPDIR`), removed when the supervisor ends: a new run must not add the last run's counts to its
  own. A supervisor killed outright cannot remove it; the next one removes the directories of
  supervisors that no longer run.
* A worker that died (killed, crashed, restarted by the supervisor, or retired by SIGHUP/SIGTTOU) is
  marked dead with the library's `mark_process_dead`: its per-process gauges (CPU, memory, Redis)
  leave the scrapes, while its counters stay in the sums (a counter never goes back).
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

from prometheus_client.multiprocess import mark_process_dead
from uvicorn.supervisors import Multiprocess

from cosmotable.server.prometheus import MULTIPROCESS_VARIABLE

#: the metrics directories' names: this prefix, the supervisor's pid, a dash, a random part
PREFIX = "cosmotable-metrics-"
#: a worker's file in the directory: `<kind>_<pid>.db` (the library's naming)
_WORKER_FILE = re.compile(r"_(\d+)\.db$")


class Supervisor(Multiprocess):
    """Uvicorn's supervisor, which also marks every worker that is gone as dead for the metrics."""

    def __init__(self, config, sockets, metrics_dir: Path):
        super().__init__(config, sockets)
        self.metrics_dir = metrics_dir
        self._marked: set[int] = set()

    def keep_subprocess_alive(self) -> None:
        # runs every half second, after any signal was handled (restarts, fewer workers): every
        # replacement is made by then, so every pid with files that is not a running worker is gone
        super().keep_subprocess_alive()
        self.forget_dead_workers()

    def forget_dead_workers(self) -> list[int]:
        running = {process.pid for process in self.processes if process.process.is_alive()}
        self._marked -= running  # a pid the system gave again to a new worker
        dead = [pid for pid in worker_pids(self.metrics_dir) if pid not in running | self._marked]
        for pid in dead:
            mark_process_dead(pid, str(self.metrics_dir))
            self._marked.add(pid)
        return dead


def worker_pids(directory: Path) -> set[int]:
    """The processes that wrote metrics files in `directory`."""
    pids = set()
    for path in directory.glob("*.db"):
        found = _WORKER_FILE.search(path.name)
        if found:
            pids.add(int(found.group(1)))
    return pids


@contextlib.contextmanager
def metrics_directory() -> Iterator[Path]:
    """A fresh metrics directory, named in the environment the workers inherit, removed afterwards."""
    remove_orphaned_directories()
    directory = Path(tempfile.mkdtemp(prefix=f"{PREFIX}{os.getpid()}-"))
    before = os.environ.get(MULTIPROCESS_VARIABLE)
    os.environ[MULTIPROCESS_VARIABLE] = str(directory)
    try:
        yield directory
    finally:
        shutil.rmtree(directory, ignore_errors=True)
        if before is None:
            os.environ.pop(MULTIPROCESS_VARIABLE, None)
        else:
            os.environ[MULTIPROCESS_VARIABLE] = before


def remove_orphaned_directories() -> None:
    """The metrics directories of supervisors that no longer run (killed before they could clean)."""
    for directory in Path(tempfile.gettempdir()).glob(f"{PREFIX}*-*"):
        owner = directory.name.removeprefix(PREFIX).split("-", 1)[0]
        if owner.isdigit() and not _running(int(owner)):
            shutil.rmtree(directory, ignore_errors=True)


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process
        return True
    return True
