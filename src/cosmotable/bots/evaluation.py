"""Per-game estimates of each seat's standing in an unfinished game, for truncated rollouts.

An estimate gives every seat a value in the game's own units (points, coins); `scale` says how
large a lead in those units makes a win about three times as likely as a loss (the logistic scale
that `standing` uses). A game without its own estimate is judged by `scores()` (points so far).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from cosmotable.engine import State

ESTIMATES: dict[str, Callable[[State], list[float]]] = {}
SCALES: dict[str, float] = {}
DEFAULT_SCALE = 8.0


def estimate(game_id: str, scale: float = DEFAULT_SCALE):
    def register(fn: Callable[[State], list[float]]):
        ESTIMATES[game_id] = fn
        SCALES[game_id] = scale
        return fn

    return register


def evaluate(state: State) -> list[float]:
    fn = ESTIMATES.get(state.game.id)
    return fn(state) if fn else [float(s) for s in state.scores()]


def standing(state: State) -> list[float]:
    """Each seat's chance of winning from here, by the game's estimate."""
    return win_chances(evaluate(state), SCALES.get(state.game.id, DEFAULT_SCALE))


def win_chances(values: list[float], scale: float = DEFAULT_SCALE) -> list[float]:
    """Each seat's chance of winning, from its lead over the best other seat (logistic in lead/scale)."""
    result = []
    for seat, value in enumerate(values):
        best_other = max(v for s, v in enumerate(values) if s != seat)
        lead = max(-50.0, min(50.0, (value - best_other) / scale))
        result.append(1.0 / (1.0 + math.exp(-lead)))
    return result


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


@estimate("kosmodrom", scale=6.0)
def _kosmodrom(state: State) -> list[float]:
    """Points each seat would score, with rockets valued by how close they are to the launch table
    (the heuristic's position estimate, from public information only)."""
    from cosmotable.bots.kosmodrom_worth import estimate as seat_estimate

    view = state.public_view()
    return [seat_estimate(view, seat) for seat in range(view["num_players"])]


@estimate("planet", scale=1.0)
def _planet(state: State) -> list[float]:
    """Coins home plus the coins each seat's astronauts can bring home along the routes the
    face-up tiles allow (`bots.planet_routes`), over a scale that shrinks as coins run out: a 3-coin
    lead decides little while 25 coins are still out there, and much when 5 are."""
    from cosmotable.bots.planet_routes import plan_values

    view = state.public_view()
    coins = view["coins"]
    still_out = coins["supply"] + coins["on_board"] + coins["locked"]
    scale = 1.0 + 0.15 * still_out
    # Coins still to come count less the longer nobody has revealed a tile or brought a coin home
    # (a fight over a cell, a guard, a stand-off): a game that stands still ends by a claim or at
    # the turn cap with the coins home as they are, so the seat behind must make it move.
    credence = 0.5 ** (view["quiet_turns"] / QUIET_HALF_LIFE)
    values = []
    for player, value in zip(view["players"], plan_values(view)):
        home = player["delivered"]
        values.append((home + credence * (value - home)) / scale)
    return values


#: Quiet turns (no tile revealed, no coin home) after which Planet's coins still to come count half.
QUIET_HALF_LIFE = 30
