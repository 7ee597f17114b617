"""A seat link that stops opening its seat goes dark at once (issue #43, item 1): its websocket is
sent the reason and closed, and never receives another message, least of all the seat's new
holder's hand; every REST route refuses it. Each way a token stops being valid is covered: the
seat left before the start (and then joined by someone else), given to a bot by the host, the
table deleted by the host.

Here in one process (the TestClient, on SQLite and PostgreSQL); tests/server/test_revocation_live.py
does the same over the wire, with the socket on another server process than the change."""

from __future__ import annotations

import pytest
from server_helpers import create, host, seat_headers, server_state, token_of
from starlette.websockets import WebSocketDisconnect

from cosmotable.server.identity import revocation


def _open_socket(client, made, seat):
    query = f"?token={token_of(made, seat)}" if seat is not None else ""
    ws = client.websocket_connect(f"/api/tables/{made['table']['id']}/ws{query}")
    ws.__enter__()
    first = ws.receive_json()
    assert first["type"] == "state", first
    return ws


def _read_to_close(ws) -> tuple[list[dict], WebSocketDisconnect]:
    """Every message the socket gets until the server closes it."""
    messages = []
    with pytest.raises(WebSocketDisconnect) as closed:
        while True:
            messages.append(ws.receive_json())
    ws.__exit__(None, None, None)  # the test client's side of the socket ends too
    return messages, closed.value


def _assert_went_dark(messages, closed, code, error, revoked_at_version):
    """The socket's last message is the error, then the close; no state it was sent was built
    after the revoking change (a state of that version or later would be the new holder's)."""
    assert closed.code == code, closed
    assert messages and messages[-1]["type"] == "error" and messages[-1]["error"] == error, messages
    assert closed.reason, "a close frame says why"
    late = [m for m in messages if m["type"] == "state" and m["table"]["version"] >= revoked_at_version]
    assert not late, f"the revoked socket was sent {len(late)} states made after its link was revoked"


def _refused_everywhere(client, table_id, token, status=403):
    headers = {"X-Seat-Token": token}
    for method, path in [
        ("GET", "state"),
        ("GET", "record"),
        ("GET", "coach"),
        ("POST", "leave"),
        ("POST", "takeback"),
        ("POST", "undo"),
    ]:
        answer = client.request(method, f"/api/tables/{table_id}/{path}", headers=headers)
        assert answer.status_code == status, (path, answer.status_code, answer.text)
    action = {"action": "pass", "client_action_id": "late"}
    answer = client.post(f"/api/tables/{table_id}/actions", json=action, headers=headers)
    assert answer.status_code == status, answer.text
    with client.websocket_connect(f"/api/tables/{table_id}/ws?token={token}") as ws:
        assert ws.receive_json()["type"] == "error"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == (1008 if status == 403 else 4404)


def test_a_seat_left_and_joined_again_never_reaches_the_old_socket(client, app):
    """The black-box test's case: Kosmodrom, seat 0's socket, /leave, someone joins seat 0 and the
    table starts. The old socket is closed at the leave, before the new holder is even dealt in."""
    made = create(client, "kosmodrom", ["human", "human"], start=False)
    table_id = made["table"]["id"]
    old = token_of(made, 0)
    ws = _open_socket(client, made, 0)
    left = client.post(f"/api/tables/{table_id}/leave", headers=seat_headers(made, 0))
    assert left.status_code == 200, left.text
    messages, closed = _read_to_close(ws)
    _assert_went_dark(messages, closed, 1008, "forbidden", left.json()["version"])
    assert "link" in closed.reason
    joined = client.post(f"/api/tables/{table_id}/join", json={"seat": 0, "name": "New"})
    assert joined.status_code == 200 and joined.json()["token"] != old
    assert client.post(f"/api/tables/{table_id}/start", headers=host(made)).status_code == 200
    _refused_everywhere(client, table_id, old)
    # the new holder's link works and sees its own hand
    new_view = client.get(f"/api/tables/{table_id}/state", headers={"X-Seat-Token": joined.json()["token"]})
    assert new_view.json()["view"] == server_state(app, table_id).view(0)


def test_a_seat_given_to_a_bot_after_leaving_refuses_its_old_link(client):
    made = create(client, "mlem", ["human", "human"], variants=["secret_missions"], start=False)
    table_id = made["table"]["id"]
    old = token_of(made, 1)
    ws = _open_socket(client, made, 1)
    left = client.post(f"/api/tables/{table_id}/leave", headers=seat_headers(made, 1)).json()
    messages, closed = _read_to_close(ws)
    _assert_went_dark(messages, closed, 1008, "forbidden", left["version"])
    given = client.put(f"/api/tables/{table_id}/seats/1", json={"bot": "random"}, headers=host(made))
    assert given.status_code == 200 and given.json()["seats"][1]["kind"] == "bot"
    assert client.post(f"/api/tables/{table_id}/start", headers=host(made)).status_code == 200
    _refused_everywhere(client, table_id, old)


def test_a_deleted_table_closes_every_socket_on_it(client, app):
    made = create(client, "kosmodrom", ["human", "human"])
    table_id = made["table"]["id"]
    seat_socket = _open_socket(client, made, 0)
    spectator = _open_socket(client, made, None)
    assert client.delete(f"/api/tables/{table_id}").status_code == 403  # the host's alone
    assert client.delete(f"/api/tables/{table_id}", headers=seat_headers(made, 0)).status_code == 403
    assert client.delete(f"/api/tables/{table_id}", headers=host(made)).status_code == 204
    for ws in (seat_socket, spectator):
        messages, closed = _read_to_close(ws)
        assert closed.code == 4404 and "deleted" in closed.reason, closed
        assert messages[-1]["error"] == "not_found" and "deleted" in messages[-1]["message"]
    assert client.get(f"/api/tables/{table_id}").status_code == 404
    assert client.delete(f"/api/tables/{table_id}", headers=host(made)).status_code == 404
    _refused_everywhere(client, table_id, token_of(made, 0), status=404)
    listed = client.get("/api/tables").json()["items"]
    assert table_id not in [t["id"] for t in listed]


def test_an_action_over_a_revoked_socket_closes_it(client):
    """The socket's own messages are checked too: an action sent over a socket whose link was
    revoked an instant before is refused and the socket closed (REST answers 403 the same)."""
    made = create(client, "mlem", ["human", "human"], start=False)
    table_id = made["table"]["id"]
    ws = _open_socket(client, made, 0)
    service = client.app.state.server.service
    # revoke without the announcement that would close the socket first: as if the change were
    # made on another process whose message has not arrived yet
    service.leave(table_id, token_of(made, 0))
    ws.send_json({"type": "action", "action": "stay", "client_action_id": "x1"})
    messages, closed = _read_to_close(ws)
    assert closed.code == 1008 and messages[-1]["error"] == "forbidden", (closed, messages)


@pytest.mark.parametrize("game", ["mlem", "kosmodrom", "planet"])
def test_revocation_names_every_way_a_link_stops_opening_its_seat(client, game):
    made = create(client, game, ["human", "human"], start=False)
    service = client.app.state.server.service
    table_id = made["table"]["id"]
    snapshot = service.snapshot(table_id)
    assert revocation(snapshot, 0, token_of(made, 0)) is None
    assert "replaced" in revocation(snapshot, 0, token_of(made, 1))
    assert "replaced" in revocation(snapshot, 0, None)
    client.post(f"/api/tables/{table_id}/leave", headers=seat_headers(made, 0))
    assert "replaced" in revocation(service.snapshot(table_id), 0, token_of(made, 0))
    client.put(f"/api/tables/{table_id}/seats/0", json={"bot": "random"}, headers=host(made))
    assert "bot" in revocation(service.snapshot(table_id), 0, token_of(made, 0))
