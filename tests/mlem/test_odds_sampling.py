"""The odds tool's exact crash chances agree with rolls thrown one die at a time and played through
the rules (`monte_carlo_crash`, written independently of the enumeration), and it refuses a position
the game cannot have."""

from __future__ import annotations

import math

import pytest

from cosmotable import games
from cosmotable.games.mlem.odds import monte_carlo_crash, scenario, travel_odds

GAME = games.get("mlem")
SAMPLES = 1500


@pytest.mark.parametrize("space, dice, helpers", [(0, 1, 0), (5, 2, 0), (14, 3, 1), (20, 2, 2)])
def test_the_exact_crash_chance_matches_rolls_played_through_the_rules(space, dice, helpers):
    exact = float(travel_odds(GAME, space=space, dice=dice, helpers=helpers).crash)
    sampled = monte_carlo_crash(GAME, space=space, dice=dice, helpers=helpers, samples=SAMPLES, seed=space)
    # a fixed seed: the same draw every run; 4.5 standard errors leave a wrong formula no room
    error = math.sqrt(max(exact * (1 - exact), 1 / SAMPLES) / SAMPLES)
    assert abs(sampled - exact) <= 4.5 * error, (exact, sampled)


@pytest.mark.parametrize(
    "options, message",
    [
        ({"space": 26, "dice": 2}, "space must be 0..25, got 26"),
        ({"space": -1, "dice": 2}, "space must be 0..25"),
        ({"space": 3, "dice": 0}, "dice must be 1..6, got 0"),
        ({"space": 3, "dice": 7}, "dice must be 1..6, got 7"),
        ({"space": 3, "dice": 2, "helpers": 5}, r"helpers must be 0..4 \(one per other player\), got 5"),
    ],
)
def test_a_position_the_game_cannot_have_is_refused_with_the_range(options, message):
    with pytest.raises(ValueError, match=message):
        scenario(GAME, **options)
