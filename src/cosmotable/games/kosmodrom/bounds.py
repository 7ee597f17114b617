"""Kosmodrom's bounds, facts of a configuration (the `bounds` part of its descriptor): the longest
a game can be and the most a seat can score. The RL adapters size their games by them."""

from __future__ import annotations

from cosmotable.engine.core import GameConfig
from cosmotable.games.kosmodrom.cards import default_cards


def max_game_length(config: GameConfig) -> int:
    """A generous bound (the rules do not bound the game: the launch pad may never complete);
    random games last ~600 actions with 2 players."""
    return 20000


def score_bound(config: GameConfig) -> float:
    """An upper bound on any seat's final score: every rocket, and the other scoring cards."""
    rockets = sum(c.count * c.points for c in default_cards().cards.values() if c.type == "rocket")
    return float(rockets + 4 * 5 + 3 * 4 + 10)
