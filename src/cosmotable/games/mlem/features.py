"""MLEM's simulation features (`cosmotable.sim.features`), read from the public events: rolls and
crashes, landings, goals."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pyarrow as pa

from cosmotable.engine import Event, State
from cosmotable.sim.features import FeatureSet


def extract(events: Iterable[Event], players: int) -> dict[str, Any]:
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


FEATURES = FeatureSet(
    extract,
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


def end_reason(state: State, view: dict) -> tuple[str, bool]:
    """(why the finished game ended, whether by a safety cap: MLEM has none), from the public
    `view`: rulebook (end of the game), the crash track full or a goal's end condition met."""
    if view.get("crashes", 0) >= view.get("crash_track_length", 1 << 30):
        return "crash track full", False
    return "end triggered", False
