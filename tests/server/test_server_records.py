"""Records and replays (redacted while the game runs, full afterwards), the coach and the rules."""

from __future__ import annotations

import json
import os
import random
import subprocess

import pytest
from server_helpers import COSMOTABLE, act, create, play_humans_randomly, seat_headers, server_state, state_of

from cosmotable.engine import GameRecord, RecordError


def test_running_record_is_the_seats_own_history_without_seed_or_actions(client, app):
    made = create(client, "kosmodrom", ["human", "human"])
    table_id = made["table"]["id"]
    record = client.get(f"/api/tables/{table_id}/record", headers=seat_headers(made, 1)).json()
    state = server_state(app, table_id)
    assert "seed" not in record and "actions" not in record
    assert record["seat"] == 1 and record["status"] == "running"
    assert [e["text"] for e in record["events"]] == [e.text for e in state.events_for(1)]
    assert str(state.seed) not in json.dumps(record)
    spectator = client.get(f"/api/tables/{table_id}/record").json()
    assert spectator["seat"] is None
    assert [e["text"] for e in spectator["events"]] == [e.text for e in state.events_for(None)]
    wrong = client.get(f"/api/tables/{table_id}/record", headers={"X-Seat-Token": "nope"})
    assert wrong.status_code == 403


def test_finished_record_is_the_signed_engine_record_that_replays(client, app, settings, tmp_path):
    made = create(client, "mlem", ["human", "random"])
    play_humans_randomly(client, made, {0}, random.Random(8))
    table_id = made["table"]["id"]
    record = client.get(f"/api/tables/{table_id}/record").json()
    loaded = GameRecord.from_json(record, key=settings.secret_key)  # signed with the server's key
    forged = {**record, "actions": record["actions"][:-1]}
    forged["digest"] = GameRecord.from_json({k: v for k, v in forged.items() if k != "digest"}).to_json()[
        "digest"
    ]
    with pytest.raises(RecordError):
        GameRecord.from_json(forged, key=settings.secret_key)  # a re-digested edit is still refused
    with pytest.raises(RecordError):
        GameRecord.from_json(record, key="another key")
    final = loaded.replay()
    assert final.is_terminal() and final.fingerprint() == server_state(app, table_id).fingerprint()
    assert record["players"][1]["kind"] == "random"
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert GameRecord.load(path).replay().scores() == final.scores()
    # `cosmotable replay` reads the downloaded file
    shown = subprocess.run(
        [str(COSMOTABLE), "replay", str(path), "--all"],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "COLUMNS": "120"},
        check=False,  # asserted below, with stderr in the message
    )
    assert shown.returncode == 0, shown.stderr
    assert record["actions"][-1] in shown.stdout


def test_replay_steps_through_a_finished_game_as_each_seat_saw_it(client, app):
    made = create(client, "kosmodrom", ["human", "random"])
    play_humans_randomly(client, made, {0}, random.Random(9))
    table_id = made["table"]["id"]
    record = GameRecord.from_json(client.get(f"/api/tables/{table_id}/record").json())
    step = len(record.actions) // 2
    expected = record.replay(step)
    seat_view = client.get(f"/api/tables/{table_id}/replay?step={step}&seat=1").json()
    assert seat_view["view"] == expected.view(1) and seat_view["total_steps"] == len(record.actions)
    assert seat_view["action"] == record.actions[step - 1]
    public = client.get(f"/api/tables/{table_id}/replay?step={step}").json()
    assert public["view"] == expected.public_view()
    assert client.get(f"/api/tables/{table_id}/replay?step=0").json()["action"] is None
    too_far = client.get(f"/api/tables/{table_id}/replay?step={len(record.actions) + 1}")
    assert too_far.status_code == 422


def test_replay_of_a_running_game_is_refused(client):
    made = create(client, "kosmodrom", ["human", "human"])
    response = client.get(f"/api/tables/{made['table']['id']}/replay?step=1")
    assert response.status_code == 409


def test_coach_rates_each_legal_move_and_gives_mlem_crash_odds(client):
    made = create(client, "mlem", ["human", "human"], coach=True)
    table_id = made["table"]["id"]
    rng = random.Random(6)
    for _ in range(100):  # until the rocket is in flight: the coach adds the next roll's odds
        seat = client.get(f"/api/tables/{table_id}").json()["to_act"]
        legal = state_of(client, made, seat)["legal_actions"]
        if any(a["text"].startswith("travel") for a in legal):
            break
        act(client, made, seat, rng.choice(legal)["json"])
    advice = client.get(f"/api/tables/{table_id}/coach", headers=seat_headers(made, seat)).json()
    assert sorted(m["text"] for m in advice["moves"]) == sorted(a["text"] for a in legal)
    rated = [m for m in advice["moves"] if m["visits"]]
    assert rated and all(0.0 <= m["win_chance"] <= 1.0 for m in rated)
    assert 0.0 <= advice["odds"]["crash"] <= 1.0
    other = client.get(f"/api/tables/{table_id}/coach", headers=seat_headers(made, 1 - seat))
    assert other.status_code == 409


def test_coach_is_off_unless_the_table_turns_it_on(client):
    made = create(client, "mlem", ["human", "human"])
    seat = client.get(f"/api/tables/{made['table']['id']}").json()["to_act"]
    response = client.get(f"/api/tables/{made['table']['id']}/coach", headers=seat_headers(made, seat))
    assert response.status_code == 409 and "coach" in response.json()["message"]


def test_rules_endpoint_gives_the_summary_and_the_reconstructed_files(client):
    rules = client.get("/api/games/mlem/rules").json()
    assert rules["game"] == "mlem" and "#" in rules["text"]
    files = {r["file"] for r in rules["reconstructed"]}
    assert "games/mlem/data/mat.toml" in files and "games/mlem/data/goals.toml" not in files
    assert client.get("/api/games/chess/rules").status_code == 404
