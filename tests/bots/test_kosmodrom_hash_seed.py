"""The bots play the same game for the same seed in any process. A Kosmodrom negotiation game of
`easy`, `normal`, `normal` (issue #19's identity check, schedule seed 7, game 18) took another course
when Python's hash seed changed: the worth of an offer added its cards' worths in a set's order, which
follows the hash seed, and float sums depend on the order of their terms."""

from __future__ import annotations

import os
import subprocess
import sys

#: Prints what a seat's cards gain or lose by many exchanges of two to six kinds of card, read from
#: positions of random games (worths of 0.2 to 2.5 whose sums round differently in another order).
CHILD = """
import random
from collections import Counter
from cosmotable import games
from cosmotable.games.kosmodrom.bot_worth import SeatCards

rng = random.Random(5)
out = []
for seed in range(6):
    state = games.get("kosmodrom").new_state(num_players=3, seed=seed, variants=["negotiation"])
    for _ in range(150):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.sample_chance()
        else:
            state.apply(rng.choice(state.legal_actions()))
    cards = SeatCards(state.view(0), seat=0)
    names = sorted({card for hand in state.hands for card in hand})
    for _ in range(200):
        chosen = rng.sample(names, min(len(names), rng.randint(2, 6)))
        hand = Counter({c: rng.randint(0, 3) for c in chosen})
        give = Counter({c: rng.randint(0, hand[c]) for c in chosen[: len(chosen) // 2]})
        take = Counter({c: rng.randint(1, 2) for c in chosen[len(chosen) // 2 :]})
        out.append(repr(cards.change(hand, give, take)))
print(" ".join(out))
"""


def change_figures(hash_seed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run([sys.executable, "-c", CHILD], env=env, capture_output=True, text=True, check=True)
    return done.stdout


def test_an_offers_worth_is_the_same_to_the_last_bit_whatever_the_hash_seed():
    first = change_figures("0")
    assert len(first.split()) == 6 * 200
    for hash_seed in ("1", "2", "3"):
        assert change_figures(hash_seed) == first, f"PYTHONHASHSEED={hash_seed} gave other worths"
