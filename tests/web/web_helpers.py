"""Helpers for the browser tests (tests/web): the running server's handle, opening the client, screenshots.

See tests/web/conftest.py for the fixtures that use them.
"""

from __future__ import annotations

import socket
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@dataclass
class Server:
    url: str
    api: httpx.Client
    process: subprocess.Popen
    log_path: Path
    tables: list = field(default_factory=list)

    def log(self) -> str:
        return self.log_path.read_text(encoding="utf-8", errors="replace")[-4000:]

    def create_table(self, game: str, seats: list[dict], **fields) -> dict:
        body = {"game": game, "seats": seats, "variants": fields.pop("variants", []),
                "options": fields.pop("options", {}), **fields}
        answer = self.api.post("/api/tables", json=body)
        assert answer.status_code == 201, answer.text
        return answer.json()

    def start(self, created: dict) -> dict:
        answer = self.api.post(f"/api/tables/{created['table']['id']}/start",
                               headers={"X-Host-Token": created["host_token"]})
        assert answer.status_code == 200, answer.text
        return answer.json()

    def state(self, table_id: str, token: str | None = None) -> dict:
        headers = {"X-Seat-Token": token} if token else {}
        answer = self.api.get(f"/api/tables/{table_id}/state", headers=headers)
        assert answer.status_code == 200, answer.text
        return answer.json()

    def act(self, table_id: str, token: str, action, action_id: str) -> dict:
        answer = self.api.post(f"/api/tables/{table_id}/actions", headers={"X-Seat-Token": token},
                               json={"action": action, "client_action_id": action_id})
        assert answer.status_code == 200, answer.text
        return answer.json()

    def wait_until(self, table_id: str, predicate, timeout: float = 120.0) -> dict:
        deadline = time.monotonic() + timeout
        while True:
            summary = self.api.get(f"/api/tables/{table_id}").json()
            if predicate(summary):
                return summary
            if time.monotonic() > deadline:
                raise AssertionError(f"table {table_id} did not reach the wanted state in {timeout} s: {summary}")
            time.sleep(0.2)


def open_client(page, server: Server, route: str = "/") -> None:
    page.goto(f"{server.url}/#{route}")
    page.wait_for_selector("body[data-ready]")


def screenshot(page, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
