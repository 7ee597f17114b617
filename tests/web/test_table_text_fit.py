"""#45 item 2: the words fit, in every language.

For every game, language (en, uk, ru, pl, nl) and size (1280x800, 375x667), at the positions of
layout_helpers.POSITIONS (start, middle, a decision of the game's own kind; reached once through
the API, not by clicks), no text element's box overflows its container and no two text elements
overlap (tests/web/text_fit.js says what that means precisely). One browser context per language
and size, which loads each position's table page in turn.
"""

from __future__ import annotations

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
