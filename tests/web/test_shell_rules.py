"""The rules page: the server's Markdown drawn as HTML without ever parsing it as HTML, and the notice of
reconstructed component data with how an owner loads the printed values."""

import pytest
from web_helpers import open_client, screenshot


@pytest.mark.parametrize("game", ["mlem", "planet"])
def test_rules_page_shows_the_text_and_names_every_reconstructed_file(server, page, game):
    rules = server.api.get(f"/api/games/{game}/rules").json()
    assert rules["reconstructed"], f"{game} has reconstructed data files"
    open_client(page, server, f"/rules/{game}")
    page.locator(".rules-text").wait_for()
    notice = page.locator(".data-notice")
    assert notice.get_by_role("heading", name="Reconstructed game data").is_visible()
    shown = notice.locator(".reconstructed code").all_inner_texts()
    assert shown == [entry["file"] for entry in rules["reconstructed"]]
    assert f"cosmotable {game} check-" in notice.inner_text()
    # the Markdown became structure: the text's first heading is a heading on the page
    first_heading = next(
        line.lstrip("#").strip() for line in rules["text"].splitlines() if line.startswith("#")
    )
    assert page.locator(".rules-text").get_by_role(
        "heading"
    ).first.inner_text().strip() == first_heading.replace("**", "").replace("`", "")
    screenshot(page, f"shell-rules-{game}")


@pytest.mark.parametrize("size", [(375, 740), (1280, 900)], ids=["phone", "desktop"])
def test_rules_page_fits_the_screen(server, new_page, size):
    page = new_page(*size)
    open_client(page, server, "/rules/mlem")
    page.locator(".rules-text").wait_for()
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
    screenshot(page, f"shell-rules-mlem-{size[0]}")
