"""Statistics for bot comparisons: confidence intervals and Elo ratings."""

from __future__ import annotations

import math
from collections.abc import Mapping


def wilson_interval(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a win rate (shared wins count fractionally)."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def elo_ratings(
    pair_scores: Mapping[tuple[str, str], tuple[float, int]],
    names: list[str],
    anchor: float = 1500.0,
    iterations: int = 500,
) -> dict[str, float]:
    """Elo from pairwise results by the Bradley-Terry maximum-likelihood fit (MM iterations).

    `pair_scores[(a, b)] = (points a scored against b, games between them)`. Ratings are shifted
    so their mean is `anchor`; a virtual draw per pair keeps unbeaten bots finite.
    """
    wins = {n: 0.5 * sum(1 for (a, b) in pair_scores if n in (a, b)) for n in names}
    games: dict[tuple[str, str], float] = {}
    for (a, b), (score, played) in pair_scores.items():
        wins[a] += score
        wins[b] += played - score
        key = (a, b) if a < b else (b, a)
        games[key] = games.get(key, 0.0) + played + 1  # +1: the virtual draw
    strength = dict.fromkeys(names, 1.0)
    for _ in range(iterations):
        new = {}
        for n in names:
            denom = sum(
                g / (strength[n] + strength[m])
                for (a, b), g in games.items()
                for m in ((b,) if a == n else (a,) if b == n else ())
            )
            new[n] = wins[n] / denom if denom else strength[n]
        mean_log = sum(math.log(v) for v in new.values()) / len(new)
        strength = {n: v / math.exp(mean_log) for n, v in new.items()}
    return {n: anchor + 400 * math.log10(strength[n]) for n in names}
