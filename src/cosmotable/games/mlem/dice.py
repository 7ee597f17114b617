"""Dice as explicit chance: every roll of k dice is a multiset of faces with an exact probability.

Enumerating multisets (not ordered tuples) keeps chance nodes small: 6 dice give 210 outcomes.
The same enumeration serves the exact-odds tool and MCTS chance nodes.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from math import factorial

from cosmotable.games.mlem.board import DIE_FACES


def sort_faces(faces) -> tuple[str, ...]:
    """Canonical order of a roll: numbers ascending, afterburners last (`1,2,2,A`)."""
    return tuple(sorted(faces, key=DIE_FACES.index))


@cache
def roll_distribution(die_faces: tuple[str, ...], k: int) -> tuple[tuple[tuple[str, ...], Fraction], ...]:
    """All multisets of `k` dice with their exact probabilities (each die: `die_faces` uniform)."""
    weights = Counter(die_faces)
    sides = len(die_faces)
    kinds = sort_faces(weights)
    outcomes = []
    for combo in combinations_with_replacement(kinds, k):
        counts = Counter(combo)
        ways = factorial(k)
        prob = Fraction(1)
        for face, n in counts.items():
            ways //= factorial(n)
            prob *= Fraction(weights[face], sides) ** n
        outcomes.append((tuple(combo), prob * ways))
    assert sum(p for _, p in outcomes) == 1
    return tuple(outcomes)
