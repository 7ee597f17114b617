"""The turn timer on the table page (issue #45, item 4): after a time-out the timer chip says that a
bot made the move for the player, who keeps the seat; once the bot plays the seat (time-outs in a
row), "Take my seat back" is offered at once and gives the seat back."""

from web_helpers import open_client, screenshot


def test_the_chip_says_a_bot_moved_and_takeback_is_offered_as_soon_as_a_bot_plays_the_seat(server, page):
    # two seconds a decision, nobody plays: each seat times out in turn; Ann's second in a row hands
    # her seat to the bot
    created = server.create_table(
        "mlem",
        [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}],
        timer_seconds=2,
        timeout_bot="random",
        timeouts_to_bot=2,
    )
    server.start(created)
    table_id = created["table"]["id"]
    ann = created["seats"][0]["token"]
    open_client(page, server, f"/table/{table_id}?token={ann}")
    chip = page.locator("#table-timer")
    # after her first time-out the seat is still hers: the chip says what the bot did
    page.locator("#table-timer", has_text="a bot made that move for you (1 of 2 in a row)").wait_for(
        timeout=30_000
    )
    assert page.locator("#takeback").count() == 0
    screenshot(page, "timeout-bot-moved-for-you")
    takeback = page.get_by_role("button", name="Take my seat back")
    takeback.wait_for(timeout=30_000)  # the second time-out in a row: offered at once, mid-game
    assert "A bot plays your seat" in chip.inner_text()
    screenshot(page, "timeout-bot-plays-the-seat")
    assert server.state(table_id, ann)["table"]["status"] == "running"
    takeback.click()
    takeback.wait_for(state="detached", timeout=10_000)
    seat = server.state(table_id, ann)["table"]["seats"][0]
    assert not seat["bot_playing"]
    assert not page.js_errors
