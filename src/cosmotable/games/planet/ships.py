"""Planet's ships: an astronaut sent or brought aboard a ship (with a coin it carries), a ship that
sails along the ring of space or flies to a tile, and what it hits on the way (rulebook: ships,
space). Functions of the state, called by walk.py, abilities.py and effects.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cosmotable.games.planet import wording
from cosmotable.games.planet.board import STATION
from cosmotable.games.planet.endings import action_done, finish_walk
from cosmotable.games.planet.reach import sail_end, sail_path

if TYPE_CHECKING:
    from cosmotable.games.planet.state import Cell, PlanetState


def to_ship(s: PlanetState, seat: int, i: int, owner: int) -> None:
    walk = s.walk
    s.pos[seat][i] = ("ship", owner)
    if walk and walk["coin"]:
        walk["coin"] = False
        if s.allied(owner, seat):
            # rulebook (coins): a coin brought aboard your (or, in teams, an ally's) ship is yours for good.
            s.delivered[owner] += 1
            s.progress_turn = s.total_turns
            if not s.silent:
                s.emit(
                    "deliver",
                    f"seat {seat} brings a coin aboard seat {owner}'s ship",
                    seat,
                    owner=owner,
                    a=i + 1,
                )
        else:
            s.lost += 1  # Ruling R10: a coin carried onto a rival's ship (forced) goes to the box.
            if not s.silent:
                s.emit(
                    "coin-lost",
                    "the coin falls into space beside a rival ship",
                    seat,
                    where="rival",
                    owner=owner,
                )
    elif s.walk is not None:
        s.note(wording.aboard, seat, i + 1, owner)
    finish_walk(s)


def sail(s: PlanetState, steps: int) -> None:
    seat = s.seat
    area, _ = s.ship[seat]
    idx = sail_end(s, seat, steps)
    path = sail_path(s, seat, steps)
    s.ship[seat] = (area, idx)
    if not s.silent:
        s.note(wording.sailed, seat, steps, area, *s.areas[area].ring[idx])
    # Ruling R6: «Если чужой корабль налетит на космонавта в космосе» - a rival astronaut on any
    # place the ship passes through is hit, not only one where it stops.
    for passed in path[:-1]:
        hit_space(s, seat, area, passed, stop=False)
    hit_space(s, seat, area, idx)
    action_done(s)


def hit_space(s: PlanetState, seat: int, area: str, idx: int, stop: bool = True) -> None:
    """rulebook (in space): a ship flying into a rival astronaut in space sends it home; your own
    (or an ally's) astronauts where it stops climb aboard (Ruling R6)."""
    place = ("space", area, idx)
    if not any(place in row for row in s.pos):  # nobody floats there (most places a ship passes)
        return
    for es in range(s.num_players):
        for ei, p in enumerate(s.pos[es]):
            if p == place:
                if s.allied(es, seat) and not stop:
                    continue
                if s.allied(es, seat):
                    s.pos[es][ei] = ("ship", seat)
                else:
                    s.pos[es][ei] = ("ship", es)
                    if not s.silent:
                        s.emit(
                            "attack",
                            f"seat {seat}'s ship knocks seat {es}'s astronaut {ei + 1} home",
                            seat,
                            victim=es,
                            victim_a=ei + 1,
                            by="ship",
                        )


def fly(s: PlanetState, cell: Cell) -> None:
    seat = s.seat
    area = cell[0]
    idx = s.areas[area].ring_index((cell[1], cell[2]))
    s.ship[seat] = (area, idx)
    where = "the station" if area == STATION else "the planet"
    s.note(wording.flew, seat, cell, where)
    hit_space(s, seat, area, idx)
    action_done(s)
