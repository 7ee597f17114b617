"""Each process keeps snapshots of its tables; two apps on one database stand for two server
processes: one's snapshot goes out of date when the other changes a table, and nothing may then be
decided on the outdated snapshot (the row's version in the database says so)."""

from __future__ import annotations

import json
import uuid

import pytest
from fastapi.testclient import TestClient
from server_helpers import create, seat_headers, server_state, state_of

from cosmotable.server.app import create_app
from cosmotable.server.settings import Settings


@pytest.fixture
def two_processes(tmp_path, database_url):
    """Two apps (each with its own snapshot cache) sharing one database."""
    apps = [
        create_app(
            Settings(
                database_url=database_url,
                data_dir=tmp_path / name,
                bot_workers=0,
                timer_poll_seconds=0.05,
                secret_key="shared",
            )
        )
        for name in ("first", "second")
    ]
    with TestClient(apps[0]) as first, TestClient(apps[1]) as second:
        yield (first, apps[0]), (second, apps[1])


def _action(client, made: dict, seat: int, action, client_action_id: str):
    return client.post(
        f"/api/tables/{made['table']['id']}/actions",
        json={"action": action, "client_action_id": client_action_id},
        headers=seat_headers(made, seat),
    )


def _ready(client, made: dict) -> tuple[int, dict]:
    """Both seats claimed through `client` (so its process holds the table's snapshot); the seat to
    act and its state."""
    states = [state_of(client, made, seat) for seat in (0, 1)]
    seat = states[0]["table"]["to_act"]
    return seat, states[seat]


def test_a_seat_handed_to_a_bot_elsewhere_cannot_act_on_an_outdated_snapshot(two_processes):
    (first, _first_app), (second, second_app) = two_processes
    made = create(first)
    seat, seen = _ready(first, made)
    action = seen["legal_actions"][0]["text"]
    # the other process hands the seat to the timeout bot: the first one's snapshot still shows
    # the seat as the player's
    left = second.post(f"/api/tables/{made['table']['id']}/leave", headers=seat_headers(made, seat))
    assert left.status_code == 200 and left.json()["seats"][seat]["bot_playing"]

    client_action_id = uuid.uuid4().hex
    refused = _action(first, made, seat, action, client_action_id)
    assert refused.status_code == 409, refused.text
    service = second_app.state.server.service
    with service.sessions() as session:
        assert not service._seen_action(session, made["table"]["id"], client_action_id)
    # and the first process now shows what the database holds
    assert state_of(first, made, seat)["table"]["seats"][seat]["bot_playing"]


def test_a_retry_sent_to_another_process_is_applied_once(two_processes):
    (first, _first_app), (second, second_app) = two_processes
    made = create(first)
    seat, seen = _ready(first, made)
    before = seen["step"]
    client_action_id = uuid.uuid4().hex
    applied = _action(second, made, seat, seen["legal_actions"][0]["text"], client_action_id)
    assert applied.status_code == 200 and applied.json()["applied"]
    after = applied.json()["step"]
    # the retry reaches the process whose snapshot is still from before the action
    retried = _action(first, made, seat, seen["legal_actions"][0]["text"], client_action_id)
    assert retried.status_code == 200, retried.text
    assert not retried.json()["applied"] and retried.json()["step"] == after > before
    assert len(server_state(second_app, made["table"]["id"]).history) == after


def test_two_processes_taking_turns_at_one_table_agree_with_the_record(two_processes):
    (first, first_app), (second, _second_app) = two_processes
    made = create(first)
    _ready(first, made)
    _ready(second, made)
    for turn in range(30):
        # read through one process, act through the other: the acting one is always a change behind
        reader, actor = (first, second) if turn % 2 else (second, first)
        table = reader.get(f"/api/tables/{made['table']['id']}").json()
        if table["status"] != "running":
            break
        seat = table["to_act"]
        legal = state_of(reader, made, seat)["legal_actions"]
        done = _action(actor, made, seat, legal[turn % len(legal)]["text"], uuid.uuid4().hex)
        assert done.status_code == 200 and done.json()["applied"], done.text
        assert done.json()["step"] > table["step"]
    truth = server_state(first_app, made["table"]["id"])
    for seat in (0, 1):
        seen = [state_of(client, made, seat) for client in (first, second)]
        assert seen[0]["step"] == seen[1]["step"] == len(truth.history)
        assert seen[0]["view"] == seen[1]["view"] == json.loads(json.dumps(truth.view(seat)))
