"""Game-agnostic engine API shared by every Cosmotable game.

Bots, the simulator, the server and the research environments speak only this API:
`Game.new_state(...)` -> `State`; explicit chance nodes; legal actions; per-seat views;
replayable records; JSON save/load.
"""

from cosmotable.engine.core import (
    CHANCE,
    TERMINAL,
    Action,
    Event,
    Game,
    GameConfig,
    IllegalAction,
    State,
)
from cosmotable.engine.errors import ConfigError, DataError, RecordError
from cosmotable.engine.record import GameRecord, load_state, replay, save_state

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Action",
    "ConfigError",
    "DataError",
    "Event",
    "Game",
    "GameConfig",
    "GameRecord",
    "IllegalAction",
    "RecordError",
    "State",
    "load_state",
    "replay",
    "save_state",
]
