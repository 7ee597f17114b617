"""Per-game features of a finished game, read from its public events only.

Each game has one small function that turns the public event log (what a spectator sees: no hand,
mission, face-down token or deck order) into a few JSON-ready columns, and the pyarrow types of
those columns. The simulator knows nothing else of the games: it plays them through the engine API
and calls `features(state)` at the end.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import pyarrow as pa

from cosmotable.engine import Event, State


@dataclass(frozen=True)
class FeatureSet:
    """How to read one game's features: `extract(events, num_players)` -> columns, and their types.

    `turns_key` names the public view's count of the game's natural unit of length (MLEM:
    expeditions; Kosmodrom and Planet: turns, all seats counted), reported as the `turns` column."""

    extract: Callable[[list[Event], int], dict[str, Any]]
    fields: tuple[pa.Field, ...]
    turns_key: str


def public_events(state: State) -> list[Event]:
    """Events a spectator may see: the only input of the feature functions."""
    return [e for e in state.events if e.visible(None)]


def _per_seat(counter: Counter, players: int) -> list[int]:
    return [counter.get(seat, 0) for seat in range(players)]


# --------------------------------------------------------------------------------------------- MLEM
def _mlem(events: Iterable[Event], players: int) -> dict[str, Any]:
    expedition = 1
    position = 0
    rolls: list[dict[str, Any]] = []
    landings: list[dict[str, Any]] = []
    goals: list[dict[str, Any]] = []
    crashed = [False]
    crashes = 0
    pending: dict[str, Any] | None = None  # the roll whose outcome the next events tell
    for event in events:
        data = event.data
        kind = event.kind
        if kind == "expedition":
            expedition = data["expedition"]
            crashed.append(False)
            position = 0
        elif kind == "satellite":
            # rulebook (satellite): the rocket starts on the satellite's space.
            position = data["space"]
        elif kind == "roll":
            pending = {"expedition": expedition, "space": position, "dice": len(data["faces"])}
            rolls.append(pending)
            pending["outcome"] = "open"
        elif kind == "reroll" and pending is not None:
            pending["outcome"] = "reroll"
            pending = None
        elif kind == "travel":
            if pending is not None:
                pending["outcome"] = "travel"
                pending = None
            position = data["end"]
        elif kind == "discovery" and data.get("effect") == "wormhole":
            position = data["end"]
        elif kind == "crash":
            if pending is not None:
                pending["outcome"] = "crash"
                pending = None
            crashes += 1
            crashed[-1] = True
        elif kind == "land":
            landings.append(
                {
                    "seat": event.seat,
                    "expedition": expedition,
                    "astronaut": data["astronaut"],
                    "place": data["place"],
                    # Planet landings score only at the end (shared majorities): 0 here.
                    "points": int(data.get("points") or 0),
                    "parachute": bool(data.get("parachute", False)),
                }
            )
        elif kind == "goal":
            goals.append(
                {"seat": event.seat, "expedition": expedition, "goal": data["goal"], "points": data["points"]}
            )
    return {
        "crashes": crashes,
        "expedition_crashed": crashed,
        "rolls": rolls,
        "landings": landings,
        "goals": goals,
    }


_MLEM = FeatureSet(
    _mlem,
    (
        pa.field("crashes", pa.int32()),
        pa.field("expedition_crashed", pa.list_(pa.bool_())),
        pa.field(
            "rolls",
            pa.list_(
                pa.struct(
                    [
                        ("expedition", pa.int32()),
                        ("space", pa.int32()),
                        ("dice", pa.int32()),
                        # travel, crash, reroll (UFO token), or open (the game ended first)
                        ("outcome", pa.string()),
                    ]
                )
            ),
        ),
        pa.field(
            "landings",
            pa.list_(
                pa.struct(
                    [
                        ("seat", pa.int32()),
                        ("expedition", pa.int32()),
                        ("astronaut", pa.string()),
                        ("place", pa.string()),
                        ("points", pa.int32()),
                        ("parachute", pa.bool_()),
                    ]
                )
            ),
        ),
        pa.field(
            "goals",
            pa.list_(
                pa.struct(
                    [
                        ("seat", pa.int32()),
                        ("expedition", pa.int32()),
                        ("goal", pa.string()),
                        ("points", pa.int32()),
                    ]
                )
            ),
        ),
    ),
    "expedition",
)


# ---------------------------------------------------------------------------------------- Kosmodrom
#: Cards that protect against action cards (card overview: Top Secret, Security System,
#: Certification, Labor Contract). The engine makes a blocked play illegal rather than logging it,
#: so blocking is measured by the protections placed.
KOSMODROM_PROTECTIONS = ("top_secret", "security_system", "certification", "labor_contract")


def _kosmodrom(events: Iterable[Event], players: int) -> dict[str, Any]:
    started: Counter = Counter()
    to_test: Counter = Counter()
    to_launch: Counter = Counter()
    cards: Counter = Counter()
    protections: Counter = Counter()
    actions: Counter = Counter()  # action cards (they are logged under their own kinds)
    seen_rockets: set[str] = set()
    reason = ""
    for event in events:
        data, kind, seat = event.data, event.kind, event.seat
        if kind == "play":
            card = data.get("card", "")
            cards[card] += 1
            if card in KOSMODROM_PROTECTIONS:
                protections[seat] += 1
            rocket = data.get("rocket")
            if rocket and rocket not in seen_rockets:
                # The first play naming a rocket is its rocket card: it starts in the assembly shop.
                seen_rockets.add(rocket)
                started[seat] += 1
        elif kind == "advance":
            (to_test if data["zone"] == "test" else to_launch)[seat] += 1
        elif kind == "top-priority":
            to_launch[seat] += 1
        elif kind == "game-over":
            reason = data.get("reason", "")
        if kind in _KOSMODROM_ACTION_KINDS:
            actions[kind] += 1
    return {
        "end_reason": reason,
        "rockets_started": _per_seat(started, players),
        "advanced_to_test": _per_seat(to_test, players),
        "advanced_to_launch": _per_seat(to_launch, players),
        "protections_placed": _per_seat(protections, players),
        "cards_played": [{"card": c, "count": n} for c, n in sorted(cards.items())],
        "action_cards": [{"card": c, "count": n} for c, n in sorted(actions.items())],
    }


_KOSMODROM_ACTION_KINDS = (
    "budget-cut",
    "brainstorm",
    "espionage",
    "field-duty",
    "headhunting",
    "order",
    "redraw",
    "research",
    "retest",
    "sabotage",
    "scrub",
    "soldering-iron",
    "top-priority",
    "vacuum",
)

_COUNTS = pa.list_(pa.struct([("card", pa.string()), ("count", pa.int32())]))

_KOSMODROM = FeatureSet(
    _kosmodrom,
    (
        pa.field("end_reason", pa.string()),
        pa.field("rockets_started", pa.list_(pa.int32())),
        pa.field("advanced_to_test", pa.list_(pa.int32())),
        pa.field("advanced_to_launch", pa.list_(pa.int32())),
        pa.field("protections_placed", pa.list_(pa.int32())),
        pa.field("cards_played", _COUNTS),
        pa.field("action_cards", _COUNTS),
    ),
    "turn",
)


# ------------------------------------------------------------------------------------------- Planet
def _planet(events: Iterable[Event], players: int) -> dict[str, Any]:
    delivered: Counter = Counter()
    attacks: Counter = Counter()
    attacked: Counter = Counter()
    tiles: Counter = Counter()
    end = ""
    for event in events:
        data, kind, seat = event.data, event.kind, event.seat
        if kind == "deliver":
            delivered[data.get("owner", seat)] += 1
        elif kind == "attack":
            attacks[seat] += 1
            attacked[data["victim"]] += 1
        elif kind == "reveal":
            tiles[data["tile"]] += 1
        elif kind == "game-over":
            end = data.get("code") or data.get("reason", "")
    return {
        "end_reason": end,
        "coins_delivered": _per_seat(delivered, players),
        "attacks_made": _per_seat(attacks, players),
        "attacks_suffered": _per_seat(attacked, players),
        "tiles_met": [{"tile": t, "count": n} for t, n in sorted(tiles.items())],
    }


_PLANET = FeatureSet(
    _planet,
    (
        pa.field("end_reason", pa.string()),
        pa.field("coins_delivered", pa.list_(pa.int32())),
        pa.field("attacks_made", pa.list_(pa.int32())),
        pa.field("attacks_suffered", pa.list_(pa.int32())),
        pa.field("tiles_met", pa.list_(pa.struct([("tile", pa.string()), ("count", pa.int32())]))),
    ),
    "total_turns",
)

FEATURES: dict[str, FeatureSet] = {"mlem": _MLEM, "kosmodrom": _KOSMODROM, "planet": _PLANET}


def feature_set(game: str) -> FeatureSet:
    try:
        return FEATURES[game]
    except KeyError:
        raise ValueError(f"no simulation features for game {game!r}; known: {', '.join(FEATURES)}") from None


def features(game: str, state: State) -> dict[str, Any]:
    """The `turns` column and the feature columns of a finished game (see the module doc)."""
    spec = feature_set(game)
    players = len(state.scores())
    return {"turns": int(state.public_view()[spec.turns_key]), **spec.extract(public_events(state), players)}
