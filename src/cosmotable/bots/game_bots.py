"""A game's bot part, found through its descriptor: the bots' one way into a game.

A game's heuristic hooks, position estimate and search levels live in its own folder
(`games/<id>/bots.py`, the `bots` part of its descriptor) and register themselves with this
package's tables (`heuristic.hook`, `evaluation.estimate`, ...) when imported; the tables are asked
only after `load_game_bots` has imported it.
"""

from __future__ import annotations

from types import ModuleType

from cosmotable import games

#: game id -> its bot part (None: the game has none, or is not in the registry: an engine test game)
_GAME_BOTS: dict[str, ModuleType | None] = {}


def load_game_bots(game_id: str) -> ModuleType | None:
    """The game's bot part (`bots` in its descriptor), imported once: importing it registers the
    game's heuristic hooks, estimate and search levels with this package. None for a game without
    one, which the bots play generically (random moves, judged by the scores)."""
    if game_id in _GAME_BOTS:
        return _GAME_BOTS[game_id]
    try:
        found = games.descriptor(game_id).load("bots")
    except KeyError:  # a game made outside the registry
        found = None
    _GAME_BOTS[game_id] = found
    return found
