"""1,000 random games: every one ends (by the rules, a claim, or the safety cap) with 30 coins accounted for."""

import random

import pytest
from planet_helpers import GAME, coin_total

from cosmotable.engine import CHANCE


@pytest.mark.slow
def test_a_thousand_random_games_end_cleanly():
    reasons = {}
    for seed in range(1000):
        rng = random.Random(seed)
        players = rng.randint(2, 4)
        teams = players == 4 and rng.random() < 0.3
        s = GAME.new_state(players, seed=seed, variants=["teams"] if teams else None, max_turns=150)
        while not s.is_terminal():
            if s.current_player() == CHANCE:
                s.sample_chance()
            else:
                s.apply(rng.choice(s.legal_actions()))
        assert coin_total(s) == 30
        assert s.total_turns <= 150
        reasons[s.end_reason.split(" ")[0]] = reasons.get(s.end_reason.split(" ")[0], 0) + 1
    assert sum(reasons.values()) == 1000
