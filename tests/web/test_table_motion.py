"""#45 item 8: what a move changed is shown moving (motion.js), unless the reader asks for reduced
motion. In each game a move is made for the seat through the API while its page is open; the page
draws the new position with the animation class of what changed (anim-move, anim-roll, anim-pop) and
running animations; with prefers-reduced-motion emulated, nothing of the kind runs."""

from __future__ import annotations

import uuid

import pytest
from layout_helpers import open_table, position

ANIMATED = """() => ({
  classes: [...document.querySelectorAll('#board .anim-move, #board .anim-roll, #board .anim-pop')]
    .map((e) => [...e.classList].filter((c) => c.startsWith('anim-')).join(' ')),
  running: document.getAnimations().filter((a) => a.playState === 'running').length,
})"""


def _move_and_look(server, browser, game, reduced):
    table_id, token, state = position(server, game, "mid", seed=3)
    context = browser.new_context(
        viewport={"width": 1280, "height": 800}, reduced_motion="reduce" if reduced else "no-preference"
    )
    try:
        page = context.new_page()
        open_table(page, server, table_id, token)
        step = state["step"]
        # the seat's move, made elsewhere (another device, or a bot would do the same)
        server.act(table_id, token, state["legal_actions"][0]["json"], uuid.uuid4().hex)
        page.wait_for_function(
            "(step) => { const b = document.querySelector('#board[data-step]'); return b && Number(b.dataset.step) > step; }",
            arg=step,
        )
        return page.evaluate(ANIMATED)
    finally:
        context.close()


@pytest.mark.parametrize("game", ["kosmodrom", "mlem", "planet"])
def test_the_last_move_is_animated(server, browser, game):
    seen = _move_and_look(server, browser, game, reduced=False)
    assert seen["classes"], f"{game}: nothing of the move got an animation class"
    assert seen["running"] > 0, f"{game}: no animation runs after the move"


@pytest.mark.parametrize("game", ["kosmodrom", "mlem", "planet"])
def test_nothing_moves_with_reduced_motion(server, browser, game):
    seen = _move_and_look(server, browser, game, reduced=True)
    assert seen == {"classes": [], "running": 0}, f"{game}: {seen}"
