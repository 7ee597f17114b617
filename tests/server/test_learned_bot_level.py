"""The `learned` bot level on server tables: offered for MLEM (which has weights) and played there;
refused with the levels a game can use for Kosmodrom and Planet (no weights)."""

from __future__ import annotations

from server_helpers import create, summary_of, wait_until


def test_learned_is_offered_for_mlem_only(client):
    infos = {g["id"]: g for g in client.get("/api/games").json()}
    assert "learned" in infos["mlem"]["bots"]
    assert "learned" not in infos["kosmodrom"]["bots"] and "hard" in infos["kosmodrom"]["bots"]
    assert "learned" not in infos["planet"]["bots"]


def test_a_table_of_learned_bots_plays_to_the_end(client):
    made = create(client, "mlem", ["learned", "learned"])
    summary = wait_until(
        lambda: (s := summary_of(client, made))["status"] == "finished" and s,
        timeout=600,
        what="two learned bots to finish the game",
    )
    assert summary["step"] > 10


def test_learned_on_a_game_without_weights_is_refused_naming_the_levels(client):
    for game in ("kosmodrom", "planet"):
        response = client.post(
            "/api/tables",
            json={"game": game, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "learned"}]},
        )
        assert response.status_code == 422, response.text
        body = response.json()
        assert body["error"] == "invalid_config" and "seats.1.bot" in body["message"]
        assert "hard" in body["message"]
    response = client.post(
        "/api/tables",
        json={"game": "kosmodrom", "seats": [{"kind": "human"}, {"kind": "human"}], "timeout_bot": "learned"},
    )
    assert response.status_code == 422 and "timeout_bot" in response.json()["message"]


def test_the_coach_gives_the_learned_bots_policy_in_mlem_and_nothing_in_other_games():
    from cosmotable import games
    from cosmotable.bots.learned import LearnedBot
    from cosmotable.server.bots import advice

    state = games.get("mlem").new_state(num_players=2, seed=9)
    state.resolve_chance()
    moves = advice(state, seed=1, samples=2)["moves"]
    legal, probabilities, _ = LearnedBot().policy(state)
    expected = {str(a): float(p) for a, p in zip(legal, probabilities)}
    assert {m["text"]: m["policy"] for m in moves} == expected
    assert abs(sum(expected.values()) - 1.0) < 1e-9
    for game_id in ("kosmodrom", "planet"):
        other = games.get(game_id).new_state(num_players=2, seed=9)
        other.resolve_chance()
        assert all("policy" not in m for m in advice(other, seed=1, samples=2)["moves"])
