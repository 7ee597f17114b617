"""Planet moves carried out: what each action does to the table - walks step by step, tile effects,
ships, abilities, the end of a turn and of the game. Which actions are legal is moves.py's.

A move in progress is a *walk*: the astronaut, whether it carries a coin, the last move's vector
(for acceleration energy), where it came from (for the crocodile) and the (place, vector) pairs it
has passed (for loops).

The frequent events are noted (s.note: a wording.py function and the values of the moment) and worded
only when the log is read; the rare ones are emitted under `if not s.silent`. A silenced copy (a
search's rollout) records no events, so their texts are not built there either (the rules never
read them).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any

from cosmotable.games.planet import wording
from cosmotable.games.planet.actions import (
    KNIGHTS,
    Ability,
    Agree,
    Beam,
    Claim,
    Draw,
    Drift,
    EndTurn,
    Fly,
    Go,
    Jump,
    Knight,
    Meteor,
    Move,
    Orient,
    Pass,
    Peek,
    Refuse,
    Reveal,
    Sail,
    To,
    Turn,
)
from cosmotable.games.planet.board import DIRS, PLANET, STATION, cell_name, parse_cell

if TYPE_CHECKING:
    from cosmotable.engine.core import Action
    from cosmotable.games.planet.state import Cell, PlanetState
from cosmotable.games.planet.reach import (
    STEP_VECTORS,
    crocodile_back,
    drift_end,
    gravity_end,
    has_ability_move,
    place_of,
    sail_end,
    sail_path,
    step_ok,
    target,
)

# A dragonfly offers every tile of its area: one shared `to` action per cell, not new ones each time;
# the same for the other choices offered inside a move (frozen values, made once).
_to = cache(To)
_go = cache(Go)
_peek = cache(Peek)
_meteor = cache(Meteor)
_KNIGHT_LEAPS = [(Knight(code), d) for code, d in KNIGHTS.items()]
_JUMP_LEAPS = [(Jump(w), (2 * dr, 2 * dc)) for w, (dr, dc) in DIRS.items()]


class _Violation(Exception):
    pass


def violate(s: PlanetState, why: str) -> None:
    s.violation = why
    raise _Violation(why)


# ====================================================================== apply
def apply(s: PlanetState, action: Action) -> None:
    """Carry out a legal action: each kind of action has its function, found by the action's type."""
    _ON[type(action)](s, action)


def _on_reveal(s: PlanetState, action: Reveal) -> None:
    revealed(s, action.tile, action.quarter)


def _on_orient(s: PlanetState, action: Orient) -> None:
    oriented(s, action.quarter)


def _on_draw(s: PlanetState, action: Draw) -> None:
    drew(s, action.card)


def _on_move(s: PlanetState, action: Move) -> None:
    start_move(s, action)


def _on_drift(s: PlanetState, action: Drift) -> None:
    seat = s.seat
    p = s.pos[seat][action.astronaut - 1]
    idx = drift_end(s, seat, p[1], p[2], action.steps)
    owner = s.ship_at(p[1], idx)
    s.pos[seat][action.astronaut - 1] = ("ship", owner) if owner is not None else ("space", p[1], idx)
    s.note(wording.drifted, seat, action.astronaut, action.steps)
    action_done(s)


def _on_sail(s: PlanetState, action: Sail) -> None:
    sail(s, action.steps)


def _on_fly(s: PlanetState, action: Fly) -> None:
    fly(s, parse_cell(action.cell))


def _on_walk_choice(s: PlanetState, action: Go | Knight | Jump | To) -> None:
    s.options = []
    s.phase = "act"
    continue_walk(s, action)


def _on_peek(s: PlanetState, action: Peek) -> None:
    peek(s, parse_cell(action.cell))


def _on_meteor(s: PlanetState, action: Meteor) -> None:
    meteor(s, parse_cell(action.cell))


def _on_turn(s: PlanetState, action: Turn) -> None:
    cell = parse_cell(action.cell)
    kid, rot = s.tile[cell]
    s.tile[cell] = (kid, (rot + action.quarter) % 4)
    if not s.silent:
        s.emit(
            "turn",
            f"seat {s.seat} turns {cell_name(*cell)} by {action.quarter} quarter turn(s)",
            s.seat,
            cell=cell_name(*cell),
            quarter=action.quarter,
        )
    next_turn_choice(s)


def _on_beam(s: PlanetState, action: Beam) -> None:
    src = parse_cell(action.cell)
    dest = s.walk["cell"]
    s.coins[src] -= 1
    if not s.coins[src]:
        del s.coins[src]
    s.coins[dest] = s.coins.get(dest, 0) + 1
    if not s.silent:
        s.emit(
            "beam",
            f"the tractor beam pulls a coin from {cell_name(*src)} to {cell_name(*dest)}",
            s.seat,
            src=cell_name(*src),
            dest=cell_name(*dest),
        )
    s.options = []
    finish_walk(s)


def _on_ability(s: PlanetState, action: Ability) -> None:
    use_ability(s, action)


def _on_claim(s: PlanetState, action: Claim) -> None:
    s.claimed = True
    s.claim_queue = [(s.seat + k) % s.num_players for k in range(1, s.num_players)]
    s.phase = "claim"
    if not s.silent:
        s.emit(
            "claim",
            f"seat {s.seat} says no one can get the last coins and proposes to end the game",
            s.seat,
        )


def _on_agree(s: PlanetState, action: Agree) -> None:
    seat = s.claim_queue.pop(0)
    if not s.silent:
        s.emit("agree", f"seat {seat} agrees", seat)
    if not s.claim_queue:
        game_over(s, "every player agreed that no one can get the last coins", "agreed")


def _on_refuse(s: PlanetState, action: Refuse) -> None:
    seat = s.claim_queue.pop(0)
    s.claim_queue = []
    s.phase = "act"
    if not s.silent:
        s.emit("refuse", f"seat {seat} refuses: the game goes on", seat)


def _on_pass(s: PlanetState, action: Pass) -> None:
    if not s.silent:
        s.emit("pass", f"seat {s.seat} cannot move and passes", s.seat)
    end_turn(s)


def _on_end_turn(s: PlanetState, action: EndTurn) -> None:
    s.note(wording.ended_turn, s.seat)
    end_turn(s)


_ON: dict[type, Callable[[PlanetState, Any], None]] = {
    Reveal: _on_reveal,
    Orient: _on_orient,
    Draw: _on_draw,
    Move: _on_move,
    Drift: _on_drift,
    Sail: _on_sail,
    Fly: _on_fly,
    Go: _on_walk_choice,
    Knight: _on_walk_choice,
    Jump: _on_walk_choice,
    To: _on_walk_choice,
    Peek: _on_peek,
    Meteor: _on_meteor,
    Turn: _on_turn,
    Beam: _on_beam,
    Ability: _on_ability,
    Claim: _on_claim,
    Agree: _on_agree,
    Refuse: _on_refuse,
    Pass: _on_pass,
    EndTurn: _on_end_turn,
}


# ------------------------------------------------------------------ moves that start a walk
def start_move(s: PlanetState, action: Move, after: str = "end") -> None:
    seat, i = s.seat, action.astronaut - 1
    p = s.pos[seat][i]
    walk = {
        "seat": seat,
        "a": i,
        "coin": action.coin,
        "vec": None,
        "prev": p,
        "after": after,
        "steps": 0,
        "visited": set(),
        "cell": None,
    }
    s.walk = walk
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


def set_choices(s: PlanetState, options: list[Action]) -> None:
    if not options:
        finish_walk(s)
        return
    s.options = options
    s.phase = "choose"


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


def flights_from(s: PlanetState, cell: Cell) -> list[Action]:
    """`to CELL` for every other tile of the area, in sorted order (a dragonfly's flight, or an
    energy tile repeating one): the shape's alone, so made once per cell and kept with the area."""
    area = s.areas[cell[0]]
    key = ("to", cell)
    found = area.plays_memo.get(key)
    if found is None:
        found = area.plays_memo[key] = tuple(_to(cell_name(*x)) for x in area.sorted_cells if x != cell)
    return list(found)


def leap_ok(s: PlanetState, area: str, r: int, c: int) -> bool:
    """Ruling R8: a knight or trampoline lands on a tile, or on a ship beside the planet."""
    t = target(s, area, r, c)
    return t is not None and (t[0] == "cell" or s.ship_at(area, t[2]) is not None)


def leap_choices(s: PlanetState, seat: int, area: str, r: int, c: int, leaps: list) -> list[Action]:
    """The landings a knight or trampoline offers. Ruling R9: a tile puts an astronaut on a rival's
    ship only «если эффект клетки обязывает» - a leap with any other landing does not oblige, so
    the rival ships are offered only when nothing else is."""
    ok = [(a, target(s, area, r + dr, c + dc)) for a, (dr, dc) in leaps if leap_ok(s, area, r + dr, c + dc)]
    rival = [a for a, t in ok if t[0] == "ring" and not s.allied(s.ship_at(area, t[2]), seat)]
    others = [a for a, t in ok if a not in rival]
    return others or rival


def continue_walk(s: PlanetState, action: Action) -> None:
    if isinstance(action, Go):
        step(s, STEP_VECTORS[action.way])
    elif isinstance(action, Knight):
        step(s, ("knight",) + KNIGHTS[action.way])
    elif isinstance(action, Jump):
        step(s, ("jump",) + DIRS[action.way])
    else:
        arrive(s, ("cell", parse_cell(action.cell)), ("fly",))


def finish_walk(s: PlanetState) -> None:
    """The astronaut has come to rest: drop a carried coin, open locks, end the turn."""
    walk = s.walk
    if walk is None:
        action_done(s)
        return
    seat, i = walk["seat"], walk["a"]
    p = s.pos[seat][i]
    if p[0] == "cell":
        cell = p[1]
        if walk["coin"]:
            s.coins[cell] = s.coins.get(cell, 0) + 1
        if s.locks.get(cell):
            team = [x for x in s.astronauts_at(cell) if s.allied(x[0], seat)]
            if len(team) >= 2:
                # rulebook (locked container): two astronauts of one team open it.
                s.coins[cell] = s.coins.get(cell, 0) + s.locks.pop(cell)
                s.tile[cell] = ("empty", 0)
                if not s.silent:
                    s.emit(
                        "unlock",
                        f"seat {seat} opens the locked container at {cell_name(*cell)}: {s.coins[cell]} coin(s)",
                        seat,
                        cell=cell_name(*cell),
                        n=s.coins[cell],
                    )
    after = walk["after"]
    s.walk = None
    s.options = []
    if after == "act":
        s.phase = "act"
    else:
        action_done(s)


# ------------------------------------------------------------------ choices inside a walk
def next_peek(s: PlanetState) -> None:
    seat = s.seat
    targets = [
        x for x in s.areas[PLANET].sorted_cells if x not in s.revealed and seat not in s.seen.get(x, ())
    ]
    if s.peeks_left <= 0 or not targets:
        s.peeks_left = 0
        s.options = []
        s.phase = "act"
        finish_walk(s)
        return
    s.options = [_peek(cell_name(*x)) for x in targets]


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


def meteor_options(s: PlanetState) -> None:
    # rulebook (meteorite): swap two tiles where nobody stands and nothing lies (any colours).
    area = s.walk["cell"][0]
    busy = {p[1] for row in s.pos for p in row if p[0] == "cell"}
    free = [
        x
        for x in s.areas[area].sorted_cells
        if x not in busy and not s.coins.get(x) and not s.locks.get(x) and x not in s.meteor_pick
    ]
    if len(free) + len(s.meteor_pick) < 2:
        s.phase = "act"
        s.options = []
        finish_walk(s)
        return
    s.options = [_meteor(cell_name(*x)) for x in free]


def meteor(s: PlanetState, cell: Cell) -> None:
    s.meteor_pick.append(cell)
    if len(s.meteor_pick) < 2:
        meteor_options(s)
        return
    a, b = s.meteor_pick
    s.meteor_pick = []
    for table in (s.back, s.tile, s.seen):
        va, vb = table.get(a), table.get(b)
        for x, v in ((a, vb), (b, va)):
            if v is None:
                table.pop(x, None)
            else:
                table[x] = v
    s.flowers = {b if x == a else a if x == b else x for x in s.flowers}  # a used flower turns where it lands
    ra, rb = a in s.revealed, b in s.revealed
    s.revealed.discard(a)
    s.revealed.discard(b)
    if rb:
        s.revealed.add(a)
    if ra:
        s.revealed.add(b)
    if not s.silent:
        s.emit(
            "meteorite",
            f"a meteorite swaps {cell_name(*a)} and {cell_name(*b)}",
            s.seat,
            first=cell_name(*a),
            second=cell_name(*b),
        )
    # rulebook (meteorite): the arrows may be turned too.
    s.turn_queue = [x for x in (a, b) if x in s.revealed and s.box.kinds[s.tile[x][0]].orientations()]
    next_turn_choice(s)


def next_turn_choice(s: PlanetState) -> None:
    if not s.turn_queue:
        s.options = []
        s.phase = "act"
        finish_walk(s)
        return
    cell = s.turn_queue.pop(0)
    kind = s.box.kinds[s.tile[cell][0]]
    distinct = {frozenset(kind.directions((s.tile[cell][1] + q) % 4)): q for q in (3, 2, 1, 0)}
    s.options = [Turn(cell_name(*cell), q) for q in sorted(distinct.values())]
    s.phase = "turn"


def drew(s: PlanetState, card: str) -> None:
    s.deck.remove(card)
    seat = s.walk["seat"] if s.walk else s.seat
    s.hand[seat].append({"id": card, "ready": True, "spent": False})
    if not s.silent:
        s.emit("artifact", f"seat {seat} finds an artifact: {s.cards_data[card].name}", seat, card=card)
    s.phase = "act"
    finish_walk(s)


# ------------------------------------------------------------------ ships
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


# ------------------------------------------------------------------ abilities
def use_ability(s: PlanetState, action: Ability) -> None:
    """Ruling R20: before the action (then the action follows) or in the window after it (then the
    turn ends when the ability's move comes to rest)."""
    seat = s.seat
    mid_chain = s.phase == "choose"
    after = "end" if s.phase in ("post", "choose") else "act"
    s.phase = "act"
    card = next(c for c in s.hand[seat] if c["id"] == action.card and c["ready"])
    card["ready"] = False
    card["spent"] = s.cards_data[action.card].once
    s.ability_used = True
    if not s.silent:
        card_name = s.cards_data[action.card].name
        s.note(wording.ability, seat, action.card, card_name, action.astronaut or None, action.target or None)
    if action.card == "boost":
        s.boost_pending = True
        if mid_chain:
            s.phase = "choose"  # the move goes on with the same choice (Ruling R20)
        elif after == "end":
            end_turn(s)
        return
    i = action.astronaut - 1
    p = s.pos[seat][i]
    if mid_chain:
        # Ruling R20: the moving astronaut (never a coin carrier) leaves its chain where it stands.
        if not s.silent:
            s.emit(
                "chain-left",
                f"seat {seat}'s astronaut {i + 1} leaves its move at {cell_name(*p[1])} to use an ability",
                seat,
                a=i + 1,
                cell=cell_name(*p[1]),
            )
        s.options = []
    s.walk = {
        "seat": seat,
        "a": i,
        "coin": False,
        "vec": None,
        "prev": p,
        "after": after,
        "steps": 0,
        "visited": set(),
        "cell": None,
        "boots": action.card == "boots",
    }
    if action.target == "ALLY":
        to_ship(s, seat, i, s.ally(seat))
    elif action.card == "pocket" or (action.card == "teleport" and action.target == "SHIP"):
        to_ship(s, seat, i, seat)
    elif action.card == "teleport":
        arrive(s, ("cell", parse_cell(action.target)), None)
    elif action.card == "tame_knight":
        step(s, ("knight",) + KNIGHTS[action.target])
    elif action.card == "boots":
        step(s, ("jump",) + DIRS[action.target])
    elif action.card == "gravity":
        dr, dc = DIRS[action.target]
        t = gravity_end(s, p[1], dr, dc)
        owner = s.ship_at(t[1], t[2])
        if owner is not None and s.allied(owner, seat):
            to_ship(s, seat, i, owner)
        else:
            s.pos[seat][i] = ("space", t[1], t[2])
            finish_walk(s)


# ------------------------------------------------------------------ turns and the end
def game_should_end(s: PlanetState) -> bool:
    """rulebook (end): every tile revealed and no coin left on the planet and station."""
    return len(s.revealed) == len(s.back) and s.coins_left() == 0


def action_done(s: PlanetState) -> None:
    """The turn's action has come to rest. Ruling R20 (rulebook, cards: "at any moment of your turn,
    one ability a turn"): if the seat has not used an ability this turn and one is usable now, the
    same seat gets a window with the ability plays and `end turn`; otherwise (or when the game is
    already over by the end condition) the turn ends at once, so play is not slowed by empty nodes."""
    s.phase = "act"
    if s.ability_used or s.in_boost or game_should_end(s) or not has_ability_move(s, s.seat):
        end_turn(s)
        return
    s.phase = "post"
    s.options = []


def end_turn(s: PlanetState) -> None:
    seat = s.seat
    if s.flowers:
        for cell in s.flowers:
            kid, rot = s.tile.get(cell, ("", 0))
            if kid == "flower" and cell in s.revealed:
                s.tile[cell] = (kid, (rot + 1) % 4)
        s.flowers = set()
    s.turns[seat] += 1
    s.total_turns += 1
    s.phase = "act"
    # rulebook (end): every tile revealed and no coin left on the planet and station.
    if game_should_end(s):
        game_over(s, "every tile is revealed and no coins are left on the planet and station", "cleared")
        return
    if s.total_turns >= s.max_turns:
        game_over(s, f"the safety cap of {s.max_turns} turns was reached", "cap")
        return
    if s.boost_pending:
        s.boost_pending = False
        s.in_boost = True
    else:
        s.in_boost = False
        s.seat = (seat + 1) % s.num_players
    s.ability_used = False
    s.claimed = False
    # rulebook (cards): a reusable artifact flips back at the start of your next turn.
    for card in s.hand[s.seat]:
        if not card["spent"]:
            card["ready"] = True


def game_over(s: PlanetState, reason: str, code: str) -> None:
    """End the game; `code` (agreed / cleared / cap) names the reason for screens in any language."""
    s.phase = "over"
    s.end_reason = reason
    if not s.silent:
        s.emit(
            "game-over",
            f"game over: {reason}; scores {s.scores()}",
            None,
            reason=reason,
            code=code,
            scores=s.scores(),
            max_turns=s.max_turns,
        )
