"""Planet geometry the rules share: where an astronaut may step, where a drift or a sail ends, which
abilities can be used - asked both when the legal moves are listed (moves.py) and while a move is
carried out (effects.py). Positions are as in state.py.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from cosmotable.games.planet.actions import (
    KNIGHTS,
    Ability,
)
from cosmotable.games.planet.board import DIRS, Area, cell_name

if TYPE_CHECKING:
    from cosmotable.engine.core import Action
    from cosmotable.games.planet.state import Cell, PlanetState


#: A step's vector as a walk records it, by direction: one shared tuple each (a walk's every step).
STEP_VECTORS = {way: ("step", dr, dc) for way, (dr, dc) in DIRS.items()}


def place_of(s: PlanetState, p: tuple) -> tuple[str, int, int]:
    """(area, row, col) of a position on the map (a ship or a space cell stands in the ring)."""
    if p[0] == "cell":
        return p[1]
    if p[0] == "ship":
        area, idx = s.ship[p[1]]
    else:
        area, idx = p[1], p[2]
    r, c = s.areas[area].ring[idx]
    return area, r, c


def crocodile_back(prev: tuple, vec: tuple | None) -> tuple[tuple, tuple | None]:
    """Where a crocodile sends a walker back to (rulebook, crocodile: back to where it came from), as a
    place on the map, and the reversed step vector (None after a flight or a first step)."""
    if prev[0] == "ship":
        back: tuple = ("ship", prev[1])
    elif prev[0] == "space":
        back = ("ring", prev[1], prev[2])
    else:
        back = ("cell", prev[1])
    rev = None if vec is None or vec[0] == "fly" else (vec[0], -vec[1], -vec[2])
    return back, rev


def target(s: PlanetState, area: str, r: int, c: int) -> tuple | None:
    """What lies at (r, c) of this area: ("cell", cell) / ("ring", area, idx) / None (deep space)."""
    return s.areas[area].places.get((r, c))


def step_ok(s: PlanetState, seat: int, area: str, r: int, c: int, from_space: bool = False) -> bool:
    """May `seat`'s astronaut step (by its own movement) onto (r, c)?"""
    return step_onto_ok(s, seat, area, s.areas[area].places.get((r, c)), from_space)


def step_onto_ok(s: PlanetState, seat: int, area: str, t: tuple | None, from_space: bool = False) -> bool:
    """step_ok for a place already looked up (`target`'s answer): the same rule."""
    if t is None:
        return False
    if t[0] == "ring":
        # rulebook (moving): never off the planet by your own step - only onto your (or an ally's) ship.
        owner = s.ship_at(area, t[2])
        return owner is not None and s.allied(owner, seat) and not from_space
    cell = t[1]
    if not from_space and cell not in s.revealed:
        return True  # a face-down tile: stepping there reveals it (no kind yet to keep anyone out)
    kind = s.kind(cell)
    if from_space:
        # rulebook (in space): back onto a revealed empty tile with no coin and nobody on it.
        return (
            kind is not None
            and kind.id == "empty"
            and not s.coins.get(cell)
            and not s.locks.get(cell)
            and not s.astronauts_at(cell)
        )
    # rulebook (pyramid): astronauts of other teams cannot enter it.
    return not (kind is not None and kind.id == "pyramid" and s.enemies_at(seat, cell))


def drift_end(s: PlanetState, seat: int, area: str, idx: int, steps: int) -> int | None:
    """rulebook (in space): up to 3 cells along the edge, hopping over other players' ships."""
    ring = s.areas[area].ring
    step = 1 if steps > 0 else -1
    for _ in range(abs(steps)):
        idx = (idx + step) % len(ring)
        guard = 0
        while (owner := s.ship_at(area, idx)) is not None and not s.allied(owner, seat):
            idx = (idx + step) % len(ring)
            guard += 1
            if guard > len(ring):
                return None
    return idx


def drift_ends(s: PlanetState, seat: int, area: str, idx: int) -> list[tuple[int, int | None]]:
    """(steps, drift_end) for +1, +2, +3, -1, -2, -3 in that order, each direction walked once: a
    drift of k cells is a drift of k-1 cells moved on by one (and stuck too if that one was)."""
    ring, ship, team = s.areas[area].ring, s.ship, s.team
    size = len(ring)
    # The ring places a drift hops over: where the first ship standing there is another team's.
    hostile = {i for a, i in ship if a == area and team[ship.index((a, i))] != team[seat]}
    out: list[tuple[int, int | None]] = []
    for step in (1, -1):
        at: int | None = idx
        for k in (1, 2, 3):
            if at is not None:
                at = (at + step) % size
                guard = 0
                while at in hostile:
                    at = (at + step) % size
                    guard += 1
                    if guard > size:
                        at = None
                        break
            out.append((k * step, at))
    return out


def sail_path(s: PlanetState, seat: int, steps: int) -> list[int]:
    """rulebook (ship): up to 3 cells, other ships hopped over uncounted. The ring places the ship
    passes through, in order, the last one where it stops (hopped ships' places left out)."""
    area, idx = s.ship[seat]
    ring = s.areas[area]
    step = 1 if steps > 0 else -1
    path = []
    for _ in range(abs(steps)):
        idx = (idx + step) % len(ring.ring)
        while s.ship_at(area, idx) not in (None, seat):
            idx = (idx + step) % len(ring.ring)
        path.append(idx)
    return path


def sail_ends(s: PlanetState, seat: int) -> list[tuple[int, int | None]]:
    """(steps, sail_end) for +1, +2, +3, -1, -2, -3 in that order, each direction walked once:
    the ship's place after k cells is its place after k-1 cells moved on by one (sail_path)."""
    area, start = s.ship[seat]
    ring = s.areas[area]
    size, corners, ship = len(ring.ring), ring.corners, s.ship
    # The ring places the ship hops over: where the first ship standing there is another seat's.
    others = {i for a, i in ship if a == area and ship.index((a, i)) != seat}
    out: list[tuple[int, int | None]] = []
    for step in (1, -1):
        idx = start
        for k in (1, 2, 3):
            idx = (idx + step) % size
            while idx in others:
                idx = (idx + step) % size
            out.append((k * step, None if idx in corners or idx == start else idx))
    return out


def sail_end(s: PlanetState, seat: int, steps: int) -> int | None:
    """rulebook (ship): never stopping on a corner."""
    idx = sail_path(s, seat, steps)[-1]
    area, start = s.ship[seat]
    if idx in s.areas[area].corners or idx == start:
        return None
    return idx


# One shared object per distinct ability play (frozen values), not a new one at every listing.
_ability = cache(Ability)
#: The plays listed most often, by astronaut number: looked up, not asked of the cache each time.
_BOOST = _ability("boost")
_POCKET = {n: _ability("pocket", n) for n in range(1, 10)}
_POCKET_ALLY = {n: _ability("pocket", n, "ALLY") for n in range(1, 10)}
_TELEPORT_SHIP = {n: _ability("teleport", n, "SHIP") for n in range(1, 10)}
_TELEPORT_ALLY = {n: _ability("teleport", n, "ALLY") for n in range(1, 10)}


def ability_moves(s: PlanetState, seat: int) -> list[Action]:
    # rulebook (cards): one ability per turn, none during a Special boost's extra turn.
    if s.ability_used or s.in_boost or not s.hand[seat]:
        return []
    out: list[Action] = []
    ally = s.allies[seat]
    stun, turn, pos = s.stun[seat], s.turns[seat], s.pos[seat]
    home, ally_home = ("ship", seat), ("ship", ally)
    landings: list[str] | None = None  # the teleport cannon's cells, the same for each astronaut
    for card in s.hand[seat]:
        if not card["ready"]:
            continue
        cid = card["id"]
        if cid == "boost":
            out.append(_BOOST)
            continue
        for i, p in enumerate(pos):
            if stun[i] >= turn:  # s.stunned(seat, i)
                continue
            n = i + 1
            # rulebook (cards): «Космонавта можно передвинуть таким образом на союзный корабль» -
            # in the teams variant the pocket teleport and the teleport cannon reach the ally's ship too.
            if cid == "pocket":
                if p != home:
                    out.append(_POCKET[n])
                if ally is not None and p != ally_home:
                    out.append(_POCKET_ALLY[n])
            elif cid == "teleport":
                if landings is None:
                    landings = [
                        cell_name(*cell)
                        for cell in sorted(s.revealed)
                        if s.kind(cell).id == "empty"
                        and not s.coins.get(cell)
                        and not s.locks.get(cell)
                        and not s.enemies_at(seat, cell)
                    ]
                out.extend(_ability("teleport", n, name) for name in landings)
                if p != home:
                    out.append(_TELEPORT_SHIP[n])
                if ally is not None and p != ally_home:
                    out.append(_TELEPORT_ALLY[n])
            elif (
                cid in ("boots", "gravity", "tame_knight")
                and p[0] != "space"
                and (cid == "boots" or not (p[0] == "cell" and p[2]))
            ):
                # Ruling R20: for jet boots a canyon counts as one cell, so they leave it from either half.
                on_cell = p[0] == "cell"
                if on_cell:
                    if cid == "tame_knight" and s.kind(p[1]).id == "canyon":
                        continue
                    area, r, c = p[1]  # place_of(s, p) on a tile
                else:
                    area, r, c = place_of(s, p)
                out.extend(_card_leaps(s.areas[area], cid, n, r, c, on_cell))
    return out


def has_ability_move(s: PlanetState, seat: int) -> bool:
    """bool(ability_moves(s, seat)), answered at the first card that surely has a play: the boost
    always, the pocket teleport and the teleport cannon when an astronaut free to act is off its
    own ship (their SHIP play); with no card ready, none; otherwise the plays are listed."""
    if s.ability_used or s.in_boost or not s.hand[seat]:
        return False
    stun, turn, home, pos = s.stun[seat], s.turns[seat], ("ship", seat), s.pos[seat]
    ready = False
    for card in s.hand[seat]:
        if card["ready"]:
            ready = True
            cid = card["id"]
            if cid == "boost":
                return True
            if cid == "pocket" or cid == "teleport":
                for i, p in enumerate(pos):
                    if p != home and stun[i] < turn:
                        return True
    return ready and bool(ability_moves(s, seat))


def gravity_end(s: PlanetState, cell: Cell, dr: int, dc: int) -> tuple | None:
    """rulebook (gravity): straight on over the tiles to the first place of space (None: off the map)."""
    area, r, c = cell
    return _gravity_end(s.areas[area].places, r, c, dr, dc)


def _card_leaps(area: Area, cid: str, n: int, r: int, c: int, on_cell: bool) -> tuple[Action, ...]:
    """The plays of the tame knight, jet boots or gravity card for astronaut `n` at (r, c) of `area`
    (on a tile, or on a ship there): where they lead depends on the area's shape alone, so each
    position's plays are worked out once per layout and kept with the area."""
    memo = area.plays_memo
    key = (cid, n, r, c, on_cell)
    found = memo.get(key)
    if found is None:
        places = area.places
        plays: list[Action] = []
        if cid == "tame_knight":
            for code, (dr, dc) in KNIGHTS.items():
                t = places.get((r + dr, c + dc))
                if t is not None and t[0] == "cell":
                    plays.append(_ability(cid, n, code))
        elif on_cell:
            for name, (dr, dc) in DIRS.items():
                if cid == "boots":
                    t = places.get((r + 2 * dr, c + 2 * dc))
                    if t is not None and t[0] == "cell":
                        plays.append(_ability(cid, n, name))
                elif _gravity_end(places, r, c, dr, dc) is not None:
                    plays.append(_ability(cid, n, name))
        found = memo[key] = tuple(plays)
    return found


def _gravity_end(places: dict, r: int, c: int, dr: int, dc: int) -> tuple | None:
    """gravity_end over an area's places table."""
    while True:
        r, c = r + dr, c + dc
        t = places.get((r, c))
        if t is None or t[0] == "ring":
            return t
