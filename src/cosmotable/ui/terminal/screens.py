"""A game's terminal parts, found through its descriptor: its screen (`screen` part; `GenericScreen`
for a game without one) and its rules as the terminal shows them."""

from __future__ import annotations

from collections.abc import Sequence

from cosmotable import games
from cosmotable.ui.terminal.common import Seat
from cosmotable.ui.terminal.generic import GenericScreen


def rules_for(game_id: str):
    """The rules of a game as the terminal shows them (a Rich renderable): its screen's
    `rules_renderable` (the generic screen's for a game without one), which starts from the game's
    rules summary. KeyError for a game without a summary."""
    screen = games.descriptor(game_id).load("screen") or GenericScreen
    return screen.rules_renderable(game_id)


def screen_for(game_id: str, seats: Sequence[Seat]):
    """The game's screen (the `screen` part of its descriptor), or the generic one. KeyError for
    a game the registry does not know."""
    screen = games.descriptor(game_id).load("screen")
    return (screen or GenericScreen)(seats)
