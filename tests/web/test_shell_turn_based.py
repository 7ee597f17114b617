"""A turn-based game in the browser (issue #46): a table made with 24 hours a move from the create
form, a move played by clicks, then the next day on the server's test clock and a restart of the
server: the page left open, and reloaded, shows the move the timeout bot made for the player who let their time
run out (their seat still theirs), "Your turn" in the header and in the page title, and the time
left in hours and minutes, with the deadline's day and time.

The day passes on the server's test clock (COSMOTABLE_TEST_CLOCK, server/clock.py); nobody waits."""

from __future__ import annotations

import re

import pytest
from web_helpers import one_mlem_move, open_client, screenshot

from cosmotable.server.clock import TestClock

pytestmark = pytest.mark.browser

DAY = 24 * 3600
TITLE_MS = 30_000  # the title is refreshed every 10 s (web/turn_signal.js), and at once on load
#: the chip of a fresh 24-hour period: hours and minutes (or a whole day), and the deadline's moment
FRESH_DAY = re.compile(r"^Time left: (23 h \d+ min|1 d 0 h) \(until .+\)$")


def _create_from_the_form(page, server) -> tuple[str, str, str]:
    """Ann and Bo at a MLEM table with 24 hours a move, made and started on the create page: the
    table's id and the two seats' links."""
    open_client(page, server, "/new/mlem")
    seats = page.locator("fieldset.seat-row")
    seats.nth(0).get_by_label("Name (optional)").fill("Ann")
    seats.nth(1).get_by_label("Who plays").select_option("human")
    seats.nth(1).get_by_label("Name (optional)").fill("Bo")
    timer = page.get_by_label("Time per move")
    # the realtime and the turn-based choices, each in its own group
    assert timer.locator("optgroup").evaluate_all("groups => groups.map(g => g.label)") == [
        "Realtime (everyone at the table)",
        "Turn-based (come back for your turn)",
    ]
    turn_based = timer.locator("optgroup").nth(1).locator("option").all_inner_texts()
    assert turn_based == ["1 hour", "12 hours", "24 hours", "3 days", "7 days"]
    timer.select_option(label="24 hours")
    page.get_by_role("button", name="Create the table").click()
    page.get_by_role("heading", name="The table is ready").wait_for()
    links = page.locator("li.seat-link input")
    ann, bo = links.nth(0).input_value(), links.nth(1).input_value()
    page.get_by_role("button", name="Start the game").click()
    page.get_by_text("The game has started.").wait_for()
    return ann.split("/table/")[1].split("?")[0], ann, bo


def _refused_socket(error: str, url: str, table_id: str) -> bool:
    socket = url.replace("http://", "ws://") + f"/api/tables/{table_id}/ws"
    return f"WebSocket connection to '{socket}" in error and "ERR_CONNECTION_REFUSED" in error


def _token(link: str) -> str:
    return link.split("token=")[1]


def test_a_turn_based_game_goes_on_the_next_day_after_a_restart(server_lives, page, new_page, tmp_path):
    clock_file = tmp_path / "clock"
    clock = TestClock(clock_file)
    with server_lives(COSMOTABLE_TEST_CLOCK=str(clock_file)) as server:
        table_id, ann, bo = _create_from_the_form(page, server)
        summary = server.api.get(f"/api/tables/{table_id}").json()
        assert summary["timer_seconds"] == DAY
        # Bo answers at once until it is Ann's turn; Ann plays hers by clicks until it is Bo's
        summary = server.wait_until(table_id, lambda s: s["to_act"] is not None)
        while summary["to_act"] == 1:
            legal = server.state(table_id, _token(bo))["legal_actions"]
            server.act(table_id, _token(bo), legal[0]["json"], f"bo-{summary['step']}")
            summary = server.wait_until(table_id, lambda s, step=summary["step"]: s["step"] > step)
        page.goto(ann)
        page.locator(".table-page[data-seat='0']").wait_for()
        for _ in range(20):
            step = summary["step"]
            one_mlem_move(page)
            summary = server.wait_until(table_id, lambda s, step=step: s["step"] > step)
            if summary["to_act"] == 1:
                break
        assert summary["to_act"] == 1, summary
        # Bo's 24 hours run: the chip says hours and minutes, not "1439:59"
        page.locator("#table-timer").filter(has_text=FRESH_DAY).wait_for()
        screenshot(page, "turn-based-waiting-for-bo")
        step = summary["step"]
    # the server is down while the next day comes: Bo's deadline passes meanwhile
    clock.advance(DAY + 60)
    with server_lives(COSMOTABLE_TEST_CLOCK=str(clock_file)) as server:
        # at start-up the timeout bot makes Bo's move; the seat stays Bo's
        summary = server.wait_until(table_id, lambda s: s["to_act"] == 0 and s["step"] > step)
        assert summary["seats"][1]["timeouts"] == 1 and not summary["seats"][1]["bot_playing"]
        # the page left open reconnects by itself and shows the new day (its clock from the server's)
        page.locator(".turn", has_text="Your turn").wait_for(timeout=60_000)
        page.locator("#table-timer").filter(has_text=FRESH_DAY).wait_for()
        # its socket's tries while the server was down are the browser's console lines, not errors
        # of the page's scripts
        page.js_errors[:] = [e for e in page.js_errors if not _refused_socket(e, server.url, table_id)]
        page.reload()
        page.locator(".table-page[data-seat='0']").wait_for()
        page.locator(".turn", has_text="Your turn").wait_for()
        page.locator("#table-timer").filter(has_text=FRESH_DAY).wait_for()
        page.wait_for_function("() => document.title.startsWith('Your turn')", timeout=TITLE_MS)
        screenshot(page, "turn-based-next-day-your-turn")
        # Bo, back the next day, is told what the bot did, and his seat is his: no takeback needed
        bo_page = new_page()
        bo_page.goto(bo)
        bo_page.locator(".table-page[data-seat='1']").wait_for()
        bo_page.locator("#table-timer", has_text="a bot made that move for you (1 of 3 in a row)").wait_for()
        assert bo_page.get_by_role("button", name="Take my seat back").count() == 0
        screenshot(bo_page, "turn-based-next-day-bo")
        # and Ann plays on
        one_mlem_move(page)
        server.wait_until(table_id, lambda s: s["step"] > summary["step"])
