"""Decisions by a seat that is not the turn's owner (a gift offered to it, a claim to answer) go
through the same API: whoever the engine's current_player() names acts, with its own token."""

from __future__ import annotations

import random

from server_helpers import act, create, server_state, state_of


def _play_until(client, app, made, wanted, rng, limit=3000):
    """Random legal play by every (human) seat until `wanted(text)` is the action just applied;
    returns the seat that was asked next (the answering seat)."""
    table_id = made["table"]["id"]
    for _ in range(limit):
        summary = client.get(f"/api/tables/{table_id}").json()
        if summary["status"] == "finished":
            return None
        seat = summary["to_act"]
        legal = state_of(client, made, seat)["legal_actions"]
        offers = [a for a in legal if wanted(a["text"])]
        choice = rng.choice(offers) if offers and rng.random() < 0.5 else rng.choice(legal)
        assert act(client, made, seat, choice["json"]).status_code == 200
        if wanted(choice["text"]):
            return seat, client.get(f"/api/tables/{table_id}").json()["to_act"]
    return None


def test_kosmodrom_offer_is_answered_by_the_seat_it_is_offered_to(client, app):
    made = create(client, "kosmodrom", ["human", "human", "human"], variants=["negotiation"])
    # An offer is built step by step (offer <seat>, give <card>, want <card>, propose): start one, add
    # a card of the giver's, propose it as a gift; 'propose' hands the answer to the seat offered to.
    found = _play_until(client, app, made, lambda text: text.startswith("offer"), random.Random(2))
    assert found is not None, "an offer was started"
    giver, still = found
    assert still == giver
    give = next(a for a in state_of(client, made, giver)["legal_actions"] if a["text"].startswith("give"))
    assert act(client, made, giver, give["json"]).status_code == 200
    assert act(client, made, giver, "propose").status_code == 200
    answering = client.get(f"/api/tables/{made['table']['id']}").json()["to_act"]
    assert answering != giver
    answers = {a["text"] for a in state_of(client, made, answering)["legal_actions"]}
    assert {"accept", "refuse"} <= answers
    assert state_of(client, made, giver)["legal_actions"] == []
    refused = act(client, made, giver, "accept")
    assert refused.status_code == 409
    before = len(server_state(app, made["table"]["id"]).history)
    assert act(client, made, answering, "refuse").json()["applied"]
    assert str(server_state(app, made["table"]["id"]).history[before]) == "refuse"
