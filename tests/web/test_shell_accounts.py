"""Accounts in the browser (issue #46): sign up, create a table, play a move, sign in from a second
browser (its own cookies and storage) and find the seat there; "your turn" in the page title and the
favicon; a guest's lobby lists the seats its browser opened, with "Resume" instead of "Watch"."""

from __future__ import annotations

import uuid

import pytest
from web_helpers import one_mlem_move, open_client, screenshot

pytestmark = pytest.mark.browser

PASSWORD = "correct horse 42"
TITLE_MS = 30_000  # the title is refreshed every 10 s (web/turn_signal.js)


def _account_form(page, server, name, form_id, password_label, button):
    """Fill the account page's sign-up or sign-in form and wait until the page says who is in."""
    open_client(page, server, "/account")
    form = page.locator(form_id)
    form.get_by_label("Name").fill(name)
    form.get_by_label(password_label).fill(PASSWORD)
    form.get_by_role("button", name=button).click()
    page.get_by_role("heading", name=f"Your account: {name}").wait_for()


def _sign_up(page, server, name):
    _account_form(page, server, name, "#sign-up", "New password (at least 8 characters)", "Create an account")


def test_sign_up_create_play_and_find_the_seat_in_another_browser(server, page, new_page):
    name = f"Ada {uuid.uuid4().hex[:6]}"
    _sign_up(page, server, name)
    assert page.locator("#account-link").inner_text() == f"Account: {name}"
    screenshot(page, "accounts-signed-in")

    open_client(page, server, "/new/mlem")
    seats = page.locator("fieldset.seat-row")
    seats.nth(1).get_by_label("Who plays").select_option("bot")
    seats.nth(1).get_by_label("Bot level").select_option("random")
    page.get_by_role("button", name="Create the table").click()
    page.get_by_role("heading", name="The table is ready").wait_for()
    link = page.locator("li.seat-link input").first.input_value()
    table_id = link.split("/table/")[1].split("?")[0]
    page.get_by_role("button", name="Start the game").click()
    page.get_by_text("The game has started.").wait_for()
    summary = server.api.get(f"/api/tables/{table_id}").json()
    assert summary["seats"][0]["name"] == name  # the seat is the account's, named after it

    page.goto(link)
    page.locator(".table-page[data-seat='0']").wait_for()
    server.wait_until(table_id, lambda s: s["to_act"] == 0)
    # the title and the favicon say it is this player's turn
    page.wait_for_function("() => document.title.startsWith('Your turn')", timeout=TITLE_MS)
    assert "svg" in page.locator("link[rel='icon']").get_attribute("href")
    assert page.locator("html").get_attribute("data-your-turn") == "1"
    step = server.api.get(f"/api/tables/{table_id}").json()["step"]
    one_mlem_move(page)
    moved = server.wait_until(table_id, lambda s: s["step"] > step)
    assert moved["step"] > step

    other = new_page()  # a second browser: no cookie, no stored links
    _account_form(other, server, name, "#sign-in", "Password", "Sign in")
    open_client(other, server, "/")
    mine = other.locator(f"#my-games .my-game[data-table='{table_id}']")
    mine.wait_for()
    screenshot(other, "accounts-my-games-second-browser")
    # in the list of running tables, this table offers "Resume", not "Watch"
    other.locator("button[data-status='running']").click()
    listed = other.locator(f".table-item[data-table='{table_id}']")
    listed.get_by_role("link", name="Resume").wait_for()
    assert listed.get_by_role("link", name="Watch").count() == 0
    mine.get_by_role("link", name="Resume").click()
    other.locator(".table-page[data-seat='0']").wait_for()
    assert table_id in other.url and "token=" in other.url


def test_a_guest_lobby_lists_the_seats_its_browser_opened(server, page):
    created = server.create_table("mlem", [{"kind": "human", "name": "Gus"}, {"kind": "human"}])
    server.start(created)
    table_id = created["table"]["id"]
    open_client(page, server, created["seats"][1]["url"].split("#", 1)[1])
    page.locator(".table-page[data-seat='1']").wait_for()
    open_client(page, server, "/")
    mine = page.locator(f"#my-games .my-game[data-table='{table_id}']")
    mine.wait_for()
    assert page.locator("#my-games").get_by_text("The seats this browser holds.").is_visible()
    assert page.locator("#account-link").inner_text() == "Sign in"
    to_act = server.api.get(f"/api/tables/{table_id}").json()["to_act"]
    group = "your_turn" if to_act == 1 else "waiting"
    assert mine.locator("xpath=ancestor::div[@data-kind]").get_attribute("data-kind") == group
    # a guest too: the list of running tables offers "Resume", not "Watch", where the browser holds a seat
    page.locator("button[data-status='running']").click()
    listed = page.locator(f".table-item[data-table='{table_id}']")
    listed.get_by_role("link", name="Resume").wait_for()
    assert listed.get_by_role("link", name="Watch").count() == 0
    mine.get_by_role("link", name="Resume").click()
    page.locator(".table-page[data-seat='1']").wait_for()


def _signal(page) -> tuple[str, str, str]:
    """What the page says about "your turn" outside a table: the title, the favicon, the count."""
    href = page.locator("link[rel='icon']").get_attribute("href")
    return page.title(), href, page.locator("html").get_attribute("data-your-turn")


def _play_first_legal(server, table_id, token, seat):
    summary = server.wait_until(table_id, lambda s: s["to_act"] is not None)
    while summary["to_act"] == seat:
        legal = server.state(table_id, token)["legal_actions"]
        server.act(table_id, token, legal[0]["json"], uuid.uuid4().hex)
        summary = server.wait_until(
            table_id, lambda s, step=summary["step"]: s["step"] > step and s["to_act"] is not None
        )
    return summary


def test_the_title_and_the_favicon_say_your_turn_and_stop_saying_it_after_the_move(server, page):
    """A guest's seat on the lobby page (no table page open): the title and the favicon change when
    the other player's move makes it this seat's turn, and change back once it has moved."""
    created = server.create_table(
        "mlem", [{"kind": "human", "name": "Una"}, {"kind": "human", "name": "Vic"}]
    )
    server.start(created)
    table_id = created["table"]["id"]
    una, vic = created["seats"][0]["token"], created["seats"][1]["token"]
    _play_first_legal(server, table_id, una, 0)  # now Vic's turn
    open_client(page, server, created["seats"][0]["url"].split("#", 1)[1])  # the browser holds Una's seat
    page.locator(".table-page[data-seat='0']").wait_for()
    open_client(page, server, "/")
    page.locator(f"#my-games .my-game[data-table='{table_id}']").wait_for()
    title, idle_icon, count = _signal(page)
    assert (title, count) == ("Cosmotable", "0")
    _play_first_legal(server, table_id, vic, 1)  # Vic moves: Una's turn
    page.wait_for_function("() => document.title.startsWith('Your turn (1 game)')", timeout=TITLE_MS)
    title, turn_icon, count = _signal(page)
    assert count == "1" and turn_icon != idle_icon and turn_icon.startswith("data:image/svg+xml")
    screenshot(page, "your-turn-title-and-favicon")
    _play_first_legal(server, table_id, una, 0)  # Una moves (from another device): Vic's turn again
    page.wait_for_function("() => document.title === 'Cosmotable'", timeout=TITLE_MS)
    assert _signal(page) == ("Cosmotable", idle_icon, "0")


NOTIFICATIONS = """
window.__notes = [];
window.Notification = class {
  constructor(title, options) { window.__notes.push({ title, body: options.body, tag: options.tag }); }
  static get permission() { return window.__permission || "default"; }
  static requestPermission() { window.__permission = "granted"; return Promise.resolve("granted"); }
};
Object.defineProperty(document, "hidden", { get: () => window.__hidden === true });
"""


def test_a_notification_says_it_is_your_turn_only_when_allowed_and_the_page_is_hidden(server, page):
    # the browser's Notification API and the tab's visibility, stood in for (headless Chromium has
    # no notification centre and never hides a page)
    page.add_init_script(NOTIFICATIONS)
    created = server.create_table("mlem", [{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    server.start(created)
    table_id = created["table"]["id"]
    server.wait_until(table_id, lambda s: s["to_act"] == 0)
    open_client(page, server, created["seats"][0]["url"].split("#", 1)[1])
    page.locator(".table-page[data-seat='0']").wait_for()
    open_client(page, server, "/")
    page.wait_for_function("() => document.title.startsWith('Your turn (1 game)')", timeout=TITLE_MS)
    assert page.evaluate("window.__notes") == []  # not allowed yet, and the page is in view
    page.get_by_role("button", name="Tell me when it is my turn").click()
    page.locator("#notify").wait_for(state="detached")
    page.evaluate("() => { window.__hidden = true; document.dispatchEvent(new Event('visibilitychange')); }")
    page.wait_for_function("() => window.__notes.length > 0", timeout=TITLE_MS)
    notes = page.evaluate("window.__notes")
    assert notes == [
        {"title": "Cosmotable: your turn", "body": "A game is waiting for your move.", "tag": table_id}
    ]


def test_the_account_page_changes_the_password_signs_out_and_deletes(server, page, new_page):
    name = f"Cy {uuid.uuid4().hex[:6]}"
    _sign_up(page, server, name)
    form = page.locator("#change-password")
    form.get_by_label("Password", exact=True).fill(PASSWORD)
    form.get_by_label("New password (at least 8 characters)").fill("another horse 7")
    form.get_by_role("button", name="Change the password").click()
    page.get_by_text("The password is changed.").wait_for()
    page.get_by_role("button", name="Sign out").click()
    page.get_by_text("You are signed out.").wait_for()
    assert page.locator("#account-link").inner_text() == "Sign in"
    form = page.locator("#sign-in")
    form.get_by_label("Name").fill(name)
    form.get_by_label("Password").fill(PASSWORD)  # the old one
    form.get_by_role("button", name="Sign in").click()
    page.get_by_text("The name or the password is wrong, or you are not signed in.").wait_for()
    assert form.get_by_label("Name").input_value() == name  # kept for the second try
    form.get_by_label("Password").fill("another horse 7")
    form.get_by_role("button", name="Sign in").click()
    page.get_by_role("heading", name=f"Your account: {name}").wait_for()
    page.once("dialog", lambda dialog: dialog.accept())
    form = page.locator("#delete-account")
    form.get_by_label("Password").fill("another horse 7")
    form.get_by_role("button", name="Delete the account").click()
    page.get_by_text("The account is deleted.").wait_for()
    assert page.locator("#account-link").inner_text() == "Sign in"
    assert (
        server.api.post("/api/session", json={"name": name, "password": "another horse 7"}).status_code == 401
    )
    # the page in Ukrainian, for a look (tests/web/artifacts)
    uk = new_page(375, 740, "uk-UA")
    open_client(uk, server, "/account")
    uk.locator("#sign-up").wait_for()
    screenshot(uk, "accounts-guest-uk-phone")
