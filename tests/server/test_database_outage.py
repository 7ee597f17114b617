"""The database unavailable for a while (issue #23, "Faults"): PostgreSQL is stopped during play and
started again. Meanwhile requests fail cleanly (503 with a message, never a 500) and change nothing;
afterwards the same server process, never restarted, serves and plays on, and every action it
acknowledged is in the record exactly once.

The test starts a PostgreSQL cluster of its own (tests/services.py), so stopping it touches neither
the system's server nor the cluster the other tests of this worker share."""

from __future__ import annotations

import random
import uuid

import pytest
from fastapi.testclient import TestClient
from server_helpers import act, create, seat_headers, state_of, stored_actions, wait_until
from starlette.websockets import WebSocketDisconnect

import services
from cosmotable.server.app import create_app
from cosmotable.server.settings import Settings


@pytest.fixture
def own_postgres():
    server = services.start_postgres()
    yield server
    server.stop()


def _play(client, made, humans, rng, acknowledged: dict[str, int], moves: int) -> None:
    """`moves` random legal moves by the human seats (the bot's turns are waited for)."""
    table_id = made["table"]["id"]
    for _ in range(moves):
        seat = wait_until(
            lambda: (s := client.get(f"/api/tables/{table_id}").json())["to_act"] in humans and s,
            timeout=120,
            what="a human seat's turn",
        )["to_act"]
        action_id = uuid.uuid4().hex
        answer = act(
            client, made, seat, rng.choice(state_of(client, made, seat)["legal_actions"])["json"], action_id
        )
        assert answer.status_code == 200, answer.text
        acknowledged[action_id] = answer.json()["step"]


def _stored(url: str, table_id: str) -> tuple[dict[str, int], list[int]]:
    counts, actions, _table = stored_actions(url, table_id)
    return counts, [index for index, _text in actions]


def test_requests_fail_with_503_while_postgresql_is_down_and_the_server_recovers(tmp_path, own_postgres):
    url = own_postgres.new_database()
    settings = Settings(
        database_url=url, data_dir=tmp_path / "data", bot_workers=0, timer_poll_seconds=0.05, rate_limit=0
    )
    rng = random.Random(23)
    acknowledged: dict[str, int] = {}
    with TestClient(create_app(settings)) as client:
        made = create(client, "mlem", ["human", "human", "random"])
        table_id = made["table"]["id"]
        humans = {0, 1}
        _play(client, made, humans, rng, acknowledged, 6)
        seat = wait_until(
            lambda: (s := client.get(f"/api/tables/{table_id}").json())["to_act"] in humans and s,
            timeout=120,
            what="a human seat's turn",
        )["to_act"]
        legal = state_of(client, made, seat)["legal_actions"]
        before = client.get(f"/api/tables/{table_id}").json()

        own_postgres.pause()
        try:
            refused_id = uuid.uuid4().hex
            answers = {
                "action": act(client, made, seat, legal[0]["json"], refused_id),
                "new table": client.post(
                    "/api/tables", json={"game": "mlem", "seats": [{"kind": "human"}] * 2}
                ),
                "table list": client.get("/api/tables"),
                "seat state": client.get(f"/api/tables/{table_id}/state", headers=seat_headers(made, seat)),
                "undo": client.post(f"/api/tables/{table_id}/undo", headers=seat_headers(made, seat)),
            }
            for what, answer in answers.items():
                # a read the process can answer from its snapshot may still succeed; nothing is a 500
                assert answer.status_code in ((200, 503) if what == "seat state" else (503,)), (
                    what,
                    answer.text,
                )
                if answer.status_code == 503:
                    body = answer.json()
                    assert body["error"] == "unavailable" and "database is unavailable" in body["message"]
            # a socket is told why and closed (1013: try again later) or, answered from the
            # snapshot, sent its state
            with client.websocket_connect(
                f"/api/tables/{table_id}/ws?token={made['seats'][0]['token']}"
            ) as ws:
                first = ws.receive_json()
                if first["type"] == "error":
                    assert first["error"] == "unavailable", first
                    with pytest.raises(WebSocketDisconnect) as closed:
                        ws.receive_json()
                    assert closed.value.code == 1013, closed.value
                else:
                    assert first["type"] == "state", first
        finally:
            own_postgres.resume()

        # the same process recovers by itself: no restart, the refused action was not applied
        wait_until(
            lambda: client.get("/api/tables").status_code == 200, timeout=120, what="the database back"
        )
        after = client.get(f"/api/tables/{table_id}").json()
        assert after["step"] == before["step"]
        retried = act(client, made, seat, legal[0]["json"], refused_id)  # the client's retry now applies
        assert retried.status_code == 200 and retried.json()["applied"] is True, retried.text
        acknowledged[refused_id] = retried.json()["step"]
        _play(client, made, humans, rng, acknowledged, 6)  # and play goes on, the bot with it
        final = client.get(f"/api/tables/{table_id}").json()

    counts, indexes = _stored(url, table_id)
    assert set(acknowledged) <= set(counts) and all(counts[a] == 1 for a in acknowledged)
    # no gap, no duplicate step; the bot may have moved on after `final` was read, so the rows
    # hold at least that many steps
    assert indexes == list(range(len(indexes))) and len(indexes) >= final["step"]
    own_postgres.drop_database(url)
