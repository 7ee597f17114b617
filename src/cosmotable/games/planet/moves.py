"""Planet's legal moves and refusals: which actions a seat may take now, and why another one is not
allowed. A coin-carrying walk is tried on a copy (effects.apply) before it is offered, so an
illegal end is never listed.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING

from cosmotable.games.planet.actions import (
    Ability,
    Agree,
    Claim,
    Drift,
    EndTurn,
    Fly,
    Move,
    Pass,
    Refuse,
    Sail,
)
from cosmotable.games.planet.board import DIRS, PLANET, STATION, Area, cell_name

if TYPE_CHECKING:
    from cosmotable.engine.core import Action
    from cosmotable.games.planet.state import Cell, PlanetState
from cosmotable.games.planet.carry import carry_ok, carry_steps
from cosmotable.games.planet.effects import apply
from cosmotable.games.planet.endings import _Violation
from cosmotable.games.planet.reach import (
    ability_moves,
    drift_ends,
    place_of,
    sail_ends,
    target,
)

OTHER_AREA = {PLANET: STATION, STATION: PLANET}


# ====================================================================== legal actions
def legal_actions(s: PlanetState) -> list[Action]:
    if s.phase == "act":  # the most frequent question first
        return act_actions(s)
    if s.phase == "choose":
        options = list(s.options)
        if s.walk is not None and s.walk["coin"]:
            options = [a for a in options if coin_walk_ok(s, a)]
        return options + chain_abilities(s)
    if s.phase in ("peek", "meteor", "turn", "beam"):
        return list(s.options)
    if s.phase == "claim":
        return [_AGREE, _REFUSE]
    if s.phase == "post":
        # Ruling R20: the window after the action - the turn's one ability, or end the turn.
        return [*ability_moves(s, s.seat), _END_TURN]
    return act_actions(s)


def act_actions(s: PlanetState) -> list[Action]:
    """The turn's action (phase "act"): the astronauts' moves, the ship's, the abilities, the claim."""
    seat = s.seat
    out: list[Action] = []
    stun, turn, pos = s.stun[seat], s.turns[seat], s.pos[seat]
    plans: dict[tuple, Sequence[object]] = {}
    held = s.held_pyramids(seat)  # the same for every astronaut of the seat
    coins, areas = s.coins, s.areas
    near: frozenset[Cell] | None = None  # _friendly_ship_tiles, found when first needed
    home = ("ship", seat)
    alone = s.allies[seat] is None and not held
    aboard = None  # the steps from the seat's own ship, when `alone`
    friendly: tuple | None = None  # the ring places of the team's ships, found when first needed
    for i in range(len(stun)):
        if stun[i] < turn:  # not s.stunned(seat, i)
            p = pos[i]
            if p[0] == "cell" and p[2] != 1 and not held and not coins.get(p[1]):
                if near is None:
                    near = _friendly_ship_tiles(s, seat)
                cell = p[1]
                memo = areas[cell[0]].moves_memo
                if cell not in near:
                    # The most frequent case: on a tile (not a canyon's near half), no coin to carry,
                    # no pyramid held against the seat, no ship of its team beside it - the steps go
                    # to the neighbouring tiles, the shape's alone (steps_from): looked up as actions.
                    found = memo.get(cell)
                    out.extend((found or _place_steps(memo, areas[cell[0]], cell))[i])
                    continue
                # Beside a ship of its team: the steps also go onto the ships of the team beside the
                # tile (steps_from), so they are looked up by the tile and those ships' places.
                if friendly is None:
                    friendly = _team_places(s, seat)
                key = (cell, friendly)
                found = memo.get(key)
                out.extend((found or _beside_steps(memo, areas[cell[0]], key))[i])
                continue
            if alone and p == home:
                # Aboard its own ship with no ally (so no other ship of its team) and no pyramid held
                # against it: the steps go to the tiles beside the ship's place (steps_from), looked
                # up as actions as above.
                if aboard is None:
                    area, idx = s.ship[seat]
                    r, c = areas[area].ring[idx]
                    key = (area, r, c)
                    memo = areas[area].moves_memo
                    aboard = memo[key] if key in memo else _place_steps(memo, areas[area], key)
                out.extend(aboard[i])
                continue
            plan = plans.get(p)
            if plan is None:
                plan = plans[p] = astronaut_plan(s, seat, p, held)
            out.extend(map(_ACTIONS[i + 1].__getitem__, plan))
    out.extend(ship_moves(s, seat))
    out.extend(ability_moves(s, seat))
    # Ruling R21: the "no one can get the last coin" claim may be made once a turn, at the action
    # node, and only once every tile is face up (the rulebook's end needs that first).
    if claim_open(s):
        out.append(_CLAIM)
    if not out or out == [_CLAIM]:
        out.insert(0, _PASS)
    return out


# The actions without fields, one shared object each.
_AGREE, _REFUSE, _END_TURN, _CLAIM, _PASS = Agree(), Refuse(), EndTurn(), Claim(), Pass()


def claim_open(s: PlanetState) -> bool:
    """Ruling R21. The rulebook ends the game «когда все клетки открыты и на планете и станции не
    осталось монет»; only «когда ни один игрок не может завладеть последней монетой» may the players
    agree to end it. While a tile is face down the game can still be played towards its end (every
    tile can be reached and turned up), so the claim is offered only once every tile of the planet
    and the station is face up and coins remain - then the coins left are the only question."""
    return not s.claimed and len(s.revealed) == len(s.back) and s.coins_left() > 0


# The actions are frozen values: one shared object per distinct move, made once, instead of a new
# dataclass instance at every listing (legal moves are listed at every decision of every game).
_fly = cache(Fly)


#: astronaut number -> direction -> its `move N DIR` (and `move N DIR coin`): looked up, not built.
#: `sail +1`, `sail +2`, `sail +3`, `sail -1`, `sail -2`, `sail -3`: the order of reach.sail_ends.
_SAILS = tuple(Sail(k) for k in (1, 2, 3, -1, -2, -3))
#: Astronaut number -> what an astronaut's move is called in a plan (below) -> the action: `move N
#: DIR` by the direction, `move N DIR coin` by (direction, True), `drift N K` by K, and the canyon's
#: second move by "canyon" and ("canyon", True). Looked up, never built during play.
_CARRY_KEY = {way: (way, True) for way in [*DIRS, "canyon"]}
_ACTIONS: dict[int, dict[object, Action]] = {
    n: {
        **{way: Move(n, way) for way in [*DIRS, "canyon"]},
        **{(way, True): Move(n, way, True) for way in [*DIRS, "canyon"]},
        **{k: Drift(n, k) for k in (1, 2, 3, -1, -2, -3)},
    }
    for n in range(1, 10)
}


def _place_steps(memo: dict, area: Area, cell: Cell) -> tuple[tuple[Action, ...], ...]:
    """The steps from a place of `area` (a tile, or a ship's place in the ring) to its neighbouring
    tiles (steps_from with no pyramid held and no other ship of the seat's team beside it), as each
    astronaut's actions in the order of DIRS; worked out once per layout and kept with the area
    (`moves_memo`, by (area, row, col))."""
    names = area.steps[(cell[1], cell[2])][0]
    found = memo[cell] = tuple(tuple(_ACTIONS[n][way] for way in names) for n in _ACTIONS)
    return found


def _team_places(s: PlanetState, seat: int) -> tuple[tuple[str, int], ...]:
    """The ring places where the first ship standing is of `seat`'s team (steps_from's test of a
    ring place: `team[ship.index(place)] == team[seat]`), in seat order."""
    ship, team = s.ship, s.team
    own = team[seat]
    return tuple(place for k, place in enumerate(ship) if team[k] == own and ship.index(place) == k)


def _beside_steps(memo: dict, area: Area, key: tuple) -> tuple[tuple[Action, ...], ...]:
    """_place_steps for a tile beside ships of the seat's team (`key`: the tile and _team_places):
    the steps to the neighbouring tiles and onto those ships, in the order of DIRS (steps_from with
    no pyramid held), as each astronaut's actions; kept with the area by `key`."""
    cell, friendly = key
    names, _, rings = area.steps[(cell[1], cell[2])]
    ways = [*names, *(name for name, idx in rings if (area.id, idx) in friendly)]
    ways.sort(key=_DIR_ORDER.__getitem__)
    found = memo[key] = tuple(tuple(_ACTIONS[n][way] for way in ways) for n in _ACTIONS)
    return found


def _friendly_ship_tiles(s: PlanetState, seat: int) -> frozenset[Cell]:
    """The tiles beside the ship of `seat` or of its ally (rulebook, moving: an astronaut may step off
    the planet onto its own or an ally's ship), from which the steps depend on where that ship is."""
    a, idx = s.ship[seat]
    near = s.areas[a].ring_touch[idx]
    ally = s.allies[seat]
    if ally is not None:
        a, idx = s.ship[ally]
        near = near | s.areas[a].ring_touch[idx]
    return near


def astronaut_moves(s: PlanetState, seat: int, i: int) -> list[Action]:
    """The moves of `seat`'s astronaut i (0-based) now."""
    table = _ACTIONS[i + 1]
    return [table[key] for key in astronaut_plan(s, seat, s.pos[seat][i])]


def astronaut_plan(
    s: PlanetState, seat: int, p: tuple, held: tuple[Cell, ...] | None = None
) -> Sequence[object]:
    """The moves of an astronaut of `seat` standing at `p`, named by their keys in _ACTIONS: the same
    for every astronaut of the seat standing there (three aboard one ship are planned once).
    `held`: s.held_pyramids(seat) if the caller has it already."""
    if held is None:
        held = s.held_pyramids(seat)
    if p[0] == "space":
        area, idx = p[1], p[2]
        places = s.areas[area]
        _, tiles, _ = places.steps[places.ring[idx]]
        plan: list[object] = []
        if tiles:
            # rulebook (in space): back onto a revealed empty tile with no coin and nobody on it
            # (step_onto_ok from space; never onto a ship or another place of space).
            revealed, tile, coins, locks = s.revealed, s.tile, s.coins, s.locks
            for name, cell in tiles:
                if (
                    cell in revealed
                    and tile[cell][0] == "empty"
                    and not coins.get(cell)
                    and not locks.get(cell)
                    and not s.someone_at(cell)
                ):
                    plan.append(name)
        plan.extend(_drifts(s, seat, area, idx))
        return plan
    if p[0] == "cell":
        cell = p[1]
        if p[2] == 1:
            # rulebook (canyon): it takes two moves; the second one reaches the far half. An
            # astronaut with a coin may not step where rival astronauts are, so the far half with
            # rivals on it is closed to a carrier.
            if s.coins.get(cell) and not s.enemies_at(seat, cell, 2):
                return ("canyon", _CARRY_KEY["canyon"])
            return ("canyon",)
        area, r, c = cell
        ways = steps_from(s, seat, area, r, c, held)
        if s.coins.get(cell):
            # rulebook (astronaut with a coin): each step is offered with the coin too when the
            # carrier's walk can end well (carry.py).
            carried = [_CARRY_KEY[way] for way in carry_steps(s, seat, p, ways)]
            if carried:
                return [*ways, *carried]
        return ways
    if held:
        return _aboard_plan(s, seat, p, held)
    # While no pyramid is held by another team, the steps from a ship depend on the shape and on
    # where the ships stand and which are friendly (steps_from): planned once per arrangement, kept
    # with the area.
    ships = s.ship
    key = ("aboard", seat, p[1], s.allies[seat], *ships)
    memo = s.areas[ships[p[1]][0]].ships_memo
    found = memo.get(key)
    if found is None:
        found = tuple(_aboard_plan(s, seat, p, held))
        if len(memo) >= SHIPS_MEMO_SIZE:
            memo.clear()
        memo[key] = found
    return found


def _aboard_plan(s: PlanetState, seat: int, p: tuple, held: tuple[Cell, ...] | None = None) -> Sequence[str]:
    """astronaut_plan for an astronaut of `seat` aboard the ship of seat p[1]."""
    area, r, c = place_of(s, p)
    ways = steps_from(s, seat, area, r, c, held)
    if p[1] != seat and not ways:
        # rulebook (ships): unable to leave someone else's ship, go back to yours and start from it.
        area, r, c = place_of(s, ("ship", seat))
        ways = steps_from(s, seat, area, r, c, held)
    return ways


def steps_from(
    s: PlanetState, seat: int, area: str, r: int, c: int, held: tuple[Cell, ...] | None = None
) -> Sequence[str]:
    """The directions `seat`'s astronaut may step in from (r, c) on a tile or a ship: step_ok for
    each neighbour, its cases written out (this is asked for every astronaut at every decision).
    A neighbouring tile is always open unless it is a revealed pyramid with another team on it
    (s.held_pyramids, or `held` if the caller has it: seldom any), so the tiles are filtered only
    when such a pyramid exists."""
    names, tiles, rings = s.areas[area].steps[(r, c)]
    ways: list[str]
    if held is None:
        held = s.held_pyramids(seat)
    if held:
        # rulebook (pyramid): astronauts of other teams cannot enter it.
        ways = [name for name, cell in tiles if cell not in held]
    elif not rings:
        return names
    else:
        ways = list(names)
    if rings:
        # rulebook (moving): never off the planet by your own step - only onto your (or an ally's)
        # ship. Kept in the order of DIRS with the tiles (the listing's order is the rules' order).
        ship, team = s.ship, s.team
        own = team[seat]
        added = False
        for name, idx in rings:
            place = (area, idx)
            if place in ship and team[ship.index(place)] == own:
                ways.append(name)
                added = True
        if added and tiles:
            ways.sort(key=_DIR_ORDER.__getitem__)
    return ways


_DIR_ORDER = {name: k for k, name in enumerate(DIRS)}


#: Entries a shape's ships memo keeps before it is emptied: a game sees few of the many ways the
#: ships can stand, but a long-running process plays many games on one layout.
SHIPS_MEMO_SIZE = 4096


def _drifts(s: PlanetState, seat: int, area: str, idx: int) -> tuple[int, ...]:
    """The drifts (+1..+3, -1..-3, in drift_ends' order) open to `seat`'s astronaut in space at ring
    place `idx`: they depend on the shape, on where the ships stand and on which of them are
    friendly (the seat's own and its ally's: the teams variant pairs seats, so the ally names them
    all), so they are worked out once per arrangement of the ships and kept with the area. With no
    ship of another team near, there is nothing to hop over: all six are open."""
    if not _ship_near(s, area, idx, s.rivals[seat]):
        return _ALL_DRIFTS
    ships = s.ship
    key = ("drift", area, idx, seat, s.allies[seat], *ships)
    memo = s.areas[area].ships_memo
    found = memo.get(key)
    if found is None:
        found = tuple(steps for steps, end in drift_ends(s, seat, area, idx) if end is not None)
        if len(memo) >= SHIPS_MEMO_SIZE:
            memo.clear()
        memo[key] = found
    return found


def ship_moves(s: PlanetState, seat: int) -> Sequence[Action]:
    # rulebook (ship): someone must be aboard to steer it - one of your own astronauts (Ruling R5).
    if ("ship", seat) not in s.pos[seat]:
        return ()
    ships = s.ship
    area, start = ships[seat]
    if _ship_near(s, area, start, _other_seats(s.num_players, seat)):
        # The sails depend on the shape and on where the ships stand: worked out once per
        # arrangement and kept with the area the ship is in.
        key = ("sails", seat, *ships)
        memo = s.areas[area].ships_memo
        sails = memo.get(key)
        if sails is None:
            sails = tuple(_sails(s, seat))
            if len(memo) >= SHIPS_MEMO_SIZE:
                memo.clear()
            memo[key] = sails
    else:
        # No other ship to hop over: the sails are the shape's alone (every one not ending on a
        # corner). Random games seldom repeat where all the ships stand, so the memo above missed
        # two times in three (measured over 200 games); this answer needs only the ship's place.
        sails = _clear_sails(s.areas[area], start)
    if not s.fuel[seat]:
        return sails
    return [*sails, *_open_flights(s, area)]


#: The drifts of an astronaut in space with no ship of another team near: all six (drift_ends' order).
_ALL_DRIFTS = (1, 2, 3, -1, -2, -3)


def _ship_near(s: PlanetState, area: str, idx: int, seats: Sequence[int]) -> bool:
    """Does a ship of one of `seats` stand in `area` within 3 places of ring place `idx`, either
    way? A sail or a drift (up to 3 places) hops only over ships that near; on a ring of 6 places or
    fewer every ship counts as near."""
    places = s.areas[area]
    if len(places.ring) <= 6:
        return True
    near, ship = places.ring_near[idx], s.ship
    for o in seats:
        a, i = ship[o]
        if a == area and i in near:
            return True
    return False


@cache
def _other_seats(players: int, seat: int) -> tuple[int, ...]:
    return tuple(o for o in range(players) if o != seat)


def _clear_sails(area: Area, start: int) -> tuple[Action, ...]:
    """The sails of a ship at ring place `start` with no other ship near (_ship_near): sail_ends with
    nothing to hop over, each sail of k places ending k places on unless that is a corner."""
    key = ("clear sails", start)
    found = area.plays_memo.get(key)
    if found is None:
        size = len(area.ring)
        found = area.plays_memo[key] = tuple(
            sail for sail in _SAILS if (start + sail.steps) % size not in area.corners
        )
    return found


def _ship_moves(s: PlanetState, seat: int) -> list[Action]:
    """ship_moves worked out: the sails (sail_ends) and, with fuel, the flights."""
    out = _sails(s, seat)
    if s.fuel[seat]:
        out.extend(_open_flights(s, s.ship[seat][0]))
    return out


def _sails(s: PlanetState, seat: int) -> list[Action]:
    """The sails open to `seat`'s ship (sail_ends), in _SAILS' order."""
    return [sail for sail, (_, end) in zip(_SAILS, sail_ends(s, seat)) if end is not None]


def _open_flights(s: PlanetState, area: str) -> Sequence[Action]:
    """rulebook (fuel): a fuelled ship in `area` flies to any outer station cell, or back beside any
    yellow planet tile - any outer place of the other area where no ship stands (not a corner).
    They depend on the shape and on which places there ships hold: kept with the other area by those
    places (a fuelled ship offers 20 or 28 flights at every decision; the list built anew each time
    was a fifth of the ship's moves, callgrind)."""
    other = s.areas[OTHER_AREA[area]]
    there = other.id
    key = ("open flights", *[i for a, i in s.ship if a == there])
    memo = other.ships_memo
    found = memo.get(key)
    if found is None:
        found = tuple(fly for j, fly in _flights(other) if j not in key[1:])
        if len(memo) >= SHIPS_MEMO_SIZE:
            memo.clear()
        memo[key] = found
    return found


def _flights(area: Area) -> tuple[tuple[int, Action], ...]:
    """(ring index, `fly CELL`) for each outer place of `area` a ship may fly to (not a corner): the
    shape's alone, kept with the area."""
    found = area.plays_memo.get(_FLIGHTS_KEY)
    if found is None:
        found = area.plays_memo[_FLIGHTS_KEY] = tuple(
            (j, _fly(cell_name(area.id, r, c))) for j, (r, c) in enumerate(area.ring) if j not in area.corners
        )
    return found


_FLIGHTS_KEY = ("flights",)


def chain_abilities(s: PlanetState) -> list[Action]:
    """Ruling R20: «Вы можете применить артефакт в любой момент своего хода» - at a choice inside
    the turn's move (an arrow's direction, a knight's or trampoline's landing, a dragonfly's
    flight) the seat may play its one ability: the Special boost, or a card acting on the moving
    astronaut, which then leaves the rest of the chain and moves from where it stands. Moving another
    astronaut there would interleave two moves, which the rulebook never describes: a turn moves
    «одного своего космонавта». A coin carrier gets only the boost there: a card carries no coin, and
    a coin left on a tile no one can stand on (an arrow, a knight...) could never be picked up again."""
    walk = s.walk
    if walk is None or walk["after"] != "end" or walk["seat"] != s.seat:
        return []
    return [
        a
        for a in ability_moves(s, s.seat)
        if a.card == "boost" or (a.astronaut == walk["a"] + 1 and not walk["coin"])
    ]


# ====================================================================== coin walks
def coin_walk_ok(s: PlanetState, action: Action) -> bool:
    """A carrier's move must finish on a revealed tile free of enemies, passing no no-coin tile
    (rulebook: astronaut with a coin); where the walk needs a choice, one good choice is enough.
    Judged by following the walk without playing it (carry.py)."""
    return carry_ok(s, action)


# ------------------------------------------------------------------ refusals
def explain_illegal(s: PlanetState, action: Action) -> str:
    legal = s.legal_actions()
    phase = s.phase
    if phase in ("reveal", "orient", "peek-reveal", "draw"):
        outcomes = [str(o) for o, _ in s.chance_outcomes()]
        shown = ", ".join(outcomes[:12]) + (f" (and {len(outcomes) - 12} more)" if len(outcomes) > 12 else "")
        return f"a chance outcome is due now, not a player's action; the possible outcomes are: {shown}"
    if phase == "claim":
        return f"seat {s.current_player()} must answer the claim that no one can reach the last coins: agree or refuse"
    if phase == "post" and not isinstance(action, (Ability, EndTurn)):
        return "your action is done: use one ability card now or 'end turn'"
    if isinstance(action, EndTurn):
        return "'end turn' closes the window after your action; first make the turn's action"
    if phase != "act" and not isinstance(action, type(legal[0]) if legal else object):
        return f"the move in progress needs a choice first: {', '.join(str(a) for a in legal[:10])}"
    if isinstance(action, Move):
        i = action.astronaut - 1
        if not 0 <= i < len(s.pos[s.seat]):
            return f"there is no astronaut {action.astronaut}; yours are 1-{len(s.pos[s.seat])}"
        if s.stunned(s.seat, i):
            return f"astronaut {action.astronaut} is caught by a dangerous tree and skips this turn"
        p = s.pos[s.seat][i]
        if action.coin and not (p[0] == "cell" and s.coins.get(p[1])):
            return f"astronaut {action.astronaut} has no coin to carry here"
        if action.coin:
            trial = s.clone()
            try:
                apply(trial, Move(action.astronaut, action.way, True))
            except _Violation as why:
                return f"with a coin that move is impossible: {why}"
            return "with a coin that move cannot end well (a face-down tile, enemies or a no-coin tile on every path)"
        if p[0] == "space":
            return "from space an astronaut may only drift along the edge or step onto a revealed empty tile with nothing on it"
        area, r, c = place_of(s, p)
        dr, dc = DIRS.get(action.way, (0, 0))
        t = target(s, area, r + dr, c + dc)
        if t is None or t[0] == "ring":
            return (
                "an astronaut may not step off the planet by itself, except onto its own (or an ally's) ship"
            )
        kind = s.kind(t[1])
        if kind is not None and kind.id == "pyramid":
            return "the pyramid is held by another team: no one else may enter"
    if isinstance(action, Sail):
        if not any(p == ("ship", s.seat) for p in s.pos[s.seat]):
            return "no astronaut of yours is aboard to steer the ship"
        return "the ship would stop on a corner of space (never allowed) or cannot move that far"
    if isinstance(action, Fly):
        if not s.fuel[s.seat]:
            return "your ship has no fuel yet: find the Fuel tile first"
        return "the ship must fly to a free outer cell of the other place (not a corner)"
    if isinstance(action, Ability):
        if s.ability_used:
            return "one ability per turn, and you have used one"
        if s.in_boost:
            return "no artifact may be used during a Special boost's extra turn"
        if not any(c["id"] == action.card and c["ready"] for c in s.hand[s.seat]):
            return f"you hold no ready {action.card!r} card"
    if isinstance(action, Claim) and s.claimed:
        return "you already made the claim this turn"
    if isinstance(action, Claim) and phase == "act":
        hidden = len(s.back) - len(s.revealed)
        return (
            f"the claim that no one can get the last coins may be made only once every tile is face up; "
            f"{hidden} tile(s) are still face down (Ruling R21)"
        )
    if isinstance(action, Pass):
        return "you can still move, so you may not pass"
    shown = ", ".join(str(a) for a in legal[:12])
    return f"it is not one of the legal actions now: {shown}{' ...' if len(legal) > 12 else ''}"
