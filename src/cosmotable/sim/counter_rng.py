"""Counter-based randomness shared by the batch MLEM engine and the reference engine's driver.

The reference engine draws chance from `random.Random(f"{seed}:{step}")` (a Mersenne Twister seeded
per step), which numpy cannot reproduce over thousands of games at once. Chance outcomes are explicit
actions in the engine API, though, so both engines can be driven by one stream that is a pure
function of (seed, step): `uniform(seed, step)`, a SplitMix64 hash. The reference engine is not
changed: its driver (`play_reference`) picks each chance outcome and each random decision from this
stream and applies it, and the batch engine does the same in numpy, so the two play identical games.

The heuristic policy also needs one tie-break key per legal action (bots/heuristic.py `ranked`
draws `rng.random()` for each, in order): at step `s` the k-th key is
`uniform(seed, TIE_BASE + s * TIE_STRIDE + k)`, counters the main stream (step numbers) never
reaches. `CounterRandom` serves them to the heuristic bot (its `rng_for` option).

Picks: a chance outcome by inverse CDF over `chance_outcomes()` in the engine's order (the cumulative
sums taken left to right in float64, as `cumulative` does); a random decision as
`legal_actions()[int(u * n)]`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
MIX1 = 0xBF58476D1CE4E5B9
MIX2 = 0x94D049BB133111EB


def uniform(seed: int, step: int) -> float:
    """A float in [0, 1) from (seed, step) (SplitMix64's finaliser over a Weyl sequence)."""
    x = (seed * GOLDEN + (step + 1) * MIX1) & MASK64
    x ^= x >> 30
    x = (x * MIX1) & MASK64
    x ^= x >> 27
    x = (x * MIX2) & MASK64
    x ^= x >> 31
    return (x >> 11) * 2.0**-53


def uniform_array(seeds: np.ndarray, steps: np.ndarray) -> np.ndarray:
    """`uniform` over arrays of seeds and steps (uint64 arithmetic wraps modulo 2**64)."""
    with np.errstate(over="ignore"):
        x = seeds.astype(np.uint64) * np.uint64(GOLDEN) + (
            steps.astype(np.uint64) + np.uint64(1)
        ) * np.uint64(MIX1)
        x ^= x >> np.uint64(30)
        x *= np.uint64(MIX1)
        x ^= x >> np.uint64(27)
        x *= np.uint64(MIX2)
        x ^= x >> np.uint64(31)
    return (x >> np.uint64(11)).astype(np.float64) * 2.0**-53


def cumulative(probabilities: Sequence[float]) -> list[float]:
    total, out = 0.0, []
    for p in probabilities:
        total += p
        out.append(total)
    return out


def pick_outcome(cum: Sequence[float], u: float) -> int:
    """The first index whose cumulative probability exceeds `u` (the last if rounding falls short)."""
    for i, c in enumerate(cum):
        if u < c:
            return i
    return len(cum) - 1


def pick_decision(n: int, u: float) -> int:
    return min(int(u * n), n - 1)


#: where the tie keys' counters start, and how many one step may draw (more legal actions than
#: any MLEM position has)
TIE_BASE = 1 << 40
TIE_STRIDE = 1 << 16


def tie_counter(step: int, k: int) -> int:
    return TIE_BASE + step * TIE_STRIDE + k


class CounterRandom(random.Random):
    """A `random.Random` whose `random()` gives the tie keys of one step: `uniform(seed,
    tie_counter(step, k))` for k = 0, 1, ... (`choice` draws through `random()` too)."""

    def __init__(self, seed: int, step: int):
        super().__init__(0)
        self.stream_seed, self.step, self.drawn = seed, step, 0

    def random(self) -> float:
        if self.drawn >= TIE_STRIDE:
            raise RuntimeError(f"more than {TIE_STRIDE} tie keys drawn at step {self.step}")
        value = uniform(self.stream_seed, tie_counter(self.step, self.drawn))
        self.drawn += 1
        return value


def counter_rng_for(seed: int):
    """The heuristic bot's `rng_for` that draws from the counter stream of game `seed`; the step is
    the number of actions played (the state's history)."""

    def rng_for(state) -> random.Random:
        return CounterRandom(seed, len(state.history))

    return rng_for
