"""The one place that decides what a seat sees.

Face-down tiles show only their back colour; a tile fixed by an obelisk shows its identity only to
the seats that looked at it; a tile whose kind was just drawn in public shows it (`drawn`) while its
orientation is drawn. Circular flowers stepped on this turn are marked (`flower_used`). Everything else in Planet lies open on the table (cards are face up).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cosmotable.games.planet.board import cell_name
from cosmotable.games.planet.state import pos_json

if TYPE_CHECKING:
    from cosmotable.games.planet.state import PlanetState


def build_view(s: PlanetState, seat: int | None, with_areas: bool = True) -> dict[str, Any]:
    """What `seat` (None: a spectator) sees. `with_areas=False` leaves the cells out ("areas":
    None), for readers that take the tiles from elsewhere: building them is most of the cost."""
    cells_by_area: dict[str, Any] = {}
    if with_areas:
        cells_by_area = _areas(s, seat)
    # What is still face down, counted from the box minus the revealed tiles: never which tiles
    # were set aside at the start or what an obelisk showed.
    shown = s.shown
    unrevealed = {
        colour: {k: left for k, n in counts.items() if (left := n - shown[colour].get(k, 0))}
        for colour, counts in s.box.box.items()
    }
    scores = s.scores()
    players = []
    for p in range(s.num_players):
        ship_area, idx = s.ship[p]
        r, c = s.areas[ship_area].ring[idx]
        players.append(
            {
                "seat": p,
                "team": s.team[p],
                "delivered": s.delivered[p],
                "score": scores[p],
                "ship": {
                    "cell": cell_name(ship_area, r, c),
                    "area": ship_area,
                    "ring": idx,
                    "fuel": s.fuel[p],
                },
                "cards": [dict(c) for c in s.hand[p]],
                "astronauts": [
                    {"n": i + 1, "at": pos_json(pos), "stunned": s.stunned(p, i)}
                    for i, pos in enumerate(s.pos[p])
                ],
            }
        )
    walk = s.walk
    return {
        "game": "planet",
        "seat": seat,
        "phase": s.phase,
        "current": s.current_player(),
        "turn": s.seat,
        "total_turns": s.total_turns,
        "max_turns": s.max_turns,
        "quiet_turns": s.total_turns - s.progress_turn,
        "teams": s.config.has("teams"),
        "areas": cells_by_area if with_areas else None,
        "players": players,
        "coins": {
            "supply": s.supply,
            "lost": s.lost,
            "on_board": sum(s.coins.values()),
            "locked": sum(s.locks.values()),
            "delivered": sum(s.delivered),
        },
        "unrevealed": unrevealed,
        "deck": len(s.deck),
        "walking": None
        if walk is None
        else {"seat": walk["seat"], "astronaut": walk["a"] + 1, "coin": walk["coin"]},
        "peeks_left": s.peeks_left,
        "claim_queue": list(s.claim_queue),
        "ability_used": s.ability_used,
        "in_boost": s.in_boost,
        "end_reason": s.end_reason,
        "scores": scores,
        "pending": None if s.pending is None or s.phase == "peek-reveal" else cell_name(*s.pending),
    }


def _areas(s: PlanetState, seat: int | None) -> dict[str, Any]:
    """The view's "areas": each area's shape and its cells as `seat` sees them.

    Built for every position a bot judges, so the tables that never change in a game (the cells'
    names and order, the ring, the corners) come from the area, each cell is looked up only in what
    every cell has (its back, whether it is face up), and the few cells with more to show (an
    obelisk's peek, a tile being oriented, a flower stepped on, coins, a lock) are found from those
    short tables and their entries completed after, the fields in the same order as ever. The
    entries are new objects each time: a reader may change its view."""
    revealed, seen, back, tile, kinds = s.revealed, s.seen, s.back, s.tile, s.box.kinds
    # Face-down tiles this seat looked at with an obelisk: shown to it as if face up.
    peeked = {cell for cell, seats in seen.items() if seat in seats} if seen and seat is not None else ()
    areas: dict[str, Any] = {}
    for aid, area in s.areas.items():
        cells: list[dict[str, Any]] = []
        for cell, name, r, c in area.named_cells:
            face_up = cell in revealed
            if face_up or (peeked and cell in peeked):
                kid, rot = tile[cell]
                kind = kinds[kid]
                cells.append(
                    {
                        "cell": name,
                        "row": r,
                        "col": c,
                        "back": back[cell],
                        "revealed": face_up,
                        "tile": kid,
                        "name": kind.name,
                        "rot": rot,
                        "dirs": list(kind.directions(rot)),
                        "no_coin": kind.no_coin,
                        "one_use": kind.one_use,
                    }
                )
            else:
                cells.append({"cell": name, "row": r, "col": c, "back": back[cell], "revealed": False})
        areas[aid] = {
            "height": area.height,
            "width": area.width,
            "cells": cells,
            "ring": list(area.ring_names),
            "corners": list(area.sorted_corners),
        }

    def entry(cell: tuple) -> dict[str, Any] | None:
        order = s.areas[cell[0]].cell_order.get(cell) if cell[0] in s.areas else None
        return None if order is None else areas[cell[0]]["cells"][order]

    pending = s.pending
    if s.phase == "orient" and pending is not None and pending not in revealed and pending not in peeked:
        found = entry(pending)
        if found is not None:
            found["drawn"] = tile[pending][0]  # drawn in public; its orientation is drawn next
    for cell, seats in seen.items():
        found = entry(cell)
        if found is not None:
            found["peeked_by"] = sorted(seats)
    for cell in s.flowers:
        found = entry(cell)
        if found is not None:
            found["flower_used"] = True  # rulebook (flower): it turns a quarter at the end of this turn
    for cell, count in s.coins.items():
        found = entry(cell) if count else None
        if found is not None:
            found["coins"] = count
    for cell, count in s.locks.items():
        found = entry(cell)
        if found is not None:
            found["lock"] = count
    return areas
