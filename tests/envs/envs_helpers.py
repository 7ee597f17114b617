"""Shared helpers for the research-environment tests (`tests/envs`)."""

from __future__ import annotations

import random

ALL_VARIANTS = ("ufo", "discovery", "secret_missions")
VARIANT_SETS = [(), ("ufo",), ("discovery",), ("secret_missions",), ALL_VARIANTS]


def random_states(game, num_players, variants, seed):
    """Yield every state of one random game (decision and chance nodes), ending at the terminal."""
    state = game.new_state(num_players, seed=seed, variants=list(variants))
    rng = random.Random(seed)
    while True:
        yield state
        if state.is_terminal():
            return
        if state.is_chance_node():
            state.sample_chance(rng)
        else:
            state.apply(rng.choice(state.legal_actions()))
