"""Chat mutes of a signed-in player (issue #46: "a player can mute another for themself"): kept per
account on the server, so the mute follows the account to another browser; private to it (no other
session, and no guest, reads it); CSRF-protected; the messages stay stored and shown to everyone;
gone with the account and with the table; and the migration that adds them (SQLite and PostgreSQL).
"""

from __future__ import annotations

from alembic import command
from server_helpers import create, host, rows, seat_headers
from test_accounts import CROSS_SITE, OTHER_ORIGIN, PASSWORD, sign_in, sign_up
from test_migrations import _config, _differences, _server, _tables


def _mutes_path(made) -> str:
    return f"/api/account/mutes/{made['table']['id']}"


def _mute(client, made, seats, headers=None):
    return client.put(_mutes_path(made), json={"seats": seats}, headers=headers or {})


def _muted(client, made):
    answer = client.get(_mutes_path(made))
    assert answer.status_code == 200, answer.text
    return answer.json()["seats"]


def test_a_mute_follows_the_account_to_another_browser_and_only_hides_for_it(client):
    sign_up(client)
    made = create(client, seats=("human", "human", "human"))
    assert _muted(client, made) == []
    said = client.post(
        f"/api/tables/{made['table']['id']}/chat",
        json={"channel": "players", "text": "noise"},
        headers=seat_headers(made, 1),
    )
    assert said.status_code == 201
    answer = _mute(client, made, [2, 1])
    assert answer.status_code == 200 and answer.json() == {"seats": [1, 2]}
    client.cookies.clear()  # another browser: the name and the password, and the mutes are there
    assert sign_in(client).status_code == 200
    assert _muted(client, made) == [1, 2]
    # the server filters nothing: the message stays stored and every reader (the muter too) gets it;
    # only the muting player's client hides it
    for seat in (0, 1, None):
        headers = seat_headers(made, seat) if seat is not None else {}
        log = client.get(f"/api/tables/{made['table']['id']}/chat", headers=headers).json()
        assert [m["text"] for m in log["messages"]] == ["noise"]
    assert _mute(client, made, []).json() == {"seats": []}
    assert _muted(client, made) == []


def test_the_mutes_are_private_to_their_account(client):
    sign_up(client)
    made = create(client, seats=("human", "human"))
    assert _mute(client, made, [1]).status_code == 200
    ada = dict(client.cookies)
    client.cookies.clear()
    # a guest has no mutes on the server (its browser keeps them), and reads nobody's
    assert client.get(_mutes_path(made)).status_code == 401
    assert _mute(client, made, [0]).status_code == 401
    client.cookies.set("cosmotable_session", "Ada")  # a name is no session
    assert client.get(_mutes_path(made)).status_code == 401
    client.cookies.clear()
    # another account reads its own (empty) list at the same table, never Ada's, and changes only its own
    sign_up(client, "Bea", "Bea's own password")
    assert _muted(client, made) == []
    assert _mute(client, made, [0]).status_code == 200
    # nothing public about the table names a mute
    for path in ("", "/chat", "/state", "/record"):
        answer = client.get(f"/api/tables/{made['table']['id']}{path}")
        assert answer.status_code == 200 and "mute" not in answer.text.lower(), path
    client.cookies.clear()
    client.cookies.update(ada)
    assert _muted(client, made) == [1]


def test_changing_the_mutes_is_refused_cross_site_and_for_bad_seats_or_tables(client):
    sign_up(client)
    made = create(client, seats=("human", "human"))
    for headers in (CROSS_SITE, OTHER_ORIGIN, {"Origin": "null"}):
        refused = _mute(client, made, [1], headers)
        assert refused.status_code == 403 and refused.json()["error"] == "forbidden"
    for seats in ([2], [1, 1], [-1], ["1"], [True]):
        refused = _mute(client, made, seats)
        assert refused.status_code == 422, (seats, refused.text)
    assert client.put(_mutes_path(made), json={"seats": [1], "account": "Bea"}).status_code == 422
    assert client.get("/api/account/mutes/nosuchtable").status_code == 404
    assert client.put("/api/account/mutes/nosuchtable", json={"seats": []}).status_code == 404
    assert _muted(client, made) == []  # nothing refused was kept


def test_the_mutes_go_with_the_table_and_with_the_account(client, settings):
    url = settings.database_url
    sign_up(client)
    first, second = create(client), create(client)
    assert _mute(client, first, [1]).status_code == 200
    assert _mute(client, second, [1]).status_code == 200
    assert client.delete(f"/api/tables/{first['table']['id']}", headers=host(first)).status_code == 204
    assert [tuple(r) for r in rows(url, "SELECT table_id, seat FROM chat_mutes")] == [
        (second["table"]["id"], 1)
    ]
    deleted = client.post("/api/account/delete", json={"password": PASSWORD})
    assert deleted.status_code == 204
    assert rows(url, "SELECT * FROM chat_mutes") == []


def test_upgrade_from_0007_keeps_the_tables_and_accounts(database_url, tmp_path):
    """On SQLite and PostgreSQL (the `database_url` fixture): down to 0007 and up again; the account
    and its table made before mute at once."""
    url = database_url
    with _server(url, tmp_path) as client:
        sign_up(client)
        made = create(client)
        assert _mute(client, made, [1]).status_code == 200
    command.downgrade(_config(url), "0007")
    assert "chat_mutes" not in _tables(url) and "accounts" in _tables(url)
    with _server(url, tmp_path) as client:  # the server upgrades the database again at start
        assert _differences(url) == []
        assert sign_in(client).status_code == 200
        assert _muted(client, made) == []  # the mutes went with the downgrade; nothing else did
        assert client.get(f"/api/tables/{made['table']['id']}").json()["status"] == "running"
        assert _mute(client, made, [1]).status_code == 200
        assert _muted(client, made) == [1]
