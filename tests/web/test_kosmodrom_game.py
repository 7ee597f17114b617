"""A whole 2-player Kosmodrom game played in Chromium through clicks on the board, against a bot, to
the end screen - on the real server and the shell (fixtures of tests/web/conftest.py).

Each turn the test reads the controls the board offers (`[data-pick]`), clicks a random one (a
confirm when one is shown), and waits for the server's answer. Screenshots of the table mid-play
(desktop and phone) and of the end screen are saved under tests/web/artifacts/.

The game's length is set by the deal and the bot's choices, both drawn from the table's seed, which
no client can choose: the test's own server deals with a fixed seed (COSMOTABLE_TABLE_SEED, a
test-only setting, docs/server-api.md). With a secret seed the game took 71-150 s in CI; over
table seeds 1-12 (the clicks below unchanged) a game took 245-340 clicks. TABLE_SEED 1: 265 clicks,
180 moves in each of three runs - a whole game to the end screen, with cards played, turns ended,
deck draws, discard-pile takes, experts and rocket launches clicked.
"""

import random

import pytest
from playwright.sync_api import Error as PlaywrightError
from web_helpers import open_client, screenshot

MAX_CLICKS = 4000
WAIT_MS = 60_000

# The end screen, or the controls the board offers (not yet picked) once it offers one and is not
# waiting for the answer to a move (aria-busy: a control clicked there would be drawn away under the
# click): one round trip to the page per turn instead of three
NEXT = """() => {
    if (document.querySelector('#end-screen')) return {end: true};
    if (document.querySelector('#board[aria-busy="true"]')) return null;
    const offered = [...new Set([...document.querySelectorAll('#board [data-pick]')]
        .filter((e) => !e.classList.contains('picked')).map((e) => e.dataset.pick))];
    return offered.length ? {end: false, offered} : null;
}"""

#: the table seed of this test's server (see the module doc)
TABLE_SEED = 1


@pytest.fixture(scope="module")
def server(start_server):
    """This module's own server, dealing every table with TABLE_SEED (the shared server must not:
    the other tests' tables would all be dealt alike)."""
    return start_server(COSMOTABLE_TABLE_SEED=str(TABLE_SEED))


@pytest.mark.early  # a long game: started first (tests/conftest.py)
def test_a_whole_game_against_a_bot_is_played_by_clicks_to_the_end_screen(server, page, phone_page):
    created = server.create_table(
        "kosmodrom", [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "random"}], variants=["quick"]
    )
    server.start(created)
    table_id = created["table"]["id"]
    link = next(s for s in created["seats"] if s["seat"] == 0)
    open_client(page, server, f"/table/{table_id}?token={link['token']}")

    rng = random.Random(17)
    clicks = moves = 0
    kinds = set()
    shot_mid = False
    while clicks < MAX_CLICKS:
        # a stall (no move offered, no end) fails here
        ready = page.wait_for_function(NEXT, timeout=WAIT_MS).json_value()
        if ready["end"]:
            break
        offered = ready["offered"]
        pick = "confirm" if "confirm" in offered else rng.choice([p for p in offered if p != "cancel"])
        control = page.locator(f'#board [data-pick="{pick}"]').first
        try:
            control.click(timeout=5_000)
        except (
            PlaywrightError
        ):  # the shell re-drew the board under the click (a new state arrived): look again
            continue
        clicks += 1
        kinds.add(pick.split(":")[0])
        if (
            pick == "confirm"
            or pick in ("done", "deck", "discardtop", "keep", "drop", "accept", "refuse")
            or pick.startswith(("top:", "rocket:"))
        ):
            moves += 1
        # mid-play: once some moves are made and a rocket stands (a seed other than TABLE_SEED may
        # give a game that ends early)
        if not shot_mid and moves >= 30 and page.locator("#board .kd-rocket").count() >= 1:
            screenshot(page, "kosmodrom-game-mid")
            phone_page.goto(f"{server.url}/#/table/{table_id}?token={link['token']}")
            phone_page.wait_for_selector("#board .kd-board")
            screenshot(phone_page, "kosmodrom-game-mid-phone")
            shot_mid = True

    assert page.locator("#end-screen").count() == 1, f"no end screen after {clicks} clicks"
    summary = server.api.get(f"/api/tables/{table_id}").json()
    assert summary["status"] == "finished" and summary["winners"]
    # the end screen lists both seats with the module's score breakdown
    rows = page.locator("#end-screen table.scores tr")
    assert rows.count() == 2
    assert {"card", "done", "deck"} <= kinds and moves > 20
    screenshot(page, "kosmodrom-game-end")
    assert shot_mid
