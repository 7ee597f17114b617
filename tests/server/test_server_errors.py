"""Every error is JSON {error, message} with a 4xx status: malformed bodies, oversized bodies,
unknown tables and paths; a table's seed appears in no response."""

from __future__ import annotations

import json
import random

from server_helpers import act, create, seat_headers, server_state, state_of


def _is_error(response, status, code):
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error", "message"} and body["error"] == code and body["message"]
    return body


def test_malformed_json_is_400(client):
    response = client.post("/api/tables", content=b"{not json", headers={"Content-Type": "application/json"})
    body = _is_error(response, 400, "bad_request")
    assert "JSON" in body["message"]


def test_wrong_types_are_422_naming_the_field(client):
    body = _is_error(
        client.post("/api/tables", json={"game": "mlem", "seats": "two"}), 422, "validation_error"
    )
    assert "seats" in body["message"]
    body = _is_error(
        client.post("/api/tables", json={"game": "mlem", "seats": [{}, {}], "colour": "red"}),
        422,
        "validation_error",
    )
    assert "colour" in body["message"]


def test_oversized_body_is_413(client, settings):
    big = {"game": "mlem", "seats": [{}, {}], "options": {"board": "x" * (settings.max_body_bytes + 10)}}
    _is_error(client.post("/api/tables", json=big), 413, "too_large")

    def chunks():  # no Content-Length: the limit is enforced while the body streams in
        for _ in range(settings.max_body_bytes // 1000 + 5):
            yield b" " * 1000

    streamed = client.post("/api/tables", content=chunks(), headers={"Content-Type": "application/json"})
    _is_error(streamed, 413, "too_large")
    assert client.get("/api/tables").json()["total"] == 0


def test_unknown_paths_and_methods_are_json(client):
    _is_error(client.get("/api/nothing-here"), 404, "not_found")
    _is_error(client.delete("/api/games"), 405, "method_not_allowed")
    _is_error(
        client.post(
            "/api/tables/none/actions",
            json={"action": "x", "client_action_id": "1"},
            headers={"X-Seat-Token": "t"},
        ),
        404,
        "not_found",
    )
    _is_error(client.get("/api/tables/none/state"), 404, "not_found")


def test_bad_options_are_422_not_500(client):
    response = client.post("/api/tables", json={"game": "mlem", "seats": [{}, {}], "options": {"board": 5}})
    _is_error(response, 422, "invalid_config")
    response = client.post(
        "/api/tables", json={"game": "planet", "seats": [{}, {}], "options": {"max_turns": "x"}}
    )
    assert response.status_code == 422, response.text


def test_the_seed_is_in_no_response_while_the_game_runs(client, app):
    made = create(client, "mlem", ["human", "human"])
    table_id = made["table"]["id"]
    seed = str(server_state(app, table_id).seed)
    assert len(seed) >= 38  # at least 128 bits
    rng = random.Random(1)
    texts = [json.dumps(made)]
    for _ in range(10):
        seat = client.get(f"/api/tables/{table_id}").json()["to_act"]
        texts.append(json.dumps(state_of(client, made, seat)))
        texts.append(
            act(client, made, seat, rng.choice(state_of(client, made, seat)["legal_actions"])["json"]).text
        )
        texts.append(act(client, made, seat, "travel 9,Z").text)
    texts.append(client.get(f"/api/tables/{table_id}/record", headers=seat_headers(made, 0)).text)
    texts.append(client.get("/api/tables").text)
    assert not any(seed in text for text in texts)
