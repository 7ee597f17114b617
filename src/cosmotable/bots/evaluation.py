"""Per-game estimates of each seat's standing in an unfinished game, for truncated rollouts.

A game without its own estimate is judged by `scores()` (points so far).
"""

from __future__ import annotations

from collections.abc import Callable

from cosmotable.engine import State

ESTIMATES: dict[str, Callable[[State], list[float]]] = {}


def estimate(game_id: str):
    def register(fn: Callable[[State], list[float]]):
        ESTIMATES[game_id] = fn
        return fn

    return register


def evaluate(state: State) -> list[float]:
    fn = ESTIMATES.get(state.game.id)
    return fn(state) if fn else [float(s) for s in state.scores()]


@estimate("mlem")
def _mlem(state: State) -> list[float]:
    """Points so far plus the planet points each seat would score if the game ended now."""
    view = state.public_view()
    values = [float(s) for s in view["scores"]]
    for planet in view["planets"]:
        rows = planet["rows"]
        counts = {r["seat"]: len(r["astronauts"]) for r in rows}
        order = sorted(counts, key=lambda s: (-counts[s], [r["seat"] for r in rows].index(s)))
        for place, seat in enumerate(order):
            values[seat] += planet["points"][min(place, 2)]
    return values
