"""Work spread over local worker processes, results as they finish: the simulator's chunks, the
arena's tables and the all-bot runs all go through `unordered`.

Two things a plain `multiprocessing.Pool` got wrong here (issue #19):
- Its workers were forked from this process. A process that has started threads (Ray's, when
  `simulate --ray` ran first; a web server's) may hold a lock in one of them at the fork, and the
  child inherits it locked: the workers died or hung. Workers now start from a fresh forkserver
  process (or are spawned where there is none), never copied from this one.
- A worker that died took its task with it, and `imap_unordered` waited for that result for ever.
  A `ProcessPoolExecutor` notices the death; the run then fails with `WorkerDied`, which says so.
"""

from __future__ import annotations

import multiprocessing
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
    pool = ProcessPoolExecutor(max_workers=processes, mp_context=context)
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
