"""Helpers of the server tests: create tables, act, wait for the bots, read the server's state."""

from __future__ import annotations

import contextlib
import os
import random
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

from sqlalchemy import create_engine, text

import reaper
from cosmotable.engine import State

COSMOTABLE = Path(sys.executable).parent / "cosmotable"


def create(client, game="mlem", seats=("human", "human"), start=True, **extra) -> dict:
    """Create (and start) a table; seats are "human" or a bot level. Returns the 201 body."""
    specs = [{"kind": "human"} if s == "human" else {"kind": "bot", "bot": s} for s in seats]
    response = client.post("/api/tables", json={"game": game, "seats": specs, **extra})
    assert response.status_code == 201, response.text
    made = response.json()
    if start:
        started = client.post(f"/api/tables/{made['table']['id']}/start", headers=host(made))
        assert started.status_code == 200, started.text
    return made


def host(made: dict) -> dict:
    return {"X-Host-Token": made["host_token"]}


def seat_headers(made: dict, seat: int) -> dict:
    token = next(link["token"] for link in made["seats"] if link["seat"] == seat)
    return {"X-Seat-Token": token}


def token_of(made: dict, seat: int) -> str:
    return seat_headers(made, seat)["X-Seat-Token"]


def act(client, made: dict, seat: int, action, client_action_id: str | None = None):
    return client.post(
        f"/api/tables/{made['table']['id']}/actions",
        json={"action": action, "client_action_id": client_action_id or uuid.uuid4().hex},
        headers=seat_headers(made, seat),
    )


def state_of(client, made: dict, seat: int | None) -> dict:
    headers = seat_headers(made, seat) if seat is not None else {}
    response = client.get(f"/api/tables/{made['table']['id']}/state", headers=headers)
    assert response.status_code == 200, response.text
    return response.json()


def server_state(app, table_id: str) -> State:
    """The table's full state as the server holds it (for checking what each seat is sent)."""
    service = app.state.server.service
    with service.sessions() as session:
        return service._state(session, service._row(session, table_id))


def wait_until(predicate, timeout: float = 60.0, what: str = "the condition"):
    """Poll until `predicate()` is truthy (bots play in the background). The timeout only stops a
    hung test; it is not a speed requirement."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError(f"gave up waiting for {what}")


def summary_of(client, made) -> dict:
    """The table's summary (GET /api/tables/{id})."""
    return client.get(f"/api/tables/{made['table']['id']}").json()


def bot_turn_over(client, made, seat: int) -> dict:
    """Wait until the bot has made the timed-out turn's decisions (another seat is to act)."""
    return wait_until(
        lambda: (s := summary_of(client, made))["to_act"] != seat and not s["seats"][seat]["bot_turn"] and s,
        what="the bot to finish the timed-out turn",
    )


def play_until_turn_of(client, made, seat: int, rng: random.Random) -> None:
    """The other seat plays its own decisions until `seat` is to act again."""
    for _ in range(500):
        summary = summary_of(client, made)
        assert summary["status"] == "running", "the game ended before the seat's next turn"
        if summary["to_act"] == seat:
            return
        other = summary["to_act"]
        legal = state_of(client, made, other)["legal_actions"]
        response = act(client, made, other, rng.choice(legal)["json"])
        assert response.status_code == 200, response.text
    raise AssertionError("the seat's turn did not come back")


def play_humans_randomly(client, made: dict, humans, rng, limit: int = 5000) -> dict:
    """Play every human seat with random legal actions until the table is finished."""
    table_id = made["table"]["id"]
    for _ in range(limit):
        summary = client.get(f"/api/tables/{table_id}").json()
        if summary["status"] == "finished":
            return summary
        seat = summary["to_act"]
        if seat in humans:
            legal = state_of(client, made, seat)["legal_actions"]
            if legal:
                response = act(client, made, seat, rng.choice(legal)["json"])
                assert response.status_code in (200, 409), response.text
                continue
        time.sleep(0.01)
    raise AssertionError("the game did not finish")


def start_server(data_dir: Path, database_url: str | None = None) -> tuple[subprocess.Popen, str]:
    """Start `cosmotable serve` on a free port; returns the process and the URL it printed. Its
    output goes to a file beside the data directory (a pipe nobody reads would fill up and stall
    the server once its access log grows)."""
    env = dict(os.environ)
    env.pop("COSMOTABLE_DATABASE_URL", None)
    env["COSMOTABLE_BOT_WORKERS"] = "1"
    env["COSMOTABLE_RATE_LIMIT"] = "0"  # the tests act at machine speed; test_limits.py tests the limit
    command = [str(COSMOTABLE), "serve", "--port", "0", "--data-dir", str(data_dir)]
    if database_url:
        command += ["--database-url", database_url]
    data_dir.parent.mkdir(parents=True, exist_ok=True)
    log_path = data_dir.parent / f"serve-{uuid.uuid4().hex[:8]}.log"
    with open(log_path, "w") as log:
        # its own process group: a test that kills the server kills its bot worker with it
        # (`os.killpg`), as a crash of the machine would, and leaves no orphan behind
        process = subprocess.Popen(
            command, stdout=log, stderr=subprocess.STDOUT, text=True, env=env, start_new_session=True
        )
    reaper.register_group(process.pid)  # ended even if this test process dies before stop_server
    end = time.monotonic() + 120
    while time.monotonic() < end:
        for line in log_path.read_text().splitlines():
            if line.startswith("Cosmotable is running at "):
                return process, line.split(" at ", 1)[1].strip()
        if process.poll() is not None:
            raise AssertionError(
                f"the server exited with {process.returncode}:\n{log_path.read_text()[-2000:]}"
            )
        time.sleep(0.1)
    process.kill()
    raise AssertionError("the server did not print its URL")


def stop_server(process: subprocess.Popen) -> None:
    """Stop a server of `start_server` as Ctrl-C does, then end whatever is left of its process group:
    a server whose shutdown outlasts the wait (a loaded machine) would otherwise leave itself and
    its bot worker running after the test, orphaned (issue #47)."""
    process.send_signal(signal.SIGINT)
    try:
        process.wait(30)
    finally:
        with contextlib.suppress(ProcessLookupError):  # the group is empty after a clean shutdown
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        reaper.forget_group(process.pid)


def stored_actions(database_url: str, table_id: str) -> tuple[dict[str, int], list[tuple[int, str]], tuple]:
    """What the database holds for a table, read as the server left it: how many times each client
    action id is stored, the stored actions as (index, text) in order, and the table's
    (game, config, seed) row. The fault tests compare these with what the server acknowledged."""
    from sqlalchemy import create_engine, text

    engine = create_engine(database_url)
    try:
        with engine.connect() as connection:
            counts = dict(
                connection.execute(
                    text(
                        "SELECT client_action_id, COUNT(*) FROM actions WHERE table_id = :t "
                        "AND client_action_id IS NOT NULL GROUP BY client_action_id"
                    ),
                    {"t": table_id},
                ).all()
            )
            actions = [
                (row[0], row[1])
                for row in connection.execute(
                    text('SELECT "index", text FROM actions WHERE table_id = :t ORDER BY "index"'),
                    {"t": table_id},
                )
            ]
            table = tuple(
                connection.execute(
                    text("SELECT game, config, seed FROM tables WHERE id = :t"), {"t": table_id}
                ).one()
            )
    finally:
        engine.dispose()
    return counts, actions, table


def run_coroutine(coroutine):
    """`asyncio.run(coroutine)` in a thread of its own. Under pytest-xdist a worker that ran a
    Playwright (sync API) test first still has that test's event loop set on its main thread, where
    `asyncio.run` refuses to start ("cannot be called from a running event loop")."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1, thread_name_prefix="test-coroutine") as pool:
        return pool.submit(asyncio.run, coroutine).result()


def rows(database_url: str, query: str) -> list:
    """The rows a raw SQL query reads from the database behind a server (what it stored, not what it says)."""
    engine = create_engine(database_url)
    try:
        with engine.connect() as connection:
            return list(connection.execute(text(query)).all())
    finally:
        engine.dispose()
