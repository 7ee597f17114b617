"""Planet plans: what the coins on the table are worth to each seat, in turns of its astronauts'
errands along the routes (bot_routes.py) - a coin `t` turns away is worth GAMMA**t of a coin home -
with the rivals' reach, the locks, the tractor beam and the coins expected under face-down tiles.
`plan_values` is the search's estimate of a position (bot_estimate.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cosmotable.games.planet.board import default_box, parse_cell
from cosmotable.games.planet.bot_routes import FAR, LEAPS, MID, SHIP, Layout, build_layout, read_cells

#: A coin `t` turns away is worth GAMMA**t of a coin home (turns are one astronaut's move each, so a
#: seat's errands are counted one after another).
GAMMA = 0.92
#: How many errands ahead a plan looks.
ERRANDS = 6
#: Chance that a rival next to one of our astronauts sends it back to its ship on its turn.
ATTACK_ODDS = 0.6


@dataclass
class Table:
    """What a plan needs from a view: coins, locks, expected coins face down, astronauts."""

    layout: Layout
    coins: dict[tuple, int]
    locks: dict[tuple, int]
    face_down: dict[tuple, float]  # face-down cell -> coins expected under it
    per_tile: tuple  # (colour, coins expected under a face-down tile of that colour)
    astronauts: list[list[tuple]]  # per seat: (node, extra turns, place or None)
    leaps: list[tuple[str, ...]]  # per seat: its leaping cards not spent (ready again on its turn)
    turn: int
    teams: list[int]
    #: A coin in the hand of an astronaut stopped at a choice within its move (an arrow's way, a
    #: knight's or trampoline's landing): (seat, turns until it is aboard); the view counts that coin
    #: nowhere else, so without it a carry by a trampoline jump looked like losing the coin.
    in_hand: tuple[int, int] | None = None


def table_of(view: dict) -> Table:
    cells = read_cells(view)
    layout = build_layout(view, cells)
    _, _, _, coins, locks, backs = cells
    per_tile = _coins_per_face_down(view)
    face_down = {place: per_tile[back] for place, back in backs if per_tile.get(back)}
    astronauts = []
    for player in view["players"]:
        row: list[tuple[Any, int, Any]] = []  # (where, extra turns, a cell it stands on or None)
        for a in player["astronauts"]:
            at = a["at"]
            extra = 1 if a["stunned"] else 0
            if at[0] == "cell":
                place = parse_cell(at[1])
                row.append((place, extra + (1 if at[2] == 1 else 0), place))  # canyon: near half
            elif at[0] == "space":
                row.append((("space", at[1], at[2]), extra, None))
            else:
                row.append((SHIP, extra, None))  # aboard (on a rival's ship it goes back to its own)
        astronauts.append(row)
    leaps = [
        tuple(c["id"] for c in p["cards"] if c["id"] in LEAPS and not c["spent"]) for p in view["players"]
    ]
    in_hand = None
    walking = view.get("walking")
    if walking and view["phase"] == "choose":
        seat, a = walking["seat"], walking["astronaut"] - 1
        _, extra, place = astronauts[seat][a]
        if place is not None and walking["coin"]:
            turns = _carry_on(layout, seat, place)
            in_hand = (seat, turns)
            # Once the coin is aboard the carrier starts its next errand from the ship.
            astronauts[seat][a] = (SHIP, min(turns, FAR), None)
        elif place is not None:
            # It cannot stand on a knight or an arrow: its walks start where the move goes on.
            astronauts[seat][a] = ((MID, place), extra, place)
    return Table(
        layout,
        coins,
        locks,
        face_down,
        tuple(sorted(per_tile.items())),
        astronauts,
        leaps,
        view["turn"],
        [p["team"] for p in view["players"]],
        in_hand,
    )


def _carry_on(layout: Layout, seat: int, place: tuple) -> int:
    """Turns until a coin carried by `seat`'s astronaut, stopped at a choice on `place` within its
    move, is aboard: this move's choices from the tile (they cost no new turn), then the carry from
    where the move comes to rest; FAR when every way loses it."""
    ends = layout.choice_ends(seat, True, place)
    carry = layout.carry_to_ship(seat)
    best = FAR
    for end, cost in ends.items():
        best = min(best, cost - 1 + carry.get(end, FAR))
    return best


def _coins_per_face_down(view: dict) -> dict[str, float]:
    """Coins expected under a face-down tile of each back colour, from the tiles not yet seen."""
    kinds = default_box().kinds  # the box's tile kinds: public component data
    out = {}
    for colour, left in view["unrevealed"].items():
        tiles = sum(left.values())
        if tiles:
            out[colour] = sum(n * kinds[k].coins for k, n in left.items() if k in kinds) / tiles
    return out


def plan_values(view: dict, table: Table | None = None) -> list[float]:
    """Each seat's coins home plus the coins its astronauts can be expected to bring home, each
    discounted by the turns it takes (walk to it, carry it along a real route). `table`: the view's
    `table_of`, when the caller has it already."""
    if table is None:
        table = table_of(view)
    values = []
    for seat, player in enumerate(view["players"]):
        starts = table.astronauts[seat]
        value = _plan(table, seat, starts)
        # Rivals who move before our next turn may send our astronauts within their reach back to
        # the ship, each with ATTACK_ODDS: one rival in two players, up to two in three (a cell that
        # both can reach is seldom held: issue #19's 3-player game of seed 1000004 knocked three
        # seats off one tractor beam in turn for 300 turns, each valuing the cell as held 40% of
        # the time when two rivals were to move before its next turn).
        rivals = [
            other for other in _before_next_turn(table, seat) if table.teams[other] != table.teams[seat]
        ]
        hit = [s for s in starts if s[2] is not None and any(_reaches(table, r, s[2]) for r in rivals)]
        if hit:
            threats = sum(any(_reaches(table, r, s[2]) for s in hit) for r in rivals)
            odds = 1 - (1 - ATTACK_ODDS) ** threats
            sent_home = [(SHIP, 0, None) if s in hit else s for s in starts]
            value = (1 - odds) * value + odds * _plan(table, seat, sent_home)
        if table.in_hand is not None and table.in_hand[0] == seat and table.in_hand[1] < FAR:
            value += GAMMA ** table.in_hand[1]
        values.append(player["delivered"] + value)
    return values


def _before_next_turn(table: Table, seat: int) -> list[int]:
    """The seats who play a turn before `seat`'s next one: from the seat to move, in seat order
    (none when `seat` itself is to move)."""
    players = len(table.teams)
    return [(table.turn + k) % players for k in range((seat - table.turn) % players)]


def _reaches(table: Table, rival: int, place: tuple) -> bool:
    """Whether an astronaut of `rival` can step (or, with an ability card, leap) onto `place` in its
    next turn."""
    for node, extra, _ in table.astronauts[rival]:
        if extra:
            continue  # stunned, or down in a canyon: no step and no leap reaches us this turn
        if place in table.layout.step_ends(rival, False, node):
            return True
        if any(place in table.layout.leap_ends(rival, card, node) for card in table.leaps[rival]):
            return True  # rulebook (cards): an ability is used besides the turn's move
    return False


def _plan(table: Table, seat: int, starts: list[tuple]) -> float:
    """The seat's next errands, cheapest first: walk to a coin and carry it home, or bring two
    astronauts to a locked container. A coin a rival reaches first is worth a share only."""
    layout = table.layout
    carry = layout.carry_to_ship(seat)
    errands, crew = _errands(table, seat, starts)
    rivals = _rival_reach(table, seat)
    value = 0.0
    for kind, place, turns, reach, best in errands:
        share = _share(turns + reach, rivals(place, kind == "lock"))
        if _beam_pulls_back(layout, place, carry.get(place, FAR), rivals(place, False)):
            share *= BEAM_SHARE
        value += share * GAMMA ** (turns + best)
    return value + _face_down_value(table, seat, crew)


#: The most errand lists one layout remembers (a long search meets many positions of one layout).
ERRAND_MEMO = 50_000


def _errands(table: Table, seat: int, starts: list[tuple]) -> tuple[list[tuple], list[tuple]]:
    """`_plan`'s errands, cheapest first, as (errand, place, turns before it, reach, its turns), and
    the crew (node, extra turns) after them. They do not depend on the rivals (only what each is
    worth does), so they are remembered per layout, seat, crew, coins and locks: judging a seat's
    moves, every other seat's errands came out the same for each move (issue #19: the errands took
    a fifth of a heuristic game)."""
    layout = table.layout
    key = (
        seat,
        tuple((node, e) for node, e, _ in starts),
        tuple(table.coins.items()),
        tuple(table.locks.items()),
    )
    known = layout.errands.get(key)
    if known is not None:
        return known
    carry = layout.carry_to_ship(seat)
    home = layout.walk_from(seat, SHIP)
    nodes = [node for node, _, _ in starts]
    walks = [layout.walk_from(seat, node) for node in nodes]
    extra = [e for _, e, _ in starts]
    coins = dict(table.coins)
    locks = dict(table.locks)
    errands = []
    turns = 0
    # The coins that can be carried home, with the carry's turns (no other is ever picked: its
    # errand costs FAR or more).
    carried = [(place, carry[place]) for place in coins if carry.get(place, FAR) < FAR]
    for _ in range(ERRANDS):
        best = FAR
        pick: tuple[str, int | None, Any, int] | None = None  # (errand, astronaut, place, reach)
        for a, walk in enumerate(walks):
            for place, home_turns in carried:
                if coins[place]:
                    walk_turns = walk.get(place)
                    if walk_turns is not None:  # a walk's turns are below FAR
                        reach = extra[a] + walk_turns
                        cost = reach + home_turns
                        if cost < best:
                            best, pick = cost, ("coin", a, place, reach)
        for place in locks:
            # rulebook (locked container): two astronauts of one team on it open it.
            reach = _pair_arrival(extra[a] + walk.get(place, FAR) for a, walk in enumerate(walks))
            cost = reach + carry.get(place, FAR)
            if cost < best:
                best, pick = cost, ("lock", None, place, reach)
        if pick is None or best >= FAR:
            break
        kind, who, place, reach = pick
        errands.append((kind, place, turns, reach, best))
        turns += best
        if kind == "coin":
            assert who is not None  # a coin errand always names the astronaut who carries it
            coins[place] -= 1
            nodes[who], walks[who], extra[who] = SHIP, home, 0
        else:
            if place not in coins and carry.get(place, FAR) < FAR:
                carried.append((place, carry[place]))  # the opened container's coins, last in `coins`
            coins[place] = coins.get(place, 0) + locks.pop(place) - 1
    if len(layout.errands) >= ERRAND_MEMO:
        layout.errands.clear()
    known = layout.errands[key] = (errands, list(zip(nodes, extra)))
    return known


#: What a coin on a tractor beam is worth, as a share, when a rival can step onto the beam before it
#: is carried home (`_beam_pulls_back`).
BEAM_SHARE = 0.25


def _beam_pulls_back(layout: Layout, place: tuple, carry: int, rival_reach: int) -> bool:
    """Whether a coin lying on a tractor beam at `place` is likely pulled back before it is home: the
    carry takes more than one move and a rival can step onto the beam in that time. rulebook (tractor
    beam): whoever steps onto it pulls a coin lying anywhere on the place back onto it - the one being
    carried too. Counted as any other coin, a pile on a beam drew every seat and was never carried off:
    issue #19's games of seeds 1000004 and 1000026 knocked each other off a beam 155 and 88 times."""
    tile = layout.tiles.get(place)
    return tile is not None and tile[0] == "beam" and 1 < carry < FAR and rival_reach <= carry


def _pair_arrival(times) -> int:
    """Turns until two astronauts stand on a locked container, given each one's arrival time (the
    two fastest, one after the other); FAR when fewer than two can come - one alone cannot open it."""
    first, second = (sorted(times) + [FAR, FAR])[:2]
    return FAR if second >= FAR else first + second


def _share(ours: int, theirs: int) -> float:
    """How much of a coin is ours when we reach it after `ours` turns and a rival after `theirs`."""
    if ours < theirs:
        return 1.0
    return 0.5 if ours == theirs else 0.25


def _rival_reach(table: Table, seat: int):
    """place, lock -> turns until a rival team reaches it (a lock: until it brings two astronauts)."""
    walks = [
        (extra, table.layout.walk_from(other, node))
        for other, row in enumerate(table.astronauts)
        if table.teams[other] != table.teams[seat]
        for node, extra, _ in row
    ]
    known: dict = {}

    def reach(place: tuple, lock: bool) -> int:
        key = (place, lock)
        if key not in known:
            times = [extra + walk.get(place, FAR) for extra, walk in walks]
            known[key] = _pair_arrival(times) if lock else min(times, default=FAR)
        return known[key]

    return reach


def _face_down_value(table: Table, seat: int, crew: list[tuple]) -> float:
    """Coins still face down: each worth the nearest astronaut's walk there and the carry back
    (remembered per layout and crew position: the same few positions recur all through a search)."""
    layout = table.layout
    key = ("face down", seat, table.per_tile, tuple(sorted(crew, key=repr)))
    value = layout.dist.get(key)
    if value is None:
        carry = layout.carry_to_ship(seat)
        walks = [(extra, layout.walk_from(seat, node)) for node, extra in crew]
        value = 0.0
        for place, expected in table.face_down.items():
            near = min(extra + walk.get(place, FAR) for extra, walk in walks)
            if near < FAR:
                value += 0.5 * expected * GAMMA ** (near + carry.get(place, FAR // 2))
        layout.dist[key] = value
    return value
