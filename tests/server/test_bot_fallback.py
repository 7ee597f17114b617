"""A bot that fails or hangs does not stop its table: the random bot takes that decision, with a
logged warning (issue #23, "Faults"), and the table goes on."""

from __future__ import annotations

import logging
import os
import threading
import time

from server_helpers import create, wait_until

from cosmotable.server import bots
from cosmotable.server.bots import BotRunner


def _summary(client, made):
    return client.get(f"/api/tables/{made['table']['id']}").json()


def _stand_ins(caplog, table_id: str) -> list[str]:
    return [
        r.getMessage()
        for r in caplog.records
        if r.name == "cosmotable.server.bots" and r.levelno == logging.WARNING and table_id in r.getMessage()
    ]


def test_a_bot_that_raises_is_replaced_by_the_random_bot_and_the_game_ends(client, app, monkeypatch, caplog):
    def broken(job):
        raise RuntimeError("the search fell over")

    monkeypatch.setattr(bots, "decide", broken)
    caplog.set_level(logging.WARNING, logger="cosmotable.server.bots")
    made = create(client, "mlem", ["heuristic", "heuristic"])
    summary = wait_until(
        lambda: (s := _summary(client, made))["status"] == "finished" and s,
        timeout=240,
        what="the game to end",
    )
    warnings = _stand_ins(caplog, made["table"]["id"])
    # one warning per decision the bots were asked for: every action after the set-up's chance is one
    assert warnings and len(warnings) <= summary["step"]
    assert "failed (RuntimeError: the search fell over)" in warnings[0]
    assert "the random bot takes this decision" in warnings[0]
    record = client.get(f"/api/tables/{made['table']['id']}/record").json()
    assert len(record["actions"]) == summary["step"]


class _HangsOnce:
    """The first decision never comes back (until released); later ones are the real bot's."""

    def __init__(self):
        self.release = threading.Event()
        self.calls = 0
        self._lock = threading.Lock()

    def __call__(self, job):
        with self._lock:
            self.calls += 1
            first = self.calls == 1
        if first:
            self.release.wait(600)
            raise RuntimeError("released at the end of the test")
        return bots_decide(job)


bots_decide = bots.decide


def test_a_bot_that_hangs_past_its_time_is_replaced_for_that_decision(client, app, monkeypatch, caplog):
    hangs = _HangsOnce()
    monkeypatch.setattr(bots, "decide", hangs)
    app.state.server.bots.time_limit = 0.5
    caplog.set_level(logging.WARNING, logger="cosmotable.server.bots")
    try:
        made = create(client, "mlem", ["heuristic", "heuristic"])
        table_id = made["table"]["id"]
        # the step of the first bot decision: the set-up's (start adds no action); read from the answer,
        # since by a later read the stand-in may already have moved
        start = made["table"]["step"]
        # the table goes on past the stuck decision: the random bot took it, then the bot plays again
        wait_until(lambda: hangs.calls >= 3, timeout=240, what="the bots to decide after the stuck one")
        wait_until(lambda: _summary(client, made)["step"] > start + 1, timeout=240, what="the table to go on")
        warnings = _stand_ins(caplog, table_id)
        assert len(warnings) == 1, warnings
        assert "thought longer than its 0.5 s" in warnings[0] and f"step {start}" in warnings[0]
    finally:
        hangs.release.set()


def _gone(pid: int) -> bool:
    """No process has this id any more (killed and reaped)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    try:  # a zombie still has its id until reaped: reap it if it is ours
        return os.waitpid(pid, os.WNOHANG)[0] == pid
    except ChildProcessError:
        return False


def _sleep_forever(_seconds):
    time.sleep(600)


def test_a_stuck_worker_process_is_killed_and_the_pool_made_anew():
    runner = BotRunner(service=None, publish=None, workers=1)
    stuck_pool = runner.executor()
    stuck_pool.submit(_sleep_forever, 0)
    wait_until(lambda: any(p.is_alive() for p in stuck_pool._processes.values()), what="the worker to start")
    workers = list(stuck_pool._processes.values())
    runner._reclaim(stuck_pool)
    for process in workers:
        process.join(60)
        # The pool's own management thread may reap the killed worker first; `is_alive()` then
        # stays True for ever (its waitpid fails and it keeps no exit code), so ask the system.
        wait_until(lambda pid=process.pid: _gone(pid), what=f"worker {process.pid} to be gone")
    fresh = runner.executor()
    try:
        assert fresh is not stuck_pool
        assert fresh.submit(pow, 2, 10).result(120) == 1024
    finally:
        fresh.shutdown(wait=True)
