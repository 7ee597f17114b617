"""Ratings (issue #46): a finished rated table moves its winners up and its losers down, once; allies
move together; unrated tables (the default with undo or a coach) move nothing; the leaderboard and
the public profile show ratings and finished games and nothing private.

Every test runs on SQLite and on PostgreSQL (the `client` fixture of tests/server/conftest.py)."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from server_helpers import create, host, play_humans_randomly, rows

from cosmotable.server.ratings import RATED_LEVELS, calibrated, calibration, new_skill

PASSWORD = "correct horse battery"
START = new_skill()
#: Every table here is dealt with this seed (tests only, Settings.table_seed): the tests choose the
#: seats' moves by a seeded random, and the premise "a game with one winner" needs the deal fixed
#: too. With a secret deal per table, the first test's game could end shared (MLEM can): the likely
#: cause of its rare failure on PostgreSQL (its message was not kept).
TABLE_SEED = 11


@pytest.fixture
def settings(settings):
    return dataclasses.replace(settings, table_seed=TABLE_SEED)


def sign_up(client, name: str) -> None:
    response = client.post("/api/account", json={"name": name, "password": PASSWORD})
    assert response.status_code == 201, response.text


def two_accounts_table(client, game="mlem", seats=("human", "human"), variants=(), **extra) -> dict:
    """Ada creates the table (her seat: the first human one), Bob signs up and joins the next human
    seat; both seats are bound to their accounts. Returns the created body with both seat tokens."""
    sign_up(client, "Ada")
    specs = [{"kind": "human"} if s == "human" else {"kind": "bot", "bot": s} for s in seats]
    response = client.post(
        "/api/tables", json={"game": game, "seats": specs, "variants": list(variants), **extra}
    )
    assert response.status_code == 201, response.text
    made = response.json()
    client.cookies.clear()
    sign_up(client, "Bob")
    joined = client.post(f"/api/tables/{made['table']['id']}/join", json={})
    assert joined.status_code == 200, joined.text
    made["seats"] = [link for link in made["seats"] if link["seat"] != joined.json()["seat"]]
    made["seats"].append(joined.json())
    client.cookies.clear()
    started = client.post(f"/api/tables/{made['table']['id']}/start", headers=host(made))
    assert started.status_code == 200, started.text
    return made


def profile(client, name: str) -> dict:
    response = client.get(f"/api/players/{name}")
    assert response.status_code == 200, response.text
    return response.json()


def rating_of(client, name: str, game: str = "mlem") -> dict | None:
    return next((r for r in profile(client, name)["ratings"] if r["game"] == game), None)


def finish(client, made: dict, seed: int) -> dict:
    humans = {link["seat"] for link in made["seats"]}
    return play_humans_randomly(client, made, humans, random.Random(seed))


def test_a_rated_game_moves_the_winner_up_and_the_loser_down_once(client, app, database_url):
    made = two_accounts_table(client, undo=False)
    assert made["table"]["rated"] is True  # no undo, no coach: rated by default
    table_id = made["table"]["id"]
    # a seed whose game has one winner (MLEM can end shared)
    summary = finish(client, made, seed=2)
    assert len(summary["winners"]) == 1
    names = [seat["name"] for seat in summary["seats"]]
    winner, loser = names[summary["winners"][0]], names[1 - summary["winners"][0]]
    won, lost = rating_of(client, winner), rating_of(client, loser)
    assert won["mu"] > START.mu > lost["mu"]
    assert won["games"] == lost["games"] == 1
    assert won["rating"] > lost["rating"]
    assert [point["place"] for point in won["history"]] == [1]
    assert [point["place"] for point in lost["history"]] == [2]
    assert won["history"][0]["change"] > 0 > lost["history"][0]["change"]
    assert won["history"][0]["table_id"] == table_id
    assert rows(database_url, f"SELECT COUNT(*) FROM rating_changes WHERE table_id = '{table_id}'") == [(2,)]

    # the guard: the finishing hook run again for the same table changes nothing
    service = app.state.server.service
    with service.sessions.begin() as session:
        service._finished(session, service._row(session, table_id))
    assert rating_of(client, winner) == won and rating_of(client, loser) == lost
    assert rows(database_url, "SELECT COUNT(*) FROM rating_changes") == [(2,)]
    # and a change of the finished table (a rematch proposed) does not rate it again
    token = next(link["token"] for link in made["seats"] if link["seat"] == 0)
    assert client.post(f"/api/tables/{table_id}/rematch", headers={"X-Seat-Token": token}).status_code == 200
    assert rating_of(client, winner) == won


def test_the_rematch_of_a_rated_table_is_rated_and_moves_the_ratings_again(client):
    made = two_accounts_table(client, undo=False)
    finish(client, made, seed=2)
    before = rating_of(client, "Ada")
    token = next(link["token"] for link in made["seats"] if link["seat"] == 0)
    proposed = client.post(f"/api/tables/{made['table']['id']}/rematch", headers={"X-Seat-Token": token})
    other = next(link["token"] for link in made["seats"] if link["seat"] == 1)
    accepted = client.post(f"/api/tables/{made['table']['id']}/rematch", headers={"X-Seat-Token": other})
    assert proposed.status_code == accepted.status_code == 200
    rematch = {
        "table": {"id": proposed.json()["table_id"]},
        "seats": [proposed.json(), accepted.json()],
    }
    assert client.get(f"/api/tables/{rematch['table']['id']}").json()["rated"] is True
    finish(client, rematch, seed=5)
    after = rating_of(client, "Ada")
    assert after["games"] == 2 and len(after["history"]) == 2
    assert after["mu"] != before["mu"]


@pytest.mark.parametrize(
    ("settings_asked", "rated"),
    [
        ({}, False),  # undo is on by default: unrated by default
        ({"undo": False, "coach": True}, False),
        ({"undo": False}, True),
        ({"undo": True, "rated": True}, True),  # the host may rate a table with undo all the same
        ({"undo": False, "rated": False}, False),
    ],
)
def test_tables_with_undo_or_a_coach_are_unrated_by_default(client, settings_asked, rated):
    made = create(client, "mlem", ["human", "random"], start=False, **settings_asked)
    assert made["table"]["rated"] is rated


def test_an_unrated_table_and_a_table_with_one_rated_player_change_no_rating(client, database_url):
    made = two_accounts_table(client)  # undo on: unrated
    assert made["table"]["rated"] is False
    finish(client, made, seed=2)
    # a guest against a bot: one rated player (the bot level) only
    guest = create(client, "mlem", ["human", "random"], undo=False)
    assert guest["table"]["rated"] is True
    finish(client, guest, seed=3)
    assert rows(database_url, "SELECT COUNT(*) FROM ratings") == [(0,)]
    assert rows(database_url, "SELECT COUNT(*) FROM rating_changes") == [(0,)]
    assert profile(client, "Ada")["ratings"] == []


def test_a_player_against_a_bot_level_is_rated_and_so_is_the_level(client, database_url):
    sign_up(client, "Ada")
    made = create(client, "mlem", ["human", "random"], undo=False)
    summary = finish(client, made, seed=4)
    ada = rating_of(client, "Ada")
    assert ada["games"] == 1
    assert (ada["mu"] > START.mu) == (summary["winners"] == [0])
    board = client.get("/api/ratings/mlem").json()
    bot = next(entry for entry in board["entries"] if entry["bot"] == "random")
    assert bot["games"] == 1 and bot["name"] is None
    assert [entry["place"] for entry in board["entries"]] == list(range(1, len(board["entries"]) + 1))
    assert [e["rating"] for e in board["entries"]] == sorted(
        (e["rating"] for e in board["entries"]), reverse=True
    )
    assert any(entry["name"] == "Ada" for entry in board["entries"])
    # the bot level's account exists and never signs in
    assert rows(database_url, "SELECT name FROM accounts WHERE id = 'bot-random'") == [("bot:random",)]
    refused = client.post("/api/session", json={"name": "bot:random", "password": "!" * 8})
    assert refused.status_code == 401
    assert client.get("/api/players/bot:random").status_code == 404
    assert ada["bot_level"] in {"random", "heuristic", "easy", "normal", "hard"}
    # the level's first rated game started from its shipped calibration, not a new player's rating
    shipped = calibrated("mlem")["random"]
    ((mu_before, sigma_before),) = rows(
        database_url, "SELECT mu_before, sigma_before FROM rating_changes WHERE account_id = 'bot-random'"
    )
    assert (mu_before, sigma_before) == pytest.approx((shipped.mu, shipped.sigma))


@pytest.mark.parametrize("game", sorted(calibration()["games"]))
def test_a_fresh_server_lists_every_level_at_its_shipped_calibration(client, game):
    board = client.get(f"/api/ratings/{game}").json()
    listed = {entry["bot"]: entry for entry in board["entries"] if entry["bot"]}
    shipped = calibrated(game)
    assert set(listed) == set(RATED_LEVELS)
    for level, skill in shipped.items():
        assert listed[level]["games"] == 0
        assert (listed[level]["mu"], listed[level]["sigma"]) == (round(skill.mu, 2), round(skill.sigma, 2))
    # the board lists them by their calibrated ordinal, highest first
    ordinals = {level: skill.ordinal for level, skill in shipped.items()}
    assert [e["bot"] for e in board["entries"] if e["bot"]] == sorted(ordinals, key=lambda lv: -ordinals[lv])


def test_planet_allies_are_rated_as_one_team(client, database_url):
    """Planet 2 vs 2: Ada and Bob (seats 0 and 2) against two random bots (seats 1 and 3)."""
    made = two_accounts_table(
        client,
        "planet",
        ("human", "random", "human", "random"),
        variants=("teams",),
        undo=False,
        options={"max_turns": 40},  # a short game: the rating, not the game, is under test
    )
    summary = finish(client, made, seed=6)
    ada, bob = rating_of(client, "Ada", "planet"), rating_of(client, "Bob", "planet")
    won = set(summary["winners"])
    assert ada["history"][0]["place"] == bob["history"][0]["place"]  # one team, one place
    if won == {0, 2}:
        assert ada["mu"] > START.mu and bob["mu"] > START.mu
    elif won == {1, 3}:
        assert ada["mu"] < START.mu and bob["mu"] < START.mu
    # the random level sat twice: one game for it, one history row
    assert rows(
        database_url, "SELECT games FROM ratings WHERE account_id = 'bot-random' AND game = 'planet'"
    ) == [(1,)]
    assert rows(database_url, "SELECT COUNT(*) FROM rating_changes WHERE account_id = 'bot-random'") == [(1,)]


def test_the_profile_is_public_data_only_and_a_deleted_player_has_none(client):
    made = two_accounts_table(client, undo=False)
    finish(client, made, seed=2)
    running = create(client, "mlem", ["human", "random"])  # a guest's running table: never listed
    page = profile(client, "ada")  # names are found whatever their case
    assert page["name"] == "Ada"
    assert [table["id"] for table in page["finished"]] == [made["table"]["id"]]
    assert running["table"]["id"] not in json.dumps(page)
    text_of_page = json.dumps(page)
    for secret in ("token", "password", "session", "url", "seed", "hand"):
        assert secret not in text_of_page, secret
    for link in made["seats"]:
        assert link["token"] not in text_of_page
    assert client.get("/api/players/Nobody").status_code == 404
    assert client.get("/api/ratings/chess").status_code == 404

    # Bob deletes his account: no profile, no rating, off the leaderboard; the game stays
    client.cookies.clear()
    assert client.post("/api/session", json={"name": "Bob", "password": PASSWORD}).status_code == 200
    deleted = client.post("/api/account/delete", json={"password": PASSWORD})
    assert deleted.status_code == 204, deleted.text
    assert client.get("/api/players/Bob").status_code == 404
    board = client.get("/api/ratings/mlem").json()
    assert [e["name"] for e in board["entries"] if e["name"]] == ["Ada"]
    # the game stays on Ada's page, with Bob's seat as a deleted player's
    assert profile(client, "Ada")["finished"][0]["seats"][1]["account_deleted"] is True
