"""Restart safety: a real server killed with SIGKILL mid-game loses no acknowledged action and
applies none twice; its tables resume where they were."""

from __future__ import annotations

import os
import random
import signal
import time
import uuid

import httpx
from server_helpers import start_server, stop_server, stored_actions


def _post_action(http, url, table_id, token, action, action_id):
    return http.post(
        f"{url}api/tables/{table_id}/actions",
        json={"action": action, "client_action_id": action_id},
        headers={"X-Seat-Token": token},
    )


def test_sigkill_mid_game_keeps_every_acknowledged_action_once(tmp_path, database_url):
    data_dir = tmp_path / "data"
    rng = random.Random(11)
    acknowledged: dict[str, int] = {}  # client_action_id -> step after it
    process, url = start_server(data_dir, database_url)
    try:
        with httpx.Client(timeout=60) as http:
            made = http.post(
                f"{url}api/tables",
                json={
                    "game": "mlem",
                    "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}],
                },
            ).json()
            table_id = made["table"]["id"]
            tokens = {link["seat"]: link["token"] for link in made["seats"]}
            http.post(f"{url}api/tables/{table_id}/start", headers={"X-Host-Token": made["host_token"]})
            while len(acknowledged) < 25:
                summary = http.get(f"{url}api/tables/{table_id}").json()
                assert summary["status"] == "running", "the game lasts longer than this test's moves"
                seat = summary["to_act"]
                if seat not in tokens:
                    time.sleep(0.02)  # the bot is thinking
                    continue
                state = http.get(
                    f"{url}api/tables/{table_id}/state", headers={"X-Seat-Token": tokens[seat]}
                ).json()
                if not state["legal_actions"]:
                    continue
                action_id = uuid.uuid4().hex
                response = _post_action(
                    http, url, table_id, tokens[seat], rng.choice(state["legal_actions"])["json"], action_id
                )
                if response.status_code == 200:
                    acknowledged[action_id] = response.json()["step"]
            last_id = action_id
    finally:
        os.killpg(process.pid, signal.SIGKILL)  # the server and its bot worker: nothing shuts down
        process.wait(30)

    # every acknowledged action is stored exactly once (the database is read as the server left it)
    counts, actions, _table = stored_actions(database_url, table_id)
    indexes = [index for index, _text in actions]
    assert set(acknowledged) <= set(counts)
    assert all(counts[a] == 1 for a in acknowledged)
    assert indexes == list(range(len(indexes)))  # no gap, no duplicate step

    process, url = start_server(data_dir, database_url)
    try:
        with httpx.Client(timeout=60) as http:
            summary = http.get(f"{url}api/tables/{table_id}").json()
            assert summary["step"] == len(indexes) >= max(acknowledged.values())
            # a retry of an action acknowledged before the crash is not applied again
            seat = next(iter(tokens))
            retry = _post_action(http, url, table_id, tokens[seat], "stay", last_id)
            assert retry.status_code == 200 and retry.json()["applied"] is False
            # the table plays on: seat views rebuild from the record, the bot resumes its turns
            for seat, token in tokens.items():
                view = http.get(f"{url}api/tables/{table_id}/state", headers={"X-Seat-Token": token}).json()
                assert view["step"] >= summary["step"] and view["seat"] == seat
            for _ in range(2000):
                summary = http.get(f"{url}api/tables/{table_id}").json()
                if summary["status"] == "finished":
                    break
                if summary["to_act"] in tokens:
                    token = tokens[summary["to_act"]]
                    legal = http.get(
                        f"{url}api/tables/{table_id}/state", headers={"X-Seat-Token": token}
                    ).json()["legal_actions"]
                    if legal:
                        _post_action(http, url, table_id, token, rng.choice(legal)["json"], uuid.uuid4().hex)
                else:
                    # the bot's turn: wait for it rather than spend the loop's tries on polls (reads
                    # answer fast from the snapshot; the bot thinks in a spawned worker process)
                    time.sleep(0.02)
            assert summary["status"] == "finished"
    finally:
        stop_server(process)
