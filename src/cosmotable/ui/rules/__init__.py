"""The games' rules summaries in Markdown: the terminal prints them (`cosmotable rules GAME`) and the
server serves them to the browser's rules page. Each is a part of its game (`games/<id>/summary.py`,
named `summary` in the game's descriptor: a module with `summary_markdown()`)."""

from __future__ import annotations

from cosmotable import games


def summary_markdown(game_id: str) -> str:
    """The rules summary of a game; KeyError for a game without one (or unknown)."""
    part = games.descriptor(game_id).load("summary")
    if part is None:
        raise KeyError(f"no rules summary for {game_id!r} yet")
    return part.summary_markdown()
