"""Planet components as data: tile kinds, the box, the planet and station layouts, ability cards.

Everything the rulebook shows only in pictures (tile counts, coin values, shapes, ship places, card
texts) lives in `data/*.toml` with a `source` field. Validation collects every problem and names the
offending entry, so a custom planet (`layout` option) is explained in full when it breaks a rule.
"""

from __future__ import annotations

import math
import tomllib
from dataclasses import dataclass, field
from functools import cache, lru_cache
from importlib import resources
from typing import Any

from cosmotable.engine.errors import DataError
from cosmotable.engine.inputs import quoted

DIRS: dict[str, tuple[int, int]] = {
    "N": (-1, 0),
    "NE": (-1, 1),
    "E": (0, 1),
    "SE": (1, 1),
    "S": (1, 0),
    "SW": (1, -1),
    "W": (0, -1),
    "NW": (-1, -1),
}
DIR_NAMES = {v: k for k, v in DIRS.items()}
ORTHOGONAL = ((-1, 0), (1, 0), (0, 1), (0, -1))
COLOURS = ("yellow", "green", "grey")
MAP_COLOURS = {"Y": "yellow", "G": "green", "R": "grey", "S": "station"}
SHIP_MARKERS = "123456789abc"
PLANET, STATION = "p", "s"
# rulebook (custom planets): at least 3 grey, 12 green and 20 yellow tiles.
MINIMUM = {"grey": 3, "green": 12, "yellow": 20}


def rotate(direction: str, quarter_turns: int) -> str:
    """`direction` turned 90 degrees clockwise `quarter_turns` times."""
    dr, dc = DIRS[direction]
    for _ in range(quarter_turns % 4):
        dr, dc = dc, -dr
    return DIR_NAMES[(dr, dc)]


@lru_cache(maxsize=4096)  # a few hundred cells, named and parsed for every view and move
def cell_name(area: str, r: int, c: int) -> str:
    name = f"{chr(ord('a') + c)}{r + 1}"
    return name if area == PLANET else f"s:{name}"


@lru_cache(maxsize=4096)
def parse_cell(text: str) -> tuple[str, int, int]:
    area = PLANET
    if text.startswith("s:"):
        area, text = STATION, text[2:]
    if len(text) < 2 or not text[0].isalpha() or not text[1:].isdigit():
        raise ValueError(f"{text!r} is not a cell name such as 'd5' or 's:c2'")
    return area, int(text[1:]) - 1, ord(text[0].lower()) - ord("a")


@dataclass(frozen=True)
class TileKind:
    id: str
    name: str
    dirs: tuple[str, ...] = ()
    coins: int = 0
    locked: bool = False
    one_use: bool = False
    no_coin: bool = False

    # A kind's orientations and directions are asked at every reveal and every arrow stepped on; a
    # frozen kind gives the same answers each time, so they are worked out once with it and kept as
    # plain attributes (a cache keyed by the kind hashed all its fields at every question).
    #: The directions at 0, 1, 2 and 3 quarter turns clockwise.
    turned: tuple[tuple[str, ...], ...] = field(init=False, repr=False, compare=False)
    #: orientations(), kept.
    ways: tuple[tuple[int, float], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if any(d not in DIRS for d in self.dirs):
            # A kind with an unknown direction is made only to be refused (box_from_data names it).
            object.__setattr__(self, "turned", (self.dirs,) * 4)
            object.__setattr__(self, "ways", ())
            return
        object.__setattr__(self, "turned", tuple(tuple(rotate(d, k) for d in self.dirs) for k in range(4)))
        object.__setattr__(self, "ways", tuple(self._orientations()))

    def orientations(self) -> list[tuple[int, float]]:
        """(quarter turns, probability) for the distinct ways the tile can lie (rulebook: random)."""
        return list(self.ways)

    def _orientations(self) -> list[tuple[int, float]]:
        if not self.dirs:
            return []
        seen: dict[frozenset[str], int] = {}
        first: dict[frozenset[str], int] = {}
        for k in range(4):
            key = frozenset(self.turned[k])
            seen[key] = seen.get(key, 0) + 1
            first.setdefault(key, k)
        return [(first[key], count / 4) for key, count in seen.items()] if len(seen) > 1 else []

    def directions(self, rot: int) -> tuple[str, ...]:
        return self.turned[rot % 4]


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    once: bool
    text: str


@dataclass(frozen=True)
class Area:
    """A planet or station: its cells (with back colour), the ring of space around it, ship places."""

    id: str
    cells: dict[tuple[int, int], str]
    ring: tuple[tuple[int, int], ...]  # space cells touching the area, clockwise
    corners: frozenset[int]  # ring indexes touching the area only diagonally
    markers: dict[str, int]  # ship marker -> ring index
    height: int
    width: int

    # Tables of the area's shape, built once with it and read by every step of the rules (plain
    # attributes, not properties: they are read hundreds of times a turn). The shape never changes
    # in a game (a meteorite swaps tiles, not cells).
    #: (row, col) of a place of the ring -> its index.
    ring_lookup: dict[tuple[int, int], int] = field(init=False, repr=False, compare=False)
    #: This area's cells as (area, row, col), sorted: the order choices over tiles are offered in
    #: (a dragonfly's flight, an obelisk's peeks, a meteorite's swaps).
    sorted_cells: tuple[tuple[str, int, int], ...] = field(init=False, repr=False, compare=False)
    #: (row, col) -> what lies there: ("cell", (area, row, col)) for a tile, ("ring", area, index) for
    #: a space cell of the ring; deep space is absent.
    places: dict[tuple[int, int], tuple] = field(init=False, repr=False, compare=False)
    #: (row, col) -> for each direction of DIRS in order, (direction, what lies one step that way or
    #: None for deep space): the eight neighbours every step of the legal-move listing asks for.
    around: dict[tuple[int, int], tuple[tuple[str, tuple | None], ...]] = field(
        init=False, repr=False, compare=False
    )
    #: (row, col) -> (directions to tiles, (direction, cell) for each tile, (direction, ring index)
    #: for each place of space) one step away, each in the order of DIRS; deep space left out. The
    #: steps an astronaut's listing tries, split by what decides them (a tile: a pyramid; a place of
    #: space: a ship).
    steps: dict[
        tuple[int, int], tuple[tuple[str, ...], tuple[tuple[str, tuple], ...], tuple[tuple[str, int], ...]]
    ] = field(init=False, repr=False, compare=False)
    #: Ability plays worked out once per position (reach.py's memo), kept with the shape they depend on.
    plays_memo: dict[tuple, tuple] = field(init=False, repr=False, compare=False)
    #: Plays that depend on the shape and on where the ships stand (moves.py's memo of a ship's sails
    #: and an astronaut's drifts when ships are near), keyed by the ships' places; emptied when it
    #: grows large.
    ships_memo: dict[tuple, tuple] = field(init=False, repr=False, compare=False)
    #: ring index -> the cells (area, row, col) one step from that place of space: the tiles from
    #: which an astronaut may step onto a ship standing there.
    ring_touch: tuple[frozenset[tuple[str, int, int]], ...] = field(init=False, repr=False, compare=False)
    #: ring index -> the ring indexes within 3 places of it either way (a sail's or a drift's reach:
    #: the ships it may hop over); every index on a ring of 6 places or fewer.
    ring_near: tuple[frozenset[int], ...] = field(init=False, repr=False, compare=False)
    #: (area, row, col) of a tile or a place of the ring -> for each astronaut number - 1, its steps to
    #: the neighbouring tiles as actions (moves.py's memo of the listing's most frequent cases: on a
    #: tile with no ship of its team beside it, aboard its own ship with no ally).
    moves_memo: dict[tuple, tuple] = field(init=False, repr=False, compare=False)
    #: For the views (views.build_view, built for every position a bot judges): each cell in
    #: sorted_cells' order as (cell, its name, row, col); the ring's places by name; the corners sorted.
    named_cells: tuple[tuple[tuple[str, int, int], str, int, int], ...] = field(
        init=False, repr=False, compare=False
    )
    ring_names: tuple[str, ...] = field(init=False, repr=False, compare=False)
    #: cell -> its place in named_cells.
    cell_order: dict[tuple[str, int, int], int] = field(init=False, repr=False, compare=False)
    sorted_corners: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        places: dict[tuple[int, int], tuple] = {
            (r, c): ("ring", self.id, i) for i, (r, c) in enumerate(self.ring)
        }
        places.update({(r, c): ("cell", (self.id, r, c)) for (r, c) in self.cells})
        around = {
            (r, c): tuple((name, places.get((r + dr, c + dc))) for name, (dr, dc) in DIRS.items())
            for (r, c) in places
        }
        steps = {}
        for rc, ways in around.items():
            tiles = tuple((name, t[1]) for name, t in ways if t is not None and t[0] == "cell")
            rings = tuple((name, t[2]) for name, t in ways if t is not None and t[0] == "ring")
            steps[rc] = (tuple(name for name, _ in tiles), tiles, rings)
        sorted_cells = tuple(sorted((self.id, r, c) for (r, c) in self.cells))
        touch: list[set[tuple[str, int, int]]] = [set() for _ in self.ring]
        for r, c in self.cells:
            for _, idx in steps[(r, c)][2]:
                touch[idx].add((self.id, r, c))
        tables = {
            "ring_lookup": {p: i for i, p in enumerate(self.ring)},
            "sorted_cells": sorted_cells,
            "places": places,
            "around": around,
            "steps": steps,
            "plays_memo": {},
            "ships_memo": {},
            "ring_touch": tuple(frozenset(cells) for cells in touch),
            "ring_near": tuple(
                frozenset(j for j in range(size) if (j - i) % size <= 3 or (i - j) % size <= 3)
                for size in [len(self.ring)]
                for i in range(size)
            ),
            "moves_memo": {},
            "named_cells": tuple((cell, cell_name(*cell), cell[1], cell[2]) for cell in sorted_cells),
            "ring_names": tuple(cell_name(self.id, r, c) for r, c in self.ring),
            "cell_order": {cell: k for k, cell in enumerate(sorted_cells)},
            "sorted_corners": tuple(sorted(self.corners)),
        }
        for name, table in tables.items():
            object.__setattr__(self, name, table)

    def ring_index(self, rc: tuple[int, int]) -> int | None:
        return self.ring_lookup.get(rc)


@dataclass(frozen=True)
class Box:
    source: str
    kinds: dict[str, TileKind]
    box: dict[str, dict[str, int]]  # colour -> kind -> count
    coins: int
    locks: int
    astronauts: int
    removed: int
    fuel: str


@dataclass(frozen=True)
class Layout:
    source: str
    planet: Area
    station: Area
    ships: dict[int, tuple[str, ...]]  # player count -> markers


def _neighbours(r: int, c: int):
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if dr or dc:
                yield r + dr, c + dc


def _read(name: str) -> dict[str, Any]:
    text = resources.files("cosmotable.games.planet").joinpath("data", name).read_text("utf-8")
    return tomllib.loads(text)


# ------------------------------------------------------------------------------ tiles and cards
def box_from_data(data: dict[str, Any], where: str = "tiles.toml") -> Box:
    problems: list[str] = []
    if not isinstance(data.get("source"), str):
        problems.append(f"{where}: 'source' must say where the values come from")
    kinds: dict[str, TileKind] = {}
    for kid, entry in (data.get("kinds") or {}).items():
        dirs = tuple(entry.get("dirs", ()))
        bad = [d for d in dirs if d not in DIRS]
        if bad:
            problems.append(f"{where}: kind {kid!r} has unknown direction(s) {bad}; use {', '.join(DIRS)}")
        coins = entry.get("coins", 0)
        if not isinstance(coins, int) or coins < 0:
            problems.append(f"{where}: kind {kid!r} coins must be a whole number >= 0, got {coins!r}")
        kinds[kid] = TileKind(
            kid,
            entry.get("name", kid),
            dirs,
            coins,
            bool(entry.get("locked", False)),
            bool(entry.get("one_use", False)),
            bool(entry.get("no_coin", False)),
        )
    for required in ("empty", "fuel"):
        if required not in kinds:
            problems.append(f"{where}: the tile kind {required!r} is missing")
    comp = data.get("components", {})
    box: dict[str, dict[str, int]] = {}
    for colour, counts in (data.get("box") or {}).items():
        if colour not in (*COLOURS, "station"):
            problems.append(f"{where}: box.{colour} is not a back colour (yellow, green, grey, station)")
        for kid, n in counts.items():
            if kid not in kinds:
                problems.append(f"{where}: box.{colour}.{kid} names an unknown tile kind")
            if not isinstance(n, int) or n < 1:
                problems.append(f"{where}: box.{colour}.{kid} must be a count >= 1, got {n!r}")
        box[colour] = dict(counts)
    if not problems:
        coins = sum(kinds[k].coins * n for counts in box.values() for k, n in counts.items())
        if coins > comp.get("coins", 30):
            problems.append(
                f"{where}: containers hold {coins} coins but the box has only {comp.get('coins', 30)}"
            )
        locked = sum(n for counts in box.values() for k, n in counts.items() if kinds[k].locked)
        if locked > comp.get("locks", 3):
            problems.append(
                f"{where}: {locked} locked containers but only {comp.get('locks', 3)} lock tokens"
            )
        if box.get("grey", {}).get(comp.get("fuel", "fuel"), 0) != 1:
            problems.append(f"{where}: box.grey must hold exactly one Fuel tile")
    if problems:
        raise DataError(where, problems)
    return Box(
        data["source"],
        kinds,
        box,
        comp.get("coins", 30),
        comp.get("locks", 3),
        comp.get("astronauts_per_player", 3),
        comp.get("removed_per_colour", 2),
        comp.get("fuel", "fuel"),
    )


@cache
def default_box() -> Box:
    return box_from_data(_read("tiles.toml"))


@cache
def tile_texts() -> dict[str, str]:
    """What each tile kind does, in words (the `text` of each kind in data/tiles.toml): for people,
    the rules never read it."""
    return {kid: entry.get("text", "") for kid, entry in (_read("tiles.toml").get("kinds") or {}).items()}


def default_cards() -> dict[str, Card]:
    """The ability cards by id: a new table each time, over cards read once (every game starts with
    them; reading the file for each was 2% of a random playout, measured with py-spy)."""
    return dict(_default_cards())


@cache
def _default_cards() -> dict[str, Card]:
    data = _read("cards.toml")
    return {cid: Card(cid, e["name"], bool(e["once"]), e["text"]) for cid, e in data["cards"].items()}


# ------------------------------------------------------------------------------ layouts
def _area(area_id: str, text: str, allowed: str, where: str, problems: list[str]) -> Area | None:
    rows = [line for line in text.strip("\n").split("\n")]
    cells: dict[tuple[int, int], str] = {}
    markers_at: dict[str, tuple[int, int]] = {}
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch == ".":
                continue
            if ch in allowed:
                cells[(r, c)] = MAP_COLOURS[ch]
            elif ch in SHIP_MARKERS and area_id == PLANET:
                markers_at[ch] = (r, c)
            else:
                problems.append(
                    f"{where}: row {r + 1} column {c + 1}: unknown map character {ch!r}"
                    f" (use {', '.join(allowed)}, '.' or a ship marker)"
                )
    if not cells:
        problems.append(f"{where}: the map has no tiles")
        return None
    ring_set = {q for p in cells for q in _neighbours(*p) if q not in cells}
    if any(r < 0 or c < 0 for r, c in ring_set):
        problems.append(f"{where}: leave a border of '.' around the tiles for the ships")
    cy = sum(r for r, _ in cells) / len(cells)
    cx = sum(c for _, c in cells) / len(cells)
    ring = tuple(sorted(ring_set, key=lambda p: (math.atan2(p[1] - cx, -(p[0] - cy)), p)))
    for i, p in enumerate(ring):
        q = ring[(i + 1) % len(ring)]
        if max(abs(p[0] - q[0]), abs(p[1] - q[1])) > 1:
            problems.append(
                f"{where}: the space around the tiles is not one simple loop near "
                f"{cell_name(area_id, *p)} (make the shape rounder)"
            )
            break
    corners = frozenset(
        i for i, (r, c) in enumerate(ring) if not any((r + dr, c + dc) in cells for dr, dc in ORTHOGONAL)
    )
    markers: dict[str, int] = {}
    for m, p in markers_at.items():
        if p not in ring_set:
            problems.append(
                f"{where}: ship {m!r} at {cell_name(area_id, *p)} must stand in space touching the planet"
            )
            continue
        markers[m] = ring.index(p)
        if markers[m] in corners:
            problems.append(
                f"{where}: ship {m!r} at {cell_name(area_id, *p)} stands on a corner (ships never stop on corners)"
            )
        touching = {cells[q] for q in _neighbours(*p) if q in cells}
        if touching - {"yellow"}:
            problems.append(
                f"{where}: ship {m!r} at {cell_name(area_id, *p)} touches {', '.join(sorted(touching - {'yellow'}))}"
                " tiles; ships may touch only yellow tiles"
            )
    height = max(r for r, _ in ring_set) + 1
    width = max(c for _, c in ring_set) + 1
    return Area(area_id, cells, ring, corners, markers, height, width)


def _planet_rules(
    area: Area, box: Box, where: str, problems: list[str], minimum: dict[str, int] = MINIMUM
) -> None:
    count = {colour: sum(1 for v in area.cells.values() if v == colour) for colour in COLOURS}
    for colour, least in minimum.items():
        if count[colour] < least:
            problems.append(f"{where}: {count[colour]} {colour} tiles; a planet needs at least {least}")
        most = sum(box.box.get(colour, {}).values()) - box.removed
        if count[colour] > most:
            problems.append(
                f"{where}: {count[colour]} {colour} tiles but the box holds {most} after removing {box.removed}"
            )
    for (r, c), colour in sorted(area.cells.items()):
        around = {area.cells.get(q, "space") for q in _neighbours(r, c)}
        name = cell_name(area.id, r, c)
        if "space" in around and colour != "yellow":
            problems.append(f"{where}: {name} is on the outer edge but {colour}; the edge must be yellow")
        if colour == "grey" and around & {"yellow", "space"}:
            problems.append(
                f"{where}: grey {name} touches the edge; grey tiles belong in the centre, ringed by green"
            )


#: The largest map text read (a planet of every tile in the box fits in a few hundred characters).
MAX_MAP_CHARS = 4000


def _map_text(data: dict[str, Any], area: str, where: str, problems: list[str]) -> str | None:
    """The text map of `area` ("planet" or "station"), or None after noting what is wrong."""
    table = data.get(area)
    text = table.get("map") if isinstance(table, dict) else None
    if not isinstance(text, str):
        problems.append(f"{where}: {area} must be a table whose 'map' is a text map, got {quoted(table, 60)}")
        return None
    if len(text) > MAX_MAP_CHARS:
        problems.append(
            f"{where}: {area}.map holds {len(text)} characters; a map has at most {MAX_MAP_CHARS}"
        )
        return None
    return text


def layout_problems(
    data: Any, box: Box | None = None, where: str = "layout", minimum: dict[str, int] = MINIMUM
) -> list[str]:
    """Every problem of a layout for `box`; `minimum`: the fewest planet tiles of each colour (the
    rulebook's planet; a research configuration, research.py, sets its own)."""
    box = box or default_box()
    problems: list[str] = []
    if not isinstance(data, dict):
        return [f"{where}: must be a table with source, planet.map, station.map and ships"]
    if not isinstance(data.get("source"), str):
        problems.append(f"{where}: 'source' must say where the layout comes from")
    planet = station = None
    pmap = _map_text(data, "planet", where, problems)
    smap = _map_text(data, "station", where, problems)
    if pmap is not None:
        planet = _area(PLANET, pmap, "YGR", f"{where} planet", problems)
        if planet:
            _planet_rules(planet, box, f"{where} planet", problems, minimum)
    if smap is not None:
        station = _area(STATION, smap, "S", f"{where} station", problems)
        if station and len(station.cells) > sum(box.box.get("station", {}).values()) - box.removed:
            problems.append(
                f"{where} station: {len(station.cells)} tiles but the box holds "
                f"{sum(box.box.get('station', {}).values()) - box.removed} after removing {box.removed}"
            )
    ships = data.get("ships")
    if not isinstance(ships, dict) or not ships:
        problems.append(f"{where}: 'ships' must map player counts (2, 3, 4) to lists of ship markers")
    elif planet is not None:
        for n, markers in ships.items():
            if n not in ("2", "3", "4"):
                problems.append(
                    f"{where}: ships has the key {quoted(n, 20)}; the keys are player counts 2, 3, 4"
                )
                continue
            if (
                not isinstance(markers, list)
                or len(markers) != int(n)
                or not all(isinstance(m, str) and len(m) == 1 and m in SHIP_MARKERS for m in markers)
                or len(set(markers)) != len(markers)
            ):
                problems.append(
                    f"{where}: ships.{n} must list {n} different ship markers, each one of the "
                    f"characters {SHIP_MARKERS} that mark ships on the planet map"
                )
                continue
            missing = [m for m in markers if m not in planet.markers]
            if missing:
                problems.append(f"{where}: ships.{n} names marker(s) {missing} not on the planet map")
                continue
            idx = sorted(planet.markers[m] for m in markers)
            length = len(planet.ring)
            gaps = [(idx[(i + 1) % len(idx)] - idx[i]) % length or length for i in range(len(idx))]
            # rulebook (custom planets): ships equally spaced - as equal as the loop's length allows.
            if max(gaps) - min(gaps) > (0 if length % len(idx) == 0 else 1):
                problems.append(
                    f"{where}: ships.{n} {markers} are not equally spaced around the planet "
                    f"(gaps {gaps} cells along the {length}-cell loop)"
                )
    return problems


def layout_from_data(
    data: dict[str, Any], where: str = "layout", box: Box | None = None, minimum: dict[str, int] = MINIMUM
) -> Layout:
    problems = layout_problems(data, box, where, minimum)
    if problems:
        raise DataError(where, problems)
    scratch: list[str] = []
    planet = _area(PLANET, data["planet"]["map"], "YGR", where, scratch)
    station = _area(STATION, data["station"]["map"], "S", where, scratch)
    assert planet and station
    ships = {int(n): tuple(m) for n, m in data["ships"].items()}
    return Layout(data["source"], planet, station, ships)


@cache
def default_layout_data() -> dict[str, Any]:
    return _read("layout.toml")


@cache
def default_layout() -> Layout:
    return layout_from_data(default_layout_data(), "layout.toml")


def read_layout_file(path: str) -> dict[str, Any]:
    """A layout file (TOML or JSON) as the dict to pass as the `layout` option, checked: DataError
    lists every problem (for a CLI `check-layout` command; wiring it into cli.py is left to its owner)."""
    import json
    from pathlib import Path

    p = Path(path)
    try:
        text = p.read_text("utf-8")
    except OSError as exc:
        raise DataError(str(p), [f"cannot be read: {exc.strerror or exc}"]) from None
    try:
        data = json.loads(text) if p.suffix == ".json" else tomllib.loads(text)
    except (ValueError, tomllib.TOMLDecodeError) as exc:
        raise DataError(
            str(p), [f"is not valid {'JSON' if p.suffix == '.json' else 'TOML'}: {exc}"]
        ) from None
    problems = layout_problems(data, where=p.name)
    if problems:
        raise DataError(str(p), problems)
    return data
