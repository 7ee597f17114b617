"""Websockets: each seat is pushed exactly its own view, its own events and its legal actions."""

from __future__ import annotations

import pytest
from server_helpers import create, server_state, state_of, token_of
from starlette.websockets import WebSocketDisconnect


def _socket(client, made, seat):
    query = f"?token={token_of(made, seat)}" if seat is not None else ""
    return client.websocket_connect(f"/api/tables/{made['table']['id']}/ws{query}")


def _next_state(ws, step_at_least):
    """Read messages until a state of at least this step arrives."""
    while True:
        message = ws.receive_json()
        if message["type"] == "state" and message["step"] >= step_at_least:
            return message


def _next_error(ws):
    """Read past state pushes (a seat connecting is announced too) to the next error message."""
    while True:
        message = ws.receive_json()
        if message["type"] != "state":
            return message


def _check_own_view(app, table_id, message, seat):
    state = server_state(app, table_id)
    assert message["step"] == len(state.history)
    expected = state.public_view() if seat is None else state.view(seat)
    assert message["view"] == expected
    acting = seat is not None and state.current_player() == seat
    assert [a["text"] for a in message["legal_actions"]] == (
        [str(a) for a in state.legal_actions()] if acting else []
    )


def test_each_kosmodrom_seat_gets_its_own_hand_and_nobody_elses(client, app):
    made = create(client, "kosmodrom", ["human", "human", "human"])
    table_id = made["table"]["id"]
    with (
        _socket(client, made, 0) as ws0,
        _socket(client, made, 1) as ws1,
        _socket(client, made, None) as spectator,
    ):
        first = {0: ws0.receive_json(), 1: ws1.receive_json(), None: spectator.receive_json()}
        for seat, message in first.items():
            assert message["type"] == "state" and message["seat"] == seat
            _check_own_view(app, table_id, message, seat)
        assert first[0]["view"] != first[1]["view"]  # different hands
        # one decision: every socket gets the new state built for itself
        to_act = first[0]["table"]["to_act"]
        state = server_state(app, table_id)
        action = str(state.legal_actions()[0])
        step = len(state.history)
        sockets = {0: ws0, 1: ws1, None: spectator}
        if to_act in sockets and to_act is not None:
            sockets[to_act].send_json({"type": "action", "action": action, "client_action_id": "ws-1"})
        else:
            client.post(
                f"/api/tables/{table_id}/actions",
                json={"action": action, "client_action_id": "ws-1"},
                headers={"X-Seat-Token": token_of(made, to_act)},
            )
        for seat, ws in sockets.items():
            message = _next_state(ws, step + 1)
            after = server_state(app, table_id)  # read once the action is surely applied
            _check_own_view(app, table_id, message, seat)
            # only the events new since the first message, numbered on from there
            seen = len(first[seat]["events"])
            own = after.events_for(seat)
            assert [e["text"] for e in message["events"]] == [e.text for e in own[seen:]]
            assert [e["index"] for e in message["events"]] == list(range(seen, len(own)))


def test_events_sent_to_a_seat_are_its_own_events(client, app):
    made = create(client, "kosmodrom", ["human", "human"])
    table_id = made["table"]["id"]
    with _socket(client, made, 1) as ws:
        message = ws.receive_json()
        own = [e.to_json() for e in server_state(app, table_id).events_for(1)]
        assert [{k: e[k] for k in ("kind", "text", "seat", "data")} for e in message["events"]] == own
        assert [e["index"] for e in message["events"]] == list(range(len(own)))


def test_socket_with_a_wrong_token_is_refused(client):
    made = create(client, "mlem", ["human", "human"])
    url = f"/api/tables/{made['table']['id']}/ws?token=wrong"
    # opened only to say why: an error message, then the documented close code with the reason
    with client.websocket_connect(url) as ws:
        error = ws.receive_json()
        assert error["type"] == "error" and error["error"] == "forbidden"
        assert "X-Seat-Token" in error["message"] or "token" in error["message"]
        with pytest.raises(WebSocketDisconnect) as refused:
            ws.receive_json()
    assert refused.value.code == 1008
    assert "token" in refused.value.reason


def test_socket_to_an_unknown_table_is_closed_with_4404(client):
    with client.websocket_connect("/api/tables/nosuchtable/ws") as ws:
        assert ws.receive_json()["error"] == "not_found"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == 4404 and "no table" in closed.value.reason


def test_socket_reports_a_refused_action_and_stays_open(client, app):
    made = create(client, "mlem", ["human", "human"])
    table_id = made["table"]["id"]
    seat = client.get(f"/api/tables/{table_id}").json()["to_act"]
    with _socket(client, made, seat) as ws:
        ws.receive_json()
        ws.send_json({"type": "action", "action": "travel 9,Z", "client_action_id": "bad"})
        error = _next_error(ws)
        assert error["type"] == "error" and error["error"] == "conflict"
        ws.send_text("not json")
        assert _next_error(ws)["error"] == "bad_request"
        ws.send_json({"type": "action", "action": "x"})
        assert _next_error(ws)["error"] == "validation_error"
        before = state_of(client, made, seat)
        ws.send_json(
            {"type": "action", "action": before["legal_actions"][0]["json"], "client_action_id": "good"}
        )
        # the step the action makes, not the summary's: read at once, the summary could still be at
        # the step before the socket's action was applied (a race seen on PostgreSQL)
        message = _next_state(ws, before["step"] + 1)
        _check_own_view(app, table_id, message, seat)


def test_connected_seats_show_in_the_summary(client):
    made = create(client, "mlem", ["human", "human"])
    table_id = made["table"]["id"]
    with _socket(client, made, 1) as ws:
        ws.receive_json()
        seats = client.get(f"/api/tables/{table_id}").json()["seats"]
        assert seats[1]["connected"] and not seats[0]["connected"]
