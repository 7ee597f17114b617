"""Planet's simulation features (`cosmotable.sim.features`), read from the public events: coins
delivered, attacks, tiles met, how the game ended."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

import pyarrow as pa

from cosmotable.engine import Event
from cosmotable.sim.features import FeatureSet, per_seat


def extract(events: Iterable[Event], players: int) -> dict[str, Any]:
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
        "coins_delivered": per_seat(delivered, players),
        "attacks_made": per_seat(attacks, players),
        "attacks_suffered": per_seat(attacked, players),
        "tiles_met": [{"tile": t, "count": n} for t, n in sorted(tiles.items())],
    }


FEATURES = FeatureSet(
    extract,
    (
        pa.field("end_reason", pa.string()),
        pa.field("coins_delivered", pa.list_(pa.int32())),
        pa.field("attacks_made", pa.list_(pa.int32())),
        pa.field("attacks_suffered", pa.list_(pa.int32())),
        pa.field("tiles_met", pa.list_(pa.struct([("tile", pa.string()), ("count", pa.int32())]))),
    ),
    "total_turns",
)


def coins_at_end(view: dict) -> tuple[int, int]:
    """(coins home, coins left on tiles or in locked containers), from the public `view`."""
    coins = view["coins"]
    return int(coins["delivered"]), int(coins["on_board"]) + int(coins["locked"])
