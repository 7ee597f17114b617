"""Bots that play any Cosmotable game through the engine API only.

`make_bot("random", seed=1)` / `make_bot("heuristic")`. A bot's `act(state)` returns one of
`state.legal_actions()` for the seat to move; bots never call `_apply` or read private fields.
"""

from __future__ import annotations

from cosmotable.bots.base import Bot, RandomBot
from cosmotable.bots.heuristic import HeuristicBot

BOTS = {"random": RandomBot, "heuristic": HeuristicBot}


def make_bot(name: str, seed: int | None = None) -> Bot:
    try:
        return BOTS[name](seed=seed)
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; bots: {', '.join(BOTS)}") from None


__all__ = ["BOTS", "Bot", "HeuristicBot", "RandomBot", "make_bot"]
