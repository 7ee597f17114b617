"""Registry of the games. `cosmotable.games.get("mlem")` returns the Game object."""

from __future__ import annotations

import importlib

from cosmotable.engine import record
from cosmotable.engine.core import Game

# id -> module that defines `GAME`; imported on first use so each game loads only when asked for.
_MODULES = {
    "mlem": "cosmotable.games.mlem",
    "kosmodrom": "cosmotable.games.kosmodrom",
    "planet": "cosmotable.games.planet",
}
_CACHE: dict[str, Game] = {}


def ids() -> list[str]:
    return list(_MODULES)


def get(game_id: str) -> Game:
    """The Game with this id. Raises KeyError naming the known ids."""
    if game_id not in _MODULES:
        raise KeyError(f"unknown game {game_id!r}; known games: {', '.join(_MODULES)}")
    if game_id not in _CACHE:
        _CACHE[game_id] = importlib.import_module(_MODULES[game_id]).GAME
    return _CACHE[game_id]


# Records name their game by id: the engine replays them with this registry (it imports no game).
record.use_games(get, ids)
