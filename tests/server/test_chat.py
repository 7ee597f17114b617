"""Table chat (issue #46): two channels stored with the table, limits, escaping, the host's switch,
delivery over the websocket, and the migration that adds it."""

from __future__ import annotations

import contextlib

import pytest
from alembic import command
from server_helpers import create, host, seat_headers
from test_migrations import _columns, _config, _differences, _server, _tables

from cosmotable.server.chat import CHAT_BURST, MAX_CHARS, MAX_CHAT_ID


def _post(client, made, seat, text, channel="players"):
    headers = seat_headers(made, seat) if seat is not None else {}
    return client.post(
        f"/api/tables/{made['table']['id']}/chat", json={"channel": channel, "text": text}, headers=headers
    )


def _log(client, made, seat) -> list[tuple[str, str]]:
    headers = seat_headers(made, seat) if seat is not None else {}
    answer = client.get(f"/api/tables/{made['table']['id']}/chat", headers=headers)
    assert answer.status_code == 200, answer.text
    return [(m["channel"], m["text"]) for m in answer.json()["messages"]]


@contextlib.contextmanager
def _player_and_spectator(client, made):
    """Seat 0's socket and a spectator's on the table, each past its first state."""
    table_id = made["table"]["id"]
    token = seat_headers(made, 0)["X-Seat-Token"]
    with (
        client.websocket_connect(f"/api/tables/{table_id}/ws?token={token}") as player,
        client.websocket_connect(f"/api/tables/{table_id}/ws") as spectator,
    ):
        player.receive_json()
        spectator.receive_json()
        yield player, spectator


def test_players_and_spectators_channels_as_on_chess_servers(client):
    made = create(client)
    assert _post(client, made, 0, "good luck").status_code == 201
    assert _post(client, made, None, "seat 0 should go", "spectators").status_code == 201
    # a spectator may not write in the players' channel, a player not in the spectators' during play
    refused = _post(client, made, None, "hi", "players")
    assert refused.status_code == 403
    assert _post(client, made, 1, "psst", "spectators").status_code == 403
    # the players read their channel only; spectators read both
    assert _log(client, made, 1) == [("players", "good luck")]
    assert _log(client, made, None) == [("players", "good luck"), ("spectators", "seat 0 should go")]
    message = client.get(f"/api/tables/{made['table']['id']}/chat").json()["messages"][0]
    assert (message["seat"], message["step"]) == (0, 0)
    # never part of a seat's view
    state = client.get(f"/api/tables/{made['table']['id']}/state", headers=seat_headers(made, 0)).text
    assert "good luck" not in state


def test_a_message_id_past_the_databases_integers_is_refused_clearly(client):
    # PostgreSQL's integer ends at 2**31 - 1: a larger `after` reached the database and came back as
    # a 500 (schemathesis); the largest one is an ordinary query, one more a 422 naming the field
    made = create(client)
    assert _post(client, made, 0, "hello").status_code == 201
    table = f"/api/tables/{made['table']['id']}/chat"
    assert client.get(table, params={"after": MAX_CHAT_ID}).json()["messages"] == []
    refused = client.get(table, params={"after": MAX_CHAT_ID + 1})
    assert refused.status_code == 422
    assert "after" in refused.text
    assert _log(client, made, None) == [("players", "hello")]


def test_the_chat_is_stored_with_the_table_and_goes_with_it(client, app):
    made = create(client)
    assert _post(client, made, 0, "kept").status_code == 201
    client.app.state.server.service.cache.drop(made["table"]["id"])
    assert _log(client, made, 0) == [("players", "kept")]
    assert client.delete(f"/api/tables/{made['table']['id']}", headers=host(made)).status_code == 204
    service = app.state.server.service
    from sqlalchemy import func, select

    from cosmotable.server.db import ChatRow

    with service.sessions() as session:
        assert session.scalar(select(func.count()).select_from(ChatRow)) == 0


@pytest.mark.parametrize(
    "text",
    [
        "<script>alert(1)</script>",
        '<img src=x onerror="alert(1)">',
        "&lt;b&gt; & \"quotes\" 'single'",
    ],
)
def test_markup_is_stored_and_returned_as_the_very_text_written(client, text):
    made = create(client)
    answer = _post(client, made, 0, text)
    assert answer.status_code == 201 and answer.json()["text"] == text
    assert _log(client, made, 1) == [("players", text)]


@pytest.mark.parametrize("bad", ["\u202e", "\u202a", "\u2066", "\u2069", "\x00", "\x1b[31m", "\x85", "   "])
def test_bidi_overrides_controls_and_blank_text_are_refused(client, bad):
    made = create(client)
    answer = _post(client, made, 0, f"abc{bad}def" if bad.strip() else bad)
    assert answer.status_code == 422, answer.text
    assert _log(client, made, 0) == []


def test_length_limit(client):
    made = create(client)
    assert _post(client, made, 0, "x" * MAX_CHARS).status_code == 201
    assert _post(client, made, 0, "x" * (MAX_CHARS + 1)).status_code == 422
    huge = _post(client, made, 0, "x" * 100_000)
    assert huge.status_code == 422 and "text" in huge.json()["message"]
    assert len(_log(client, made, 0)) == 1


def test_rate_limit_per_seat_and_per_spectator(client, app):
    # the test's clock: nothing refills however slowly a loaded machine sends the burst
    app.state.server.chat_limiter.clock = lambda: 0.0
    made = create(client)
    for n in range(CHAT_BURST):
        assert _post(client, made, 0, f"m{n}").status_code == 201
    limited = _post(client, made, 0, "one too many")
    assert limited.status_code == 429 and int(limited.headers["Retry-After"]) >= 1
    # another seat has its own allowance
    assert _post(client, made, 1, "me too").status_code == 201
    assert len(_log(client, made, 0)) == CHAT_BURST + 1


def test_the_host_turns_chat_off_and_on(client):
    made = create(client)
    table = f"/api/tables/{made['table']['id']}/chat"
    assert client.put(table, json={"enabled": False}, headers=seat_headers(made, 0)).status_code == 403
    off = client.put(table, json={"enabled": False}, headers=host(made))
    assert off.status_code == 200 and off.json()["chat"] is False
    assert _post(client, made, 0, "hello").status_code == 409
    assert client.get(table).json()["chat"] is False
    assert client.put(table, json={"enabled": True}, headers=host(made)).json()["chat"] is True
    assert _post(client, made, 0, "hello").status_code == 201


def test_websocket_delivers_chat_by_channel(client):
    made = create(client)
    with _player_and_spectator(client, made) as (player, spectator):
        spectator.send_json({"type": "chat", "channel": "spectators", "text": "<b>watching</b>"})
        player.send_json({"type": "chat", "channel": "players", "text": "hi"})
        seen = []
        while len(seen) < 2:
            message = spectator.receive_json()
            if message["type"] == "chat":
                seen.append(message["message"]["text"])
        # two sockets write at once: either may be stored first
        assert sorted(seen) == ["<b>watching</b>", "hi"]
        # the player gets its own channel only (the spectators' message never reaches it)
        while (message := player.receive_json())["type"] != "chat":
            pass
        assert message["message"]["text"] == "hi"
        spectator.send_json({"type": "chat", "channel": "players", "text": "sneaky"})
        while (message := spectator.receive_json())["type"] != "error":
            pass
        # tagged, so the browser shows it in its chat panel instead of as a refused move
        assert (message["error"], message["about"]) == ("forbidden", "chat")
        spectator.send_json({"type": "chat", "channel": "spectators", "text": "x" * (MAX_CHARS + 1)})
        while (message := spectator.receive_json())["type"] != "error":
            pass
        assert (message["error"], message["about"]) == ("validation_error", "chat")


def test_upgrade_from_0004_keeps_the_tables(database_url, tmp_path):
    """On SQLite and PostgreSQL (the `database_url` fixture): down to 0004 and up again."""
    url = database_url
    with _server(url, tmp_path) as client:
        made = create(client)
        assert _post(client, made, 0, "before").status_code == 201
    command.downgrade(_config(url), "0004")
    assert "chat_messages" not in _tables(url) and "chat" not in _columns(url, "tables")
    with _server(url, tmp_path) as client:  # the server upgrades the database again at start
        assert _differences(url) == []
        summary = client.get(f"/api/tables/{made['table']['id']}").json()
        assert summary["status"] == "running" and summary["chat"] is True
        assert _post(client, made, 0, "after").status_code == 201
        assert _log(client, made, 1) == [("players", "after")]


@pytest.mark.parametrize(
    "text, error",
    [
        ("x" * 100_000, None),  # 100 KB: past the socket's size limit or the chat's length limit
        ("abc\u202edef", "validation_error"),  # a bidi override
        ("abc\u2067def", "validation_error"),  # a bidi isolate
    ],
)
def test_a_hostile_chat_message_over_the_websocket_is_refused_and_the_socket_goes_on(client, text, error):
    """The socket path of chat injection (the HTTP path is above): refused, never stored, never sent
    to anyone, and the socket keeps working."""
    made = create(client)
    with _player_and_spectator(client, made) as (player, spectator):
        player.send_json({"type": "chat", "channel": "players", "text": text})
        while (message := player.receive_json())["type"] != "error":
            assert message["type"] != "chat", message
        assert message["error"] in ({"too_large", "validation_error"} if error is None else {error})
        player.send_json({"type": "chat", "channel": "players", "text": "still here"})
        for socket in (player, spectator):
            while (message := socket.receive_json())["type"] != "chat":
                pass
            assert message["message"]["text"] == "still here"  # the refused one never came first
    assert _log(client, made, 1) == [("players", "still here")]
