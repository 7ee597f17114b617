"""#45 item 2: the words fit, in every language.

For every game, language (en, uk, ru, pl, nl) and size (1280x800, 375x667), at the positions of
layout_helpers.POSITIONS (start, middle, a decision of the game's own kind; reached once through
the API, not by clicks), no text element's box overflows its container and no two text elements
overlap (tests/web/text_fit.js says what that means precisely). One browser context per language
and size, which loads each position's table page in turn.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from layout_helpers import LANGS, LOCALES, POSITIONS, open_table, position

CHECK = (Path(__file__).resolve().parent / "text_fit.js").read_text(encoding="utf-8")
SIZES = ((1280, 800), (375, 667))


@pytest.fixture(scope="module")
def tables(server):
    """Every game's positions, reached once for the module."""
    return {
        game: [(name, *position(server, game, name)[:2]) for name, *_ in positions]
        for game, positions in POSITIONS.items()
    }


@pytest.mark.parametrize("game", list(POSITIONS))
@pytest.mark.parametrize("lang", LANGS)
def test_every_label_fits_its_box(server, new_page, tables, game, lang):
    problems = []
    for width, height in SIZES:
        page = new_page(width, height, LOCALES[lang])
        for name, table_id, token in tables[game]:
            open_table(page, server, table_id, token)
            assert page.evaluate("document.documentElement.lang") == lang
            problems += [f"{name} {width}x{height}: {p}" for p in page.evaluate(CHECK)]
    assert not problems, f"{game} in {lang}: {len(problems)} labels do not fit:\n" + "\n".join(problems[:60])


def test_labels_fitted_before_the_game_style_came_are_fitted_again(server, new_page):
    """The board is drawn, and fitted, before the game's own style sheet (linked by its module) has
    loaded; on a loaded machine it came late, and a label fitted in the fallback font ran past its box
    in the game's font (a clean-clone run: Kosmodrom's rocket "Стремительный", ru, 375 px). web/fit.js
    fits again from the words as drawn once the sheet is in: here the sheet is held back 1.5 s."""
    for _ in range(300):  # a rocket "rapid" on the table at the start (about one table in 15)
        table_id, token, state = position(server, "kosmodrom", "start")
        if any(rocket.get("card") == "rapid" for rocket in state["view"].get("rockets", [])):
            break
    else:
        pytest.fail("no table of 300 had the rocket 'rapid' at the start")
    page = new_page(375, 667, LOCALES["ru"])

    def late(route):
        time.sleep(1.5)
        route.continue_()

    page.route("**/kosmodrom.css*", late)
    open_table(page, server, table_id, token)
    assert page.locator(".kd-rocket-name", has_text="Стремительный").count()
    assert page.evaluate(CHECK) == []
