"""Table chat in the browser (issue #46): two players and a spectator on one table, each in their own
browser context; the channels as the server decides them, live delivery over the websocket, markup and
script kept as text, the client's refusals, mute, the host's switch, the replay's chat, the layout.

Absence is checked without sleeping: a message that must not show is followed by one that must, sent
later on the same table; once the later one is on the page, the earlier one has been delivered (the
broadcaster keeps the order per socket) or never will be."""

from __future__ import annotations

import json
import random
import time
import uuid

import pytest
from playwright.sync_api import expect
from web_helpers import CLIENT, open_client, screenshot

from cosmotable.server.chat import MAX_CHARS

# the pages' own default wait (conftest.DEFAULT_TIMEOUT_MS), not expect's 5 s (process-wide; only this
# module uses expect): under a shared machine's load a message takes longer to go round; a wait still
# ends at the condition
expect.set_options(timeout=20_000)


def _table(server, seats=2, names=("Ada", "Bob")):
    created = server.create_table("mlem", [{"kind": "human", "name": names[i]} for i in range(seats)])
    server.start(created)
    tokens = {link["seat"]: link["token"] for link in created["seats"]}
    return created, created["table"]["id"], tokens


def _open(new_page, server, table_id, token=None, host_token=None, width=1280, height=800):
    page = new_page(width, height)
    if host_token:  # the creator's browser keeps the host token (common.js saveHostToken)
        page.context.add_init_script(f"localStorage.setItem('cosmotable.host.{table_id}', '{host_token}')")
    open_client(page, server, f"/table/{table_id}" + (f"?token={token}" if token else ""))
    page.locator("#chat .chat-form").wait_for()
    page.locator("#board[data-step]").wait_for()
    return page


def _say(page, text):
    page.locator("#chat-input").fill(text)
    page.locator("#chat-input").press("Enter")


def _texts(page):
    return page.locator("#chat-list .chat-text").all_inner_texts()


def _shows(page, text):
    expect(page.locator("#chat-list .chat-text", has_text=text).first).to_be_visible()


def _muted_noise_is_hidden(reader, muted, watcher):
    """The muted seat writes "noise": the watcher sees it, `reader` (who muted that seat) does not,
    and the mute panel counts one muted player."""
    _say(muted, "noise")
    _shows(watcher, "noise")
    _say(reader, "ping")  # after "noise" on the same table: once it shows, "noise" was delivered
    _shows(reader, "ping")
    assert _texts(reader) == ["ping"]
    expect(reader.locator("#chat-mute summary")).to_have_text("1 player muted")


def _tab(page, channel):
    page.locator(f'#chat .chat-tabs button[data-channel="{channel}"]').click()
    expect(page.locator("#chat-list")).to_have_attribute("data-channel", channel)


def test_two_players_and_a_spectator_chat_live_on_their_channels(server, new_page):
    _, table_id, tokens = _table(server)
    ada = _open(new_page, server, table_id, tokens[0])
    bob = _open(new_page, server, table_id, tokens[1])
    watcher = _open(new_page, server, table_id)

    # a player reads and writes the players' channel only while the game runs: no tabs
    expect(ada.locator("#chat .chat-tabs button")).to_have_count(0)
    expect(ada.locator("#chat-input")).to_be_enabled()
    _say(ada, "good luck, Bob")
    _shows(bob, "good luck, Bob")  # delivered to the open page, no reload
    expect(ada.locator("#chat-input")).to_have_value("")
    _say(bob, "thanks")
    _shows(ada, "thanks")
    assert _texts(ada) == ["good luck, Bob", "thanks"]
    assert ada.locator("#chat-list .chat-author").all_inner_texts() == ["Ada", "Bob"]

    # the spectator writes in the spectators' channel and reads both; the players' is read-only there
    expect(watcher.locator("#chat-list")).to_have_attribute("data-channel", "spectators")
    _say(watcher, "Ada should go deep")
    _shows(watcher, "Ada should go deep")
    _tab(watcher, "players")
    _shows(watcher, "thanks")
    expect(watcher.locator("#chat-input")).to_be_disabled()
    expect(watcher.locator("#chat-why")).to_contain_text("Only the players write here")

    # the spectators' advice never reaches a player: Bob's later word arrives, the advice does not
    _say(bob, "your move")
    _shows(ada, "your move")
    for player in (ada, bob):
        assert "Ada should go deep" not in player.content()
    screenshot(watcher, "chat-spectator-desktop")
    screenshot(ada, "chat-player-desktop")


INJECTIONS = [
    "<script>window.__chatPwned = 'script'</script>",
    "<img src=x onerror=\"window.__chatPwned = 'img'\">",
    "<b>bold</b> &amp; &lt;i&gt;",
]


def test_markup_shows_as_literal_text_and_bad_messages_are_refused_clearly(server, new_page):
    _, table_id, tokens = _table(server)
    ada = _open(new_page, server, table_id, tokens[0])
    bob = _open(new_page, server, table_id, tokens[1])
    for text in INJECTIONS:
        _say(ada, text)
    for page in (ada, bob):
        _shows(page, INJECTIONS[-1])
        assert _texts(page) == INJECTIONS
        assert page.evaluate("window.__chatPwned") is None
        assert page.locator("#chat-list img, #chat-list script, #chat-list b").count() == 0

    # bidi overrides: refused with a clear word, nothing sent, the text kept to correct
    _say(ada, "abc\u202edef")
    expect(ada.locator("#chat-error")).to_contain_text("reverse the direction of text")
    expect(ada.locator("#chat-input")).to_have_value("abc\u202edef")
    # 100 KB: refused before it goes, saying how long it is and the limit
    ada.locator("#chat-input").fill("x" * 100_000)
    ada.locator("#chat-send").click()
    expect(ada.locator("#chat-error")).to_contain_text(f"100000 characters): at most {MAX_CHARS}")
    _say(ada, "still here")
    _shows(bob, "still here")
    assert len(_texts(bob)) == len(INJECTIONS) + 1, "the refused messages never reached the table"
    assert not any("\u202e" in text or len(text) > MAX_CHARS for text in _texts(bob))
    assert ada.locator(".table-page > .error").count() == 0

    # past the rate (a burst at once): the server's refusal, "writing too fast", in the chat panel and
    # not as a refused move
    bob.evaluate(
        """() => { const input = document.querySelector('#chat-input');
        for (let i = 0; i < 12; i++) { input.value = 'burst ' + i;
          input.form.requestSubmit(); } }"""
    )
    expect(bob.locator("#chat-error")).to_contain_text("writing too fast")
    assert bob.locator(".table-page > .error").count() == 0
    assert bob.evaluate("window.__chatPwned") is None


def test_mute_hides_a_players_messages_for_the_muting_player_only(server, new_page):
    _, table_id, tokens = _table(server)
    ada = _open(new_page, server, table_id, tokens[0])
    bob = _open(new_page, server, table_id, tokens[1])
    watcher = _open(new_page, server, table_id)
    _tab(watcher, "players")
    _say(bob, "before the mute")
    _shows(ada, "before the mute")

    ada.locator("#chat-mute summary").click()
    ada.locator('#chat-mute input[data-mute-seat="1"]').check()
    expect(ada.locator("#chat-list .chat-text", has_text="before the mute")).to_have_count(0)
    _muted_noise_is_hidden(ada, bob, watcher)
    _shows(bob, "noise")
    # a guest's mute is kept in this browser, and the panel says so
    assert ada.locator("#chat-mute").get_attribute("data-kept") == "browser"
    expect(ada.locator("#chat-mute .chat-mute-kept")).to_contain_text("in this browser only")
    screenshot(ada, "chat-mute-guest")

    # kept on this browser across a reload
    ada.reload()
    ada.locator("#chat .chat-form").wait_for()
    _shows(ada, "ping")
    assert _texts(ada) == ["ping"]
    ada.locator("#chat-mute summary").click()
    ada.locator('#chat-mute input[data-mute-seat="1"]').uncheck()
    _shows(ada, "noise")
    assert _texts(ada) == ["before the mute", "noise", "ping"]
    # Bob's own page and the spectator's were never touched by Ada's mute
    assert _texts(bob) == ["before the mute", "noise", "ping"]


def test_the_host_turns_chat_off_for_everyone_and_on_again(server, new_page):
    created, table_id, tokens = _table(server)
    ada = _open(new_page, server, table_id, tokens[0], host_token=created["host_token"])
    bob = _open(new_page, server, table_id, tokens[1])
    watcher = _open(new_page, server, table_id)
    assert bob.locator("#chat-switch").count() == 0, "only the host's browser has the switch"
    ada.locator("#chat-switch").click()
    for page in (ada, bob, watcher):
        expect(page.locator("#chat-input")).to_be_disabled()
        expect(page.locator("#chat-send")).to_be_disabled()
        expect(page.locator("#chat-why")).to_have_text("The host turned the chat off.")
    assert server.api.get(f"/api/tables/{table_id}/chat").json()["chat"] is False
    screenshot(bob, "chat-off-desktop")
    expect(ada.locator("#chat-switch")).to_have_text("Turn chat on")
    ada.locator("#chat-switch").click()
    expect(bob.locator("#chat-input")).to_be_enabled()
    _say(bob, "back on")
    _shows(ada, "back on")

    # the panel speaks the page's language, and switches with it (the typed text stays)
    uk = json.loads((CLIENT / "i18n" / "uk.json").read_text(encoding="utf-8"))
    bob.locator("#chat-input").fill("draft")
    bob.get_by_label("Language").select_option("uk")
    expect(bob.locator("#chat-send")).to_have_text(uk["chat.send"])
    expect(bob.locator("#chat-title")).to_have_text(uk["chat.title"])
    expect(bob.locator("#chat-input")).to_have_attribute("placeholder", uk["chat.write"])
    expect(bob.locator("#chat-input")).to_have_value("draft")
    expect(bob.locator("#chat-mute summary")).to_have_text(uk["chat.mute"])


def _play_to_the_end(server, table_id, token, chat_at):
    """Play seat 0 (against a random bot) with seeded random moves, writing chat_at[step] when the
    table reaches that step; returns the steps at which each was written."""
    rng = random.Random(3)
    written = {}
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        state = server.state(table_id, token)
        step = state["table"]["step"]
        for wanted, text in chat_at.items():
            if text not in written and step >= wanted:
                answer = server.api.post(
                    f"/api/tables/{table_id}/chat",
                    json={"channel": "players", "text": text},
                    headers={"X-Seat-Token": token},
                )
                assert answer.status_code == 201, answer.text
                written[text] = answer.json()["step"]
        if state["table"]["status"] == "finished":
            return written
        if state["table"]["to_act"] == state["seat"] and state["legal_actions"]:
            action = rng.choice(state["legal_actions"])["json"]
            server.act(table_id, token, action, uuid.uuid4().hex)
    raise AssertionError("the game did not end")


def test_the_replay_shows_the_chat_written_up_to_the_replayed_step(server, page):
    created = server.create_table(
        "mlem", [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "random"}]
    )
    server.start(created)
    table_id = created["table"]["id"]
    token = created["seats"][0]["token"]
    written = _play_to_the_end(server, table_id, token, {0: "at the start", 6: "in the middle"})
    total = server.api.get(f"/api/tables/{table_id}/replay", params={"step": 0}).json()["total_steps"]
    after = server.api.post(
        f"/api/tables/{table_id}/chat",
        json={"channel": "spectators", "text": "well played"},
    )
    assert after.status_code == 201 and after.json()["step"] == total
    middle = written["in the middle"]
    assert 0 < middle < total

    def replay_at(step):
        open_client(page, server, f"/replay/{table_id}?step={step}")
        page.get_by_text(f"Move {step} of {total}").wait_for()
        return page.locator("#replay-chat .chat-text").all_inner_texts()

    assert replay_at(0) == ["at the start"]
    assert replay_at(middle - 1) == ["at the start"]
    assert replay_at(middle) == ["at the start", "in the middle"]
    page.keyboard.press("End")
    page.get_by_text(f"Move {total} of {total}").wait_for()
    expect(page.locator("#replay-chat .chat-text")).to_have_count(3)
    assert page.locator("#replay-chat .chat-text").all_inner_texts()[-1] == "well played"
    screenshot(page, "chat-replay-desktop")
    page.keyboard.press("Home")
    page.get_by_text(f"Move 0 of {total}").wait_for()
    expect(page.locator("#replay-chat .chat-text")).to_have_count(1)


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (1366, 768), (375, 667)])
def test_the_chat_panel_fits_the_table_page(server, new_page, width, height):
    _, table_id, tokens = _table(server)
    ada = _open(new_page, server, table_id, tokens[0], width=width, height=height)
    # a message with no place to break and a long one with spaces: they wrap, the page keeps its width
    _say(ada, "W" * MAX_CHARS)
    _say(ada, "word " * 90)
    expect(ada.locator("#chat-list .chat-text")).to_have_count(2)
    assert ada.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    if width > 960:
        # the panel is in the side column: the board (with the decision) keeps its place, and the
        # panel's input is in the window without scrolling
        for selector in ("#board", "#chat-input"):
            box = ada.locator(selector).bounding_box()
            assert box["y"] + min(box["height"], 40) <= height, f"{selector} below the window: {box}"
        board = ada.locator("#board").bounding_box()
        chat = ada.locator("#chat").bounding_box()
        assert chat["x"] >= board["x"] + board["width"], "the chat is beside the board, not above it"
    screenshot(ada, f"chat-layout-{width}x{height}")
