"""The turn timer on the table page (issue #45, item 4): after a time-out the timer chip says that a
bot made the move for the player, who keeps the seat; once the bot plays the seat (time-outs in a
row), "Take my seat back" is offered at once and gives the seat back.

Every time-out comes from the server's test clock (COSMOTABLE_TEST_CLOCK), moved past Ann's deadline
when the test is ready for it, and Bo answers at once through the API: nothing here depends on how
fast the machine is. (With a real 2-second timer the test raced the clock: under load the page came
up after Ann's second time-out, or Bo's two time-outs in a row handed his seat to a bot too and the
two bots finished the game before "Take my seat back" was clicked.)"""

from web_helpers import open_client, screenshot

from cosmotable.server.clock import TestClock

#: a realtime timer; it never runs out by itself during the test, only when the clock is moved on
TIMER = 600


def _bo_plays_until_anns_turn(server, table_id: str, bo: str) -> dict:
    summary = server.wait_until(table_id, lambda s: s["to_act"] is not None)
    while summary["to_act"] == 1:
        legal = server.state(table_id, bo)["legal_actions"]
        server.act(table_id, bo, legal[0]["json"], f"bo-{summary['step']}")
        summary = server.wait_until(
            table_id, lambda s, step=summary["step"]: s["step"] > step and s["to_act"] is not None
        )
    assert summary["to_act"] == 0 and summary["status"] == "running", summary
    return summary


def test_the_chip_says_a_bot_moved_and_takeback_is_offered_as_soon_as_a_bot_plays_the_seat(
    server_lives, page, tmp_path
):
    clock_file = tmp_path / "clock"
    clock = TestClock(clock_file)
    with server_lives(COSMOTABLE_TEST_CLOCK=str(clock_file)) as server:
        created = server.create_table(
            "mlem",
            [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}],
            timer_seconds=TIMER,
            timeout_bot="random",
            timeouts_to_bot=2,
        )
        server.start(created)
        table_id = created["table"]["id"]
        ann, bo = created["seats"][0]["token"], created["seats"][1]["token"]
        _bo_plays_until_anns_turn(server, table_id, bo)
        open_client(page, server, f"/table/{table_id}?token={ann}")
        page.locator(".table-page[data-seat='0']").wait_for()
        chip = page.locator("#table-timer")
        # Ann's first time-out: the bot decides that turn, the seat is still hers
        clock.advance(TIMER + 1)
        server.wait_until(table_id, lambda s: s["seats"][0]["timeouts"] == 1 and s["to_act"] != 0)
        page.locator("#table-timer", has_text="a bot made that move for you (1 of 2 in a row)").wait_for()
        assert page.locator("#takeback").count() == 0
        screenshot(page, "timeout-bot-moved-for-you")
        # Bo answers; Ann's second time-out in a row hands her seat to the bot, mid-game
        _bo_plays_until_anns_turn(server, table_id, bo)
        clock.advance(TIMER + 1)
        server.wait_until(table_id, lambda s: s["seats"][0]["bot_playing"])
        takeback = page.get_by_role("button", name="Take my seat back")
        takeback.wait_for()  # offered at once
        assert "A bot plays your seat" in chip.inner_text()
        screenshot(page, "timeout-bot-plays-the-seat")
        # Bo has not played since: the bot waits for him, the game goes on
        assert server.state(table_id, ann)["table"]["status"] == "running"
        takeback.click()
        takeback.wait_for(state="detached")
        seat = server.state(table_id, ann)["table"]["seats"][0]
        assert not seat["bot_playing"]
        assert not page.js_errors
