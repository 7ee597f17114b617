"""One contract for both transports (issue #43, items 2-4): what HTTP refuses, the websocket refuses
the same way; text the database cannot store or a page should not show is refused as a 422 naming
the field, never a 500; JSON types are taken strictly; and the documented close codes are the ones a
client sees."""

from __future__ import annotations

import dataclasses
import json
import uuid

import pytest
from fastapi.testclient import TestClient
from server_helpers import create, host, seat_headers, server_state, state_of, token_of
from starlette.websockets import WebSocketDisconnect

from cosmotable.server.app import create_app

# a lone surrogate (JSON's escape makes one; UTF-8 cannot encode it) and two C1 controls
BAD_NAMES = ["x\udfff", "a\ud800b", "line\u0085break", "esc\u009b[31m", "nul\x00", "del\x7f"]


def _json(value) -> bytes:
    """JSON as a client may send it: a lone surrogate goes as its \\u escape (ensure_ascii)."""
    return json.dumps(value).encode()


@pytest.mark.parametrize("name", BAD_NAMES, ids=lambda n: ascii(n))
def test_a_seat_name_the_database_cannot_store_or_a_page_should_not_show_is_a_422(client, name):
    body = {"game": "mlem", "seats": [{"kind": "human", "name": name}, {"kind": "human"}]}
    answer = client.post("/api/tables", content=_json(body), headers={"Content-Type": "application/json"})
    assert answer.status_code == 422, answer.text
    assert answer.json()["error"] == "validation_error" and "seats.0.name" in answer.json()["message"]
    made = create(client, "mlem", ["human", "human"], start=False)
    table_id = made["table"]["id"]
    joined = client.post(
        f"/api/tables/{table_id}/join",
        content=_json({"seat": 0, "name": name}),
        headers={"Content-Type": "application/json"},
    )
    assert joined.status_code == 422 and "name" in joined.json()["message"], joined.text
    seat = client.get(f"/api/tables/{table_id}").json()["seats"][0]
    assert not seat["claimed"] and seat["name"] is None  # nothing was stored


def test_names_with_any_printable_character_are_kept(client):
    made = create(client, "mlem", ["human", "human"], start=False)
    name = "Zoë 🚀 Ås\u00a0Łódź"
    joined = client.post(f"/api/tables/{made['table']['id']}/join", json={"seat": 1, "name": name})
    assert joined.status_code == 200, joined.text
    assert client.get(f"/api/tables/{made['table']['id']}").json()["seats"][1]["name"] == name


@pytest.mark.parametrize(
    ("field", "value"),
    [("seat", True), ("seat", False), ("seat", 1.0), ("seat", "1")],
    ids=["true", "false", "float", "text"],
)
def test_a_seat_number_is_a_json_integer(client, field, value):
    made = create(client, "mlem", ["human", "human"], start=False)
    answer = client.post(f"/api/tables/{made['table']['id']}/join", json={field: value})
    assert answer.status_code == 422 and "seat" in answer.json()["message"], answer.text
    assert not any(s["claimed"] for s in client.get(f"/api/tables/{made['table']['id']}").json()["seats"])


@pytest.mark.parametrize(
    "extra", [{"timer_seconds": "60"}, {"undo": 1}, {"coach": "yes"}, {"timer_seconds": True}]
)
def test_table_options_are_taken_as_their_own_json_types(client, extra):
    body = {"game": "mlem", "seats": [{"kind": "human"}, {"kind": "human"}], **extra}
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 422 and next(iter(extra)) in answer.json()["message"], answer.text


def _socket(client, made, seat):
    return client.websocket_connect(f"/api/tables/{made['table']['id']}/ws?token={token_of(made, seat)}")


def _next_error(ws) -> dict:
    while (message := ws.receive_json())["type"] != "error":
        pass
    return message


def test_an_action_message_with_fields_http_refuses_is_refused_over_the_socket_too(client, app):
    made = create(client, "mlem", ["human", "human"])
    table_id = made["table"]["id"]
    seat = client.get(f"/api/tables/{table_id}").json()["to_act"]
    legal = state_of(client, made, seat)["legal_actions"][0]["json"]
    body = {"action": legal, "client_action_id": uuid.uuid4().hex, "seat": 0, "as_host": True}
    over_http = client.post(f"/api/tables/{table_id}/actions", json=body, headers=seat_headers(made, seat))
    assert over_http.status_code == 422
    step = len(server_state(app, table_id).history)
    with _socket(client, made, seat) as ws:
        ws.receive_json()
        ws.send_json({"type": "action", **body})
        refused = _next_error(ws)
        assert refused["error"] == "validation_error", refused
        assert "seat" in refused["message"] and "as_host" in refused["message"]
        # the same fields the POST takes, and only those, are applied
        body = {"action": legal, "client_action_id": uuid.uuid4().hex}
        ws.send_json({"type": "action", **body, "client_action_id": "\x85"})
        assert _next_error(ws)["error"] == "validation_error"
    assert len(server_state(app, table_id).history) == step


@pytest.mark.parametrize("depth", [33, 5000])
def test_deeply_nested_json_is_refused_and_the_socket_stays_open(client, depth):
    made = create(client, "mlem", ["human", "human"])
    nested = "[" * depth + "]" * depth
    over_http = client.post(
        f"/api/tables/{made['table']['id']}/actions",
        content=nested,
        headers={**seat_headers(made, 0), "Content-Type": "application/json"},
    )
    assert over_http.status_code in (400, 422), over_http.text
    with _socket(client, made, 0) as ws:
        ws.receive_json()
        ws.send_text(nested)
        refused = _next_error(ws)
        assert refused["error"] == "bad_request" and "nested" in refused["message"], refused
        ws.send_text("{}")  # still open: the next message is answered
        assert _next_error(ws)["error"] == "validation_error"


def test_a_binary_frame_is_answered_then_closed_with_1003(client):
    made = create(client, "mlem", ["human", "human"])
    with _socket(client, made, 0) as ws:
        ws.receive_json()
        ws.send_bytes(b'{"type": "action"}')
        refused = _next_error(ws)
        assert refused["error"] == "bad_request" and "binary" in refused["message"]
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                ws.receive_json()
    assert closed.value.code == 1003 and "JSON text" in closed.value.reason


def test_a_socket_over_the_rate_is_told_why_and_closed_with_1013(settings, tmp_path):
    limited = dataclasses.replace(settings, rate_limit=1.0, rate_burst=1)
    with TestClient(create_app(limited)) as client:
        made = create(client, "mlem", ["human", "human"], start=False)
        url = f"/api/tables/{made['table']['id']}/ws?token={token_of(made, 0)}"
        for _ in range(40):  # spend the allowance of the token and of the address
            client.get(f"/api/tables/{made['table']['id']}", headers=seat_headers(made, 0))
        with client.websocket_connect(url) as ws:
            refused = ws.receive_json()
            assert refused["error"] == "rate_limited" and refused["retry_after"] >= 1, refused
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
        assert closed.value.code == 1013
        assert client.get(f"/api/tables/{made['table']['id']}", headers=host(made)).status_code in (200, 429)


def test_the_running_game_record_has_the_documented_keys(client):
    """docs/server-api.md lists the keys of a running game's record; the page and the answer agree."""
    made = create(client, "mlem", ["human", "human"])
    record = client.get(f"/api/tables/{made['table']['id']}/record", headers=seat_headers(made, 0)).json()
    documented = {
        "format",
        "version",
        "table",
        "game",
        "config",
        "status",
        "seat",
        "step",
        "players",
        "events",
    }
    assert set(record) == documented
