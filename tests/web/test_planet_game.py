"""A whole 2-player game of Planet played in Chromium through clicks on the board, against a bot, to the
end screen (a real server process; fixtures in tests/web/conftest.py).

The test plays like a person who clicks at random: each turn it picks one of the controls the board
offers (an astronaut, the ship, an ability card, a target cell, a button) and confirms; it never proposes
the end by claim and refuses a bot's claim, and the table's turn cap (an engine option) ends the game.
It fails on any JavaScript error (the `page` fixture) and on a stall: no control to click while the seat
is to act, or a game that stops moving. Screenshots mid-play and at the end go to tests/web/artifacts/.
"""

from __future__ import annotations

import random
import time

import pytest
from web_helpers import open_client, screenshot

pytestmark = pytest.mark.browser


TURN_CAP = 40
STALL_SECONDS = 90

# The controls of the seat's board right now, as [attribute, value] pairs a click can find again.
CONTROLS_JS = """() => {
  const table = document.querySelector('.planet-table');
  if (!table || table.classList.contains('pl-busy') || !table.classList.contains('pl-interactive')) return null;
  const out = [];
  for (const node of table.querySelectorAll('[data-confirm], [data-select], [data-target], button[data-legal]')) {
    for (const name of ['data-confirm', 'data-select', 'data-target', 'data-legal']) {
      if (node.hasAttribute(name)) { out.push([name, node.getAttribute(name)]); break; }
    }
  }
  return out;
}"""


def pick(controls, rng):
    confirm = [c for c in controls if c[0] == "data-confirm"]
    if confirm:
        return confirm[0]
    refuse = [c for c in controls if c[0] == "data-legal" and '"refuse"' in c[1]]
    if refuse:
        return refuse[0]
    usable = [c for c in controls if not (c[0] == "data-legal" and '"claim"' in c[1])]
    # a target or a choice button once a subject is picked; else any subject or bar button
    targets = [c for c in usable if c[0] in ("data-target", "data-legal")]
    return rng.choice(targets if targets and len(targets) < len(usable) else usable) if usable else None


def locator_for(page, control):
    name, value = control
    quoted = value.replace("\\", "\\\\").replace('"', '\\"')
    return page.locator(f'.planet-table [{name}="{quoted}"]').first


@pytest.mark.early  # a long game: started first (tests/conftest.py)
def test_a_whole_two_player_game_against_a_bot_played_by_clicks_to_the_end_screen(server, page, phone_page):
    created = server.create_table(
        "planet",
        [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}],
        options={"max_turns": TURN_CAP},
    )
    table_id = created["table"]["id"]
    server.start(created)
    token = created["seats"][0]["token"]
    open_client(page, server, f"/table/{table_id}?token={token}")
    page.wait_for_selector(".planet-table")
    rng = random.Random(17)
    clicks = moves = 0
    last_progress = time.monotonic()
    last_step = None
    mid_shot = False
    while not page.locator("#end-screen").count():
        summary = server.api.get(f"/api/tables/{table_id}").json()
        if summary["step"] != last_step:
            last_step, last_progress = summary["step"], time.monotonic()
        if summary["status"] == "finished":
            page.wait_for_selector("#end-screen", timeout=30_000)
            break
        assert time.monotonic() - last_progress < STALL_SECONDS, (
            f"the game stalled at step {last_step}: {summary}"
        )
        controls = page.evaluate(CONTROLS_JS)
        if not controls:
            if summary["to_act"] == 0:
                assert page.locator(".planet-table").count(), "the board vanished"
            page.wait_for_timeout(150)
            continue
        control = pick(controls, rng)
        assert control is not None, f"no move to click among {controls}"
        locator_for(page, control).click()
        clicks += 1
        if control[0] == "data-confirm" or control[0] == "data-legal":
            moves += 1
        if moves == 12 and not mid_shot:
            mid_shot = True
            screenshot(page, "planet-game-mid")
            phone_page.goto(f"{server.url}/#/table/{table_id}")  # a spectator on a phone
            phone_page.wait_for_selector(".planet-table")
            assert not phone_page.locator(".planet-table [role='button'], .planet-table button").count()
            screenshot(phone_page, "planet-game-mid-phone-spectator")
    final = server.api.get(f"/api/tables/{table_id}").json()
    assert final["status"] == "finished" and final["winners"]
    end = page.locator("#end-screen")
    assert end.is_visible()
    # the score rows come from the module: coins and artifacts per seat
    assert end.locator("td", has_text="Coins:").count() == 2
    assert mid_shot and moves >= 12 and clicks > moves
    screenshot(page, "planet-game-end")
