"""Accounts (issue #46): what is stored, the session cookie, sign-in limits, the same answer for an
unknown name and a wrong password, cross-site requests, and the seat that follows its account.

Every test runs on SQLite and on PostgreSQL (the `client` fixture of tests/server/conftest.py)."""

from __future__ import annotations

import hashlib

import argon2
import pytest
import sqlalchemy
from server_helpers import act, create, rows, state_of

from cosmotable.server import passwords
from cosmotable.server.account_routes import COOKIE

PASSWORD = "correct horse battery"
CROSS_SITE = {"Sec-Fetch-Site": "cross-site"}
OTHER_ORIGIN = {"Origin": "http://evil.example"}


def sign_up(client, name="Ada", password=PASSWORD):
    response = client.post("/api/account", json={"name": name, "password": password})
    assert response.status_code == 201, response.text
    return response


def sign_in(client, name="Ada", password=PASSWORD):
    return client.post("/api/session", json={"name": name, "password": password})


def session_of(response) -> str:
    """The session id a response's Set-Cookie gives."""
    return response.cookies[COOKIE]


def who(client, cookie: str | None = None) -> str | None:
    """The signed-in account's name (None: a guest); `cookie`: this session id instead of the jar's."""
    if cookie is not None:
        client.cookies.clear()
        client.cookies.set(COOKIE, cookie)
    account = client.get("/api/session").json()["account"]
    return account and account["name"]


def test_the_password_is_stored_only_as_an_argon2id_hash_and_the_session_only_as_its_hash(
    client, database_url
):
    cookie = session_of(sign_up(client))
    ((stored,),) = rows(database_url, "SELECT password_hash FROM accounts")
    assert stored.startswith("$argon2id$") and PASSWORD not in stored
    parameters = argon2.extract_parameters(stored)
    # at least OWASP's minimum for Argon2id (19 MiB, 2 passes); argon2-cffi's default is 64 MiB, 3
    assert parameters.memory_cost >= 19 * 1024 and parameters.time_cost >= 2
    fast = {getattr(hashlib, name)(PASSWORD.encode()).hexdigest() for name in ("md5", "sha1", "sha256")}
    assert stored not in fast
    everything = " ".join(
        str(row)
        for table in ("accounts", "account_sessions")
        for row in rows(database_url, f"SELECT * FROM {table}")
    )
    assert PASSWORD not in everything and cookie not in everything
    assert rows(database_url, "SELECT id_hash FROM account_sessions") == [
        (hashlib.sha256(cookie.encode()).hexdigest(),)
    ]


def _stored_everywhere(database_url: str) -> str:
    """Every row of every table the server keeps, as text."""
    tables = [name for (name,) in rows(database_url, _TABLE_NAMES[database_url.split(":")[0].split("+")[0]])]
    assert "accounts" in tables
    return " ".join(str(row) for table in tables for row in rows(database_url, f'SELECT * FROM "{table}"'))


_TABLE_NAMES = {
    "sqlite": "SELECT name FROM sqlite_master WHERE type = 'table'",
    "postgresql": "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()",
}


def test_no_password_is_ever_stored_plain_or_as_a_fast_hash_after_a_change_or_a_rehash(client, database_url):
    """'Ever': after sign-up (above), after a password change, and when a sign-in redoes a hash made
    with weaker parameters; the new hash is Argon2id at today's strength each time, and no password,
    nor a fast hash of one, is in any row of any table."""
    sign_up(client)
    new_password = "a brand new one 42"
    changed = client.post("/api/account/password", json={"password": PASSWORD, "new_password": new_password})
    assert changed.status_code == 204, changed.text
    # a hash of an older, weaker configuration (8 MiB, 1 pass), as an older release might have left
    weak = argon2.PasswordHasher(time_cost=1, memory_cost=8 * 1024, parallelism=1).hash(new_password)
    engine = sqlalchemy.create_engine(database_url)
    with engine.begin() as connection:
        connection.execute(sqlalchemy.text("UPDATE accounts SET password_hash = :weak"), {"weak": weak})
    engine.dispose()
    assert sign_in(client, password=new_password).status_code == 200
    ((stored,),) = rows(database_url, "SELECT password_hash FROM accounts")
    assert stored != weak and stored.startswith("$argon2id$") and not passwords.needs_rehash(stored)
    everything = _stored_everywhere(database_url)
    for secret in (PASSWORD, new_password):
        assert secret not in everything
        for name in ("md5", "sha1", "sha256", "sha512"):
            assert getattr(hashlib, name)(secret.encode()).hexdigest() not in everything


def test_the_session_cookie_is_httponly_samesite_lax_and_secure_only_over_https(client, app):
    cookie = sign_up(client).headers["set-cookie"]
    assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Path=/" in cookie
    assert "Secure" not in cookie  # plain http (a development server): a Secure cookie would never return
    over_https = client.post(
        "https://testserver/api/session", json={"name": "Ada", "password": PASSWORD}
    ).headers["set-cookie"]
    assert "Secure" in over_https and "HttpOnly" in over_https and "SameSite=lax" in over_https
    app.state.server.settings.secure_cookies = True  # behind a proxy that speaks http to the server
    assert "Secure" in sign_in(client).headers["set-cookie"]


def test_signing_in_always_makes_a_new_session_and_ends_the_one_the_browser_had(client):
    sign_up(client)
    client.cookies.clear()
    client.cookies.set(COOKIE, "planted-by-an-attacker")  # session fixation: a known id before sign-in
    first = session_of(sign_in(client))
    assert first != "planted-by-an-attacker" and who(client, "planted-by-an-attacker") is None
    client.cookies.clear()
    client.cookies.set(COOKIE, first)
    second = session_of(sign_in(client))
    assert second != first
    assert who(client, first) is None  # the session signed in over is gone on the server
    assert who(client, second) == "Ada"


def test_signing_out_and_changing_the_password_end_sessions_on_the_server(client):
    old = session_of(sign_up(client))
    assert client.delete("/api/session").status_code == 204
    assert who(client, old) is None  # the cookie kept by someone else no longer opens anything
    client.cookies.clear()
    elsewhere = session_of(sign_in(client))
    client.cookies.clear()
    here = session_of(sign_in(client))
    changed = client.post(
        "/api/account/password", json={"password": PASSWORD, "new_password": "a new one 42"}
    )
    assert changed.status_code == 204, changed.text
    assert who(client, elsewhere) is None and who(client, here) is None
    assert who(client, session_of(changed)) == "Ada"  # the browser that changed it stays in
    assert sign_in(client).status_code == 401
    assert sign_in(client, password="a new one 42").status_code == 200


def test_an_unknown_name_and_a_wrong_password_get_the_same_answer_after_the_same_work(client, monkeypatch):
    sign_up(client)
    client.cookies.clear()
    verified = []

    class Counting(argon2.PasswordHasher):
        def verify(self, hash, password):
            verified.append(hash)
            return super().verify(hash, password)

    monkeypatch.setattr(passwords, "HASHER", Counting())
    wrong = sign_in(client, password="not the password")
    unknown = sign_in(client, name="Nobody")
    assert (wrong.status_code, wrong.json()) == (unknown.status_code, unknown.json())
    assert wrong.status_code == 401 and "set-cookie" not in unknown.headers
    # each answer cost one Argon2 verification: the unknown name against a dummy hash
    assert len(verified) == 2 and all(h.startswith("$argon2id$") for h in verified)
    # the dummy hash is written in the code: it must have today's parameters, or an unknown name
    # would cost less (or more) work than a wrong password
    assert verified[1] == passwords.DUMMY_HASH and not passwords.needs_rehash(passwords.DUMMY_HASH)
    assert argon2.extract_parameters(passwords.DUMMY_HASH) == argon2.extract_parameters(verified[0])


def test_sign_in_attempts_are_limited_per_name_and_per_address(client, app):
    limiter = app.state.server.sign_in_attempts
    now = [1000.0]
    limiter.clock = lambda: now[0]  # the test's clock: refills only when the test says so
    sign_up(client, "Ada")
    client.cookies.clear()
    answers = [sign_in(client, password=f"wrong guess {n}").status_code for n in range(5)]
    assert answers == [401] * 5
    refused = sign_in(client)  # the right password, but the name has had its attempts
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1
    assert sign_in(client, name="ADA").status_code == 429  # the same name in any case
    assert sign_in(client, name="Bob").status_code == 401  # another name still gets its answer
    now[0] += 60  # a minute later: one more attempt for the name
    assert sign_in(client).status_code == 200
    # the address: 20 attempts at once whatever the names (sign-ups count too)
    # spent so far: 10 (the sign-up, 9 sign-ins), 4 refilled by the minute: 14 left
    for n in range(14):
        assert sign_in(client, name=f"name {n}").status_code == 401
    assert sign_in(client, name="someone new").status_code == 429
    assert client.post("/api/account", json={"name": "Eve", "password": PASSWORD}).status_code == 429


@pytest.mark.parametrize("headers", [CROSS_SITE, OTHER_ORIGIN, {"Origin": "null"}])
def test_a_cross_site_request_with_the_session_cookie_is_refused(client, headers):
    sign_up(client)
    open_table = create(client, seats=("human", "human"), start=False)
    table_id = open_table["table"]["id"]
    for method, path, body in [
        ("POST", "/api/account/password", {"password": PASSWORD, "new_password": "stolen pass"}),
        ("POST", "/api/account/delete", {"password": PASSWORD}),
        ("POST", "/api/tables", {"game": "mlem", "seats": [{"kind": "human"}, {"kind": "human"}]}),
        ("POST", f"/api/tables/{table_id}/join", {}),
        ("DELETE", "/api/session", None),
        ("POST", "/api/session", {"name": "Ada", "password": PASSWORD}),
    ]:
        response = client.request(method, path, json=body, headers=headers)
        assert response.status_code == 403, (path, response.text)
        assert response.json()["error"] == "forbidden"
    assert who(client) == "Ada" and sign_in(client, password="stolen pass").status_code == 401
    # the same requests from the site itself go through; a guest's (no cookie) were never affected
    same = {"Sec-Fetch-Site": "same-origin", "Origin": "http://testserver"}
    assert client.post(f"/api/tables/{table_id}/join", json={}, headers=same).status_code == 200
    client.cookies.clear()
    assert create(client, start=False)["table"]["status"] == "open"


def test_the_seat_follows_its_account_to_another_browser(client, app):
    sign_up(client)
    made = create(client, seats=("human", "random"))
    table_id = made["table"]["id"]
    assert made["table"]["seats"][0]["name"] == "Ada"
    legal = state_of(client, made, 0)["legal_actions"]
    assert act(client, made, 0, legal[0]["json"]).status_code == 200
    client.cookies.clear()  # another browser: nothing but the name and the password
    assert client.get("/api/account/games").status_code == 401
    assert sign_in(client).status_code == 200
    games = client.get("/api/account/games").json()
    held = [item for group in games.values() for item in group]
    assert [(item["table"]["id"], item["seat"]) for item in held] == [(table_id, 0)]
    token = held[0]["url"].split("token=")[1]
    assert token == made["seats"][0]["token"]
    mine = client.get(f"/api/tables/{table_id}/state", headers={"X-Seat-Token": token}).json()
    assert mine["seat"] == 0 and mine["step"] >= made["table"]["step"] + 1


def test_games_are_sorted_into_your_turn_waiting_and_finished(client):
    sign_up(client)
    mine = create(client, seats=("human", "human"))
    waiting = create(client, seats=("human", "human"), start=False)
    other = create(client, seats=("human", "human"))  # someone else's table: Ada joins its seat 1
    client.cookies.clear()
    assert sign_in(client).status_code == 200
    games = client.get("/api/account/games").json()
    to_act = client.get(f"/api/tables/{mine['table']['id']}").json()["to_act"]
    ids = {kind: [(i["table"]["id"], i["seat"]) for i in items] for kind, items in games.items()}
    assert (mine["table"]["id"], 0) in (ids["your_turn"] if to_act == 0 else ids["waiting"])
    assert (waiting["table"]["id"], 0) in ids["waiting"] and ids["finished"] == []
    assert all(t != other["table"]["id"] or s == 0 for t, s in ids["your_turn"] + ids["waiting"])


def test_a_guest_browser_finds_its_seats_by_the_links_it_kept(client):
    made = create(client, seats=("human", "human"))
    table_id = made["table"]["id"]
    tokens = [link["token"] for link in made["seats"]]
    asked = [
        {"table_id": table_id, "token": tokens[1]},
        {"table_id": table_id, "token": "not-a-token"},
        {"table_id": "nosuchtable", "token": tokens[0]},
    ]
    games = client.post("/api/seats/lookup", json={"seats": asked}).json()
    held = [(item["table"]["id"], item["seat"]) for group in games.values() for item in group]
    assert held == [(table_id, 1)]


def test_deleting_the_account_keeps_its_games_under_a_deleted_player(client):
    sign_up(client)
    running = create(client, seats=("human", "random"))
    waiting = create(client, seats=("human", "human"), start=False)
    assert client.post("/api/account/delete", json={"password": "wrong password"}).status_code == 401
    assert client.post("/api/account/delete", json={"password": PASSWORD}).status_code == 204
    assert who(client) is None and sign_in(client).status_code == 401
    seat = client.get(f"/api/tables/{running['table']['id']}").json()["seats"][0]
    assert seat["account_deleted"] and seat["name"] is None and seat["bot_playing"]
    # the link it had stops working; the game goes on with the bot
    token = running["seats"][0]["token"]
    stale = client.get(f"/api/tables/{running['table']['id']}/state", headers={"X-Seat-Token": token})
    assert stale.status_code == 403
    free = client.get(f"/api/tables/{waiting['table']['id']}").json()["seats"][0]
    assert not free["claimed"] and not free["account_deleted"]  # a table not started: free again
    sign_up(client)  # the name is free again, for a new account with none of the old games
    assert all(not items for items in client.get("/api/account/games").json().values())


def test_a_taken_name_is_refused_whatever_its_case(client):
    sign_up(client, "Ada")
    client.cookies.clear()
    taken = client.post("/api/account", json={"name": "aDA", "password": PASSWORD})
    assert taken.status_code == 409 and "name" in taken.json()["message"]


@pytest.mark.parametrize(
    "body",
    [
        {"name": "Ada\u0000", "password": PASSWORD},
        {"name": " Ada", "password": PASSWORD},
        {"name": "", "password": PASSWORD},
        {"name": "A" * 41, "password": PASSWORD},
        {"name": "Ada", "password": "short"},
        {"name": "Ada", "password": "x" * 257},
        {"name": "Ada", "password": PASSWORD, "admin": True},
        {"name": 5, "password": PASSWORD},
    ],
)
def test_account_requests_are_strict(client, body):
    response = client.post("/api/account", json=body)
    assert response.status_code == 422, response.text
    assert client.get("/api/session").json()["account"] is None
