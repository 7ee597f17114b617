"""The lobby's lists by status, page by page, and the timer a table with a time limit shows."""

import math
import re

from web_helpers import open_client

PAGE_SIZE = 10  # the lobby asks for ten tables a page


def test_open_tables_are_listed_page_by_page(server, page):
    for _ in range(PAGE_SIZE + 2):
        server.create_table("planet", [{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    total = server.api.get("/api/tables", params={"status": "open", "page_size": 1}).json()["total"]
    pages = math.ceil(total / PAGE_SIZE)
    open_client(page, server, "/")
    items = page.locator("li.table-item")
    items.first.wait_for()
    assert items.count() == PAGE_SIZE
    assert page.get_by_text(f"Page 1 of {pages}").is_visible()
    assert page.get_by_role("button", name="Previous").is_disabled()

    page.get_by_role("button", name="Next").click()
    page.get_by_text(f"Page 2 of {pages}").wait_for()
    assert items.count() == min(PAGE_SIZE, total - PAGE_SIZE)
    # every open table offers its free seat and a way to watch
    first = items.first
    assert first.get_by_role("button", name="Take seat 1").is_visible()
    assert first.get_by_role("link", name="Watch").is_visible()

    page.get_by_role("button", name="Finished").click()
    assert page.get_by_role("button", name="Finished").get_attribute("aria-pressed") == "true"
    finished = server.api.get("/api/tables", params={"status": "finished"}).json()["items"]
    if finished:
        page.locator("li.table-item").first.get_by_role("link", name="Replay").wait_for()
    else:
        page.get_by_text("No game has finished yet.").wait_for()


def test_a_table_with_a_time_limit_shows_the_time_left(server, page):
    created = server.create_table(
        "mlem", [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}], timer_seconds=90
    )
    server.start(created)
    table_id = created["table"]["id"]
    open_client(page, server, f"/table/{table_id}?token={created['seats'][0]['token']}")
    timer = page.locator("#table-timer")
    timer.get_by_text(re.compile(r"^Time left: 1:[0-3]\d$")).wait_for()
