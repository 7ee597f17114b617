"""Rematch (issue #46): the same table again at the end of a game, offered to every seat."""

from __future__ import annotations

import json
import random

import pytest
from server_helpers import create, play_humans_randomly, seat_headers, token_of, wait_until

from cosmotable.server.rematch import rotated


def _finished(client, game: str, seats, humans, options=None, seed=5) -> dict:
    made = create(client, game=game, seats=seats, options=options or {}, timer_seconds=600, undo=False)
    for seat in humans:  # each player opens their link (which claims the seat), as in a browser
        client.get(f"/api/tables/{made['table']['id']}/state", headers=seat_headers(made, seat))
    play_humans_randomly(client, made, humans, random.Random(seed))
    return made


def _rematch(client, made: dict, seat: int):
    return client.post(f"/api/tables/{made['table']['id']}/rematch", headers=seat_headers(made, seat))


CAPPED = {"kosmodrom": {"max_turns": 2}, "planet": {"max_turns": 2}}


@pytest.mark.parametrize("game", ["mlem", "kosmodrom", "planet"])
def test_rematch_repeats_the_table_with_seats_rotated_and_a_new_seed(client, app, game):
    made = _finished(client, game, ("human", "human", "easy"), {0, 1}, CAPPED.get(game))
    old = client.get(f"/api/tables/{made['table']['id']}").json()
    assert old["status"] == "finished"
    answer = _rematch(client, made, 1)
    assert answer.status_code == 200, answer.text
    link = answer.json()
    assert link["host_token"] and link["seat"] == rotated(1, 3) == 0
    new = client.get(f"/api/tables/{link['table_id']}").json()
    assert new["rematch_of"] == old["id"]
    assert client.get(f"/api/tables/{old['id']}").json()["rematch"] == new["id"]
    assert new["config"] == old["config"] and new["game"] == game
    assert (new["timer_seconds"], new["undo"], new["coach"]) == (600, False, False)
    # seats rotated by one: old seat 1 moves first; the bot keeps its level
    assert [s["kind"] for s in new["seats"]] == ["human", "bot", "human"]
    assert new["seats"][1]["bot"] == "easy"
    assert [s["rematch"] for s in new["seats"]] == ["accepted", None, "offered"]
    assert new["status"] == "open"
    service = app.state.server.service
    with service.sessions() as session:
        seeds = [service._row(session, t).seed for t in (old["id"], new["id"])]
    assert seeds[0] != seeds[1]
    # the other player accepts with their old token: the rematch starts
    accepted = client.post(f"/api/tables/{new['id']}/rematch/accept", headers=seat_headers(made, 0))
    assert accepted.status_code == 200, accepted.text
    assert accepted.json()["seat"] == 2
    started = client.get(f"/api/tables/{new['id']}").json()
    assert started["status"] == "running"
    if game != "kosmodrom":  # Kosmodrom draws its first player (Ruling K1); the others start at seat 0
        assert started["to_act"] == 0  # old seat 1, the next player after the old first player
    # each new link opens its own seat
    for mine in (link, accepted.json()):
        state = client.get(f"/api/tables/{new['id']}/state", headers={"X-Seat-Token": mine["token"]}).json()
        assert state["seat"] == mine["seat"]


def test_only_a_finished_table_and_only_its_seats_propose(client):
    made = create(client, seats=("human", "human"))
    refused = _rematch(client, made, 0)
    assert refused.status_code == 409 and "over" in refused.json()["message"]
    nobody = client.post(f"/api/tables/{made['table']['id']}/rematch", headers={"X-Seat-Token": "x" * 32})
    assert nobody.status_code == 403
    assert client.post(f"/api/tables/{made['table']['id']}/rematch").status_code == 403


def test_one_rematch_per_table_and_links_never_leak(client):
    made = _finished(client, "mlem", ("human", "human", "random"), {0, 1})
    first = _rematch(client, made, 0).json()
    again = _rematch(client, made, 0).json()
    # idempotent: the same table and the same link, the host token only in the first answer
    assert (again["table_id"], again["token"]) == (first["table_id"], first["token"])
    assert again["host_token"] is None
    # the other seat "proposing" joins the same rematch; its link is its own
    other = _rematch(client, made, 1).json()
    assert other["table_id"] == first["table_id"] and other["token"] != first["token"]
    assert other["host_token"] is None
    # nothing public names a token: the old and new tables' summaries and spectator states
    texts = [client.get(f"/api/tables/{t}").text for t in (made["table"]["id"], first["table_id"])] + [
        client.get(f"/api/tables/{t}/state").text for t in (made["table"]["id"], first["table_id"])
    ]
    for text in texts:
        for token in (first["token"], other["token"], first["host_token"]):
            assert token not in text
    # a seat's old token gives only its own new seat, never another's
    assert first["seat"] != other["seat"]
    # both accepted (the proposer, then the other): the rematch runs
    assert client.get(f"/api/tables/{first['table_id']}").json()["status"] == "running"


def test_decline_opens_the_seat_and_the_host_starts(client):
    made = _finished(client, "mlem", ("human", "human", "human"), {0, 1, 2})
    link = _rematch(client, made, 0).json()
    new_id = link["table_id"]
    declined = client.post(f"/api/tables/{new_id}/rematch/decline", headers=seat_headers(made, 1))
    assert declined.status_code == 200, declined.text
    seat = declined.json()["seats"][rotated(1, 3)]
    assert (seat["rematch"], seat["claimed"]) == ("declined", False)
    # declined is final for that link; a stranger's token is refused
    again = client.post(f"/api/tables/{new_id}/rematch/accept", headers=seat_headers(made, 1))
    assert again.status_code == 409
    stranger = client.post(f"/api/tables/{new_id}/rematch/accept", headers={"X-Seat-Token": "nope"})
    assert stranger.status_code == 403
    # seat 2 accepts: still open, a seat is free; anyone joins it, the host starts
    assert (
        client.post(f"/api/tables/{new_id}/rematch/accept", headers=seat_headers(made, 2)).status_code == 200
    )
    assert client.get(f"/api/tables/{new_id}").json()["status"] == "open"
    joined = client.post(f"/api/tables/{new_id}/join", json={"name": "Eve"})
    assert joined.status_code == 200 and joined.json()["seat"] == rotated(1, 3)
    start = client.post(f"/api/tables/{new_id}/start", headers={"X-Host-Token": link["host_token"]})
    assert start.status_code == 200 and start.json()["status"] == "running"
    # the old table's links still open their seats there (for its replay)
    old = client.get(f"/api/tables/{made['table']['id']}/state", headers=seat_headers(made, 1))
    assert old.status_code == 200 and old.json()["seat"] == 1


def test_an_account_bound_seat_keeps_its_binding(client):
    ada = client.post("/api/account", json={"name": "Ada", "password": "correct horse 1"})
    assert ada.status_code in (200, 201), ada.text
    made = _finished(client, "mlem", ("human", "human"), {0, 1})
    assert made["seats"][0]["seat"] == 0
    link = _rematch(client, made, 0).json()
    mine = client.get("/api/account/games").json()
    urls = [s["url"] for lists in mine.values() for s in lists if s["table"]["id"] == link["table_id"]]
    # exactly one seat of the rematch is Ada's (the guest seat's is not in her list)
    assert urls == [link["url"]]


def test_against_bots_only_the_rematch_starts_at_once_and_the_bots_play(client):
    made = _finished(client, "mlem", ("human", "random"), {0})
    link = _rematch(client, made, 0).json()
    assert link["seat"] == 1  # the bot (old seat 1) moves first now
    summary = client.get(f"/api/tables/{link['table_id']}").json()
    assert summary["status"] == "running"
    assert [s["rematch"] for s in summary["seats"]] == [None, "accepted"]
    # the bot seat is to act first and plays without anyone asking: the human's turn comes
    wait_until(
        lambda: client.get(f"/api/tables/{link['table_id']}").json()["to_act"] == 1,
        what="the bot's first decisions",
    )


def test_the_other_seats_socket_shows_the_offer_without_any_token(client):
    # (that the offer is pushed to a socket already open is the Playwright flow's part:
    # tests/web/test_shell_rematch.py; a TestClient socket cannot wait with a time limit)
    made = _finished(client, "mlem", ("human", "human"), {0, 1})
    table_id = made["table"]["id"]
    link = _rematch(client, made, 0).json()
    for token in (token_of(made, 1), None):  # the other seat, and a spectator
        query = f"?token={token}" if token else ""
        with client.websocket_connect(f"/api/tables/{table_id}/ws{query}") as ws:
            text = ws.receive_text()
        message = json.loads(text)
        assert message["type"] == "state" and message["table"]["rematch"] == link["table_id"]
        assert link["token"] not in text and link["host_token"] not in text
