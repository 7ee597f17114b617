"""Planet's exploring, for the heuristic (bots.py): how far the nearest face-down tile is for a
seat's astronauts on foot, by ship and by air, the pull towards it (the game ends only once every
tile is face up, R22), and the short list of ship moves worth the route estimate.
"""

from __future__ import annotations

from cosmotable.bots.heuristic import mover_view, per_position
from cosmotable.engine import State
from cosmotable.games.planet.board import DIRS, parse_cell
from cosmotable.games.planet.bot_plans import GAMMA, Table, table_of
from cosmotable.games.planet.bot_routes import FAR, SHIP, Layout

#: rulebook (ship): a ship sails up to 3 cells a turn.
SAIL_CELLS = 3


def explore_pull(view: dict, seat: int, table: Table | None = None) -> float:
    """GAMMA ** the turns the nearest astronaut of `seat`'s team needs to step onto a face-down
    tile: walks along the face-up tiles, or back aboard its ship and sailing it beside one, or with
    fuel a flight to the other place (rulebook: fuel lets a ship fly there); 0 when no face-down tile
    is left or in reach. `table`: the view's `table_of`, when the caller has it already."""
    if table is None:
        table = table_of(view)
    layout = table.layout
    face_down = _face_down_places(layout)
    if not face_down:
        return 0.0
    nearest: float = FAR
    for other, row in enumerate(table.astronauts):
        if table.teams[other] != table.teams[seat]:
            continue
        fuel = view["players"][other]["ship"]["fuel"]
        ship_area = view["players"][other]["ship"]["area"]
        sail = sail_to_face_down(layout, other)
        # The fewest steps from the ring to a face-down tile of another place than the ship's.
        flight = _flight_to_face_down(layout, ship_area) if fuel else FAR
        for node, extra, _ in row:
            walk = layout.walk_from(other, node)
            aboard = walk.get(SHIP, 0 if node == SHIP else FAR)
            nearest = min(nearest, extra + aboard + sail)
            # Each tile's turns are its walk or (with fuel, in another place) a flight and the steps
            # in: the nearest is the nearer of the nearest walk and the nearest flight.
            nearest = min(nearest, extra + _walk_to_face_down(layout, other, node, walk, face_down))
            if flight < FAR:
                nearest = min(nearest, extra + aboard + 1 + flight)
    return GAMMA**nearest if nearest < FAR else 0.0


def _face_down_places(layout: Layout) -> list[tuple]:
    """The face-down tiles of the layout, in its order (remembered per layout)."""
    places = layout.dist.get("face-down places")
    if places is None:
        places = layout.dist["face-down places"] = [p for p, tile in layout.tiles.items() if tile is None]
    return places


def _walk_to_face_down(layout: Layout, seat: int, node, walk: dict, face_down: list[tuple]) -> int:
    """The fewest turns `walk` (`seat`'s from `node`) takes to a face-down tile; FAR when none is in
    reach (remembered per layout)."""
    key = ("walk to face down", seat, node)
    turns = layout.dist.get(key)
    if turns is None:
        turns = layout.dist[key] = min((walk.get(place, FAR) for place in face_down), default=FAR)
    return turns


def _flight_to_face_down(layout: Layout, ship_area: str) -> int:
    """The fewest steps from the ring to a face-down tile outside `ship_area` (after a flight
    there, `steps_from_the_ring`); FAR when none is left there (remembered per layout)."""
    key = ("flight to face down", ship_area)
    steps = layout.dist.get(key)
    if steps is None:
        steps = layout.dist[key] = min(
            (steps_from_the_ring(layout, p) for p in _face_down_places(layout) if p[0] != ship_area),
            default=FAR,
        )
    return steps


def steps_from_the_ring(layout: Layout, place: tuple) -> int:
    """The fewest steps, in a straight line, from a place of the ring around `place`'s area to
    `place`: after a flight (rulebook: fuel lets a ship fly to the other place) the astronauts aboard
    walk from where the ship lands. Counted as one step for any tile, a flight looked as good as
    being there, and the seat ahead, flown back once every coin was home, never flew out to the
    last face-down tile deep in the planet (issue #19: 140 turns in the game of seed 1000004)."""
    key = ("steps from the ring", place)
    steps = layout.dist.get(key)
    if steps is None:
        area, row, col = place
        steps = layout.dist[key] = min(
            (max(abs(r - row), abs(c - col)) for _, r, c in layout.ring[area]), default=FAR
        )
    return steps


def sail_to_face_down(layout: Layout, seat: int) -> float:
    """Turns for `seat`'s ship to sail beside a face-down tile of its place (up to 3 cells a turn,
    rulebook: ship) and for an astronaut aboard to step onto it; FAR when none is left there.
    A face-down tile no astronaut can walk to (walled in by crocodiles, arrows, portals) can still be
    stepped on from a ship beside it: a 4-player game ran into the turn cap with its last station
    tile walled in so, every coin home (issue #19).

    The sailing counts in thirds of a turn, not whole turns: each cell sailed nearer must count, or a
    sail that saves no whole turn (two cells, when a corner or a ship bars the third) looks no better
    than staying, and the ship never sets out (issue #19, seed 1000008)."""
    home = layout._ship_place(seat)
    cells = ring_cells_to_face_down(layout, home[0], layout.ring[home[0]].index(home))
    return FAR if cells >= FAR else cells / SAIL_CELLS + 1


def ring_cells_to_face_down(layout: Layout, area: str, at: int) -> int:
    """The fewest cells a ship at ring place `at` of `area` sails, either way round, to lie beside a
    face-down tile of that area; FAR when none is left there."""
    ring = layout.ring[area]
    at %= len(ring)
    key = ("beside face down", area)
    beside = layout.dist.get(key)
    if beside is None:
        beside = layout.dist[key] = [
            index
            for index, (_, r, c) in enumerate(ring)
            if any(layout.tiles.get((area, r + dr, c + dc), ()) is None for dr, dc in DIRS.values())
        ]
    return min((min(abs(index - at), len(ring) - abs(index - at)) for index in beside), default=FAR)


#: Ship moves judged by the route estimate in one position: the few best by where the ship comes to lie
#: (`ship_proxy`). A ship move lays the table anew, and a new layout costs its route maps afresh:
#: with a flight to any place of the ring of the other area, ship moves took 60% of the time of an
#: all-heuristic game, for moves it seldom chose (issue #19: the slow test's games took a minute each).
SHIP_SHORTLIST = 3


#: The value of the other ship moves (plus their proxy, 0 to a few coins): below every judged move
#: (a lead is at most the 30 coins of the box, the bonuses a few coins).
PRUNED_SHIP_MOVE = -100.0


@per_position
def ship_shortlist(state: State) -> tuple[dict[str, float], set[str]]:
    """({ship move: its proxy}, the SHIP_SHORTLIST best of them) of the seat to move."""
    view = mover_view(state)
    ship = view["players"][state.current_player()]["ship"]
    ring = view["areas"][ship["area"]]["ring"]
    proxies = {}
    for action in state.legal_actions():
        text = str(action)
        if text.startswith("sail"):
            proxies[text] = ship_proxy(
                view, parse_cell(ring[(ship["ring"] + int(text.split()[1])) % len(ring)])
            )
        elif text.startswith("fly"):
            proxies[text] = ship_proxy(view, parse_cell(text.split()[1]))
    best = set(sorted(proxies, key=lambda t: proxies[t], reverse=True)[:SHIP_SHORTLIST])
    # ... and the sail that brings the ship nearest, along the ring, beside a face-down tile: the
    # proxy measures straight across the place, a ship sails round it. A tile walled in by arrows
    # and crocodiles is revealed only from a ship beside it; in issue #19's game of seed 1000008 its
    # last tile, on the far side of the station, waited 400 turns for a sail the short list left out.
    # ... and the best flight: coins piled by the ship (on a tractor beam that pulls back every coin
    # carried off it) gave every sail a higher proxy than a flight to the other place, all face
    # down, and in issue #19's game of seed 1000020 the one seat with fuel never flew there.
    flights = [text for text in proxies if text.startswith("fly")]
    if flights:
        best.add(max(flights, key=lambda text: proxies[text]))
    sails = {text: int(text.split()[1]) for text in proxies if text.startswith("sail")}
    if sails:
        layout = table_of(view).layout
        cells = {
            text: ring_cells_to_face_down(layout, ship["area"], ship["ring"] + k) for text, k in sails.items()
        }
        nearest = min(sails, key=lambda text: (cells[text], -proxies[text]))
        if cells[nearest] < ring_cells_to_face_down(layout, ship["area"], ship["ring"]):
            best.add(nearest)
    return proxies, best


def ship_proxy(view: dict, place: tuple) -> float:
    """What a ship lying at `place` is near: the coins of its area (on tiles and locked), and its
    face-down tiles at a third of a coin each, each by GAMMA ** its distance in cells (a cheap
    stand-in for the route estimate: coins are carried aboard, tiles revealed from the ship)."""
    area, row, col = place
    near = 0.0
    for cell in view["areas"][area]["cells"]:
        worth = (cell.get("coins") or 0) + (cell.get("lock") or 0) + (0 if cell["revealed"] else 0.3)
        if worth:
            near += worth * GAMMA ** max(abs(cell["row"] - row), abs(cell["col"] - col))
    return near
