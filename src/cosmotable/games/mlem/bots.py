"""MLEM heuristic: push your luck by the exact crash odds, land where points are good.

Reads only `state.view(seat)` and the results of `clone().apply(...)` - the public engine API.
"""

from __future__ import annotations

from collections.abc import Callable

from cosmotable.bots.evaluation import estimate
from cosmotable.bots.heuristic import hook, mover_view
from cosmotable.engine import Action, State

# Astronauts worth boarding early first; the doublers are kept for a promising expedition.
BOARD_ORDER = [
    "helper",
    "satellite",
    "parachutist",
    "navigator",
    "die_discarder",
    "planet_expert",
    "moon_expert",
    "deep_space_expert",
]


def crash_chance(view: dict, position: int, dice: int) -> float:
    """P(no die of `dice` fits the space) - each die independently (rulebook: crash)."""
    mat = view["mat"]
    if position >= mat["deep_space"]:
        return 0.0
    accepted = set(mat["spaces"][position]["faces"])
    faces = mat["die_faces"]
    miss = sum(1 for f in faces if f not in accepted) / len(faces)
    helpers = any(
        e["astronaut"] == "helper" and e["aboard"] and not e["helper_used"] for e in view["rocket"]["board"]
    )
    if helpers and "1" in accepted:
        return 0.0
    return miss**dice


def landing_value(view: dict, seat: int, state_after: State) -> float:
    """Points the landing is worth to `seat`: immediate points, or the planet place it secures."""
    before = view["players"][seat]["score"]
    after_view = state_after.view(seat)
    after = after_view["players"][seat]["score"]
    gained = sum(after.values()) - sum(before.values())
    # A planet pays at the end: estimate the place we would hold if the game ended now.
    for planet in after_view["planets"]:
        rows = planet["rows"]
        counts = {r["seat"]: len(r["astronauts"]) for r in rows}
        old = next((p for p in view["planets"] if p["id"] == planet["id"]), None)
        old_count = sum(len(r["astronauts"]) for r in old["rows"]) if old else 0
        if sum(counts.values()) > old_count and seat in counts:
            order = sorted(counts, key=lambda s: (-counts[s], [r["seat"] for r in rows].index(s)))
            place = order.index(seat)
            gained += planet["points"][min(place, 2)] * 0.8
    return gained


@hook("mlem")
def value(state: State, action: Action) -> float:
    seat = state.current_player()
    view = mover_view(state)
    text = str(action)
    if text.startswith("board "):
        name = text.split()[1]
        return -BOARD_ORDER.index(name)
    if text.startswith("return-mission "):
        # Keep the missions nearest the start of the track: return the farthest one.
        hand = view["variant_state"]["missions"]["hands"][str(seat)]["dealt"]
        return max(next(m["spaces"] for m in hand if m["id"] == text.split()[1]))
    rocket = view["rocket"]
    if text == "reroll":
        # A fresh roll of the same dice: worth about an average move from here.
        pos = rocket["position"]
        return pos + 2 + rocket["dice"] * 1.2 - 12 * crash_chance(view, pos, rocket["dice"])
    after = state.clone()
    after.apply(action)
    if text.startswith("travel") or text == "crash":
        if text == "crash":
            return -100.0
        v = after.view(seat)
        rocket = v["rocket"]
        pos = rocket["position"] if not rocket["in_deep_space"] else v["mat"]["deep_space"]
        return pos * 1.0 + rocket["dice"] * 1.2 - 12 * crash_chance(v, pos, rocket["dice"])
    if text == "return":
        return 0.0
    if text == "stay":
        risk = crash_chance(view, rocket["position"], rocket["dice"])
        # Staying is worth what lies ahead if the rocket survives; nothing if it crashes.
        ahead = 4.0 + rocket["position"] * 0.25
        return (1 - risk) * ahead
    return landing_value(view, seat, after)


@estimate("mlem")
def points_if_ended_now(state: State) -> list[float]:
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


def coach_horizon(root: State) -> Callable[[State], bool]:
    """The coach's playouts from `root` stop when the expedition under way is over (landed or
    crashed: `bots/coach.py`): its astronauts' places are then on the mat, where the estimate
    counts them; one round of turns ends mid-flight, before anything is scored."""
    expedition = root.public_view()["expedition"]
    return lambda state: state.public_view()["expedition"] != expedition
