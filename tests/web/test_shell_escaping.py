"""Text from players and the server is shown as text: a name written as HTML stays letters on the page."""

from web_helpers import open_client

NASTY = "<img src=x onerror=pwned=1><b>Eve</b>"


def test_a_player_name_written_as_html_is_shown_as_text(server, page):
    created = server.create_table(
        "planet", [{"kind": "human", "name": NASTY}, {"kind": "bot", "bot": "random"}]
    )
    server.start(created)
    table_id = created["table"]["id"]

    open_client(page, server, "/")
    page.get_by_role("button", name="In play").click()
    row = page.locator(f"li.table-item[data-table='{table_id}']")
    row.wait_for()
    assert NASTY in row.inner_text()
    assert row.locator("img, b").count() == 0

    open_client(page, server, f"/table/{table_id}?token={created['seats'][0]['token']}")
    page.locator("#board[data-step]").wait_for()
    players = page.locator(".players")
    assert NASTY in players.inner_text()
    assert page.locator(".players img, .players b, .role img").count() == 0
    assert NASTY in page.locator(".role").inner_text()
    assert page.evaluate("window.pwned") is None
