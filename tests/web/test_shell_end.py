"""The end screen: winners and each seat's score once a game is over, with the way to its replay."""

from web_helpers import open_client, screenshot


def test_finished_table_shows_winners_and_scores(server, page):
    created = server.create_table(
        "mlem",
        [
            {"kind": "bot", "bot": "random", "name": "Rita"},
            {"kind": "bot", "bot": "heuristic", "name": "Hugo"},
        ],
    )
    server.start(created)
    table_id = created["table"]["id"]
    summary = server.wait_until(table_id, lambda s: s["status"] == "finished")
    names = {0: "Rita", 1: "Hugo"}

    open_client(page, server, f"/table/{table_id}")
    end = page.locator("#end-screen")
    end.wait_for()
    assert end.get_by_role("heading", name="Game over").is_visible()
    winners = [names[seat] for seat in summary["winners"]]
    expected = f"{winners[0]} wins!" if len(winners) == 1 else f"Shared victory: {', '.join(winners)}"
    assert end.locator(".winners").inner_text() == expected
    rows = end.locator("table.scores tbody tr")
    assert rows.count() == 2
    for seat in (0, 1):
        row = rows.nth(seat)
        assert row.locator("th").inner_text().strip() == names[seat]
        points = summary["scores"][seat]
        assert row.locator("td.total").inner_text() == (
            f"{points} point" if points == 1 else f"{points} points"
        )
    assert end.get_by_role("link", name="Watch the replay").get_attribute("href") == f"#/replay/{table_id}"
    screenshot(page, "shell-end-mlem")

    # the final position stays one click away
    end.get_by_role("button", name="Show the final position").click()
    assert page.locator("#end-screen").count() == 0
    assert page.locator("#board[data-step]").count() == 1
