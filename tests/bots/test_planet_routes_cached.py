"""The route maps' shortcuts give what the plain computation gives (games/planet/bot_routes.py): each
chain state walked once instead of every chain link by link, a cell's moves shared among seats when
they meet no ship, the errands remembered per layout, the nearest face-down tile from per-layout
minima. Checked on many positions - crowded tables of random tiles (knights, arrows, dragonflies,
energy, loops) and the tables of random games - against the code as it was before the shortcuts."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from cosmotable import games
from cosmotable.games.planet import bot_explore
from cosmotable.games.planet.board import DIRS, default_box
from cosmotable.games.planet.bot_plans import (
    BEAM_SHARE,
    ERRANDS,
    GAMMA,
    _beam_pulls_back,
    _face_down_value,
    _pair_arrival,
    _plan,
    _rival_reach,
    _share,
    table_of,
)
from cosmotable.games.planet.bot_routes import (
    EXTRA_TURNS,
    FACE_DOWN_COST,
    FAR,
    HOME,
    KNIGHT_DELTAS,
    MAX_CHAIN,
    MID,
    SHIP,
    TRAMPOLINE,
    Layout,
    forget_layouts,
    layout_of,
)

GAME = games.get("planet")


class WalkEveryChain(Layout):
    """The route maps as first written: every chain walked link by link, each seat on its own."""

    def _cell_ends(self, seat: int, carrier: bool, node) -> dict:
        return self.moves_from(node, seat, carrier)

    def _arrive(self, seat, carrier, place, vec, out, own_step=False, depth=0, seen=frozenset()) -> None:
        if depth > MAX_CHAIN or (place, vec) in seen:
            if not carrier:
                self._add(out, SHIP, 1)
            return
        seen = seen | {(place, vec)}
        if place not in self.tiles:
            owner = self.ships.get(place)
            if owner is not None and self.team[owner] == self.team[seat]:
                self._add(out, HOME if carrier else SHIP, 1)
            elif owner is not None and not carrier and not own_step:
                self._add(out, SHIP, 1)
            return
        tile = self.tiles[place]
        if tile is None:
            self._add(out, place, FACE_DOWN_COST if carrier else 1)
            return
        kind, dirs, no_coin = tile
        if carrier and no_coin:
            return
        area, r, c = place
        chain = depth + 1
        if dirs:
            for way in dirs:
                dr, dc = DIRS[way]
                self._arrive(seat, carrier, (area, r + dr, c + dc), ("step", dr, dc), out, False, chain, seen)
        elif kind == "knight":
            for dr, dc in KNIGHT_DELTAS:
                self._arrive(
                    seat, carrier, (area, r + dr, c + dc), ("knight", dr, dc), out, False, chain, seen
                )
        elif kind == "trampoline":
            for dr, dc in TRAMPOLINE:
                self._arrive(seat, carrier, (area, r + dr, c + dc), ("jump", dr, dc), out, False, chain, seen)
        elif kind == "energy" and vec[0] != "fly":
            self._arrive(seat, carrier, (area, r + vec[1], c + vec[2]), vec, out, False, chain, seen)
        elif kind in ("dragonfly", "energy"):
            for end, cost in self._flight_ends(seat, carrier, area).items():
                self._add(out, end, cost)
        elif kind == "portal":
            self._add(out, HOME if carrier else SHIP, 1)
        elif kind == "crocodile":
            return
        else:
            self._add(out, place, 1 + EXTRA_TURNS.get(kind, 0))

    def _flight_ends(self, seat: int, carrier: bool, area: str) -> dict:
        key = (seat, carrier, area)
        ends = self.flights.get(key)
        if ends is None:
            self.flights[key] = {}
            ends = {}
            for other in self.tiles:
                if other[0] == area:
                    self._arrive(seat, carrier, other, ("fly", 0, 0), ends, depth=1)
            self.flights[key] = ends
        return ends


def _crowded(seed: int, players: int) -> tuple:
    """A table of random face-up tiles (a sixth face down) around the ships of a new game."""
    base = layout_of(GAME.new_state(num_players=players, seed=seed).public_view())
    kinds = default_box().kinds
    rng = random.Random(seed)
    # Tiles that move an astronaut on, weighted up so that chains and loops are common.
    ids = sorted(kinds) + ["knight", "trampoline", "dragonfly", "energy", "arrow1", "arrow2"] * 3
    tiles: dict[tuple, Any] = {}
    for place in base.tiles:
        if rng.random() < 1 / 6:
            tiles[place] = None
        else:
            kid = rng.choice(ids)
            tiles[place] = (kid, tuple(kinds[kid].directions(rng.randrange(4))), kinds[kid].no_coin)
    return tiles, base.ring, base.ships, base.team


def _nodes(layout: Layout) -> list:
    """Every start of a move: each cell, the ship, each place in space, a stop at each tile."""
    nodes: list = [SHIP, *layout.tiles]
    nodes += [("space", area, i) for area, ring in layout.ring.items() for i in range(len(ring))]
    nodes += [(MID, place) for place, tile in layout.tiles.items() if tile is not None]
    return nodes


@pytest.mark.parametrize("seed", range(12))
def test_route_maps_match_walking_every_chain(seed):
    players = 2 + seed % 3
    tiles, ring, ships, team = _crowded(seed, players)
    plain = WalkEveryChain(dict(tiles), ring, ships, team)
    # Seats asked in turn both ways: a move shared among seats must not depend on who asked first.
    for order in (range(players), reversed(range(players))):
        fast = Layout(dict(tiles), ring, ships, team)
        for seat in order:
            for carrier in (False, True):
                for node in _nodes(fast):
                    assert fast.step_ends(seat, carrier, node) == plain.step_ends(seat, carrier, node), (
                        seat,
                        carrier,
                        node,
                    )
            for node in _nodes(fast):
                assert fast.walk_from(seat, node) == plain.walk_from(seat, node)
                for card in ("tame_knight", "boots"):
                    assert fast.leap_ends(seat, card, node) == plain.leap_ends(seat, card, node)
            assert fast.carry_to_ship(seat) == plain.carry_to_ship(seat)
            for place in tiles:
                for carrier in (False, True):
                    assert fast.choice_ends(seat, carrier, place) == plain.choice_ends(seat, carrier, place)


def test_the_crowded_tables_have_chains_loops_and_ships_in_them():
    """The tables above exercise what the shortcuts skip: chains that loop or run past MAX_CHAIN,
    and cells whose moves differ from seat to seat (they meet a ship)."""
    loops = seat_bound = 0
    for seed in range(12):
        tiles, ring, ships, team = _crowded(seed, 2 + seed % 3)
        plain = WalkEveryChain(dict(tiles), ring, ships, team)
        for place in tiles:
            ends = [plain.step_ends(seat, False, place) for seat in range(len(team))]
            loops += any(SHIP in e for e in ends)
            seat_bound += any(e != ends[0] for e in ends)
    assert loops > 50
    assert seat_bound > 10


def _positions(count: int) -> list[dict]:
    """Views along random games of every player count (teams too), every 30 steps."""
    views = []
    for seed in range(count):
        players = 2 + seed % 3
        variants = ["teams"] if players == 4 and seed % 2 else []
        s = GAME.new_state(num_players=players, seed=seed, variants=variants)
        rng = random.Random(seed)
        while not s.is_terminal() and len(s.history) < 600:
            if s.is_chance_node():
                s.sample_chance()
            else:
                s.apply(rng.choice(s.legal_actions()))
            if len(s.history) % 30 == 0:
                views.append(s.public_view())
    return views


def _plain_plan(table, seat: int, starts: list[tuple]) -> float:
    """`_plan` worked out anew at every call: at each errand the first of the cheapest, coins (by
    astronaut, then in the table's order) before locks."""
    layout = table.layout
    carry = layout.carry_to_ship(seat)
    crew = [[node, extra, layout.walk_from(seat, node)] for node, extra, _ in starts]
    coins, locks = dict(table.coins), dict(table.locks)
    rivals = _rival_reach(table, seat)
    turns, value = 0, 0.0
    for _ in range(ERRANDS):
        options = [
            (e + walk.get(place, FAR) + carry.get(place, FAR), "coin", a, place, e + walk.get(place, FAR))
            for a, (_, e, walk) in enumerate(crew)
            for place, n in coins.items()
            if n
        ]
        for place in locks:
            pair = _pair_arrival(e + walk.get(place, FAR) for _, e, walk in crew)
            options.append((pair + carry.get(place, FAR), "lock", None, place, pair))
        cost, kind, who, place, reach = min(options, key=lambda option: option[0], default=(FAR,) * 5)
        if cost >= FAR:
            break
        worth = _share(turns + reach, rivals(place, kind == "lock"))
        pulled = _beam_pulls_back(layout, place, carry.get(place, FAR), rivals(place, False))
        value += worth * (BEAM_SHARE if pulled else 1) * GAMMA ** (turns + cost)
        turns += cost
        if who is None:
            coins[place] = coins.get(place, 0) + locks.pop(place) - 1
        else:
            coins[place] -= 1
            crew[who] = [SHIP, 0, layout.walk_from(seat, SHIP)]
    return value + _face_down_value(table, seat, [(node, e) for node, e, _ in crew])


def _plain_explore_pull(view: dict, seat: int) -> float:
    """`explore_pull` as the least of every face-down tile's turns, one by one."""
    table = table_of(view)
    layout = table.layout
    face_down = [place for place, tile in layout.tiles.items() if tile is None]

    def turns(other: int, node, extra: int):
        ship = view["players"][other]["ship"]
        walk = layout.walk_from(other, node)
        aboard = walk.get(SHIP, 0 if node == SHIP else FAR)
        yield extra + aboard + bot_explore.sail_to_face_down(layout, other)
        for place in face_down:
            by_air = FAR
            if ship["fuel"] and place[0] != ship["area"]:
                by_air = aboard + 1 + bot_explore.steps_from_the_ring(layout, place)
            yield extra + min(walk.get(place, FAR), by_air)

    if not face_down:
        return 0.0
    nearest = min(
        (
            t
            for other, row in enumerate(table.astronauts)
            if table.teams[other] == table.teams[seat]
            for node, extra, _ in row
            for t in turns(other, node, extra)
        ),
        default=FAR,
    )
    return GAMMA**nearest if nearest < FAR else 0.0


def test_errands_and_explore_pull_match_the_plain_computation():
    """Every seat's plan, with its astronauts where they stand and sent home, and every seat's pull,
    on the positions of random games - asked twice, so the second answer comes from the memo."""
    forget_layouts()
    views = _positions(9)
    assert len(views) > 100
    coins = 0
    for view in views:
        table = table_of(view)
        coins += bool(table.coins)
        # The same layout with a coin taken and a lock gone, and with a locked container on every
        # pile of coins: the memo must not answer for them.
        fewer = replace(
            table, coins=dict(list(table.coins.items())[1:]), locks=dict(list(table.locks.items())[1:])
        )
        locked = replace(table, locks={**table.locks, **{place: 2 for place in table.coins}})
        for seat in range(len(view["players"])):
            starts = table.astronauts[seat]
            home = [(SHIP, 0, None)] * len(starts)
            for crew in (starts, home, starts):
                for position in (table, fewer, locked):
                    assert _plan(position, seat, crew) == _plain_plan(position, seat, crew)
            assert bot_explore.explore_pull(view, seat) == _plain_explore_pull(view, seat)
    assert coins > 50  # most positions have coins on the table to plan errands for


@pytest.mark.parametrize("arrows", range(MAX_CHAIN - 2, MAX_CHAIN + 3))
def test_a_chain_of_arrows_ends_on_its_tile_up_to_max_chain_links_then_goes_home(arrows):
    """rulebook (moving): a chain past MAX_CHAIN links counts as a loop - back to the ship; one
    link fewer comes to rest after the last arrow."""
    row = [("empty", (), False)] + [("arrow1", ("E",), False)] * arrows + [("empty", (), False)]
    tiles = {("p", 0, c): tile for c, tile in enumerate(row)}
    ring = {"p": []}
    end = ("p", 0, arrows + 1)
    for layout in (Layout(dict(tiles), ring, {}, [0]), WalkEveryChain(dict(tiles), ring, {}, [0])):
        ends = layout.step_ends(0, False, ("p", 0, 0))
        assert (end in ends, SHIP in ends) == ((True, False) if arrows <= MAX_CHAIN else (False, True))


@pytest.mark.parametrize("seed", range(8))
def test_a_layout_takes_over_only_the_moves_its_changes_leave_alone(seed):
    """`Layout.inherit`: after tiles turn up (or change) and a ship moves, every seat's moves from
    every cell, its walks and carries are those worked out afresh."""
    players = 2 + seed % 3
    tiles, ring, ships, team = _crowded(seed, players)
    rng = random.Random(seed)
    parent = Layout(dict(tiles), ring, ships, team)
    for seat in range(players):
        for carrier in (False, True):
            for place in tiles:
                parent.step_ends(seat, carrier, place)
    changed = dict(tiles)
    for place in rng.sample(sorted(tiles), 3):
        other = rng.choice(sorted(tiles))
        changed[place] = tiles[other]  # a tile turned up, or another tile in its place
    moved = dict(ships)
    place, seat = next(iter(ships.items()))
    del moved[place]
    moved[rng.choice([p for p in ring[place[0]] if p not in ships])] = seat
    for child_ships in (ships, moved):
        child = Layout(dict(changed), ring, child_ships, team)
        child.inherit(parent)
        assert any(child.edges.values())  # it took some moves over
        plain = WalkEveryChain(dict(changed), ring, child_ships, team)
        for seat in range(players):
            for carrier in (False, True):
                for place in tiles:
                    assert child.step_ends(seat, carrier, place) == plain.step_ends(seat, carrier, place)
            assert child.walk_from(seat, SHIP) == plain.walk_from(seat, SHIP)
            assert child.carry_to_ship(seat) == plain.carry_to_ship(seat)


def test_a_cached_layout_is_never_another_games_the_teams_differ_though_the_ships_start_alike():
    # Ships start on the same cells in every 4-player game, every tile face down: the layout cache,
    # which outlives a game, once handed the teams game the layout of the game without teams.
    def opening(variants):
        state = games.get("planet").new_state(num_players=4, seed=3, variants=variants)
        while state.is_chance_node():
            state.sample_chance()
        return state.public_view()

    alone, teams = opening([]), opening(["teams"])
    assert [p["ship"]["cell"] for p in alone["players"]] == [p["ship"]["cell"] for p in teams["players"]]
    forget_layouts()
    assert layout_of(alone).team == [0, 1, 2, 3]
    assert layout_of(teams).team == [0, 1, 0, 1]
    assert layout_of(alone).team == [0, 1, 2, 3]
