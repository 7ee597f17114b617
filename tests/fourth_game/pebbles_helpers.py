"""Puts the throwaway game's folder on the import path (tests/conftest.py adds every folder that
holds a `*_helpers.py`), and plays a game out."""

from __future__ import annotations

import random

from cosmotable.bots.base import Bot
from cosmotable.engine import State


def play_out(state: State, bots: list[Bot], rng: random.Random) -> State:
    """Play `state` to its end: the bots decide, `rng` draws chance."""
    while not state.is_terminal():
        if state.is_chance_node():
            state.sample_chance(rng)
        else:
            state.apply(bots[state.current_player()].act(state))
    return state
