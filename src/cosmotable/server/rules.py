"""The rules endpoint: the same summary `cosmotable rules GAME` prints, and which data files are
reconstructed (their own `source` field)."""

from __future__ import annotations

import tomllib
from importlib import resources

from cosmotable import games
from cosmotable.ui.rules import summary_markdown


def rules_text(game_id: str) -> dict:
    """`{game, text (Markdown), reconstructed: [{file, source}]}`; KeyError for an unknown game."""
    game = games.get(game_id)
    return {"game": game.id, "text": summary_markdown(game.id), "reconstructed": reconstructed_files(game.id)}


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
