"""Work spread over local worker processes, results as they finish: the simulator's chunks, the
arena's tables and the all-bot runs all go through `unordered`.

Two things a plain `multiprocessing.Pool` got wrong here (issue #19):
- Its workers were forked from this process. A process that has started threads (Ray's, when
  `simulate --ray` ran first; a web server's) may hold a lock in one of them at the fork, and the
  child inherits it locked: the workers died or hung. Workers now start from a fresh forkserver
  process (or are spawned where there is none), never copied from this one.
- A worker that died took its task with it, and `imap_unordered` waited for that result for ever.
  A `ProcessPoolExecutor` notices the death; the run then fails with `WorkerDied`, which says so.

And one thing the executor gets wrong on its own (issue #47): when the process that made the pool is
killed (SIGKILL, the OOM killer, a test's kill), nothing stops its workers. They are the forkserver's
children, not its own, so the kernel's parent-death signal cannot name it; they play the tasks under
way and those queued for them to the end, for nobody (minutes for a Planet game between search bots),
and the forkserver and multiprocessing's resource tracker wait for them, all under PID 1. So each
worker watches the process that made the pool (`_end_with`) and exits as soon as it ends.
"""

from __future__ import annotations

import multiprocessing
import os
import select
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import TypeVar

from cosmotable.engine.errors import CosmotableError

Item = TypeVar("Item")
Result = TypeVar("Result")

#: Imported once by the forkserver, so that each worker forked from it starts with them loaded.
PRELOAD = ["cosmotable.engine", "cosmotable.games", "cosmotable.bots"]


class WorkerDied(CosmotableError, RuntimeError):
    """A worker process ended without returning its task's result (killed, out of memory, crashed).
    A `CosmotableError`, so the command line ends with its message rather than a traceback."""


def start_method() -> str:
    """`forkserver` where the platform has it (Linux, macOS), else `spawn` (Windows)."""
    return "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"


def unordered(work: Callable[[Item], Result], items: Iterable[Item], processes: int) -> Iterator[Result]:
    """`work(item)` for each item, in this process when `processes` <= 1, else on that many worker
    processes; results are yielded as they finish, in any order. An exception raised by `work`
    is raised here; a worker's death raises `WorkerDied`. Closing the iterator early (a deadline,
    Ctrl-C, an error) drops the tasks under way and stops the workers, as `Pool.terminate` did."""
    if processes <= 1:
        for item in items:
            yield work(item)
        return
    context = multiprocessing.get_context(start_method())
    if start_method() == "forkserver":
        context.set_forkserver_preload(PRELOAD)
    pool = ProcessPoolExecutor(
        max_workers=processes, mp_context=context, initializer=_end_with, initargs=(os.getpid(),)
    )
    finished = False
    try:
        pending: set[Future[Result]] = {pool.submit(work, item) for item in items}
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                yield _result(future)
        finished = True
    finally:
        if not finished:
            _stop_workers(pool)
        pool.shutdown(wait=True, cancel_futures=True)


def _end_with(owner: int) -> None:
    """In a worker, as it starts: exit as soon as process `owner` (the one that made the pool) has
    ended, however it ended. A thread waits on a pidfd of it (Linux 5.3+), else polls every second."""
    threading.Thread(target=_exit_after, args=(owner,), name="end-with-owner", daemon=True).start()


def _exit_after(owner: int) -> None:
    try:
        handle = os.pidfd_open(owner)
    except (AttributeError, OSError):  # no pidfd here: poll (a pid reused meanwhile is not seen)
        while _running(owner):
            time.sleep(1.0)
    else:
        select.select([handle], [], [])  # readable once the process has ended
    os._exit(1)  # no clean-up: the results have nobody to go to


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass  # alive, under another user
    return True


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """End the workers now: a Planet game between search bots can take minutes, and nobody waits
    for its result once the run is stopped. Python 3.14 has `terminate_workers`; before it, the
    executor's own table of worker processes is the only handle on them."""
    terminate = getattr(pool, "terminate_workers", None)
    if terminate is not None:
        terminate()
        return
    for process in list(getattr(pool, "_processes", {}).values()):
        process.terminate()


def _result(future: Future[Result]) -> Result:
    try:
        return future.result()
    except BrokenProcessPool as error:
        raise WorkerDied(
            "a worker process died before finishing its task (killed, out of memory, or a crash "
            "in native code); run with one process (--processes 1) to see the error here"
        ) from error
