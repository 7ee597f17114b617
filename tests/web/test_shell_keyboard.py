"""Keyboard play: every step from the lobby to a move works without a mouse, and focus stays where the
player was when the table redraws."""

import re

from web_helpers import open_client


def test_create_and_play_a_move_with_the_keyboard_only(server, page):
    # the plain renderer (module file refused) draws one button per legal move: the shell's own keyboard
    # path is tested here; each game module tests its board's keys itself
    page.route(re.compile(r"/web/games/[^/]+/index\.js$"), lambda route: route.fulfill(status=404, body=""))
    open_client(page, server, "/new/mlem")
    page.locator("#create-game").focus()
    # Tab through the form to the submit button, then Enter
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.type === 'submit'"):
            break
    else:
        raise AssertionError("the create button cannot be reached with Tab")
    page.keyboard.press("Enter")
    page.get_by_role("heading", name="The table is ready").wait_for()
    start = page.get_by_role("button", name="Start the game")
    start.focus()
    page.keyboard.press("Enter")
    page.get_by_text("The game has started.").wait_for()
    seat_link = page.get_by_role("link", name="Play this seat")
    seat_link.focus()
    page.keyboard.press("Enter")

    board = page.locator("#board[data-seat='0'][data-step]")
    board.wait_for()
    step = int(board.get_attribute("data-step"))
    first_move = page.locator("#board button.move").first
    first_move.focus()
    page.keyboard.press("Enter")
    page.wait_for_function(f"Number(document.querySelector('#board').dataset.step) > {step}")
    # the redraw kept focus in the board, not thrown back to the top of the page
    assert page.evaluate("!!document.activeElement.closest('#board')")
