"""Planet's bounds, facts of a configuration (the `bounds` part of its descriptor): the longest a
game can be and the most a seat can score. The RL adapters size their games by them."""

from __future__ import annotations

from cosmotable.engine.core import GameConfig
from cosmotable.games.planet.board import default_box
from cosmotable.games.planet.state import DEFAULT_MAX_TURNS


def max_game_length(config: GameConfig) -> int:
    """Turns are capped (`max_turns`); a turn is a few dozen actions at most (a walk is capped at
    60 steps, each with a reveal, an orientation and a choice; claims and abilities)."""
    cap = int(config.options.get("max_turns", DEFAULT_MAX_TURNS))
    return (cap + 1) * 400


def score_bound(config: GameConfig) -> float:
    """Every coin of the box."""
    return float(default_box().coins)
