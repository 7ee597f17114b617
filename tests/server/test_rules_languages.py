"""The rules summaries of the web page in every language (issue #45, item 6): every game has one per
language with the same sections, in the reader's language, naming no file path and carrying no
English note; `?lang=` picks it, an unknown language gets English."""

from __future__ import annotations

import re

import pytest

LANGUAGES = ["en", "uk", "ru", "pl", "nl"]
GAMES = ["mlem", "kosmodrom", "planet"]
#: what a reader must never see: repository paths, data file names, the data files' English notes
LEAKS = re.compile(r"games/|shared/|data/|\.toml|RULINGS|Reconstructed default|NOT the printed|`")
#: words only an English text has (a non-English page carrying an English note would show them)
ENGLISH = re.compile(r"\b(the|and|reconstructed|printed|rules)\b", re.IGNORECASE)


def sections(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("## ")]


def ordered_items(text: str) -> list[list[int]]:
    """The numbers of each ordered list, in order (a list is a run of '1.'-style lines)."""
    lists, run = [], []
    for line in text.splitlines():
        match = re.match(r"(\d+)[.)] ", line)
        if match:
            run.append(int(match.group(1)))
        elif run and line.strip():
            lists.append(run)
            run = []
    return [*lists, run] if run else lists


@pytest.mark.parametrize("game", GAMES)
def test_every_language_has_every_section_and_no_path_or_english_note(client, game):
    english = client.get(f"/api/games/{game}/rules", params={"lang": "en"}).json()
    assert english["lang"] == "en"
    for lang in LANGUAGES:
        body = client.get(f"/api/games/{game}/rules", params={"lang": lang}).json()
        assert body["lang"] == lang
        text = body["text"]
        assert len(sections(text)) == len(sections(english["text"])) >= 5, (game, lang)
        assert not LEAKS.search(text), (game, lang, LEAKS.search(text))
        if lang != "en":
            assert not ENGLISH.search(text), (game, lang, ENGLISH.search(text))
            assert sections(text) != sections(english["text"])
        # numbered steps run 1, 2, 3... with no gap, in every language alike
        assert all(items == list(range(1, len(items) + 1)) for items in ordered_items(text))
        assert ordered_items(text) == ordered_items(english["text"]), (game, lang)


def test_the_kosmodrom_turn_is_one_list_of_six_steps(client):
    text = client.get("/api/games/kosmodrom/rules", params={"lang": "uk"}).json()["text"]
    assert ordered_items(text) == [[1, 2, 3, 4, 5, 6]]


def test_an_unknown_language_gets_english_and_no_language_the_terminal_summary(client):
    body = client.get("/api/games/mlem/rules", params={"lang": "de"}).json()
    assert body["lang"] == "en" and body["text"].startswith("# MLEM")
    from cosmotable.ui.rules import summary_markdown

    assert client.get("/api/games/mlem/rules").json()["text"] == summary_markdown("mlem")
