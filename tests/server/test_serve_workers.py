"""`cosmotable serve --workers N`: N Uvicorn processes on one port sharing the database, with Redis
carrying each table's changes to every process's websockets; without Redis it refuses to start."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import time
from pathlib import Path

import httpx
import pytest
from live_helpers import WAIT, LiveServer, SeatSocket, cosmotable_command, first_legal_moves
from server_helpers import wait_until
from test_multiprocess import new_table

from process_helpers import children as _children
from process_helpers import descendants as _descendants
from process_helpers import wait_until_ended


def _wait_until_ended(pids: list[int], what: str) -> None:
    wait_until_ended(pids, what, WAIT)


def _serve(
    tmp_path, *extra: str, redis_url: str | None, bot_workers: int = 0
) -> tuple[subprocess.Popen, Path]:
    environment = {k: v for k, v in os.environ.items() if not k.startswith("COSMOTABLE_")}
    environment.update(COSMOTABLE_BOT_WORKERS=str(bot_workers), COSMOTABLE_RATE_LIMIT="0")
    if redis_url:
        environment["COSMOTABLE_REDIS_URL"] = redis_url
    log = tmp_path / "serve.log"
    with open(log, "wb") as output:
        process = subprocess.Popen(
            [cosmotable_command(), "serve", "--port", "0", "--data-dir", str(tmp_path / "data"), *extra],
            stdout=output,
            stderr=subprocess.STDOUT,
            env=environment,
            start_new_session=True,
        )
    return process, log


def _answering(process: subprocess.Popen, log: Path) -> str:
    """The URL the server printed, once it answers there."""
    deadline = time.monotonic() + WAIT
    url = None
    while url is None and time.monotonic() < deadline:
        assert process.poll() is None, log.read_text()
        for line in log.read_text().splitlines():
            if line.startswith("Cosmotable is running at "):
                url = line.split(" at ", 1)[1].split()[0].rstrip("/")
        time.sleep(0.1)
    assert url is not None, log.read_text()
    while time.monotonic() < deadline:  # the workers answer once they have started
        assert process.poll() is None, log.read_text()
        try:
            if httpx.get(f"{url}/api/games", timeout=2).status_code == 200:
                return url
        except httpx.TransportError:
            time.sleep(0.1)
    raise AssertionError(f"the server did not answer at {url}: {log.read_text()[-2000:]}")


def watched_table(server: LiveServer) -> tuple[str, dict[int, str], list[SeatSocket]]:
    """A new two-seat MLEM table and a socket of each seat, reading in the background."""
    made = new_table(server, "mlem", 2)
    table_id = made["table"]["id"]
    tokens = {link["seat"]: link["token"] for link in made["seats"]}
    sockets = [SeatSocket.open(server, table_id, tokens[seat], seat) for seat in (0, 1)]
    for socket in sockets:
        socket.read_in_background()
    return table_id, tokens, sockets


def test_two_workers_serve_one_port_and_every_socket_sees_every_move(tmp_path, redis_url):
    process, log = _serve(tmp_path, "--workers", "2", redis_url=redis_url)
    url = _answering(process, log)
    server = LiveServer(process, url, log)
    try:
        assert len(_children(process.pid)) >= 2, "two worker processes"
        table_id, tokens, sockets = watched_table(server)
        try:
            # each request on a new connection: the kernel spreads them over the workers
            step = first_legal_moves(url, table_id, tokens, 12)
            for socket in sockets:
                assert socket.wait_for_step(step)["step"] == step
        finally:
            for socket in sockets:
                socket.close()
    finally:
        os.killpg(process.pid, signal.SIGINT)
        process.wait(WAIT)
    text = log.read_text()
    assert "Traceback" not in text, text[-3000:]
    # issue #50: every worker masks the tokens its access log shows (the sockets' query strings),
    # and every line names the process that wrote it
    assert "token=***" in text
    for token in tokens.values():
        assert token not in text, "a seat token in the log"
    writers = {line.split("[", 1)[1].split("]", 1)[0] for line in text.splitlines() if "] 127.0.0.1:" in line}
    assert len(writers) >= 2, f"the access lines name {writers}: requests served by one worker only?"


def test_several_workers_without_redis_are_refused_with_the_reason(tmp_path):
    process, log = _serve(tmp_path, "--workers", "3", redis_url=None)
    assert process.wait(WAIT) == 2
    assert "3 workers need Redis" in log.read_text() and "COSMOTABLE_REDIS_URL" in log.read_text()


def _all_bot_table(url: str) -> None:
    """A table of two bots, started: its bots make the serving process start its bot pool."""
    made = httpx.post(
        f"{url}/api/tables", json={"game": "mlem", "seats": [{"kind": "bot", "bot": "random"}] * 2}
    )
    assert made.status_code == 201, made.text
    started = httpx.post(
        f"{url}/api/tables/{made.json()['table']['id']}/start",
        headers={"X-Host-Token": made.json()["host_token"]},
    )
    assert started.status_code == 200, started.text


@contextlib.contextmanager
def _stopped_at_the_end(process: subprocess.Popen):
    """Whatever the test meets, its server's whole process group is gone at the end (a test that
    fails halfway must not leave a server running under PID 1)."""
    try:
        yield
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(WAIT)


def _bot_pool_below(pid: int) -> list[int] | None:
    """The processes below `pid` once its bot pool has started (two workers at least), else None."""
    found = _descendants(pid)
    return found if len(found) >= 2 else None


@pytest.mark.parametrize("stop", [signal.SIGKILL, signal.SIGTERM], ids=["SIGKILL", "SIGTERM"])
def test_a_stopped_server_leaves_no_bot_process_behind(tmp_path, stop):
    """Issue #50: however the server process ends, its bot workers (and multiprocessing's helper)
    end with it. Only the server process itself is signalled, not its process group."""
    process, log = _serve(tmp_path, redis_url=None, bot_workers=2)
    with _stopped_at_the_end(process):
        url = _answering(process, log)
        _all_bot_table(url)
        below = wait_until(lambda: _bot_pool_below(process.pid), what="bot worker processes")
        os.kill(process.pid, stop)
        process.wait(WAIT)
        _wait_until_ended(below, f"after {stop.name} to the server")


def test_a_killed_worker_and_a_killed_supervisor_leave_nothing_behind(tmp_path, redis_url):
    process, log = _serve(tmp_path, "--workers", "2", redis_url=redis_url, bot_workers=1)
    with _stopped_at_the_end(process):
        url = _answering(process, log)
        for _ in range(4):  # tables on either worker: each worker's bot sweep starts its pool
            _all_bot_table(url)
        worker = wait_until(
            lambda: next((w for w in _children(process.pid) if _descendants(w)), None),
            what="a worker with bot processes",
        )
        below_worker = _descendants(worker)
        os.kill(worker, signal.SIGKILL)
        _wait_until_ended(below_worker, "after SIGKILL to a worker")
        everything = _descendants(process.pid)
        os.kill(process.pid, signal.SIGKILL)
        process.wait(WAIT)
        _wait_until_ended(everything, "after SIGKILL to the supervisor")


def test_a_terminated_supervisor_leaves_nothing_behind(tmp_path, redis_url):
    process, log = _serve(tmp_path, "--workers", "2", redis_url=redis_url, bot_workers=1)
    with _stopped_at_the_end(process):
        url = _answering(process, log)
        for _ in range(4):
            _all_bot_table(url)
        wait_until(
            lambda: any(_descendants(w) for w in _children(process.pid)), what="a worker with bot processes"
        )
        everything = _descendants(process.pid)
        os.kill(process.pid, signal.SIGTERM)
        process.wait(WAIT)
        _wait_until_ended(everything, "after SIGTERM to the supervisor")
