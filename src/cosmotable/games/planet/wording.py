"""The words of Planet's most frequent events. The move modules (walk.py, effects.py, ...) note an
event as one of these functions and the values of the moment (PlanetState.note); the event is made
- its text and its data's cell names - only when the log is read. Each function takes plain values
(numbers, names, cells, tile kinds), never the state, so its words are those of the moment the
event happened.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cosmotable.engine.core import Event, new_event
from cosmotable.games.planet.board import cell_name

if TYPE_CHECKING:
    from cosmotable.games.planet.board import TileKind
    from cosmotable.games.planet.state import Cell


def moved(seat: int, n: int, way: str, origin: tuple[str, int, int] | None, coin: bool) -> Event:
    """Astronaut `n` steps `way` from `origin` (area, row, column; None: from its own ship)."""
    name = "ship" if origin is None else cell_name(*origin)
    return new_event(
        "move",
        f"seat {seat}'s astronaut {n} steps {way} from {'its ship' if origin is None else name}"
        + (" with a coin" if coin else ""),
        seat,
        {"a": n, "way": way, "origin": name, "coin": coin},
    )


def drifted(seat: int, n: int, steps: int) -> Event:
    return new_event(
        "drift",
        f"seat {seat}'s astronaut {n} drifts {steps:+d} along the edge",
        seat,
        {"a": n, "steps": steps},
    )


def sailed(seat: int, steps: int, area: str, r: int, c: int) -> Event:
    where = cell_name(area, r, c)
    return new_event(
        "sail", f"seat {seat}'s ship sails {steps:+d} to {where}", seat, {"steps": steps, "cell": where}
    )


def flew(seat: int, cell: Cell, where: str) -> Event:
    """The ship flies to `cell`; `where`: "the planet" or "the station"."""
    name = cell_name(*cell)
    return new_event(
        "fly", f"seat {seat}'s ship flies to {where} ({name})", seat, {"cell": name, "area": cell[0]}
    )


def aboard(seat: int, n: int, owner: int) -> Event:
    return new_event(
        "aboard", f"seat {seat}'s astronaut {n} is aboard seat {owner}'s ship", seat, {"a": n, "owner": owner}
    )


def in_space(seat: int, n: int, area: str, r: int, c: int) -> Event:
    where = cell_name(area, r, c)
    return new_event(
        "space", f"seat {seat}'s astronaut {n} drifts into space at {where}", seat, {"a": n, "cell": where}
    )


def revealed(seat: int, cell: Cell, kind: TileKind, rot: int) -> Event:
    where = cell_name(*cell)
    dirs = f" pointing {'/'.join(kind.directions(rot))}" if kind.dirs else ""
    return new_event(
        "reveal",
        f"{where} is revealed: {kind.name}{dirs}",
        seat,
        {"cell": where, "tile": kind.id, "rot": rot},
    )


def tree(seat: int, n: int, cell: Cell) -> Event:
    return new_event(
        "tree",
        f"seat {seat}'s astronaut {n} is caught by the dangerous tree and skips a turn",
        seat,
        {"a": n, "cell": cell_name(*cell)},
    )


#: How an astronaut comes onto a canyon's half (the event's `how`), in words.
_CANYON_WAYS = {"enter": "enters the canyon", "far": "crosses to the far half of the canyon"}


def canyon(seat: int, n: int, cell: Cell, how: str) -> Event:
    """Astronaut `n` enters the canyon at `cell` (`how` "enter") or crosses to its far half ("far")."""
    where = cell_name(*cell)
    return new_event(
        "canyon",
        f"seat {seat}'s astronaut {n} {_CANYON_WAYS[how]} at {where}",
        seat,
        {"a": n, "cell": where, "how": how},
    )


def crocodile(seat: int, n: int, cell: Cell) -> Event:
    where = cell_name(*cell)
    return new_event(
        "crocodile", f"the crocodile at {where} chases the astronaut back", seat, {"a": n, "cell": where}
    )


def portal(seat: int, n: int, cell: Cell) -> Event:
    where = cell_name(*cell)
    return new_event(
        "portal",
        f"the star portal at {where} sends the astronaut to its ship",
        seat,
        {"a": n, "cell": where},
    )


def attacked(seat: int, victim: int, victim_n: int, cell: Cell, n: int | None) -> Event:
    """`seat`'s walker (astronaut `n`) sends astronaut `victim_n` of seat `victim` home from `cell`."""
    where = cell_name(*cell)
    return new_event(
        "attack",
        f"seat {seat} sends seat {victim}'s astronaut {victim_n} back to its ship from {where}",
        seat,
        {"victim": victim, "victim_a": victim_n, "cell": where, "a": n},
    )


def ability(seat: int, card: str, name: str, n: int | None, target: str | None) -> Event:
    """`seat` uses the card `card` (its `name`) on astronaut `n` towards `target` (None: none)."""
    return new_event("ability", f"seat {seat} uses {name}", seat, {"card": card, "a": n, "target": target})


def ended_turn(seat: int) -> Event:
    return new_event("end-turn", f"seat {seat} ends the turn without using an ability", seat)


# Two events that name two cells, worded alike: once here, not at each place that tells them.
def _two_cells(kind: str, text: str, seat: int, keys: tuple[str, str], cells: tuple[Cell, Cell]) -> Event:
    first, second = cell_name(*cells[0]), cell_name(*cells[1])
    return new_event(kind, text.format(first, second), seat, {keys[0]: first, keys[1]: second})


def beamed(seat: int, src: Cell, dest: Cell) -> Event:
    """The tractor beam pulls a coin from `src` to `dest` (rulebook: tractor beam)."""
    return _two_cells(
        "beam", "the tractor beam pulls a coin from {} to {}", seat, ("src", "dest"), (src, dest)
    )


def swapped(seat: int, a: Cell, b: Cell) -> Event:
    """A meteorite swaps the tiles at `a` and `b` (rulebook: meteorite)."""
    return _two_cells("meteorite", "a meteorite swaps {} and {}", seat, ("first", "second"), (a, b))
