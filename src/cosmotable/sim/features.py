"""Per-game features of a finished game, read from its public events only.

Each game has one small function that turns the public event log (what a spectator sees: no hand,
mission, face-down token or deck order) into a few JSON-ready columns, and the pyarrow types of
those columns: `FEATURES`, a `FeatureSet` in the game's `features` part (`games/<id>/features.py`).
The simulator knows nothing else of the games: it plays them through the engine API
and calls `features(state)` at the end.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pyarrow as pa

from cosmotable import games
from cosmotable.engine import Event, State


@dataclass(frozen=True)
class FeatureSet:
    """How to read one game's features: `extract(events, num_players)` -> columns, and their types.

    `turns_key` names the public view's count of the game's natural unit of length (MLEM:
    expeditions; Kosmodrom and Planet: turns, all seats counted), reported as the `turns` column."""

    extract: Callable[[list[Event], int], dict[str, Any]]
    fields: tuple[pa.Field, ...]
    turns_key: str


def public_events(state: State) -> list[Event]:
    """Events a spectator may see: the only input of the feature functions."""
    return [e for e in state.events if e.visible(None)]


def per_seat(counter: Counter, players: int) -> list[int]:
    return [counter.get(seat, 0) for seat in range(players)]


#: A game without features of its own: no columns but `turns`.
NO_FEATURES = FeatureSet(lambda events, players: {}, (), "")


def feature_set(game: str) -> FeatureSet:
    """The game's features (`FEATURES` of the `features` part its descriptor names), else none but
    the turns, counted by the view's turn counter the descriptor names (or the actions taken, chance
    included)."""
    part = games.descriptor(game).load("features")
    return part.FEATURES if part is not None else NO_FEATURES


def features(game: str, state: State) -> dict[str, Any]:
    """The `turns` column and the feature columns of a finished game (see the module doc)."""
    spec = feature_set(game)
    players = len(state.scores())
    key = spec.turns_key or games.descriptor(game).turn_counter
    turns = int(state.public_view()[key]) if key else len(state.history)
    return {"turns": turns, **spec.extract(public_events(state), players)}
