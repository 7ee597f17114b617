"""A server process started while Redis is down (issue #50, item 3): it starts, serves its websockets
with its own changes, says it is degraded in the log and in `GET /api/health`, and once Redis is back
it is ready again and hears the other processes' changes. Real processes, a real Redis stopped and
restarted on its port, a real websocket."""

from __future__ import annotations

import json
import os
import signal
import time
import uuid

import httpx
from live_helpers import WAIT, LiveServer, SeatSocket, first_legal_moves, start_server
from test_multiprocess import new_table
from test_serve_workers import _answering, _serve, watched_table

import services


def _health(server) -> httpx.Response:
    return httpx.get(f"{server.url}/api/health", timeout=WAIT)


def _play_one(socket: SeatSocket, state: dict) -> dict:
    """Send the first legal action of `state` and return the next state pushed to `socket`."""
    choice = state["legal_actions"][0]
    socket.connection.send(
        json.dumps({"type": "action", "action": choice["json"], "client_action_id": uuid.uuid4().hex})
    )
    before = state["step"]
    return socket.receive_until(
        lambda m: m["type"] == "state" and m["step"] > before, f"a step after {before}"
    )


def test_a_worker_started_during_a_redis_outage_serves_locally_and_catches_up(tmp_path, postgres_url):
    redis_server = services.start_redis()
    redis_server.pause()
    servers, sockets = [], []
    try:
        degraded = start_server(tmp_path, postgres_url, redis_server.url, name="degraded")
        servers.append(degraded)
        # not ready, and why: the database is fine, Redis is not
        answer = _health(degraded)
        assert answer.status_code == 503, answer.text
        checks = answer.json()["checks"]
        assert checks["database"]["ok"] and checks["migrations"]["ok"]
        assert not checks["redis"]["ok"] and "degraded" in checks["redis"]["error"]
        assert httpx.get(f"{degraded.url}/api/health/live", timeout=WAIT).status_code == 200

        made = new_table(degraded, "mlem", 2)
        table_id = made["table"]["id"]
        tokens = {link["seat"]: link["token"] for link in made["seats"]}
        seats = [SeatSocket.open(degraded, table_id, tokens[s], s) for s in (0, 1)]
        sockets.extend(seats)
        latest = [s.receive_until(lambda m: m["type"] == "state", "the first state") for s in seats]
        # a move during the outage reaches both seats on this process (local updates)
        to_act = latest[0]["table"]["to_act"]
        after = _play_one(seats[to_act], latest[to_act])
        other = seats[1 - to_act].receive_until(
            lambda m: m["type"] == "state" and m["step"] >= after["step"], f"step {after['step']}"
        )
        assert other["step"] == after["step"]

        redis_server.resume()
        deadline = time.monotonic() + WAIT
        while _health(degraded).status_code != 200:
            assert time.monotonic() < deadline, _health(degraded).text
            time.sleep(0.1)

        # a second process (started with Redis up) applies a move: the degraded one's seat hears it
        second = start_server(tmp_path, postgres_url, redis_server.url, name="second")
        servers.append(second)
        assert _health(second).status_code == 200
        mover_seat = other["table"]["to_act"]
        on_second = SeatSocket.open(second, table_id, tokens[mover_seat], mover_seat)
        sockets.append(on_second)
        state = on_second.receive_until(lambda m: m["type"] == "state", "the first state")
        moved = _play_one(on_second, state)
        watcher = seats[1 - mover_seat]
        seen = watcher.receive_until(
            lambda m: m["type"] == "state" and m["step"] >= moved["step"], f"step {moved['step']}"
        )
        assert seen["step"] == moved["step"]
    finally:
        for socket in sockets:
            socket.close()
        for server in servers:
            server.stop()
        redis_server.stop()

    log = servers[0].output()
    assert "DEGRADED" in log and "Redis reachable again" in log, log
    # the failure of issue #50: the connection error raised into every websocket
    assert "Exception in ASGI application" not in log and "Traceback" not in log, log


def test_two_workers_started_during_a_redis_outage_serve_and_catch_up(tmp_path):
    """The operator's case of issue #50 (`cosmotable serve --workers 2`, Redis down): every socket
    opens and gets its state, moves go on over HTTP (each request on a new connection, so the kernel
    spreads them over both workers), and once Redis is back both seats' sockets catch up with the
    moves made on the other worker meanwhile and then see every move."""
    redis_server = services.start_redis()
    redis_server.pause()
    process, log = _serve(tmp_path, "--workers", "2", redis_url=redis_server.url)
    try:
        url = _answering(process, log)
        server = LiveServer(process, url, log)
        table_id, tokens, sockets = watched_table(server)
        try:
            for socket in sockets:
                socket.wait_for_step(0)  # opened and served during the outage
            step = first_legal_moves(url, table_id, tokens, 6)  # some land on the other worker: not seen yet
            redis_server.resume()
            for socket in sockets:  # caught up by the refresh each worker sends once subscribed again
                assert socket.wait_for_step(step)["step"] == step
            pids = set()
            deadline = time.monotonic() + WAIT
            while len(pids) < 2:  # both workers ready again (each answer names its process)
                assert time.monotonic() < deadline, f"ready: {pids}"
                answer = httpx.get(f"{url}/api/health", timeout=WAIT)
                if answer.status_code == 200:
                    pids.add(answer.json()["pid"])
            step = first_legal_moves(url, table_id, tokens, 6)
            for socket in sockets:
                assert socket.wait_for_step(step)["step"] == step
            assert not [m for s in sockets for m in s.messages if m.get("type") == "error"]
        finally:
            for socket in sockets:
                socket.close()
    finally:
        os.killpg(process.pid, signal.SIGINT)
        process.wait(WAIT)
        redis_server.stop()
    text = log.read_text()
    assert "Exception in ASGI application" not in text and "Traceback" not in text, text[-3000:]
    degraded = {line.split("[", 1)[1].split("]", 1)[0] for line in text.splitlines() if "DEGRADED" in line}
    assert len(degraded) == 2, f"each worker says it is degraded: {degraded}"
