"""A scripting toolkit for the Planet rule tests: tiny boards written as text maps.

    s = table('''
        .. S0 .. ..
        .. __ ↑  ..
        .. ?? KN ..
        .. .. .. ..
    ''')
    put(s, 0, 1, "b2")          # seat 0's astronaut 1 stands on b2
    s.apply("move 1 E")          # every move goes through the public apply

Tokens (one per cell, split by spaces): `..` space, `S0`-`S3` the ship of that seat (in space),
`??` / `?G` / `?R` / `?S` a face-down yellow / green / grey / station tile, `__` an empty tile, and the
revealed tiles below. Columns are a, b, c... and rows 1, 2, 3... counted on the map, as in the game.
Named `planet_helpers` so it never shadows another game's helpers on `sys.path`.
"""

from __future__ import annotations

from cosmotable import games
from cosmotable.engine import CHANCE
from cosmotable.games.planet.board import (
    PLANET,
    STATION,
    Layout,
    _area,
    cell_name,
    default_box,
    default_cards,
    parse_cell,
)
from cosmotable.games.planet.state import PlanetState

GAME = games.get("planet")
DEFAULT_SEED = 982_451_653_771

ARROWS = {
    "↑": ("arrow1", 0),
    "→": ("arrow1", 1),
    "↓": ("arrow1", 2),
    "←": ("arrow1", 3),
    "↗": ("arrow1d", 0),
    "↘": ("arrow1d", 1),
    "↙": ("arrow1d", 2),
    "↖": ("arrow1d", 3),
    "↕": ("arrow2", 0),
    "↔": ("arrow2", 1),
    "⤢": ("arrow2d", 0),
    "✜": ("arrow4", 0),
}
CODES = {
    "__": "empty",
    "TR": "tree",
    "KN": "knight",
    "EN": "energy",
    "OB": "obelisk",
    "AF": "artifact",
    "ME": "meteorite",
    "TM": "trampoline",
    "CR": "crocodile",
    "CA": "canyon",
    "BE": "beam",
    "DF": "dragonfly",
    "PY": "pyramid",
    "FU": "fuel",
    "PO": "portal",
    "C1": "coins1",
    "C2": "coins2",
    "C3": "coins3",
    "L2": "locked2",
    "L3": "locked3",
    "L4": "locked4",
}
BACKS = {"??": "yellow", "?G": "green", "?R": "grey", "?S": "station"}


def _parse_map(text: str):
    rows = [line.split() for line in text.strip("\n").splitlines() if line.strip()]
    cells: dict[tuple[int, int], tuple[str, tuple[str, int] | None]] = {}
    ships: dict[int, tuple[int, int]] = {}
    for r, row in enumerate(rows):
        for c, tok in enumerate(row):
            if tok == "..":
                continue
            if tok.startswith("S") and tok[1:].isdigit():
                ships[int(tok[1:])] = (r, c)
            elif tok in BACKS:
                cells[(r, c)] = (BACKS[tok], None)
            elif tok in ARROWS:
                cells[(r, c)] = ("yellow", ARROWS[tok])
            elif tok.startswith("FL"):  # FL, FL1..FL3: circular flower turned that many quarters
                cells[(r, c)] = ("green", ("flower", int(tok[2:] or 0)))
            elif tok in CODES:
                cells[(r, c)] = ("yellow", (CODES[tok], 0))
            else:
                raise ValueError(f"unknown map token {tok!r} at row {r + 1}, column {c + 1}")
    return rows, cells, ships


def _area_from(area_id: str, rows, cells) -> object:
    letters = {"yellow": "Y", "green": "G", "grey": "R", "station": "S"}
    width = max(len(r) for r in rows)
    lines = []
    for r in range(len(rows)):
        lines.append("".join(letters[cells[(r, c)][0]] if (r, c) in cells else "." for c in range(width)))
    problems: list[str] = []
    area = _area(area_id, "\n".join(lines), "YGRS", "test map", problems)
    assert not [p for p in problems if "loop" not in p], problems
    return area


def table(
    text: str,
    players: int = 2,
    seed: int = DEFAULT_SEED,
    teams: bool = False,
    station: str | None = None,
    max_turns: int = 600,
) -> PlanetState:
    """A state on a hand-built planet (no layout checks: tiles tests need tiny boards)."""
    rows, cells, ships = _parse_map(text)
    planet = _area_from(PLANET, rows, cells)
    # Without a station map: a one-tile station left face down, so the game never ends by itself.
    st_rows, st_cells, _ = _parse_map(station or ".. .. ..\n.. ?S ..\n.. .. ..")
    for rc, (colour, tile) in list(st_cells.items()):
        st_cells[rc] = ("station", tile)
    st_area = _area_from(STATION, st_rows, st_cells)
    markers = {str(seat): planet.ring_index(rc) for seat, rc in ships.items()}
    assert None not in markers.values(), f"a ship must stand in the space touching the planet: {ships}"
    planet = type(planet)(
        planet.id, planet.cells, planet.ring, planet.corners, markers, planet.height, planet.width
    )
    layout = Layout("test map", planet, st_area, {players: tuple(str(i) for i in range(players))})
    config = GAME.make_config(players, ["teams"] if teams else None, max_turns=max_turns)
    s = PlanetState(GAME, config, seed, default_box(), layout, default_cards())
    for area_id, spec in ((PLANET, cells), (STATION, st_cells)):
        for (r, c), (colour, tile) in spec.items():
            cell = (area_id, r, c)
            s.back[cell] = colour
            if tile is not None:
                s.tile[cell] = tile
                s.revealed.add(cell)
                # what PlanetState.fix_tile notes when a pyramid is drawn (the listing tests for
                # pyramids only after one was)
                s.pyramid_drawn = s.pyramid_drawn or tile[0] == "pyramid"
    s._legal_cache = None
    return s


def put(s: PlanetState, seat: int, n: int, where: str) -> PlanetState:
    """Place astronaut n (1-3) of `seat`: a cell name, 'ship' (its own), 'ship K' or 'space:<ring cell>'."""
    if where == "ship":
        s.pos[seat][n - 1] = ("ship", seat)
    elif where.startswith("ship "):
        s.pos[seat][n - 1] = ("ship", int(where.split()[1]))
    elif where.startswith("space:"):
        area, r, c = parse_cell(where[6:])
        s.pos[seat][n - 1] = ("space", area, s.areas[area].ring_index((r, c)))
    else:
        cell = parse_cell(where)
        s.pos[seat][n - 1] = ("cell", cell, 0)
    s._legal_cache = None
    return s


def coins(s: PlanetState, where: str, k: int) -> PlanetState:
    """Put k coins from the supply on a tile (coins stay conserved)."""
    cell = parse_cell(where)
    s.coins[cell] = s.coins.get(cell, 0) + k
    s.supply -= k
    s._legal_cache = None
    return s


def act(s: PlanetState, *texts: str) -> PlanetState:
    for text in texts:
        s.apply(text)
    return s


def where(s: PlanetState, seat: int, n: int) -> str:
    p = s.pos[seat][n - 1]
    if p[0] == "ship":
        return "ship" if p[1] == seat else f"ship {p[1]}"
    if p[0] == "cell":
        return cell_name(*p[1]) + ("" if not p[2] else f" half {p[2]}")
    r, c = s.areas[p[1]].ring[p[2]]
    return "space:" + cell_name(p[1], r, c)


def tile(s: PlanetState, cell: str) -> str | None:
    c = parse_cell(cell)
    return s.tile[c][0] if c in s.revealed else None


def legal(s: PlanetState) -> list[str]:
    return [str(a) for a in s.legal_actions()]


def coin_total(s: PlanetState) -> int:
    """Every coin is somewhere: in the box, on a tile, locked in a container, carried or delivered."""
    carried = 1 if s.walk is not None and s.walk["coin"] else 0
    return s.supply + s.lost + sum(s.delivered) + sum(s.coins.values()) + sum(s.locks.values()) + carried


def play_random(s, rng, claims: bool = True):
    """Finish a game with random moves (claims optional)."""
    while not s.is_terminal():
        if s.current_player() == CHANCE:
            s.sample_chance(rng)
        else:
            acts = s.legal_actions()
            if not claims:
                acts = [a for a in acts if a.kind != "claim"] or acts
            s.apply(rng.choice(acts))
    return s


def new(players: int = 2, seed: int = DEFAULT_SEED, **kw):
    return GAME.new_state(num_players=players, seed=seed, **kw)


def recount_from_public(s: PlanetState) -> tuple[list[int], list[int]]:
    """Scores and winners counted again from what every player saw: the public delivery events, the
    teams and the artifact cards in the public view. Rulebook (end): «Посчитайте свои монеты —
    побеждает тот, кто набрал наибольшее количество. В случае ничьей побеждает тот игрок, у кого
    больше всех артефактов»; in teams the partners' coins and artifacts are summed."""
    view = s.public_view()
    players = s.num_players
    delivered = [0] * players
    for event in s.events:
        if event.kind == "deliver" and event.visible_to is None:
            delivered[event.data["owner"]] += 1
    team_of = [p["team"] for p in view["players"]]
    coins = [sum(d for q, d in enumerate(delivered) if team_of[q] == team_of[p]) for p in range(players)]
    artifacts = [
        sum(len(view["players"][q]["cards"]) for q in range(players) if team_of[q] == team_of[p])
        for p in range(players)
    ]
    best = max(zip(coins, artifacts))
    return coins, [p for p in range(players) if (coins[p], artifacts[p]) == best]


def coin_beside_the_ship():
    """Every tile face up (a claim may be made, R21), one coin left: at b2, under seat 0's astronaut 1,
    beside seat 0's ship at b1; seat 1's ship at c4."""
    s = table(
        """
    .. S0 .. ..
    .. __ __ ..
    .. __ __ ..
    .. .. S1 ..
    """,
        station=".. .. ..\n.. __ ..\n.. .. ..",
    )
    put(s, 0, 1, "b2")
    return coins(s, "b2", 1)
