"""Leaving, taking a seat back, turn timers handing the seat to a bot, and undo."""

from __future__ import annotations

import random

from server_helpers import act, create, seat_headers, server_state, state_of, token_of, wait_until


def _summary(client, made):
    return client.get(f"/api/tables/{made['table']['id']}").json()


def _decide(client, made, seat, rng=None):
    legal = state_of(client, made, seat)["legal_actions"]
    choice = (rng or random.Random(1)).choice(legal) if rng else legal[0]
    response = act(client, made, seat, choice["json"])
    assert response.status_code == 200, response.text
    return response.json()


def test_leaving_hands_the_seat_to_the_timeout_bot_and_takeback_returns_it(client):
    made = create(client, "mlem", ["human", "human"], timeout_bot="random")
    table_id = made["table"]["id"]
    assert client.post(f"/api/tables/{table_id}/leave").status_code == 403
    left = client.post(f"/api/tables/{table_id}/leave", headers=seat_headers(made, 0)).json()
    assert left["seats"][0]["bot_playing"] and not left["seats"][1]["bot_playing"]
    # the bot plays seat 0's turns; seat 0 itself may not act meanwhile
    wait_until(lambda: _summary(client, made)["to_act"] == 1, what="seat 1's turn")
    assert state_of(client, made, 0)["legal_actions"] == []
    back = client.post(f"/api/tables/{table_id}/takeback", headers=seat_headers(made, 0)).json()
    assert not back["seats"][0]["bot_playing"]
    again = client.post(f"/api/tables/{table_id}/takeback", headers=seat_headers(made, 0))
    assert again.status_code == 409


def test_acting_while_a_bot_plays_the_seat_is_refused(client):
    made = create(client, "mlem", ["human", "human"])
    seat = _summary(client, made)["to_act"]
    other = 1 - seat
    client.post(f"/api/tables/{made['table']['id']}/leave", headers=seat_headers(made, other))
    _decide(client, made, seat)
    wait_until(
        lambda: _summary(client, made)["to_act"] == seat or _summary(client, made)["status"] != "running",
        what="the bot to answer",
    )
    refused = act(client, made, other, "stay")
    assert refused.status_code == 409 and "takeback" in refused.json()["message"]


def test_leaving_an_open_table_frees_the_seat(client):
    made = create(client, "mlem", ["human", "human"], start=False)
    table_id = made["table"]["id"]
    client.get(f"/api/tables/{table_id}/state", headers=seat_headers(made, 1))
    summary = client.post(f"/api/tables/{table_id}/leave", headers=seat_headers(made, 1)).json()
    assert not summary["seats"][1]["claimed"]
    assert client.get(f"/api/tables/{table_id}/state", headers=seat_headers(made, 1)).status_code == 403
    assert client.post(f"/api/tables/{table_id}/join", json={"seat": 1}).status_code == 200


def test_turn_timer_hands_a_silent_seat_to_the_bot(client):
    # one time-out in a row is enough at this table (tests/server/test_turn_timeouts.py: more)
    made = create(
        client, "mlem", ["human", "human"], timer_seconds=1, timeout_bot="random", timeouts_to_bot=1
    )
    summary = _summary(client, made)
    assert summary["deadline"] is not None and summary["timer_seconds"] == 1
    late = summary["to_act"]
    timed_out = wait_until(
        lambda: _summary(client, made)["seats"][late]["bot_playing"], what="the seat's time to run out"
    )
    assert timed_out
    # the bot decided for it; the player takes the seat back
    back = client.post(f"/api/tables/{made['table']['id']}/takeback", headers=seat_headers(made, late))
    assert back.status_code == 200 and not back.json()["seats"][late]["bot_playing"]


def test_no_timer_means_no_deadline(client):
    made = create(client, "mlem", ["human", "human"])
    assert _summary(client, made)["deadline"] is None


def _undoable(client, app, made):
    """Play until the seat to act has a decision that no chance outcome follows; return it."""
    rng = random.Random(4)
    for _ in range(200):
        seat = _summary(client, made)["to_act"]
        state = state_of(client, made, seat)
        before = len(server_state(app, made["table"]["id"]).history)
        result = act(client, made, seat, rng.choice(state["legal_actions"])["json"]).json()
        if result["step"] == before + 1 and result["table"]["to_act"] != seat:
            return seat, before, result
    raise AssertionError("no decision without chance came up")


def test_undo_takes_back_the_own_last_decision_and_tells_every_seat(client, app):
    made = create(client, "mlem", ["human", "human"])
    table_id = made["table"]["id"]
    seat, before, moved = _undoable(client, app, made)
    with client.websocket_connect(f"/api/tables/{table_id}/ws?token={token_of(made, 1 - seat)}") as other:
        other.receive_json()
        assert state_of(client, made, seat)["can_undo"]
        assert not state_of(client, made, 1 - seat)["can_undo"]
        refused = client.post(f"/api/tables/{table_id}/undo", headers=seat_headers(made, 1 - seat))
        assert refused.status_code == 409 and "another seat" in refused.json()["message"]
        undone = client.post(f"/api/tables/{table_id}/undo", headers=seat_headers(made, seat))
        assert undone.status_code == 200, undone.text
        assert undone.json()["step"] == before and undone.json()["table"]["to_act"] == seat
        # the step went back, the version on: a client keeps the summary of the higher version
        assert undone.json()["table"]["version"] > moved["table"]["version"]
        while True:
            message = other.receive_json()
            if message["type"] == "undo":
                assert message == {"type": "undo", "seat": seat, "step": before}
                break
        state = other.receive_json()
        assert state["type"] == "state" and state["step"] == before
        assert state["table"]["version"] == undone.json()["table"]["version"]
        # the whole log again, from index 0, without the taken-back decision's events
        rebuilt = server_state(app, table_id)
        assert len(rebuilt.history) == before
        assert [e["text"] for e in state["events"]] == [e.text for e in rebuilt.events_for(1 - seat)]
        assert [e["index"] for e in state["events"]] == list(range(len(state["events"])))


def test_undo_is_refused_after_a_chance_outcome(client, app):
    made = create(client, "mlem", ["human", "human"])
    rng = random.Random(2)
    for _ in range(200):
        seat = _summary(client, made)["to_act"]
        before = len(server_state(app, made["table"]["id"]).history)
        result = act(
            client, made, seat, rng.choice(state_of(client, made, seat)["legal_actions"])["json"]
        ).json()
        if result["step"] > before + 1 and result["table"]["to_act"] != seat:
            break  # the server rolled after this seat's decision
    refused = client.post(f"/api/tables/{made['table']['id']}/undo", headers=seat_headers(made, seat))
    assert refused.status_code == 409 and "chance" in refused.json()["message"]


def test_host_can_turn_undo_off(client, app):
    made = create(client, "mlem", ["human", "human"], undo=False)
    seat, _before, _ = _undoable(client, app, made)
    assert not state_of(client, made, seat)["can_undo"]
    refused = client.post(f"/api/tables/{made['table']['id']}/undo", headers=seat_headers(made, seat))
    assert refused.status_code == 409 and "turned off" in refused.json()["message"]


def test_an_action_id_taken_back_by_undo_never_applies_again(client, app):
    """A client that retries an action (same client_action_id) after undoing it gets it
    acknowledged, not applied a second time; a new id applies as usual."""
    made = create(client, "mlem", ["human", "human"])
    table_id = made["table"]["id"]
    rng = random.Random(4)
    for number in range(200):
        seat = _summary(client, made)["to_act"]
        before = len(server_state(app, table_id).history)
        choice = rng.choice(state_of(client, made, seat)["legal_actions"])["json"]
        result = act(client, made, seat, choice, client_action_id=f"decision-{number}").json()
        if result["step"] == before + 1 and result["table"]["to_act"] != seat:
            break  # an undoable decision: nothing followed it
    else:
        raise AssertionError("no decision without chance came up")
    undone = client.post(f"/api/tables/{table_id}/undo", headers=seat_headers(made, seat))
    assert undone.status_code == 200, undone.text
    retried = act(client, made, seat, choice, client_action_id=f"decision-{number}")
    assert retried.status_code == 200, retried.text
    assert retried.json()["applied"] is False and retried.json()["step"] == before
    assert len(server_state(app, table_id).history) == before
    fresh = act(client, made, seat, choice, client_action_id="after-undo")
    assert fresh.status_code == 200 and fresh.json()["applied"] is True
    assert len(server_state(app, table_id).history) == before + 1
