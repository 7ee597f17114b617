"""Registry of the games: id -> descriptor -> Game. `cosmotable.games.get("mlem")` is the Game.

A game is one package that states a `DESCRIPTOR` (`cosmotable.engine.descriptor.GameDescriptor`)
and one line below, or a Python entry point in the group `cosmotable.games` naming its package,
so that a game can be installed as a separate distribution:

    [project.entry-points."cosmotable.games"]
    chess = "cosmotable_chess"

`register` adds a game while the program runs (the tests build a throwaway game this way).
"""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points

from cosmotable.engine import record
from cosmotable.engine.core import Game
from cosmotable.engine.descriptor import GameDescriptor

#: The entry point group through which an installed distribution adds a game.
ENTRY_POINT_GROUP = "cosmotable.games"

# id -> the package whose __init__ states DESCRIPTOR; imported on first use, so each game loads
# only when asked for.
_PACKAGES = {
    "mlem": "cosmotable.games.mlem",
    "kosmodrom": "cosmotable.games.kosmodrom",
    "planet": "cosmotable.games.planet",
}
_DESCRIPTORS: dict[str, GameDescriptor] = {}
_GAMES: dict[str, Game] = {}
_installed_read = False


def _read_installed() -> None:
    """Add the games of installed distributions (once; a built-in id is never replaced)."""
    global _installed_read
    if _installed_read:
        return
    _installed_read = True
    for entry in entry_points(group=ENTRY_POINT_GROUP):
        _PACKAGES.setdefault(entry.name, entry.value)


def ids() -> list[str]:
    _read_installed()
    return [*_PACKAGES, *(i for i in _DESCRIPTORS if i not in _PACKAGES)]


def descriptor(game_id: str) -> GameDescriptor:
    """The descriptor of the game with this id (its rules are not imported). Raises KeyError
    naming the known ids."""
    found = _DESCRIPTORS.get(game_id)
    if found is not None:
        return found
    _read_installed()
    if game_id not in _PACKAGES:
        raise KeyError(f"unknown game {game_id!r}; known games: {', '.join(ids())}")
    found = importlib.import_module(_PACKAGES[game_id]).DESCRIPTOR
    if not isinstance(found, GameDescriptor) or found.id != game_id:
        raise TypeError(f"{_PACKAGES[game_id]}.DESCRIPTOR must be a GameDescriptor with id {game_id!r}")
    _DESCRIPTORS[game_id] = found
    return found


def get(game_id: str) -> Game:
    """The Game with this id. Raises KeyError naming the known ids."""
    if game_id not in _GAMES:
        game = descriptor(game_id).load("game")
        if not isinstance(game, Game) or game.id != game_id:
            raise TypeError(f"the descriptor of {game_id!r} names no Game with that id")
        _GAMES[game_id] = game
    return _GAMES[game_id]


def register(game: GameDescriptor) -> None:
    """Add a game while the program runs (a plug-in loaded by hand, a test's throwaway game)."""
    if game.id in _PACKAGES or game.id in _DESCRIPTORS:
        raise ValueError(f"a game with id {game.id!r} is registered already")
    _DESCRIPTORS[game.id] = game


def unregister(game_id: str) -> None:
    """Forget a game added by `register`."""
    if game_id in _PACKAGES:
        raise ValueError(f"{game_id!r} is a built-in or installed game and cannot be removed")
    _DESCRIPTORS.pop(game_id, None)
    _GAMES.pop(game_id, None)


# Records name their game by id: the engine replays them with this registry (it imports no game).
record.use_games(get, ids)
