"""The lobby: creating a table through the form, each seat's link, starting it, joining and opening a seat."""

from urllib.parse import urlparse

from web_helpers import open_client, screenshot


def test_create_table_gives_each_human_seat_a_link_that_opens_that_seat(server, page):
    open_client(page, server, "/new/mlem")
    page.get_by_label("Number of players").select_option("3")
    seats = page.locator("fieldset.seat-row")
    assert seats.count() == 3
    # seat 1: a person named Anna; seat 2: a person; seat 3: a hard bot
    seats.nth(0).get_by_label("Name (optional)").fill("Anna")
    seats.nth(1).get_by_label("Who plays").select_option("human")
    seats.nth(2).get_by_label("Who plays").select_option("bot")
    seats.nth(2).get_by_label("Bot level").select_option("hard")
    page.get_by_role("button", name="Create the table").click()

    page.get_by_role("heading", name="The table is ready").wait_for()
    links = page.locator("li.seat-link")
    assert links.count() == 2  # the two human seats; the bot needs no link
    urls = links.locator("input").evaluate_all("inputs => inputs.map(i => i.value)")
    for url in urls:
        parsed = urlparse(url)
        assert parsed.netloc == urlparse(server.url).netloc
        assert parsed.fragment.startswith("/table/") and "?token=" in parsed.fragment
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
    page.get_by_role("button", name="Copy the link of Anna").click()
    links.nth(0).get_by_text("Copied.").wait_for()
    assert page.evaluate("navigator.clipboard.readText()") == urls[0]
    page.get_by_role("button", name="Copy the link of Player 2").click()
    assert page.evaluate("navigator.clipboard.readText()") == urls[1]
    screenshot(page, "shell-create-links-desktop")

    table_id = urlparse(urls[0]).fragment.split("/")[2].split("?")[0]
    summary = server.api.get(f"/api/tables/{table_id}").json()
    assert summary["status"] == "open"
    assert [s["kind"] for s in summary["seats"]] == ["human", "human", "bot"]
    assert summary["seats"][2]["bot"] == "hard"
    assert summary["seats"][0]["name"] == "Anna"

    page.get_by_role("button", name="Start the game").click()
    page.get_by_text("The game has started.").wait_for()
    assert server.api.get(f"/api/tables/{table_id}").json()["status"] == "running"

    # the second link opens seat 2 (index 1) and only that seat
    page.goto(urls[1])
    page.locator(".table-page[data-seat='1']").wait_for()
    assert page.locator(".role").inner_text() == "You play as Player 2."
    token = urlparse(urls[1]).fragment.split("token=")[1]
    assert server.state(table_id, token)["seat"] == 1


def test_join_a_free_seat_from_the_lobby(server, page):
    created = server.create_table("kosmodrom", [{"kind": "human"}, {"kind": "human"}])
    table_id = created["table"]["id"]
    open_client(page, server, "/")
    page.get_by_label("Your name (shown to the other players)").fill("Olek")
    row = page.locator(f"li.table-item[data-table='{table_id}']")
    row.get_by_role("button", name="Take seat 2").click()
    page.locator(".table-page[data-seat='1']").wait_for()
    summary = server.api.get(f"/api/tables/{table_id}").json()
    assert summary["seats"][1]["claimed"] and summary["seats"][1]["name"] == "Olek"
