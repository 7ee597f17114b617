"""The choices offered inside a Planet move: where a leap or a flight may land, the tiles the
telescope may peek at, the meteorite's swaps and the arrows it may turn, and a drawn card
(rulebook: tiles, cards). Functions of the state, called by walk.py and effects.py."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from cosmotable.games.planet import wording
from cosmotable.games.planet.actions import Meteor, Peek, To, Turn
from cosmotable.games.planet.board import PLANET, cell_name
from cosmotable.games.planet.endings import finish_walk
from cosmotable.games.planet.reach import target

if TYPE_CHECKING:
    from cosmotable.engine.core import Action
    from cosmotable.games.planet.state import Cell, PlanetState

# A dragonfly offers every tile of its area: one shared `to` action per cell, not new ones each time;
# the same for the other choices offered inside a move (frozen values, made once).
_to = cache(To)
_peek = cache(Peek)
_meteor = cache(Meteor)


def set_choices(s: PlanetState, options: list[Action]) -> None:
    if not options:
        finish_walk(s)
        return
    s.options = options
    s.phase = "choose"


def flights_from(s: PlanetState, cell: Cell) -> list[Action]:
    """`to CELL` for every other tile of the area, in sorted order (a dragonfly's flight, or an
    energy tile repeating one): the shape's alone, so made once per cell and kept with the area."""
    area = s.areas[cell[0]]
    key = ("to", cell)
    found = area.plays_memo.get(key)
    if found is None:
        found = area.plays_memo[key] = tuple(_to(cell_name(*x)) for x in area.sorted_cells if x != cell)
    return list(found)


def leap_ok(s: PlanetState, area: str, r: int, c: int) -> bool:
    """Ruling R8: a knight or trampoline lands on a tile, or on a ship beside the planet."""
    t = target(s, area, r, c)
    return t is not None and (t[0] == "cell" or s.ship_at(area, t[2]) is not None)


def leap_choices(s: PlanetState, seat: int, area: str, r: int, c: int, leaps: list) -> list[Action]:
    """The landings a knight or trampoline offers. Ruling R9: a tile puts an astronaut on a rival's
    ship only «если эффект клетки обязывает» - a leap with any other landing does not oblige, so
    the rival ships are offered only when nothing else is."""
    ok = [(a, target(s, area, r + dr, c + dc)) for a, (dr, dc) in leaps if leap_ok(s, area, r + dr, c + dc)]
    rival = [a for a, t in ok if t[0] == "ring" and not s.allied(s.ship_at(area, t[2]), seat)]
    others = [a for a, t in ok if a not in rival]
    return others or rival


def next_peek(s: PlanetState) -> None:
    seat = s.seat
    targets = [
        x for x in s.areas[PLANET].sorted_cells if x not in s.revealed and seat not in s.seen.get(x, ())
    ]
    if s.peeks_left <= 0 or not targets:
        s.peeks_left = 0
        s.options = []
        s.phase = "act"
        finish_walk(s)
        return
    s.options = [_peek(cell_name(*x)) for x in targets]


def meteor_options(s: PlanetState) -> None:
    # rulebook (meteorite): swap two tiles where nobody stands and nothing lies (any colours).
    area = s.walk["cell"][0]
    busy = {p[1] for row in s.pos for p in row if p[0] == "cell"}
    free = [
        x
        for x in s.areas[area].sorted_cells
        if x not in busy and not s.coins.get(x) and not s.locks.get(x) and x not in s.meteor_pick
    ]
    if len(free) + len(s.meteor_pick) < 2:
        s.phase = "act"
        s.options = []
        finish_walk(s)
        return
    s.options = [_meteor(cell_name(*x)) for x in free]


def meteor(s: PlanetState, cell: Cell) -> None:
    s.meteor_pick.append(cell)
    if len(s.meteor_pick) < 2:
        meteor_options(s)
        return
    a, b = s.meteor_pick
    s.meteor_pick = []
    for table in (s.back, s.tile, s.seen):
        va, vb = table.get(a), table.get(b)
        for x, v in ((a, vb), (b, va)):
            if v is None:
                table.pop(x, None)
            else:
                table[x] = v
    s.flowers = {b if x == a else a if x == b else x for x in s.flowers}  # a used flower turns where it lands
    ra, rb = a in s.revealed, b in s.revealed
    s.revealed.discard(a)
    s.revealed.discard(b)
    if rb:
        s.revealed.add(a)
    if ra:
        s.revealed.add(b)
    s.note(wording.swapped, s.seat, a, b)
    # rulebook (meteorite): the arrows may be turned too.
    s.turn_queue = [x for x in (a, b) if x in s.revealed and s.box.kinds[s.tile[x][0]].orientations()]
    next_turn_choice(s)


def next_turn_choice(s: PlanetState) -> None:
    if not s.turn_queue:
        s.options = []
        s.phase = "act"
        finish_walk(s)
        return
    cell = s.turn_queue.pop(0)
    kind = s.box.kinds[s.tile[cell][0]]
    distinct = {frozenset(kind.directions((s.tile[cell][1] + q) % 4)): q for q in (3, 2, 1, 0)}
    s.options = [Turn(cell_name(*cell), q) for q in sorted(distinct.values())]
    s.phase = "turn"


def drew(s: PlanetState, card: str) -> None:
    s.deck.remove(card)
    seat = s.walk["seat"] if s.walk else s.seat
    s.hand[seat].append({"id": card, "ready": True, "spent": False})
    if not s.silent:
        s.emit("artifact", f"seat {seat} finds an artifact: {s.cards_data[card].name}", seat, card=card)
    s.phase = "act"
    finish_walk(s)
