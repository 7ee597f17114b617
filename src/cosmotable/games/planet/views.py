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
        # Built for every position a bot judges, so the tables that never change in a game (the
        # cells' names and order, the ring, the corners) come from the area, and what is read per
        # cell is held in locals; the entries are new objects each time (a reader may change its view).
        revealed, seen, back, tile, kinds = s.revealed, s.seen, s.back, s.tile, s.box.kinds
        flowers, coins, locks = s.flowers, s.coins, s.locks
        drawn_at = s.pending if s.phase == "orient" else None
        for aid, area in s.areas.items():
            cells = []
            for cell, name, r, c in area.named_cells:
                face_up = cell in revealed
                if face_up or (seat is not None and seat in seen.get(cell, ())):
                    kid, rot = tile[cell]
                    kind = kinds[kid]
                    entry: dict[str, Any] = {
                        "cell": name,
                        "row": r,
                        "col": c,
                        "back": back[cell],
                        "revealed": face_up,
                        "tile": kid,
                        "name": kind.name,
                        "rot": rot,
                        "dirs": list(kind.turned[rot % 4]),  # kind.directions(rot)
                        "no_coin": kind.no_coin,
                        "one_use": kind.one_use,
                    }
                else:
                    entry = {"cell": name, "row": r, "col": c, "back": back[cell], "revealed": face_up}
                    if cell == drawn_at:
                        entry["drawn"] = tile[cell][0]  # drawn in public; its orientation is drawn next
                if cell in seen:
                    entry["peeked_by"] = sorted(seen[cell])
                if cell in flowers:
                    entry["flower_used"] = (
                        True  # rulebook (flower): it turns a quarter at the end of this turn
                    )
                if coins.get(cell):
                    entry["coins"] = coins[cell]
                if cell in locks:
                    entry["lock"] = locks[cell]
                cells.append(entry)
            cells_by_area[aid] = {
                "height": area.height,
                "width": area.width,
                "cells": cells,
                "ring": list(area.ring_names),
                "corners": list(area.sorted_corners),
            }
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
