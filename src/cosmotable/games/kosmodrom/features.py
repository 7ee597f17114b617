"""Kosmodrom's simulation features (`cosmotable.sim.features`), read from the public events: rockets
started and advanced, protections placed, cards played, how the game ended."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

import pyarrow as pa

from cosmotable.engine import Event
from cosmotable.sim.features import FeatureSet, per_seat

#: Cards that protect against action cards (card overview: Top Secret, Security System,
#: Certification, Labor Contract). The engine makes a blocked play illegal rather than logging it,
#: so blocking is measured by the protections placed.
PROTECTIONS = ("top_secret", "security_system", "certification", "labor_contract")


def extract(events: Iterable[Event], players: int) -> dict[str, Any]:
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
            if card in PROTECTIONS:
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
        if kind in ACTION_KINDS:
            actions[kind] += 1
    return {
        "end_reason": reason,
        "rockets_started": per_seat(started, players),
        "advanced_to_test": per_seat(to_test, players),
        "advanced_to_launch": per_seat(to_launch, players),
        "protections_placed": per_seat(protections, players),
        "cards_played": [{"card": c, "count": n} for c, n in sorted(cards.items())],
        "action_cards": [{"card": c, "count": n} for c, n in sorted(actions.items())],
    }


ACTION_KINDS = (
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

FEATURES = FeatureSet(
    extract,
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
