"""A whole 2-player Kosmodrom game played in Chromium through clicks on the board, against a bot, to
the end screen - on the real server and the shell (fixtures of tests/web/conftest.py).

Each turn the test reads the controls the board offers (`[data-pick]`), clicks a random one (a
confirm when one is shown), and waits for the server's answer. Screenshots of the table mid-play
(desktop and phone) and of the end screen are saved under tests/web/artifacts/.
"""

import random

from playwright.sync_api import Error as PlaywrightError
from web_helpers import open_client, screenshot

MAX_CLICKS = 4000
WAIT_MS = 60_000

OFFERED = """() => [...new Set([...document.querySelectorAll('#board [data-pick]')]
    .filter((e) => !e.classList.contains('picked')).map((e) => e.dataset.pick))]"""
READY = "() => document.querySelector('#end-screen') || document.querySelector('#board [data-pick]')"


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
        page.wait_for_function(READY, timeout=WAIT_MS)  # a stall (no move offered, no end) fails here
        if page.locator("#end-screen").count():
            break
        offered = page.evaluate(OFFERED)
        if not offered:
            continue
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
        # mid-play: a random quick game against a random bot may end early (the server's seed and who
        # starts are chance), so the shot comes once some moves are made and a rocket stands
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
