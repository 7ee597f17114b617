"""A signed-in player's chat mute follows the account (issue #46: "a player can mute another for
themself"): muted in one browser, the seat's messages are hidden in another browser the player signs
in with, and nowhere else; nothing of it is kept in either browser's storage. (A guest's mute, kept in
its browser, is tests/web/test_table_chat.py's test_mute_hides_a_players_messages_for_the_muting_player_only.)
"""

from __future__ import annotations

import uuid

import pytest
from playwright.sync_api import expect
from test_table_chat import _muted_noise_is_hidden, _open, _say, _shows, _tab, _table, _texts
from web_helpers import screenshot

pytestmark = pytest.mark.browser

PASSWORD = "correct horse 42"


def _signed_in(new_page, server, name, sign_up: bool):
    """A browser of its own (cookies and storage) with the account signed in."""
    page = new_page()
    path = "/api/account" if sign_up else "/api/session"
    answer = page.request.post(f"{server.url}{path}", data={"name": name, "password": PASSWORD})
    assert answer.ok, answer.text()
    return page


def _stored_mutes(page) -> list[str]:
    return page.evaluate(
        "() => Object.keys(localStorage).filter((key) => key.startsWith('cosmotable.chat.muted'))"
    )


def _mute_box(page, seat):
    if not page.locator("#chat-mute").evaluate("(details) => details.open"):
        page.locator("#chat-mute summary").click()
    return page.locator(f'#chat-mute input[data-mute-seat="{seat}"]')


def test_a_signed_in_players_mute_follows_the_account_to_another_browser(server, new_page):
    _, table_id, tokens = _table(server)
    name = f"Ada {uuid.uuid4().hex[:6]}"
    first = _signed_in(new_page, server, name, sign_up=True)
    ada = _open(lambda *size: first, server, table_id, tokens[0])
    bob = _open(new_page, server, table_id, tokens[1])
    watcher = _open(new_page, server, table_id)
    _tab(watcher, "players")
    expect(ada.locator('#chat-mute[data-kept="account"][data-read="true"]')).to_have_count(1)
    _say(bob, "before the mute")
    _shows(ada, "before the mute")

    with ada.expect_response(lambda r: "/api/account/mutes/" in r.url and r.request.method == "PUT") as put:
        _mute_box(ada, 1).check()
    assert put.value.status == 200 and put.value.json() == {"seats": [1]}
    expect(ada.locator("#chat-list .chat-text", has_text="before the mute")).to_have_count(0)
    assert _stored_mutes(ada) == []  # kept with the account, not in this browser
    screenshot(ada, "chat-mute-signed-in")

    # another browser: Ada signs in there, and Bob's messages are hidden from the start
    second = _signed_in(new_page, server, name, sign_up=False)
    elsewhere = _open(lambda *size: second, server, table_id, tokens[0])
    expect(elsewhere.locator('#chat-mute[data-kept="account"][data-read="true"]')).to_have_count(1)
    _muted_noise_is_hidden(elsewhere, bob, watcher)
    assert _mute_box(elsewhere, 1).is_checked()
    assert _stored_mutes(elsewhere) == []
    # everyone else still reads Bob: the mute hides him for Ada only
    for page in (bob, watcher):
        _shows(page, "ping")
        assert _texts(page) == ["before the mute", "noise", "ping"]

    # unmuted in the second browser: the first one shows Bob again once it reads the account's mutes
    with elsewhere.expect_response(lambda r: "/api/account/mutes/" in r.url and r.request.method == "PUT"):
        _mute_box(elsewhere, 1).uncheck()
    _shows(elsewhere, "noise")
    assert _texts(elsewhere) == ["before the mute", "noise", "ping"]
    ada.reload()
    ada.locator("#chat .chat-form").wait_for()
    _shows(ada, "ping")
    assert _texts(ada) == ["before the mute", "noise", "ping"]
