"""Real server processes (`cosmotable serve` under Uvicorn) and websocket clients for the tests that
need the network path: several processes sharing PostgreSQL and Redis, and the leak audit.

Every wait has a timeout so a broken server fails the test instead of hanging the suite; the
timeouts stop hung tests only and are no speed requirement.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
import uuid
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path

import httpx
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

import services

WAIT = 60.0


@dataclass
class LiveServer:
    """One `cosmotable serve` process on a loopback port, its output in `log`."""

    process: subprocess.Popen
    url: str
    log: Path

    @property
    def ws_url(self) -> str:
        return "ws" + self.url.removeprefix("http")

    def client(self) -> httpx.Client:
        return httpx.Client(base_url=self.url, timeout=WAIT)

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()

    def output(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""


def cosmotable_command() -> str:
    found = shutil.which("cosmotable", path=str(Path(sys.executable).parent)) or shutil.which("cosmotable")
    assert found, "the `cosmotable` command is not installed in this environment (make install-dev)"
    return found


def start_server(
    workdir: Path,
    database_url: str,
    redis_url: str | None = None,
    name: str = "server",
    secret_key: str = "test-secret-key-shared-by-every-process",
    environment: dict[str, str] | None = None,
) -> LiveServer:
    """Start a server process and wait until it answers. Processes that share a database must share
    the secret key too (it signs the records), hence one fixed key for the tests. `environment`
    adds to (or overrides) the process's COSMOTABLE_* variables."""
    workdir.mkdir(parents=True, exist_ok=True)
    port = services.free_port()
    variables = {key: value for key, value in os.environ.items() if not key.startswith("COSMOTABLE_")}
    variables.update(
        COSMOTABLE_DATABASE_URL=database_url,
        COSMOTABLE_DATA_DIR=str(workdir / name),
        COSMOTABLE_SECRET_KEY=secret_key,
        COSMOTABLE_BOT_WORKERS="0",
        COSMOTABLE_RATE_LIMIT="0",  # the tests act at machine speed; test_limits.py tests the limit
    )
    if redis_url:
        variables["COSMOTABLE_REDIS_URL"] = redis_url
    variables.update(environment or {})
    log = workdir / f"{name}.log"
    with open(log, "wb") as output:
        process = subprocess.Popen(
            [cosmotable_command(), "serve", "--host", "127.0.0.1", "--port", str(port)],
            stdout=output,
            stderr=subprocess.STDOUT,
            env=variables,
            start_new_session=True,
        )
    server = LiveServer(process, f"http://127.0.0.1:{port}", log)
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"{name} exited with {process.returncode}:\n{server.output()}")
        try:
            if httpx.get(f"{server.url}/api/games", timeout=2).status_code == 200:
                return server
        except httpx.TransportError:
            pass
        time.sleep(0.1)
    server.stop()
    raise AssertionError(f"{name} did not answer within {WAIT:.0f} s:\n{server.output()}")


@dataclass
class SeatSocket:
    """A websocket of one seat (or a spectator: token None) and every message it received, in order,
    each with its raw text as sent (for searching it for secrets)."""

    connection: ClientConnection
    seat: int | None
    stack: ExitStack
    messages: list[dict] = field(default_factory=list)
    raw: list[str] = field(default_factory=list)

    @classmethod
    def open(cls, server: LiveServer, table_id: str, token: str | None, seat: int | None) -> SeatSocket:
        query = f"?token={token}" if token else ""
        stack = ExitStack()
        connection = stack.enter_context(
            connect(f"{server.ws_url}/api/tables/{table_id}/ws{query}", open_timeout=WAIT, max_size=None)
        )
        return cls(connection, seat, stack)

    def receive(self, timeout: float = WAIT) -> dict:
        text = self.connection.recv(timeout=timeout)
        self.raw.append(text)
        message = json.loads(text)
        self.messages.append(message)
        return message

    def receive_until(self, predicate, what: str, timeout: float = WAIT) -> dict:
        """Read messages until one satisfies `predicate`; fail naming `what` if none comes in time."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(
                    f"seat {self.seat}: no message with {what} within {timeout:.0f} s; "
                    f"last: {self.messages[-1:]}"
                )
            try:
                message = self.receive(timeout=left)
            except TimeoutError:
                continue
            if predicate(message):
                return message

    def read_in_background(self) -> None:
        """Keep receiving into `messages` from a thread (the test plays over HTTP meanwhile)."""

        def read() -> None:
            try:
                while True:
                    self.receive(timeout=None)
            except (ConnectionClosed, OSError):
                return

        self._reader = threading.Thread(target=read, daemon=True)
        self._reader.start()

    def wait_for_step(self, step: int, timeout: float = WAIT) -> dict:
        """With a background reader: wait until a state at `step` (or later) has arrived."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            latest = self.latest_state()
            if latest is not None and latest["step"] >= step:
                return latest
            time.sleep(0.01)
        raise AssertionError(f"seat {self.seat}: step {step} was not pushed within {timeout:.0f} s")

    def latest_state(self) -> dict | None:
        return next((m for m in reversed(self.messages) if m.get("type") == "state"), None)

    def close(self) -> None:
        self.stack.close()
        reader = getattr(self, "_reader", None)
        if reader is not None:
            reader.join(timeout=WAIT)


def first_legal_moves(url: str, table_id: str, tokens: dict[int, str], count: int) -> int:
    """`count` decisions over HTTP, each the first legal action of the seat to act and each request on
    a new connection (so the kernel spreads them over the workers of `serve --workers N`); the last
    step reached."""
    step = 0
    for _ in range(count):
        seat = httpx.get(f"{url}/api/tables/{table_id}").json()["to_act"]
        headers = {"X-Seat-Token": tokens[seat]}
        legal = httpx.get(f"{url}/api/tables/{table_id}/state", headers=headers).json()["legal_actions"]
        answer = httpx.post(
            f"{url}/api/tables/{table_id}/actions",
            json={"action": legal[0]["json"], "client_action_id": uuid.uuid4().hex},
            headers=headers,
        )
        assert answer.status_code == 200, answer.text
        step = answer.json()["step"]
    return step
