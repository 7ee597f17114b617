"""`cosmotable serve --workers N`: N Uvicorn processes on one port sharing the database, with Redis
carrying each table's changes to every process's websockets; without Redis it refuses to start."""

from __future__ import annotations

import os
import signal
import subprocess
import time
import uuid
from pathlib import Path

import httpx
from live_helpers import WAIT, LiveServer, SeatSocket, cosmotable_command


def _children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(c) for c in (task / "children").read_text().split()]
    return found


def _serve(tmp_path, *extra: str, redis_url: str | None) -> tuple[subprocess.Popen, Path]:
    environment = {k: v for k, v in os.environ.items() if not k.startswith("COSMOTABLE_")}
    environment.update(COSMOTABLE_BOT_WORKERS="0", COSMOTABLE_RATE_LIMIT="0")
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


def test_two_workers_serve_one_port_and_every_socket_sees_every_move(tmp_path, redis_url):
    process, log = _serve(tmp_path, "--workers", "2", redis_url=redis_url)
    deadline = time.monotonic() + WAIT
    url = None
    while url is None and time.monotonic() < deadline:
        assert process.poll() is None, log.read_text()
        for line in log.read_text().splitlines():
            if line.startswith("Cosmotable is running at "):
                url = line.split(" at ", 1)[1].split()[0].rstrip("/")
        time.sleep(0.1)
    server = LiveServer(process, url, log)
    try:
        while time.monotonic() < deadline:  # the workers answer once they have started
            assert process.poll() is None, log.read_text()
            try:
                if httpx.get(f"{url}/api/games", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.1)
        assert len(_children(process.pid)) >= 2, "two worker processes"
        made = httpx.post(f"{url}/api/tables", json={"game": "mlem", "seats": [{"kind": "human"}] * 2}).json()
        table_id = made["table"]["id"]
        tokens = {link["seat"]: link["token"] for link in made["seats"]}
        httpx.post(f"{url}/api/tables/{table_id}/start", headers={"X-Host-Token": made["host_token"]})
        sockets = [SeatSocket.open(server, table_id, tokens[seat], seat) for seat in (0, 1)]
        for socket in sockets:
            socket.read_in_background()
        try:
            step = 0
            for _ in range(12):  # each request on a new connection: the kernel spreads them over the workers
                summary = httpx.get(f"{url}/api/tables/{table_id}").json()
                seat = summary["to_act"]
                legal = httpx.get(
                    f"{url}/api/tables/{table_id}/state", headers={"X-Seat-Token": tokens[seat]}
                ).json()["legal_actions"]
                answer = httpx.post(
                    f"{url}/api/tables/{table_id}/actions",
                    json={"action": legal[0]["json"], "client_action_id": uuid.uuid4().hex},
                    headers={"X-Seat-Token": tokens[seat]},
                )
                assert answer.status_code == 200, answer.text
                step = answer.json()["step"]
            for socket in sockets:
                assert socket.wait_for_step(step)["step"] == step
        finally:
            for socket in sockets:
                socket.close()
    finally:
        os.killpg(process.pid, signal.SIGINT)
        process.wait(WAIT)
    assert "Traceback" not in log.read_text(), log.read_text()[-3000:]


def test_several_workers_without_redis_are_refused_with_the_reason(tmp_path):
    process, log = _serve(tmp_path, "--workers", "3", redis_url=None)
    assert process.wait(WAIT) == 2
    assert "3 workers need Redis" in log.read_text() and "COSMOTABLE_REDIS_URL" in log.read_text()
