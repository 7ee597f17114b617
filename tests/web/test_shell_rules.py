"""The rules page: the server's Markdown drawn as HTML without ever parsing it as HTML, and the notice of
reconstructed component data with how an owner loads the printed values."""

import pytest
from web_helpers import open_client, screenshot


@pytest.mark.parametrize("game", ["mlem", "planet"])
def test_rules_page_shows_the_text_and_says_data_is_reconstructed_without_file_paths(server, page, game):
    rules = server.api.get(f"/api/games/{game}/rules", params={"lang": "en"}).json()
    assert rules["reconstructed"], f"{game} has reconstructed data files"
    open_client(page, server, f"/rules/{game}")
    page.locator(".rules-text").wait_for()
    notice = page.locator(".data-notice")
    assert notice.get_by_role("heading", name="Reconstructed game data").is_visible()
    assert f"cosmotable {game} check-" in notice.inner_text()
    # no repository path, data file or the files' English notes on the page (issue #45)
    body = page.evaluate("document.body.innerText")
    for entry in rules["reconstructed"]:
        assert entry["file"] not in body and entry["source"][:40] not in body
    # the Markdown became structure: the text's first heading is a heading on the page
    first_heading = next(
        line.lstrip("#").strip() for line in rules["text"].splitlines() if line.startswith("#")
    )
    assert page.locator(".rules-text").get_by_role(
        "heading"
    ).first.inner_text().strip() == first_heading.replace("**", "").replace("`", "")
    screenshot(page, f"shell-rules-{game}")


@pytest.mark.parametrize("lang", ["uk", "ru", "pl", "nl"])
@pytest.mark.parametrize("game", ["mlem", "kosmodrom", "planet"])
def test_rules_page_is_in_the_readers_language_with_its_lists_in_order(server, new_page, game, lang):
    page = new_page(1280, 800, {"uk": "uk-UA", "ru": "ru-RU", "pl": "pl-PL", "nl": "nl-NL"}[lang])
    rules = server.api.get(f"/api/games/{game}/rules", params={"lang": lang}).json()
    open_client(page, server, f"/rules/{game}")
    article = page.locator(".rules-text")
    article.wait_for()
    assert article.get_attribute("lang") == lang
    # every section of the language's summary is a heading on the page, in order (the renderer draws
    # "#" as h2 under the page's h1, so "##" as h3)
    wanted = [line[3:].strip() for line in rules["text"].splitlines() if line.startswith("## ")]
    assert article.locator("h3").all_inner_texts() == wanted
    # no note that the rules are in English, no file path
    body = page.evaluate("document.body.innerText")
    assert not any(path in body for path in ("games/", "shared/", "data/"))
    assert ".toml" not in article.inner_text()
    assert page.locator("p.muted", has_text="English").count() == 0
    # ordered lists keep their numbers: each starts where its Markdown does and no item is cut
    for ol in article.locator("ol").all():
        start = int(ol.get_attribute("start") or 1)
        items = ol.locator(":scope > li").all_inner_texts()
        assert start == 1 and all(item.strip() for item in items)
    if game == "kosmodrom":
        assert article.locator("ol > li").count() == 6
    if lang in ("uk", "pl"):
        screenshot(page, f"rules-{game}-{lang}")


@pytest.mark.parametrize("size", [(375, 740), (1280, 900)], ids=["phone", "desktop"])
def test_rules_page_fits_the_screen(server, new_page, size):
    page = new_page(*size)
    open_client(page, server, "/rules/mlem")
    page.locator(".rules-text").wait_for()
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
    screenshot(page, f"shell-rules-mlem-{size[0]}")
