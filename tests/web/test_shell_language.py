"""Languages: chosen from the browser's preference, switchable, remembered; <html lang> follows."""

import json
from pathlib import Path

import pytest
from web_helpers import game_web, open_client, screenshot

CATALOGS = Path(__file__).resolve().parents[2] / "src" / "cosmotable" / "web" / "i18n"


def catalog(lang: str) -> dict:
    return json.loads((CATALOGS / f"{lang}.json").read_text(encoding="utf-8"))


def test_switching_language_changes_the_strings_and_html_lang_and_is_remembered(server, page):
    open_client(page, server, "/")
    english, ukrainian = catalog("en"), catalog("uk")
    heading = page.locator("main h1")
    assert heading.inner_text() == english["lobby.title"]

    page.get_by_label(english["nav.language"]).select_option("uk")
    page.wait_for_function("document.documentElement.lang === 'uk'")
    assert heading.inner_text() == ukrainian["lobby.title"]
    assert page.get_by_role("button", name=ukrainian["lobby.status.finished"]).is_visible()
    assert page.get_by_role("link", name=ukrainian["lobby.create"]).first.is_visible()
    screenshot(page, "shell-lobby-uk")

    # the choice outlives a reload (saved in localStorage), whatever the browser prefers
    page.reload()
    page.wait_for_selector("body[data-ready]")
    assert page.locator("html").get_attribute("lang") == "uk"
    assert page.locator("main h1").inner_text() == ukrainian["lobby.title"]
    assert page.get_by_label(ukrainian["nav.language"]).input_value() == "uk"


@pytest.mark.parametrize("locale,lang", [("pl-PL", "pl"), ("nl-BE", "nl"), ("ru-RU", "ru"), ("de-DE", "en")])
def test_first_visit_follows_the_browsers_preferred_language(server, new_page, locale, lang):
    page = new_page(locale=locale)
    open_client(page, server, "/")
    assert page.locator("html").get_attribute("lang") == lang
    assert page.locator("main h1").inner_text() == catalog(lang)["lobby.title"]


@pytest.mark.parametrize("lang", ["ru", "pl"])
def test_the_new_table_form_says_what_each_variant_does_in_the_pages_language(server, new_page, lang):
    """Each variant's name and what it changes come from the game module's catalog, not the game's
    English description (which, for Planet's teams, also counted seats from 0 while the form counts
    players from 1)."""
    page = new_page(locale=lang)
    described = 0
    for game in ("mlem", "kosmodrom", "planet"):
        texts = json.loads((game_web(game) / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
        english = server.api.get("/api/games").json()
        variants = next(g for g in english if g["id"] == game)["variants"]
        open_client(page, server, f"/new/{game}")
        for name, description in variants.items():
            label = page.locator(f"label.check:has(input[name='variant-{name}'])")
            label.wait_for()
            shown = label.inner_text()
            assert texts[f"variant.{name}"] in shown and texts[f"variant_hint.{name}"] in shown, shown
            assert description not in shown
            described += 1
    assert described == 8
