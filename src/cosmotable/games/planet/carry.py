"""Can a coin carrier's walk end well? Judged by following the walk over the table without playing it.

rulebook (astronaut with a coin): a carrier may not reveal a tile, enter a no-coin tile or step onto
rival astronauts, and (Ruling R3) a coin going round a loop breaks the move; where the walk needs a
choice (an arrow with several directions, a knight's or trampoline's landing, a dragonfly's flight),
one good choice is enough. The listing asks this for every direction of every astronaut standing on a
coin, at every decision, so it reads the table and changes nothing: no copy, no events.

It follows `walk.step`, `arrive`, `land` and `effect` for a carrier and nothing else (a carrier's
walk never draws a tile or a card, never attacks, and every tile effect other than a move ends it);
`tests/planet/test_fast_paths.py` checks it against the walk played out on a full clone over random
games. A rule change in those functions must be made here too (that test fails until it is).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from cosmotable.games.planet.actions import KNIGHTS, Go, Jump, Knight, Move, To
from cosmotable.games.planet.board import DIRS, parse_cell
from cosmotable.games.planet.reach import STEP_VECTORS, crocodile_back, place_of

if TYPE_CHECKING:
    from cosmotable.engine.core import Action
    from cosmotable.games.planet.state import Cell, PlanetState

#: walk.arrive: a walk of more steps than this is a loop (Ruling R3).
MAX_STEPS = 60

# A step's vector as the walk records it: ("step" | "knight" | "jump", dr, dc) or ("fly",).
Vec = tuple
#: The (place, vector) pairs a followed walk has passed (walk.py's walk["visited"]), as a tuple: a
#: walk passes a few places, and a tuple one longer per arrival is cheaper to make than a new set.
Visited = tuple
_STEP = STEP_VECTORS


def carry_ok(s: PlanetState, action: Action) -> bool:
    """May the seat to act make `action` - a carrier's `move ... coin`, or a choice (`go`, `knight`,
    `jump`, `to`) inside the carrier's walk in progress - without breaking a carrier's rule?"""
    seat = s.seat
    if isinstance(action, Move):
        return carry_step_ok(s, seat, s.pos[seat][action.astronaut - 1], action.way)
    walk = s.walk
    assert walk is not None
    here = s.pos[walk["seat"]][walk["a"]]
    visited, steps, rivals = tuple(walk["visited"]), walk["steps"], rival_cells(s, seat)
    if isinstance(action, Go):
        return _step_ok(s, seat, here, _STEP[action.way], visited, steps, rivals)
    if isinstance(action, Knight):
        return _step_ok(s, seat, here, ("knight", *KNIGHTS[action.way]), visited, steps, rivals)
    if isinstance(action, Jump):
        return _step_ok(s, seat, here, ("jump", *DIRS[action.way]), visited, steps, rivals)
    if isinstance(action, To):
        return _arrive_ok(s, seat, here, ("cell", parse_cell(action.cell)), ("fly",), visited, steps, rivals)
    raise TypeError(f"not a carrier's move or choice: {action}")


def carry_step_ok(s: PlanetState, seat: int, here: tuple, way: str) -> bool:
    """May `seat`'s astronaut standing on a tile at `here` step `way` carrying a coin?"""
    return bool(carry_steps(s, seat, here, (way,)))


def carry_steps(s: PlanetState, seat: int, here: tuple, ways: Iterable[str]) -> list[str]:
    """The ways, among `ways`, that `seat`'s astronaut standing on a tile at `here` may step carrying
    a coin (carry_step_ok for each, in order; the listing asks it of every way at once, so the
    table is looked up once for all of them).

    The walk's first step decides it when it goes off the map, onto a ship or into space, onto a
    face-down or no-coin tile, or onto a tile that ends it; otherwise the walk goes on from the tile
    it lands on (_step_ok's first step, its arrival and landing written out: a new walk has passed
    nowhere yet, so the landing's (place, vector) is the only one it has passed)."""
    area, r, c = here[1]
    places, revealed, tile, kinds = s.areas[area].places, s.revealed, s.tile, s.box.kinds
    rivals = rival_cells(s, seat)
    out = []
    for way in ways:
        dr, dc = DIRS[way]
        t = places.get((r + dr, c + dc))
        if t is None or t[0] != "cell":
            out.append(way)
            continue
        cell = t[1]
        if cell not in revealed:
            continue
        kind = kinds[tile[cell][0]]
        if kind.no_coin:
            continue
        if kind.dirs or kind.id in _MOVING:
            vec = _STEP[way]
            if _land_ok(s, seat, cell, here, vec, ((t, vec),), 1, rivals):
                out.append(way)
            continue
        if cell not in rivals:  # not s.enemy_at(seat, cell)
            out.append(way)
    return out


def rival_cells(s: PlanetState, seat: int) -> set[Cell]:
    """The tiles astronauts of another team than `seat`'s stand on (either half): found once for a
    carrier's walks, which ask it at every landing (s.enemy_at, a scan of every rival astronaut,
    was a fifth of the carriers' instructions; callgrind). The walks change nothing, so it holds
    for all of them."""
    pos = s.pos
    return {p[1] for o in s.rivals[seat] for p in pos[o] if p[0] == "cell"}


#: Tiles that end a carrier's walk where it lands (walk.effect moves the walker on from the others).
_MOVING = frozenset({"knight", "trampoline", "dragonfly", "energy", "crocodile", "portal"})


def _step_ok(
    s: PlanetState, seat: int, here: tuple, vec: Vec, visited: Visited, steps: int, rivals: set[Cell]
) -> bool:
    # walk.step: a jump covers two cells; a step off the map stops where it is (Ruling R9).
    area, r, c = place_of(s, here)
    if vec[0] == "jump":
        r, c = r + 2 * vec[1], c + 2 * vec[2]
    else:
        r, c = r + vec[1], c + vec[2]
    t = s.areas[area].places.get((r, c))
    if t is None:
        return True
    return _arrive_ok(s, seat, here, t, vec, visited, steps, rivals)


def _arrive_ok(
    s: PlanetState,
    seat: int,
    here: tuple,
    t: tuple,
    vec: Vec | None,
    visited: Visited,
    steps: int,
    rivals: set[Cell],
) -> bool:
    # walk.arrive: a repeat of place and direction (or too long a walk) is a loop, which a coin
    # may not go round; a ship (the coin delivered, or lost at a rival's) or space (lost) ends it.
    steps += 1
    key = (t, vec)
    if key in visited or steps > MAX_STEPS:
        return False
    if t[0] != "cell":
        return True
    cell = t[1]
    if cell not in s.revealed:
        return False  # a carrier may not reveal tiles
    return _land_ok(s, seat, cell, here, vec, (*visited, key), steps, rivals)


def _land_ok(
    s: PlanetState,
    seat: int,
    cell: Cell,
    prev: tuple,
    vec: Vec | None,
    visited: Visited,
    steps: int,
    rivals: set[Cell],
) -> bool:
    # walk.land: no coin onto a no-coin tile (the pyramid among them) or onto rivals.
    kid, rot = s.tile[cell]
    kind = s.box.kinds[kid]
    if kind.no_coin or cell in rivals:  # s.enemy_at(seat, cell)
        return False
    k = kind.id
    here = ("cell", cell, 1 if k == "canyon" else 0)
    # walk.effect: the tiles that move the walker on; every other tile ends the walk here.
    if kind.dirs:
        for d in kind.directions(rot):
            if _step_ok(s, seat, here, _STEP[d], visited, steps, rivals):
                return True
        return False
    if k == "knight" or k == "trampoline":
        return _leap_ok(s, seat, cell, here, k, visited, steps, rivals)
    if k == "dragonfly":
        return _fly_ok(s, seat, cell, here, visited, steps, rivals)
    if k == "energy":
        if vec is None:
            return True
        if vec[0] == "fly":
            return _fly_ok(s, seat, cell, here, visited, steps, rivals)
        return _step_ok(s, seat, here, vec, visited, steps, rivals)
    if k == "crocodile":
        back, rev = crocodile_back(prev, vec)
        return _arrive_ok(s, seat, here, back, rev, visited, steps, rivals)
    if k == "portal":
        return _arrive_ok(s, seat, here, ("ship", seat), None, visited, steps, rivals)
    return True


def _leap_ok(
    s: PlanetState,
    seat: int,
    cell: Cell,
    here: tuple,
    k: str,
    visited: Visited,
    steps: int,
    rivals: set[Cell],
) -> bool:
    # choices.leap_choices: landings on a tile or a ship; a rival's ship only when nothing else is.
    area, r, c = cell
    places = s.areas[area].places
    others: list[tuple[tuple, Vec]] = []
    rival: list[tuple[tuple, Vec]] = []
    for vec, dr, dc in _KNIGHT_LEAPS if k == "knight" else _JUMP_LEAPS:
        t = places.get((r + dr, c + dc))
        if t is None:
            continue
        if t[0] == "cell":
            others.append((t, vec))
            continue
        owner = s.ship_at(area, t[2])
        if owner is None:
            continue
        (others if s.allied(owner, seat) else rival).append((t, vec))
    choices = others or rival
    if not choices:
        return True  # no landing: the walk ends here (choices.set_choices)
    return any(_arrive_ok(s, seat, here, t, vec, visited, steps, rivals) for t, vec in choices)


def _fly_ok(
    s: PlanetState, seat: int, cell: Cell, here: tuple, visited: Visited, steps: int, rivals: set[Cell]
) -> bool:
    # walk.effect (dragonfly, energy after a flight): to any other tile of the area.
    cells = s.areas[cell[0]].sorted_cells
    if len(cells) == 1:  # no other tile: the walk ends here
        return True
    # A flight to a face-down tile never ends well (_arrive_ok: a carrier may not reveal tiles), so
    # only the revealed ones are tried; one good flight is enough.
    revealed = s.revealed
    for x in cells:
        if (
            x != cell
            and x in revealed
            and _arrive_ok(s, seat, here, ("cell", x), _FLY, visited, steps, rivals)
        ):
            return True
    return False


_FLY: Vec = ("fly",)
#: A knight's and a trampoline's leaps: (the walk's vector, row and column offsets of the landing).
_KNIGHT_LEAPS = tuple((("knight", dr, dc), dr, dc) for dr, dc in KNIGHTS.values())
_JUMP_LEAPS = tuple((("jump", dr, dc), 2 * dr, 2 * dc) for dr, dc in DIRS.values())
