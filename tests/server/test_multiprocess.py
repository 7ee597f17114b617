"""Two server processes sharing one PostgreSQL database and fanning out through Redis: a game whose
seats are connected to different processes is played to the end, and each seat sees every change
live, whichever process applied it (docs/server-api.md; issue: "Beyond one machine")."""

from __future__ import annotations

import random
import uuid

from live_helpers import SeatSocket


def new_table(server, game: str, players: int) -> dict:
    with server.client() as http:
        created = http.post("/api/tables", json={"game": game, "seats": [{"kind": "human"}] * players})
        assert created.status_code == 201, created.text
        made = created.json()
        started = http.post(
            f"/api/tables/{made['table']['id']}/start", headers={"X-Host-Token": made["host_token"]}
        )
        assert started.status_code == 200, started.text
    return made


def test_seats_on_two_processes_see_every_move_live_and_agree_at_the_end(live_pair):
    process_a, process_b = live_pair
    made = new_table(process_a, "mlem", 2)
    table_id = made["table"]["id"]
    tokens = {link["seat"]: link["token"] for link in made["seats"]}
    # seat 0 plays through process A, seat 1 through process B (which did not create the table)
    sockets = [
        SeatSocket.open(process_a, table_id, tokens[0], 0),
        SeatSocket.open(process_b, table_id, tokens[1], 1),
    ]
    rng = random.Random(16)
    try:
        latest = [
            socket.receive_until(lambda m: m["type"] == "state", "the first state") for socket in sockets
        ]
        assert latest[0]["step"] == latest[1]["step"]
        moves = 0
        while latest[0]["table"]["status"] != "finished":
            to_act = latest[0]["table"]["to_act"]
            mover = sockets[to_act]
            legal = latest[to_act]["legal_actions"]
            assert legal, f"seat {to_act} is to act but was sent no legal action"
            before = latest[to_act]["step"]
            mover.connection.send(_action(rng.choice(legal)))
            after = mover.receive_until(
                lambda m, before=before: m["type"] == "state" and m["step"] > before, f"a step after {before}"
            )
            latest[to_act] = after
            # the other seat, on the other process, is pushed that very position
            other = 1 - to_act
            latest[other] = sockets[other].receive_until(
                lambda m, after=after: m["type"] == "state" and m["step"] >= after["step"],
                f"step {after['step']}",
            )
            assert latest[other]["step"] == after["step"]
            assert latest[other]["table"]["to_act"] == after["table"]["to_act"]
            moves += 1
        assert latest[1]["table"]["status"] == "finished"
        assert moves > 10
        assert not [m for s in sockets for m in s.messages if m["type"] == "error"]
    finally:
        for socket in sockets:
            socket.close()

    # both processes tell the same end, and each seat's pushed events add up to its whole log
    with process_a.client() as http_a, process_b.client() as http_b:
        summary_a = http_a.get(f"/api/tables/{table_id}").json()
        summary_b = http_b.get(f"/api/tables/{table_id}").json()
        assert summary_a["status"] == summary_b["status"] == "finished"
        assert summary_a["scores"] == summary_b["scores"] and summary_a["scores"] is not None
        assert summary_a["winners"] == summary_b["winners"]
        assert summary_a["step"] == summary_b["step"] == latest[0]["step"]
        assert (
            http_a.get(f"/api/tables/{table_id}/record").json()
            == http_b.get(f"/api/tables/{table_id}/record").json()
        )
        for seat, socket in enumerate(sockets):
            headers = {"X-Seat-Token": tokens[seat]}
            whole = http_b.get(f"/api/tables/{table_id}/state", headers=headers).json()
            assert whole == http_a.get(f"/api/tables/{table_id}/state", headers=headers).json()
            assert latest[seat]["view"] == whole["view"]
            pushed = _events_in_order(socket.messages)
            assert pushed == whole["events"], f"seat {seat} missed or repeated events"


def _action(choice: dict) -> str:
    import json

    return json.dumps({"type": "action", "action": choice["json"], "client_action_id": uuid.uuid4().hex})


def _events_in_order(messages: list[dict]) -> list[dict]:
    """The seat's log as the pushes built it: each state message carries the events new since the
    previous one (`index` says where they start); a repeat of an index already held is dropped only if
    identical, so a gap or a changed event still shows."""
    log: list[dict] = []
    for message in messages:
        if message["type"] != "state":
            continue
        for event in message["events"]:
            if event["index"] < len(log):
                assert log[event["index"]] == event, f"event {event['index']} changed"
                continue
            assert event["index"] == len(log), f"events {len(log)}..{event['index'] - 1} were never pushed"
            log.append(event)
    return log
