"""A whole 2-player MLEM game played through clicks on the board against a bot, on the real server and
shell, to the end screen: any JavaScript error or a stall fails it. Screenshots of the table mid-play
(desktop and phone) and of the end screen are saved under tests/web/artifacts/."""

from __future__ import annotations

import json
import random

import pytest
from web_helpers import game_web, open_client, screenshot

pytestmark = pytest.mark.browser

# What the player may click when it is their turn: a one-click move or a part of a travel choice.
CONTROLS = "[data-move]:not([data-confirm]), [data-travel-item]"
READY = f"""() => !document.querySelector('.mlem-busy') &&
  (document.querySelector('#end-screen') || document.querySelector('{CONTROLS}'))"""
MOVE_TIMEOUT_MS = 60_000


def _mark_table(page):
    page.evaluate("() => { const t = document.querySelector('.mlem-table'); if (t) t.dataset.old = '1'; }")


def _wait_redrawn(page):
    # The module replaces its table on every render: a new one means the server's answer arrived.
    page.wait_for_function(
        "() => { const t = document.querySelector('.mlem-table'); return !t || !t.dataset.old; }",
        timeout=MOVE_TIMEOUT_MS,
    )


def _travel_by_clicks(page, rng):
    """Pick dice groups, helpers and token abilities at random among the enabled ones until the
    confirm button is enabled (then sometimes add more), and fly."""
    confirm = page.locator("[data-confirm]")
    for _ in range(12):
        enabled = page.locator(
            "[data-travel-item][aria-pressed='false']:not([aria-disabled='true']):not([disabled])"
        )
        count = enabled.count()
        if confirm.is_enabled() and (count == 0 or rng.random() < 0.5):
            break
        if count == 0:
            break
        enabled.nth(rng.randrange(count)).click()
    assert confirm.is_enabled(), "no legal travel could be built from the offered dice"
    _mark_table(page)
    confirm.click()


def test_a_whole_two_player_game_against_a_bot_through_clicks(server, page, new_page):
    rng = random.Random(17)
    created = server.create_table(
        "mlem", [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "random"}]
    )
    server.start(created)
    link = created["seats"][0]["url"]
    open_client(page, server, link.split("#", 1)[1])
    moves = 0
    shots = set()
    while True:
        page.wait_for_function(READY, timeout=MOVE_TIMEOUT_MS)
        if page.locator("#end-screen").count():
            break
        if moves == 25 and "mid" not in shots:
            screenshot(page, "mlem-midgame-desktop")
            phone = new_page(375, 740)
            open_client(phone, server, link.split("#", 1)[1])
            phone.wait_for_selector(".mlem-table")
            screenshot(phone, "mlem-midgame-phone")
            phone.close()
            # A spectator sees the table but has no controls and no crew or missions of a seat.
            spectator = new_page(1280, 900)
            open_client(spectator, server, f"/table/{created['table']['id']}")
            spectator.wait_for_selector(".mlem-table")
            assert spectator.locator("[data-move], [data-travel-item], .mlem-hand").count() == 0
            spectator.close()
            shots.add("mid")
        singles = page.locator("[data-move]:not([data-confirm])")
        travel_items = page.locator("[data-travel-item]").count()
        if travel_items and (singles.count() == 0 or rng.random() < 0.85):
            _travel_by_clicks(page, rng)
        else:
            _mark_table(page)
            singles.nth(rng.randrange(singles.count())).click()
        _wait_redrawn(page)
        moves += 1
        assert moves < 2000, "the game did not end"
    page.locator("#end-screen").scroll_into_view_if_needed()
    screenshot(page, "mlem-end")
    summary = server.wait_until(created["table"]["id"], lambda s: s["status"] == "finished")
    assert summary["scores"] is not None and len(summary["scores"]) == 2
    # The end screen shows each seat's total as the server scored it.
    end_text = page.locator("#end-screen").inner_text()
    for score in summary["scores"]:
        assert str(score) in end_text
    assert moves > 10
    # Switching the language redraws the table in the chosen language's own words.
    uk = json.loads((game_web("mlem") / "i18n" / "uk.json").read_text(encoding="utf-8"))
    page.select_option("#language", "uk")
    page.wait_for_function(
        "text => document.querySelector('.mlem-status').textContent.startsWith(text)",
        arg=uk["prompt.over"].split(":")[0],
    )
    table_text = page.evaluate("() => document.querySelector('.mlem-table').textContent")
    assert "Moons" not in table_text and uk["part.moons"] in table_text
    screenshot(page, "mlem-end-uk")
