"""Kosmodrom's shortcuts decide exactly what the plain engine decides: a draw from the deck picked
without the outcome list (`KosmodromState.pick_chance`) against `State.pick_chance` walking
`chance_outcomes()`, at every chance node of random games, for draws spread over [0, 1) and its ends."""

import random

from kosmodrom_helpers import GAME

from cosmotable.engine import State


def test_deck_draws_picked_without_the_outcome_list_match_the_engines_walk():
    draws = 0
    for index in range(4):
        s = GAME.new_state(num_players=2 + index % 3, seed=900 + index, variants=["quick"] if index else [])
        rng = random.Random(index)
        while not s.is_terminal() and len(s.history) < 3000:
            if s.is_chance_node():
                for r in [0.0, 0.999999999, *(rng.random() for _ in range(8))]:
                    assert s.pick_chance(r) == State.pick_chance(s, r), f"game {index}, step {len(s.history)}"
                draws += 1
                s.sample_chance()
            else:
                s.apply(rng.choice(s.legal_actions()))
    assert draws > 200
