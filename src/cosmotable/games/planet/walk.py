"""A Planet move in progress, a *walk*: the astronaut, whether it carries a coin, the last move's
vector (for acceleration energy), where it came from (for the crocodile) and the (place, vector)
pairs it has passed (for loops). Each step, each arrival, and what the tile it lands on does
(rulebook: moving, tiles; Rulings R3, R9), including a tile revealed under it. Functions of the
state, called by abilities.py and effects.py; carry.py follows the same rules for a carrier."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from cosmotable.games.planet import wording
from cosmotable.games.planet.actions import KNIGHTS, Beam, Go, Jump, Knight, Move
from cosmotable.games.planet.board import DIRS, cell_name, parse_cell
from cosmotable.games.planet.choices import flights_from, leap_choices, meteor_options, next_peek, set_choices
from cosmotable.games.planet.endings import action_done, finish_walk, violate
from cosmotable.games.planet.reach import STEP_VECTORS, crocodile_back, place_of, step_ok
from cosmotable.games.planet.ships import to_ship

if TYPE_CHECKING:
    from cosmotable.engine.core import Action
    from cosmotable.games.planet.state import Cell, PlanetState

# The choices offered inside a move are frozen values, made once (as choices.py's are): an arrow's
# ways, a knight's and a trampoline's landings.
_go = cache(Go)
_KNIGHT_LEAPS = [(Knight(code), d) for code, d in KNIGHTS.items()]
_JUMP_LEAPS = [(Jump(w), (2 * dr, 2 * dc)) for w, (dr, dc) in DIRS.items()]


# ------------------------------------------------------------------ a move that starts a walk
def new_walk(seat: int, i: int, coin: bool, prev: tuple, after: str) -> dict:
    """A walk that starts now: astronaut `i` of `seat` from `prev` (a move, or an ability's)."""
    return {
        "seat": seat,
        "a": i,
        "coin": coin,
        "vec": None,
        "prev": prev,
        "after": after,
        "steps": 0,
        "visited": set(),
        "cell": None,
    }


def start_move(s: PlanetState, action: Move, after: str = "end") -> None:
    seat, i = s.seat, action.astronaut - 1
    p = s.pos[seat][i]
    if after == "end" and not action.coin and (p[0] == "cell" or p == ("ship", seat)):
        cell = _plain_landing(s, seat, p, action.way)
        if cell is not None:
            # The most frequent move (a third of them in random games): one step, no coin, from a
            # tile or the seat's own ship onto a revealed empty tile with no lock or rival -
            # the walk below would step, arrive, land and find nothing to do (effect, finish_walk),
            # so only its outcome is carried out: the same event, position and end of the action.
            if not s.silent:
                s.note(wording.moved, seat, i + 1, action.way, None if p[0] == "ship" else p[1], False)
            s.pos[seat][i] = ("cell", cell, 0)
            s.walk = None
            s.options = []
            action_done(s)
            return
    walk = s.walk = new_walk(seat, i, action.coin, p, after)
    if action.coin:
        cell = p[1]
        s.coins[cell] -= 1
        if not s.coins[cell]:
            del s.coins[cell]
    if action.way == "canyon":
        cell = p[1]
        s.pos[seat][i] = ("cell", cell, 2)
        walk["cell"] = cell
        s.note(wording.canyon, seat, i + 1, cell, "far")
        attack(s, seat, cell, 2)
        if walk["coin"]:
            s.coins[cell] = s.coins.get(cell, 0) + 1
            walk["coin"] = False
        finish_walk(s)
        return
    if not s.silent:
        # Where it starts, fixed now: a ship it stands on may sail before the log is read.
        origin = None if p == ("ship", seat) else p[1] if p[0] == "cell" else place_of(s, p)
        s.note(wording.moved, seat, i + 1, action.way, origin, action.coin)
    if p[0] == "ship" and p[1] != seat:
        area, r, c = place_of(s, p)
        dr, dc = DIRS[action.way]
        if not step_ok(s, seat, area, r + dr, c + dc):
            s.pos[seat][i] = ("ship", seat)
            walk["prev"] = ("ship", seat)
            if not s.silent:
                s.emit(
                    "home",
                    f"seat {seat}'s astronaut {i + 1} cannot leave seat {p[1]}'s ship and returns to its own",
                    seat,
                    a=i + 1,
                    owner=p[1],
                )
    step(s, STEP_VECTORS[action.way])


def _plain_landing(s: PlanetState, seat: int, p: tuple, way: str) -> Cell | None:
    """The tile a step `way` from `p` (a tile, or a ship) lands on when that is all the walk does
    (walk.step, arrive, land and effect): a revealed empty tile with no lock and no astronaut
    of another team; None otherwise (off the map, into the ring, face down, any other tile)."""
    if way == "canyon":
        return None
    area, r, c = p[1] if p[0] == "cell" else place_of(s, p)
    dr, dc = DIRS[way]
    t = s.areas[area].places.get((r + dr, c + dc))
    if t is None or t[0] != "cell":
        return None
    cell = t[1]
    if cell not in s.revealed:
        return None
    kind = s.box.kinds[s.tile[cell][0]]
    if kind.id != "empty" or kind.coins or s.locks.get(cell) or s.enemy_at(seat, cell):
        return None
    return cell


def step(s: PlanetState, vec: tuple) -> None:
    """Move the walking astronaut by `vec` from where it stands."""
    walk = s.walk
    p = s.pos[walk["seat"]][walk["a"]]
    area, r, c = p[1] if p[0] == "cell" else place_of(s, p)
    if vec[0] == "knight" or vec[0] == "step":
        dr, dc = vec[1], vec[2]
    else:  # jump: two cells in a straight line
        dr, dc = 2 * vec[1], 2 * vec[2]
    t = s.areas[area].places.get((r + dr, c + dc))  # target(s, area, ...), at every step of a walk
    if t is None:
        # Ruling R9: a forced move pointing beyond the space around the planet stops where it is.
        if not s.silent:
            s.emit(
                "stop",
                f"the move would leave the map: the astronaut stays at {cell_name(area, r, c)}",
                walk["seat"],
                cell=cell_name(area, r, c),
            )
        finish_walk(s)
        return
    arrive(s, t, vec)


def arrive(s: PlanetState, t: tuple, vec: tuple | None) -> None:
    walk = s.walk
    seat, i = walk["seat"], walk["a"]
    key = (t, vec)
    walk["steps"] += 1
    # rulebook (moving): an astronaut caught in a loop goes back to its ship (Ruling R3: a repeat of
    # place and direction within one move is a loop).
    if key in walk["visited"] or walk["steps"] > 60:
        if walk["coin"]:
            violate(s, "the coin would go round in a loop")
        walk["visited"].clear()
        if not s.silent:
            s.emit(
                "loop",
                f"seat {seat}'s astronaut {i + 1} is caught in a loop and returns to its ship",
                seat,
                a=i + 1,
            )
        to_ship(s, seat, i, seat)
        return
    walk["visited"].add(key)
    walk["prev"] = s.pos[seat][i]
    walk["vec"] = vec
    if t[0] == "ship":
        to_ship(s, seat, i, t[1])
        return
    if t[0] == "ring":
        area, idx = t[1], t[2]
        owner = s.ship_at(area, idx)
        if owner is not None:
            to_ship(s, seat, i, owner)
            return
        # rulebook (in space): the astronaut floats beside the planet; a coin taken there is lost.
        s.pos[seat][i] = ("space", area, idx)
        if not s.silent:
            s.note(wording.in_space, seat, i + 1, area, *s.areas[area].ring[idx])
        if walk["coin"]:
            s.lost += 1
            walk["coin"] = False
            if not s.silent:
                s.emit("coin-lost", "the coin is lost in space", seat, where="space")
        finish_walk(s)
        return
    cell = t[1]
    walk["cell"] = cell
    if cell not in s.revealed:
        if walk["coin"]:
            violate(
                s, f"{cell_name(*cell)} is face down and an astronaut carrying a coin may not reveal tiles"
            )
        s.pos[seat][i] = ("cell", cell, 0)
        s.pending = cell
        s.phase = "reveal"
        return
    land(s, cell)


def revealed(s: PlanetState, kid: str, quarter: int | None) -> None:
    cell = s.pending
    if cell not in s.tile:
        s.fix_tile(cell, kid, quarter or 0)
        # A public reveal draws the orientation next; a peek drew it with the kind (Ruling R3).
        if s.phase == "reveal" and s.box.kinds[kid].orientations():
            s.phase = "orient"
            return
    reveal_done(s)


def oriented(s: PlanetState, quarter: int) -> None:
    cell = s.pending
    s.tile[cell] = (s.tile[cell][0], quarter)
    reveal_done(s)


def reveal_done(s: PlanetState) -> None:
    cell = s.pending
    s.pending = None
    if s.phase == "peek-reveal":
        seat = s.seat
        s.seen.setdefault(cell, set()).add(seat)
        kid, rot = s.tile[cell]
        if not s.silent:
            s.emit(
                "peek-secret",
                f"seat {seat} sees {s.box.kinds[kid].name} at {cell_name(*cell)}",
                seat,
                visible_to=[seat],
                cell=cell_name(*cell),
                tile=kid,
                rot=rot,
            )
        s.phase = "peek"
        next_peek(s)
        return
    s.revealed.add(cell)
    s.progress_turn = s.total_turns
    s.seen.pop(cell, None)
    kid, rot = s.tile[cell]
    colour = s.back[cell]
    s.shown[colour][kid] = s.shown[colour].get(kid, 0) + 1
    kind = s.box.kinds[kid]
    s.note(wording.revealed, s.seat, cell, kind, rot)
    if kind.locked:
        # rulebook (locked container): put a lock token on it.
        s.locks[cell] = min(kind.coins, s.supply)
        s.supply -= s.locks[cell]
    s.phase = "act"
    land(s, cell)


# ------------------------------------------------------------------ tile effects
def land(s: PlanetState, cell: Cell) -> None:
    walk = s.walk
    seat, i = walk["seat"], walk["a"]
    kind = s.kind(cell)
    if walk["coin"] and kind.no_coin:
        violate(s, f"{cell_name(*cell)} ({kind.name}) may not be entered with a coin")
    if kind.id == "pyramid" and s.enemies_at(seat, cell):
        # Ruling R11: forced into a pyramid held by another team, the astronaut goes back to its ship.
        if not s.silent:
            s.emit(
                "blocked",
                f"the pyramid at {cell_name(*cell)} is held by another team",
                seat,
                a=i + 1,
                cell=cell_name(*cell),
            )
        to_ship(s, seat, i, seat)
        return
    if kind.id == "canyon" and walk.get("boots") and walk["steps"] == 1:
        # Ruling R20 (jet boots: "a canyon counts as one cell"): landing in a canyon crosses it whole -
        # the astronaut stands on the far half and attacks the rivals standing there.
        s.pos[seat][i] = ("cell", cell, 2)
        if not s.silent:
            s.emit(
                "canyon",
                f"seat {seat}'s astronaut {i + 1} crosses the canyon at {cell_name(*cell)} "
                "in one leap of the jet boots (far half)",
                seat,
                a=i + 1,
                cell=cell_name(*cell),
                how="leap",
            )
        attack(s, seat, cell, 2)
        finish_walk(s)
        return
    # rulebook (astronaut with a coin): «Космонавт с монетой не может: наступать на клетку, где
    # находятся чужие космонавты» - a canyon is one tile, so rivals on either half close it too.
    # Whether enemies stand there (attack finds them); the walker is no enemy of its own, so the
    # answer is the same after it lands.
    enemies = s.enemy_at(seat, cell)
    if walk["coin"] and enemies:
        violate(s, f"an astronaut carrying a coin may not step onto enemies at {cell_name(*cell)}")
    half = 1 if kind.id == "canyon" else 0
    s.pos[seat][i] = ("cell", cell, half)
    if kind.id != "canyon" and enemies:
        attack(s, seat, cell, None)
    effect(s, cell, kind)


def attack(s: PlanetState, seat: int, cell: Cell, half: int | None) -> None:
    """rulebook (several astronauts): stepping onto enemies sends all of them to their ships; their
    coins stay on the tile."""
    for es, ei in s.enemies_at(seat, cell, half):
        s.pos[es][ei] = ("ship", es)
        s.stun[es][ei] = -1
        if not s.silent:
            s.note(wording.attacked, seat, es, ei + 1, cell, s.walk["a"] + 1 if s.walk else None)


def effect(s: PlanetState, cell: Cell, kind) -> None:
    walk = s.walk
    seat, i = walk["seat"], walk["a"]
    k = kind.id
    area, r, c = cell
    if kind.dirs:
        if k == "flower":
            # rulebook (flower): it turns 90 degrees clockwise at the end of the turn, once a turn.
            s.flowers.add(cell)
        dirs = s.dirs(cell)
        if len(dirs) == 1:
            step(s, STEP_VECTORS[dirs[0]])
        else:
            set_choices(s, [_go(d) for d in dirs])  # rulebook (arrows): several directions - pick one
        return
    if k == "empty" and not kind.coins:
        # rulebook (empty): nothing happens - the most frequent landing, answered before the others.
        finish_walk(s)
        return
    if k == "tree":
        # rulebook (tree): skip your next turn with this astronaut; it cannot walk through.
        s.stun[seat][i] = s.turns[seat] + 1
        s.note(wording.tree, seat, i + 1, cell)
    elif kind.coins and not kind.locked:
        # rulebook (container): put that many coins on the tile; it is then an empty tile.
        put = min(kind.coins, s.supply)
        s.supply -= put
        s.coins[cell] = s.coins.get(cell, 0) + put
        s.tile[cell] = ("empty", 0)
        if not s.silent:
            s.emit("coins", f"{put} coin(s) appear at {cell_name(*cell)}", seat, n=put, cell=cell_name(*cell))
    elif k == "knight":
        set_choices(s, leap_choices(s, seat, area, r, c, _KNIGHT_LEAPS))
        return
    elif k == "trampoline":
        set_choices(
            s,
            leap_choices(s, seat, area, r, c, _JUMP_LEAPS),
        )
        return
    elif k == "dragonfly":
        # rulebook (dragonfly): to any tile of the planet, face up or face down.
        set_choices(s, flights_from(s, cell))
        return
    elif k == "energy":
        # rulebook (energy): repeat the move that brought you here.
        vec = walk["vec"]
        if vec is None:
            pass
        elif vec[0] == "fly":
            set_choices(s, flights_from(s, cell))
            return
        else:
            step(s, vec)
            return
    elif k == "crocodile":
        # rulebook (crocodile): go back to where you came from.
        back, rev = crocodile_back(walk["prev"], walk["vec"])
        s.note(wording.crocodile, seat, i + 1, cell)
        arrive(s, back, rev)
        return
    elif k == "portal":
        # rulebook (portal): straight to your own ship - never an ally's.
        s.note(wording.portal, seat, i + 1, cell)
        arrive(s, ("ship", seat), None)
        return
    elif k == "fuel":
        s.fuel[seat] = True
        s.tile[cell] = ("empty", 0)
        if not s.silent:
            s.emit("fuel", f"seat {seat} finds fuel: its ship can now fly to the station and back", seat)
    elif k == "artifact":
        s.tile[cell] = ("empty", 0)
        if s.deck:
            s.phase = "draw"
            return
        if not s.silent:
            s.emit("artifact", "an artifact, but the ability deck is empty", seat, card=None)
    elif k == "obelisk":
        s.tile[cell] = ("empty", 0)
        # rulebook (obelisk): look at 4 face-down tiles of the planet, keeping them secret.
        s.peeks_left = 4
        s.phase = "peek"
        next_peek(s)
        return
    elif k == "meteorite":
        s.tile[cell] = ("empty", 0)
        s.meteor_pick = []
        s.phase = "meteor"
        meteor_options(s)
        return
    elif k == "beam":
        # rulebook (beam): pull any coin lying on the planet to this tile; with none it does nothing.
        sources = sorted(x for x, n in s.coins.items() if n and x != cell and x[0] == area)
        if sources:
            s.options = [Beam(cell_name(*x)) for x in sources]
            s.phase = "beam"
            return
    elif k == "canyon":
        s.note(wording.canyon, seat, i + 1, cell, "enter")
    finish_walk(s)


def continue_walk(s: PlanetState, action: Action) -> None:
    if isinstance(action, Go):
        step(s, STEP_VECTORS[action.way])
    elif isinstance(action, Knight):
        step(s, ("knight",) + KNIGHTS[action.way])
    elif isinstance(action, Jump):
        step(s, ("jump",) + DIRS[action.way])
    else:
        arrive(s, ("cell", parse_cell(action.cell)), ("fly",))


def peek(s: PlanetState, cell: Cell) -> None:
    s.peeks_left -= 1
    if not s.silent:
        s.emit(
            "peek",
            f"seat {s.seat} peeks at the face-down tile {cell_name(*cell)}",
            s.seat,
            cell=cell_name(*cell),
        )
    s.pending = cell
    s.phase = "peek-reveal"
    if cell in s.tile:  # already fixed by another seat's peek: just look
        reveal_done(s)
