"""Screenshots of the table page of each game, at each size and in each language, at the positions
of tests/web/layout_helpers.py (start, middle, a decision of the game's own kind), for a person to
look at: `.venv/bin/python scripts/table_screenshots.py [--langs en,uk,pl] [--games mlem]`.

Writes tests/web/artifacts/layout-<game>-<position>-<lang>-<size>.png (the viewport only, as the
player sees it without scrolling) and prints each path.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "web"))

from layout_helpers import LOCALES, POSITIONS, SIZES, open_table, position
from playwright.sync_api import sync_playwright
from web_helpers import ARTIFACTS

from conftest import CHROMIUM, CHROMIUM_ARGS, running_server


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--langs", default="en,uk,pl")
    parser.add_argument("--games", default="kosmodrom,mlem,planet")
    parser.add_argument("--positions", default="")
    parser.add_argument("--sizes", default=",".join(SIZES))
    args = parser.parse_args()
    ARTIFACTS.mkdir(exist_ok=True)
    with running_server(Path(tempfile.mkdtemp())) as server, sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for game in args.games.split(","):
            for name, *_ in POSITIONS[game]:
                if args.positions and name not in args.positions.split(","):
                    continue
                table_id, token, _ = position(server, game, name)
                for lang in args.langs.split(","):
                    for size in args.sizes.split(","):
                        width, height = SIZES[size]
                        context = browser.new_context(
                            viewport={"width": width, "height": height}, locale=LOCALES[lang]
                        )
                        page = context.new_page()
                        open_table(page, server, table_id, token)
                        path = ARTIFACTS / f"layout-{game}-{name}-{lang}-{size}.png"
                        page.screenshot(path=str(path))
                        print(path)
                        context.close()
        browser.close()


if __name__ == "__main__":
    main()
