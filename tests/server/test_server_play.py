"""Play over the API: actions by text or JSON, refusals, idempotent retries, chance, bots."""

from __future__ import annotations

import random
import threading

import pytest
from server_helpers import act, create, play_humans_randomly, server_state, state_of, wait_until

from cosmotable.engine import CHANCE
from cosmotable.server import bots as server_bots


def test_seat_acts_by_text_and_by_json(client, app):
    made = create(client, "mlem", ["human", "human"])
    table_id = made["table"]["id"]
    seat = (
        made["table"]["to_act"]
        if made["table"]["to_act"] is not None
        else client.get(f"/api/tables/{table_id}").json()["to_act"]
    )
    legal = state_of(client, made, seat)["legal_actions"]
    assert legal, "the seat to act has legal actions"
    step = client.get(f"/api/tables/{table_id}").json()["step"]
    result = act(client, made, seat, legal[0]["text"]).json()
    assert result["applied"] and result["step"] > step
    expected = server_state(app, table_id)
    assert str(expected.history[step]) == legal[0]["text"]
    seat, step = result["table"]["to_act"], result["step"]
    legal = state_of(client, made, seat)["legal_actions"]
    assert act(client, made, seat, legal[-1]["json"]).json()["applied"]
    assert str(server_state(app, table_id).history[step]) == legal[-1]["text"]


def test_illegal_action_is_409_with_the_engines_reason_and_changes_nothing(client, app):
    made = create(client, "mlem", ["human", "human"])
    table_id = made["table"]["id"]
    before = client.get(f"/api/tables/{table_id}").json()
    seat = before["to_act"]
    response = act(client, made, seat, "travel 9,Z")
    assert response.status_code == 409
    body = response.json()
    assert body["error"] == "conflict" and body["message"]
    nonsense = act(client, made, seat, {"kind": "no-such-kind"})
    assert nonsense.status_code == 409 and "mlem action" in nonsense.json()["message"]
    other = 1 - seat
    legal = [str(a) for a in server_state(app, table_id).legal_actions()]
    out_of_turn = act(client, made, other, legal[0])
    assert out_of_turn.status_code == 409 and f"not seat {other}'s" in out_of_turn.json()["message"]
    assert client.get(f"/api/tables/{table_id}").json()["step"] == before["step"]


def test_wrong_or_missing_token_is_403_and_changes_nothing(client):
    made = create(client, "mlem", ["human", "human"])
    table_id = made["table"]["id"]
    step = client.get(f"/api/tables/{table_id}").json()["step"]
    body = {"action": "stay", "client_action_id": "x"}
    assert client.post(f"/api/tables/{table_id}/actions", json=body).status_code == 403
    wrong = client.post(f"/api/tables/{table_id}/actions", json=body, headers={"X-Seat-Token": "A" * 32})
    assert wrong.status_code == 403 and wrong.json()["error"] == "forbidden"
    hosted = client.post(
        f"/api/tables/{table_id}/actions", json=body, headers={"X-Seat-Token": made["host_token"]}
    )
    assert hosted.status_code == 403
    assert client.get(f"/api/tables/{table_id}").json()["step"] == step


def test_repeated_client_action_id_is_applied_once(client):
    made = create(client, "mlem", ["human", "human"])
    table_id = made["table"]["id"]
    seat = client.get(f"/api/tables/{table_id}").json()["to_act"]
    action = state_of(client, made, seat)["legal_actions"][0]["json"]
    first = act(client, made, seat, action, client_action_id="retry-me").json()
    again = act(client, made, seat, action, client_action_id="retry-me").json()
    assert first["applied"] and not again["applied"]
    assert again["step"] == first["step"] == client.get(f"/api/tables/{table_id}").json()["step"]


def test_actions_before_the_start_are_refused(client):
    made = create(client, "mlem", ["human", "human"], start=False)
    response = act(client, made, 0, "stay")
    assert response.status_code == 409 and "open" in response.json()["message"]


def test_chance_is_resolved_by_the_server_at_once(client, app):
    made = create(client, "mlem", ["human", "human"])
    table_id = made["table"]["id"]
    rng = random.Random(3)
    for _ in range(30):
        summary = client.get(f"/api/tables/{table_id}").json()
        if summary["status"] == "finished":
            break
        assert summary["to_act"] is not None  # never waiting for chance
        assert server_state(app, table_id).current_player() != CHANCE
        seat = summary["to_act"]
        act(client, made, seat, rng.choice(state_of(client, made, seat)["legal_actions"])["json"])
    rolls = [str(a) for a in server_state(app, table_id).history if str(a).startswith("roll")]
    assert rolls, "the server rolled the dice itself"


def test_chance_outcome_sent_by_a_seat_is_refused(client):
    made = create(client, "mlem", ["human", "human"])
    seat = client.get(f"/api/tables/{made['table']['id']}").json()["to_act"]
    response = act(client, made, seat, "roll 1,1,1,1,1,1")
    assert response.status_code == 409


# random Kosmodrom and Planet games run for hundreds of turns (Planet to its 600-turn cap), a few HTTP
# requests a move: a turn cap (the games' own end for a stalled game) still ends them with scores and winners
OPTIONS = {"mlem": {}, "kosmodrom": {"max_turns": 40}, "planet": {"max_turns": 60}}


@pytest.mark.parametrize("game", ["mlem", "kosmodrom", "planet"])
def test_bots_play_a_whole_game_against_a_human(client, app, game):
    made = create(client, game, ["human", "random"], options=OPTIONS[game])
    summary = play_humans_randomly(client, made, {0}, random.Random(5))
    assert summary["status"] == "finished" and summary["winners"] and len(summary["scores"]) == 2
    final = server_state(app, made["table"]["id"])
    assert final.is_terminal() and summary["scores"] == final.scores()


def test_a_table_of_bots_plays_to_the_end(client):
    made = create(client, "mlem", ["random", "heuristic", "random"])
    table_id = made["table"]["id"]
    done = wait_until(
        lambda: client.get(f"/api/tables/{table_id}").json()["status"] == "finished",
        what="the bots to finish",
    )
    assert done


def test_a_thinking_bot_does_not_hold_up_other_tables(client, monkeypatch):
    """While one table's bot is stuck thinking, another table's requests are answered."""
    release = threading.Event()
    thinking = threading.Event()
    real_decide = server_bots.decide

    def slow_decide(job):
        thinking.set()
        release.wait(60)
        return real_decide(job)

    monkeypatch.setattr(server_bots, "decide", slow_decide)
    slow = create(client, "mlem", ["random", "random"])
    assert thinking.wait(30), "the bot started thinking"
    other = create(client, "mlem", ["human", "human"])
    seat = client.get(f"/api/tables/{other['table']['id']}").json()["to_act"]
    legal = state_of(client, other, seat)["legal_actions"]
    assert act(client, other, seat, legal[0]["json"]).json()["applied"]
    assert client.get(f"/api/tables/{slow['table']['id']}").json()["step"] == slow["table"]["step"]
    release.set()
    wait_until(
        lambda: client.get(f"/api/tables/{slow['table']['id']}").json()["step"] > slow["table"]["step"],
        what="the released bot to move",
    )


def test_bots_in_worker_processes(tmp_path, database_url):
    from fastapi.testclient import TestClient

    from cosmotable.server.app import create_app
    from cosmotable.server.settings import Settings

    settings = Settings(database_url=database_url, data_dir=tmp_path / "data", bot_workers=1)
    with TestClient(create_app(settings)) as client:
        made = create(client, "kosmodrom", ["random", "heuristic"])
        table_id = made["table"]["id"]
        wait_until(
            lambda: client.get(f"/api/tables/{table_id}").json()["status"] == "finished",
            timeout=180,
            what="the bots in worker processes to finish",
        )
