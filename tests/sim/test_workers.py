"""`cosmotable.sim.workers.unordered`: the worker pool under the simulator, the arena and the all-bot
runs. Issue #19: a run hung when its workers had been forked from a process with Ray's threads in it,
and a dead worker's task was waited for for ever."""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import subprocess
import sys
import threading
import time

import pytest

from cosmotable.sim import workers
from cosmotable.sim.workers import WorkerDied, unordered
from process_helpers import descendants, wait_until_ended

#: Held by the test process while its workers run: a worker forked from it would inherit it locked.
HELD = threading.Lock()


def square(n: int) -> int:
    return n * n


def fail_on_three(n: int) -> int:
    if n == 3:
        raise ValueError("three is refused")
    return n


def die_on_three(n: int) -> int:
    if n == 3:
        os._exit(7)  # as a worker killed by the kernel: no exception, no result
    return n


def lock_is_free(_: int) -> bool:
    got = HELD.acquire(timeout=2)
    if got:
        HELD.release()
    return got


def consume(iterator, answer: dict) -> None:
    try:
        answer["results"] = list(iterator)
    except BaseException as error:  # noqa: BLE001 - handed to the test to check
        answer["error"] = error


def within_a_minute(iterator) -> dict:
    """Consume on a thread, so that a hang fails the test (after a minute) instead of the whole run."""
    answer: dict = {}
    thread = threading.Thread(target=consume, args=(iterator, answer), daemon=True)
    thread.start()
    thread.join(60)
    assert not thread.is_alive(), "the pool hung"
    return answer


@pytest.mark.parametrize("processes", [1, 2])
def test_every_result_comes_back_in_some_order(processes):
    assert sorted(unordered(square, range(10), processes)) == [n * n for n in range(10)]


@pytest.mark.parametrize("processes", [1, 2])
def test_an_exception_in_a_task_reaches_the_caller(processes):
    answer = within_a_minute(unordered(fail_on_three, range(6), processes))
    assert isinstance(answer["error"], ValueError) and "three is refused" in str(answer["error"])


def test_a_dead_worker_fails_the_run_with_a_message_instead_of_hanging_it():
    answer = within_a_minute(unordered(die_on_three, range(6), 2))
    error = answer["error"]
    assert isinstance(error, WorkerDied)
    assert "worker process died" in str(error) and "--processes 1" in str(error)


def test_workers_are_not_copies_of_a_process_whose_threads_hold_locks():
    # The simulator after `simulate --ray` (or inside the web server) has threads of its own; a lock
    # one of them holds at a fork stays locked for ever in the child. Workers must start clean.
    with HELD:
        answer = within_a_minute(unordered(lock_is_free, range(2), 2))
    assert answer["results"] == [True, True]


def quick_then_endless(n: int) -> int:
    if n:
        time.sleep(3600)  # a game that would outlast the run's deadline
    return n


def test_stopping_early_ends_the_workers_under_way_instead_of_waiting_for_them():
    finished = unordered(quick_then_endless, range(3), 2)
    assert next(finished) == 0
    closing = threading.Thread(
        target=finished.close, daemon=True
    )  # as bot_games.py does at its --minutes deadline
    closing.start()
    closing.join(60)
    assert not closing.is_alive(), "close() waited for the tasks under way"
    assert multiprocessing.active_children() == []


def test_the_start_method_never_forks_this_process():
    assert workers.start_method() in {"forkserver", "spawn"}


#: a run whose tasks take ten minutes each, on two worker processes
_LONG_RUN = """
import time
from cosmotable.sim.workers import unordered
for _ in unordered(time.sleep, [600] * 4, 2):
    pass
"""


def test_a_killed_run_leaves_no_worker_forkserver_or_tracker_behind():
    """Issue #47: SIGKILL to the process that made the pool (only to it) ends everything it started:
    the workers, the forkserver they come from and multiprocessing's resource tracker. Before, all
    four went on under PID 1 until the workers had finished their tasks (here ten minutes)."""
    run = subprocess.Popen([sys.executable, "-c", _LONG_RUN], start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        below = descendants(run.pid)
        # the tracker, the forkserver and its two workers
        while len(below) < 4 and run.poll() is None and time.monotonic() < deadline:
            time.sleep(0.1)
            below = descendants(run.pid)
        assert len(below) >= 4, f"the pool did not start: {below}"
        os.kill(run.pid, signal.SIGKILL)
        run.wait(30)
        wait_until_ended(below, "after SIGKILL to the run", timeout=30)
    finally:
        with contextlib.suppress(ProcessLookupError):  # nothing left of the group when it passes
            os.killpg(run.pid, signal.SIGKILL)
        run.wait(30)
