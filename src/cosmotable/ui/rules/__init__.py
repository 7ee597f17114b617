"""The games' rules summaries in Markdown, one module per game: the terminal prints them
(`cosmotable rules GAME`) and the server serves them to the browser's rules page. A new game adds
its module here and one line to SUMMARIES."""

from __future__ import annotations

from collections.abc import Callable

from cosmotable.ui.rules import kosmodrom, mlem, planet

#: game id -> the parts of its summary, in order (MLEM's variants have a part of their own)
SUMMARIES: dict[str, tuple[Callable[[], str], ...]] = {
    "mlem": (mlem.rules_markdown, mlem.variants_markdown),
    "kosmodrom": (kosmodrom.rules_markdown,),
    "planet": (planet.rules_markdown,),
}


def summary_markdown(game_id: str) -> str:
    """The rules summary of a game; KeyError for a game without one."""
    return "\n\n".join(part() for part in SUMMARIES[game_id])
