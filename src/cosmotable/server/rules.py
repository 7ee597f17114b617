"""The rules endpoint: a game's rules summary in the reader's language (its `data/rules/<lang>.md`,
written from the rulebook's own terms; the English summary `cosmotable rules GAME` prints for a game or
language without one), and which data files are reconstructed (their own `source` field)."""

from __future__ import annotations

import tomllib
from importlib import resources

from cosmotable import games
from cosmotable.ui.rules import summary_markdown

#: The languages of the web client; a rules summary is looked for in these only.
LANGUAGES = ("en", "uk", "ru", "pl", "nl")


def rules_text(game_id: str, lang: str | None = None) -> dict:
    """`{game, lang, text (Markdown), reconstructed: [{file, source}]}`: with `lang`, the web page's
    summary in that language (English when the game has none in it); without, the terminal's summary
    (`cosmotable rules GAME`). `lang` is the language of `text`; KeyError for an unknown game."""
    game = games.get(game_id)
    wanted_langs = () if lang is None else (lang if lang in LANGUAGES else "en", "en")
    for wanted in dict.fromkeys(wanted_langs):
        text = localized_summary(game.id, wanted)
        if text is not None:
            return {
                "game": game.id,
                "lang": wanted,
                "text": text,
                "reconstructed": reconstructed_files(game.id),
            }
    return {
        "game": game.id,
        "lang": "en",
        "text": summary_markdown(game.id),
        "reconstructed": reconstructed_files(game.id),
    }


def localized_summary(game_id: str, lang: str) -> str | None:
    """The game's own rules summary in `lang` (`data/rules/<lang>.md`), None when it has none."""
    entry = resources.files(f"cosmotable.games.{game_id}").joinpath("data", "rules", f"{lang}.md")
    return entry.read_text(encoding="utf-8") if entry.is_file() else None


def reconstructed_files(game_id: str) -> list[dict[str, str]]:
    """The game's data files whose `source` says they are reconstructed, with that source."""
    folder = resources.files(f"cosmotable.games.{game_id}").joinpath("data")
    found = []
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if not entry.name.endswith(".toml"):
            continue
        source = str(tomllib.loads(entry.read_text(encoding="utf-8")).get("source", ""))
        if "reconstructed" in source.lower():
            found.append({"file": f"games/{game_id}/data/{entry.name}", "source": " ".join(source.split())})
    return found
