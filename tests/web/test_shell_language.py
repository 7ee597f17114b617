"""Languages: chosen from the browser's preference, switchable, remembered; <html lang> follows."""

import json
from pathlib import Path

import pytest
from web_helpers import open_client, screenshot

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
