"""Planet routes: how many turns a coin is from a ship, following the tiles as they lie face up.

The heuristic measures straight-line distances; the search's estimate (`bot_plans.plan_values`)
needs more: a coin behind face-down tiles cannot be carried (a carrier may not reveal tiles), arrows,
knights, trampolines, energy and dragonflies carry an astronaut on within one move, a crocodile
sends it back, a star portal takes it (and its coin) home, a locked container needs two astronauts
of one team, and a rival's Tame knight or Jet boots card reaches our astronauts beyond its step.
Everything here is read from a public view, and the route maps of one table layout are cached: the
layout changes only when a tile is revealed or a ship moves, which is rare inside one search. What
the routes make of the coins (the plans) is bot_plans.py's.
"""

from __future__ import annotations

import heapq
from collections import OrderedDict
from dataclasses import dataclass, field

from cosmotable.games.planet.actions import KNIGHT_DELTAS
from cosmotable.games.planet.board import DIRS, parse_cell

HOME = "home"  # a carrier's goal: aboard its own (or an ally's) ship
SHIP = "ship"  # a walker back aboard its own ship
MID = "mid"  # (MID, place): an astronaut stopped at a choice within its move (an arrow, a knight...)
#: Turns a carrier's route loses on a face-down tile: another astronaut must go and turn it up
#: first, and it may turn out to be no way through.
FACE_DOWN_COST = 3
#: rulebook (tree): a tree holds the astronaut one turn; (canyon): crossing takes a second move.
EXTRA_TURNS = {"tree": 1, "canyon": 1}
TRAMPOLINE = tuple((2 * dr, 2 * dc) for dr, dc in DIRS.values())
#: Ability cards that leap an astronaut: Tame knight (a knight move), Jet boots (two cells straight).
LEAPS = {"tame_knight": tuple(KNIGHT_DELTAS), "boots": TRAMPOLINE}
#: Tiles that move an astronaut on at once: nobody comes to rest on them.
MOVING_ON = frozenset({"knight", "trampoline", "energy", "dragonfly", "portal", "crocodile"})
MAX_CHAIN = 12
#: The seat of route maps that are the same for every seat (`Layout._cell_ends`).
ANY_SEAT = -1
#: `Layout.tiles`' answer for a place off the tiles (the ring around an area, beyond the map).
OFF_TILES = ("off the tiles",)
#: Tiles that carry an astronaut on (no arrows): each of their ways is walked as a new arrival.
CHAINING = frozenset({"knight", "trampoline", "energy", "dragonfly"})
#: Where a flight within the flight being worked out ends (nowhere new): never filled.
FLYING: dict = {}
FAR = 1 << 20


@dataclass
class Layout:
    """One table layout: every cell's tile as seen face up (None: face down), the ring around each
    area, and where the ships stand."""

    tiles: dict[tuple, tuple | None]  # cell -> (tile id, dirs, no_coin) or None
    ring: dict[str, list[tuple]]  # area -> its ring places (area, r, c), clockwise
    ships: dict[tuple, int]  # (area, r, c) of a ship -> seat
    team: list[int]
    #: Face-up empty tiles with a coin or a lock on them: closed to an astronaut coming back from
    #: space (rulebook: only onto a revealed empty tile with nothing on it). Filled only for a view
    #: with an astronaut in space (`_layout`): no other walk passes through space.
    closed_from_space: frozenset = frozenset()
    edges: dict = field(default_factory=dict)  # (seat, carrier) -> node -> {end: turns}, filled on demand
    dist: dict = field(default_factory=dict)  # distance maps and face-down values, filled on demand
    flights: dict = field(default_factory=dict)  # (seat, carrier, area) -> where a flight ends
    leaps: dict = field(default_factory=dict)  # (seat, card, node) -> where an ability's leap ends
    errands: dict = field(default_factory=dict)  # `_errands`, remembered
    #: Whether the moves being worked out met a ship (their ends then depend on whose they are).
    seat_bound: bool = False
    #: The places a cell's moves read (tiles, ships), as `edges` is keyed: what `inherit` checks.
    reads: dict = field(default_factory=dict)
    reading: list | None = None  # the places read by the moves being worked out
    flight_reads: dict = field(default_factory=dict)  # (seat, carrier, area) -> places its flight read

    def inherit(self, parent: Layout) -> None:
        """Take over the moves of `parent` (the layout of a position just before) that read no place
        where the two differ: a new layout differs from the one before by a tile turned up or a ship
        moved, and working out every cell's moves anew was most of a new layout's cost."""
        if parent.ring != self.ring or parent.team != self.team or parent.tiles.keys() != self.tiles.keys():
            return
        changed = {place for place, tile in self.tiles.items() if parent.tiles[place] != tile}
        changed.update(
            place
            for place in parent.ships.keys() | self.ships.keys()
            if parent.ships.get(place) != self.ships.get(place)
        )
        for key, reads in parent.reads.items():
            edges, known = parent.edges[key], self.edges.setdefault(key, {})
            kept = self.reads.setdefault(key, {})
            for node, read in reads.items():
                if changed.isdisjoint(read):
                    known[node], kept[node] = edges[node], read

    # ------------------------------------------------------------------ one move
    def moves_from(self, node, seat: int, carrier: bool) -> dict:
        """Where one move from `node` can end (rest cell, HOME or SHIP) and the turns it takes."""
        if node[0] == "space":
            return self._from_space(node, seat)
        if node[0] == MID:
            # Stopped at a choice within a move: the move goes on from the tile, in this turn.
            return {end: cost - 1 for end, cost in self.choice_ends(seat, carrier, node[1]).items()}
        if node == SHIP:
            start = self._ship_place(seat)
        else:
            start = node
        area, r, c = start
        out: dict = {}
        for dr, dc in DIRS.values():
            self._arrive(seat, carrier, (area, r + dr, c + dc), ("step", dr, dc), out, own_step=True)
        return out

    def choice_ends(self, seat: int, carrier: bool, place: tuple) -> dict:
        """Where the move of `seat`'s astronaut stopped at a choice on `place` (an arrow's way, a
        knight's or trampoline's landing, a dragonfly's or energy's flight) can come to rest, with the
        turns each end costs (1, or 2 for a tree or a canyon). Energy offers a choice only after a
        flight (rulebook: energy repeats the move that brought the astronaut, R13): another flight."""
        ends: dict = {}
        tile = self.tiles.get(place)
        if tile is not None and tile[0] == "energy":
            ends.update(self._flight_ends(seat, carrier, place[0]))
        else:
            # Arriving anew at the place walks its effect again: each of its ways, as the choice offers them.
            self._arrive(seat, carrier, place, ("step", 0, 0), ends)
        return ends

    def _from_space(self, node: tuple, seat: int) -> dict:
        """rulebook (in space): back onto a revealed empty tile beside it with no coin or lock on it,
        or drift up to 3 places along the edge, hopping over other teams' ships; drifting onto our
        ship boards it. Without the coins the route maps stepped from space onto an empty tile with
        a coin on it: the only face-down tiles left lay behind it, the astronauts drifted for ever
        in reach of a step they could not take, and two games of the 1,000-game run ran into the
        600-turn cap (issue #19, seeds 1000156 and 1000233). Astronauts on a tile are not counted:
        they move on."""
        _, area, idx = node
        ring = self.ring[area]
        r, c = ring[idx][1:]
        out: dict = {}
        closed = self.closed_from_space
        for dr, dc in DIRS.values():
            place = (area, r + dr, c + dc)
            tile = self.tiles.get(place)
            if tile is not None and tile[0] == "empty" and place not in closed:
                self._add(out, place, 1)
        for way in (1, -1):
            at = idx
            for _ in range(3):
                at = (at + way) % len(ring)
                while self._rival_ship(ring[at], seat):
                    at = (at + way) % len(ring)
                owner = self.ships.get(ring[at])
                self._add(out, SHIP if owner is not None else ("space", area, at), 1)
        return out

    def _rival_ship(self, place: tuple, seat: int) -> bool:
        owner = self.ships.get(place)
        return owner is not None and self.team[owner] != self.team[seat]

    def _ship_place(self, seat: int) -> tuple:
        return next(place for place, owner in self.ships.items() if owner == seat)

    def _add(self, out: dict, node, cost: int) -> None:
        if cost < out.get(node, FAR):
            out[node] = cost

    def _arrive(self, seat, carrier, place, vec, out, own_step=False, depth=0) -> None:
        """Add to `out` where an astronaut arriving at `place` by `vec` (a step, a knight's or a
        jump's leap, a flight) can come to rest, at `depth` links into its move's chain.

        rulebook (moving): a tile that moves it on (arrows, knight, trampoline, energy) chains the
        move, and an astronaut that meets a (tile, direction) of its move again - or, here, whose
        chain runs longer than MAX_CHAIN links - goes back to its ship. Each state of the chain (a
        place and how it was reached) is walked once, nearest first: every state within MAX_CHAIN
        links of the start is reached by a shortest chain, which meets no state twice, so the ends
        are those of walking every chain one by one - which branched 8 ways at each knight and took
        a quarter of a heuristic game (issue #19)."""
        start = (place, vec)
        onward = self._visit(seat, carrier, place, vec, out, own_step)
        if onward is None:
            return
        links: dict[tuple, list | None] = {start: onward}
        level = [onward]
        for _ in range(MAX_CHAIN - depth):
            after = []
            for ways in level:
                for nxt in ways:
                    if nxt not in links:
                        further = links[nxt] = self._visit(seat, carrier, nxt[0], nxt[1], out, False)
                        if further is not None:
                            after.append(further)
            level = after
        if not carrier and _loops(links, start, MAX_CHAIN + 1 - depth, {}):
            self._add(out, SHIP, 1)  # rulebook (moving): caught in a loop, back to the ship

    def _visit(self, seat, carrier, place, vec, out, own_step) -> list | None:
        """Add to `out` where the move comes to rest on arriving at `place` by `vec`, or give the
        (place, vec) arrivals it chains on to (a tile that moves the astronaut on)."""
        tile = self.tiles.get(place, OFF_TILES)
        if self.reading is not None:
            self.reading.append(place)
        if tile is OFF_TILES:
            owner = self.ships.get(place)
            if owner is None:
                return None  # space (a coin is lost, an astronaut floats) or beyond the map: no route
            self.seat_bound = True
            if self.team[owner] == self.team[seat]:
                self._add(out, HOME if carrier else SHIP, 1)
            elif not carrier and not own_step:
                self._add(out, SHIP, 1)  # on a rival's ship: it cannot leave it, so back to its own
            return None
        if tile is None:
            # A carrier may not reveal tiles: count the turns someone else needs to turn it up.
            self._add(out, place, FACE_DOWN_COST if carrier else 1)
            return None
        kind, dirs, no_coin = tile
        if carrier and no_coin:
            return None
        area, r, c = place
        if dirs:
            return [((area, r + DIRS[way][0], c + DIRS[way][1]), ("step", *DIRS[way])) for way in dirs]
        if kind == "knight":
            return [((area, r + dr, c + dc), ("knight", dr, dc)) for dr, dc in KNIGHT_DELTAS]
        if kind == "trampoline":
            return [((area, r + dr, c + dc), ("jump", dr, dc)) for dr, dc in TRAMPOLINE]
        if kind == "energy" and vec[0] != "fly":
            # rulebook (energy): the move that brought the astronaut here, again.
            return [((area, r + vec[1], c + vec[2]), vec)]
        if kind in ("dragonfly", "energy"):  # (energy after a flight: another flight)
            for end, cost in self._flight_ends(seat, carrier, area).items():
                self._add(out, end, cost)
        elif kind == "portal":
            self._add(out, HOME if carrier else SHIP, 1)  # rulebook (portal): straight to its own ship
        elif kind != "crocodile":  # rulebook (crocodile): back where it came from - no way on
            self._add(out, place, 1 + EXTRA_TURNS.get(kind, 0))
        return None

    def _flight_ends(self, seat: int, carrier: bool, area: str) -> dict:
        """rulebook (dragonfly): a flight lands on any tile of the place. Where it can end does not
        depend on where it took off, so it is worked out once per layout - walking every chain anew
        from each dragonfly multiplied the work by the tiles of the place at every flight."""
        shared = (ANY_SEAT, carrier, area)
        ends = self.flights.get(shared)
        if ends is not None:
            if self.reading is not None:
                self.reading.extend(self.flight_reads[shared])
            return ends
        key = (seat, carrier, area)
        ends = self.flights.get(key)
        if ends is not None:
            if ends is not FLYING:
                self.seat_bound = True  # worked out for this seat alone: it met a ship
                if self.reading is not None:
                    self.reading.extend(self.flight_reads[key])
            return ends
        self.flights[key] = FLYING  # a flight within this flight ends nowhere new
        outer, self.seat_bound = self.seat_bound, False
        outer_reading, self.reading = self.reading, []
        ends = {}
        for other in self.tiles:
            if other[0] == area:
                self._arrive(seat, carrier, other, ("fly", 0, 0), ends, depth=1)
        self.flights[key] = ends
        read = self.flight_reads[key] = self.reading
        if not self.seat_bound:
            self.flights[shared] = ends
            self.flight_reads[shared] = read
        self.seat_bound = outer or self.seat_bound
        self.reading = outer_reading
        if outer_reading is not None:
            outer_reading.extend(read)
        return ends

    def leap_ends(self, seat: int, card: str, node) -> dict:
        """Where a Tame knight or Jet boots leap of an astronaut at `node` (a cell, or SHIP for the
        knight) can end - a rival's reach beyond its step (rulebook: ability cards)."""
        key = (seat, card, node)
        ends = self.leaps.get(key)
        if ends is None:
            ends = {}
            if node[0] not in ("space", MID) and (card == "tame_knight" or node != SHIP):
                area, r, c = self._ship_place(seat) if node == SHIP else node
                for dr, dc in LEAPS[card]:
                    self._arrive(seat, False, (area, r + dr, c + dc), ("jump", dr, dc), ends)
            self.leaps[key] = ends
        return ends

    # ------------------------------------------------------------------ distances
    def step_ends(self, seat: int, carrier: bool, node) -> dict:
        """`moves_from`, remembered for this layout."""
        known = self.edges.get((seat, carrier))
        if known is None:
            known = self.edges[seat, carrier] = {}
        ends = known.get(node)
        if ends is None:
            ends = known[node] = self._cell_ends(seat, carrier, node)
        return ends

    def _cell_ends(self, seat: int, carrier: bool, node) -> dict:
        """`moves_from`, shared by every seat when its moves never meet a ship: the seat counts only
        there (its own, an ally's or a rival's), so each seat's route maps walked the same chains
        again (issue #19: the moves of one layout, per seat, were a fifth of a heuristic game)."""
        if not (isinstance(node, tuple) and node[0] in self.ring):
            return self.moves_from(node, seat, carrier)  # its ship, a place in space, a choice
        shared = self.edges.get((ANY_SEAT, carrier))
        if shared is None:
            shared = self.edges[ANY_SEAT, carrier] = {}
        ends = shared.get(node)
        if ends is None:
            outer, self.seat_bound = self.seat_bound, False
            self.reading = []
            ends = self.moves_from(node, seat, carrier)
            key = (seat, carrier) if self.seat_bound else (ANY_SEAT, carrier)
            if not self.seat_bound:
                shared[node] = ends
            reads = self.reads.get(key)
            if reads is None:
                reads = self.reads[key] = {}
            reads[node] = tuple(self.reading)
            self.reading = None
            self.seat_bound = outer or self.seat_bound
        return ends

    def walk_from(self, seat: int, start) -> dict:
        """Turns for `seat`'s astronaut at `start` (a cell, SHIP or a place in space) to reach each
        place, not carrying."""
        key = ("walk", seat, start)
        walk = self.dist.get(key)
        if walk is None:
            known = self.edges.get((seat, False))
            if known is None:
                known = self.edges[seat, False] = {}
            walk = self.dist[key] = _shortest(known, lambda node: self.step_ends(seat, False, node), start)
        return walk

    def carry_to_ship(self, seat: int) -> dict:
        """Turns to carry a coin from each cell aboard `seat`'s (or an ally's) ship."""
        key = ("carry", seat)
        if key not in self.dist:
            reverse: dict = {}
            for node, tile in self.tiles.items():
                if tile is None or not (tile[1] or tile[0] in MOVING_ON):  # a place to stand on
                    for end, cost in self.step_ends(seat, True, node).items():
                        reverse.setdefault(end, {})[node] = cost
            self.dist[key] = _shortest(reverse, lambda node: {}, HOME)
        return self.dist[key]


def _loops(links: dict, state, steps: int, known: dict) -> bool:
    """Whether a chain from `state` goes on for `steps` more links (`links`: each state's onward
    arrivals, None where the move comes to rest). A chain that meets a state again can go round
    for ever, so this holds exactly when walking every chain meets a state twice or runs past
    MAX_CHAIN links."""
    if steps == 0:
        return True
    onward = links[state]
    if onward is None:
        return False
    key = (state, steps)
    if key not in known:
        known[key] = any(_loops(links, nxt, steps - 1, known) for nxt in onward)
    return known[key]


def _shortest(known: dict, ends_of, start) -> dict:
    """Dijkstra from `start`: each node's {next node: turns} from `known`, else `ends_of(node)`."""
    dist = {start: 0}
    queue = [(0, 0, start)]
    order = 1
    pop, push = heapq.heappop, heapq.heappush
    while queue:
        d, _, node = pop(queue)
        if d > dist[node]:
            continue
        ends = known.get(node)
        if ends is None:
            ends = ends_of(node)
        for nxt, cost in ends.items():
            nd = d + cost
            if nd < dist.get(nxt, FAR):
                dist[nxt] = nd
                push(queue, (nd, order, nxt))
                order += 1
    return dist


_LAYOUTS: OrderedDict = OrderedDict()
_LAYOUT_CACHE = 256


def forget_layouts() -> None:
    """Drop every cached layout and its route maps (a benchmark times searches from cold caches)."""
    _LAYOUTS.clear()


def layout_of(view: dict) -> Layout:
    """The route maps of the table in `view` (shared by every view of the same layout)."""
    return build_layout(view, read_cells(view))


def read_cells(view: dict) -> tuple[dict, list, list, dict, dict, list]:
    """One pass over the view's cells (a view is read for every position a bot judges): each cell's
    tile, or None while it is face down; the face-up cells with their tiles and the face-down cells,
    in the view's order; the coins and locks lying out; the face-down cells with their backs."""
    tiles: dict = {}
    face_up = []
    face_down = []
    coins, locks = {}, {}
    backs = []
    for aid, area in view["areas"].items():
        for cell in area["cells"]:
            place = (aid, cell["row"], cell["col"])
            if cell["revealed"]:
                tile = tiles[place] = (cell["tile"], tuple(cell["dirs"]), cell["no_coin"])
                face_up.append((place, tile))
            else:
                tiles[place] = None
                face_down.append(place)
                backs.append((place, cell["back"]))
            if cell.get("coins"):
                coins[place] = cell["coins"]
            if cell.get("lock"):
                locks[place] = cell["lock"]
    return tiles, face_up, face_down, coins, locks, backs


def _closed_from_space(tiles: dict, place: tuple) -> bool:
    """Whether `place`, with a coin or a lock on it, is an empty tile on the shore (beside the ring
    around its area: a tile with a place beside it that is no tile), where an astronaut in space
    could otherwise step."""
    tile = tiles[place]
    if tile is None or tile[0] != "empty":
        return False
    area, r, c = place
    return any((area, r + dr, c + dc) not in tiles for dr, dc in DIRS.values())


def build_layout(view: dict, cells: tuple[dict, list, list, dict, dict, list]) -> Layout:
    """layout_of, given the view's cells as `read_cells` read them."""
    tiles, face_up, face_down, coins, locks, _ = cells
    ships = {parse_cell(p["ship"]["cell"]): p["seat"] for p in view["players"]}
    teams = tuple(p["team"] for p in view["players"])
    face_up.sort()
    # Empty tiles a coin or a lock closes to astronauts in space (Layout.closed_from_space), read
    # only while an astronaut floats: walks from space start only at the astronauts of the view,
    # and coins on empty tiles (a revealed coin tile is one) move all through a search, so keying
    # every layout by them made a third more layouts and bot games twice as dear.
    floating = any(a["at"][0] == "space" for p in view["players"] for a in p["astronauts"])
    closed = (
        tuple(sorted({place for place in (*coins, *locks) if _closed_from_space(tiles, place)}))
        if floating
        else ()
    )
    # The cache outlives a game: the key holds everything a layout reads from the view, the
    # face-down cells (another planet's shape), the teams and the tiles closed from space too.
    # Without the teams a teams game that began where a game without teams had (the ships start on
    # the same cells, every tile face down) took that game's layout, partners as rivals, and a bot's
    # first moves hung on the games its process had played before.
    key = (tuple(face_up), tuple(face_down), tuple(sorted(ships.items())), teams, closed)
    layout = _LAYOUTS.get(key)
    if layout is None:
        # The ring is read only for a new layout: parsing it at every view cost a tenth of the maps.
        ring = {aid: [parse_cell(name) for name in area["ring"]] for aid, area in view["areas"].items()}
        layout = Layout(tiles, ring, ships, list(teams), frozenset(closed))
        if _LAYOUTS:
            layout.inherit(next(reversed(_LAYOUTS.values())))  # the layout used last
        _LAYOUTS[key] = layout
        if len(_LAYOUTS) > _LAYOUT_CACHE:
            _LAYOUTS.popitem(last=False)
    else:
        _LAYOUTS.move_to_end(key)
    return layout
