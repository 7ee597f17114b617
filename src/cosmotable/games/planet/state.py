"""Planet rules as an engine State.

A turn is one action (an astronaut's step, the ship sailing, or the ship flying with fuel), plus at
most one ability card, used before the action, at a choice inside its chained move, or in the window
after it (phase "post": the ability plays and `end turn`, offered only when an ability is usable -
Ruling R20). A step can chain through
tile effects: each face-down tile is drawn by chance when revealed (its kind from the unplaced tiles of its back colour, then its orientation;
both in one outcome when an obelisk peeks, so the others cannot tell whether the tile needed one),
and tile choices (arrows with several directions, knights, trampolines, dragonflies...) are decisions
of the moving seat. Comments cite the rulebook section each rule comes from (Russian edition 1.0).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache
from operator import itemgetter
from typing import Any, Self

from cosmotable.engine.core import CHANCE, TERMINAL, Action, Event, GameConfig, State, new_event
from cosmotable.games.planet.actions import Draw, Orient, Reveal
from cosmotable.games.planet.board import (
    PLANET,
    STATION,
    Area,
    Box,
    Card,
    Layout,
    TileKind,
    cell_name,
    parse_cell,
)
from cosmotable.games.planet.research import research_for

Cell = tuple[str, int, int]
ACT, REVEAL, ORIENT, CHOOSE, PEEK, PEEK_REVEAL = "act", "reveal", "orient", "choose", "peek", "peek-reveal"
METEOR, TURN, BEAM, DRAW, CLAIM, OVER, POST = "meteor", "turn", "beam", "draw", "claim", "over", "post"
CHANCE_PHASES = (REVEAL, ORIENT, PEEK_REVEAL, DRAW)
_CHANCE_PHASES = frozenset(CHANCE_PHASES)
DEFAULT_MAX_TURNS = 600
MAX_CHAIN = 60


#: The fields a clone shares with its original (values, or tables of the game that never change).
_SHARED_FIELDS = (
    "box",
    "box_counts",
    "layout",
    "cards_data",
    "areas",
    "num_players",
    "team",
    "allies",
    "rivals",
    "pyramid_drawn",
    "max_turns",
    "supply",
    "lost",
    "seat",
    "total_turns",
    "progress_turn",
    "phase",
    "ability_used",
    "boost_pending",
    "in_boost",
    "claimed",
    "pending",
    "peeks_left",
    "end_reason",
    "violation",
)
_shared_values = itemgetter(*_SHARED_FIELDS)


class PlanetState(State):
    """The whole table: planet, station, ships, astronauts, coins, cards and the turn in progress."""

    # legal_actions reads the cache as an attribute: a state made without __init__ has none computed.
    _legal_cache: list[Action] | None = None

    def __init__(self, game, config: GameConfig, seed: int, box: Box, layout: Layout, cards: dict[str, Card]):
        super().__init__(game, config, seed)
        self.box, self.layout, self.cards_data = box, layout, cards
        #: colour -> (kind, count in the box) sorted by kind: the order of a reveal's outcomes.
        self.box_counts: dict[str, tuple[tuple[str, int], ...]] = {
            colour: tuple(sorted(counts.items())) for colour, counts in box.box.items()
        }
        self.areas: dict[str, Area] = {PLANET: layout.planet, STATION: layout.station}
        n = self.num_players = config.num_players
        # rulebook (team play): 2 teams of 2, seats alternate teams.
        self.team = [s % 2 for s in range(n)] if config.has("teams") else list(range(n))
        self.allies: list[int | None] = [
            next((s for s in range(n) if s != seat and self.team[s] == self.team[seat]), None)
            for seat in range(n)
        ]
        #: Each seat's rivals (the seats of the other teams), in seat order.
        self.rivals: list[tuple[int, ...]] = [
            tuple(o for o in range(n) if self.team[o] != self.team[seat]) for seat in range(n)
        ]
        self.max_turns = int(config.options.get("max_turns", DEFAULT_MAX_TURNS))
        research = research_for(config)  # a research configuration (NOT the rulebook game) sets its own
        if research is not None:
            self.max_turns = research.max_turns
        # rulebook (set-up): every tile lies face down; its identity is drawn when it is revealed.
        self.back: dict[Cell, str] = {
            (a, r, c): colour for a, area in self.areas.items() for (r, c), colour in area.cells.items()
        }
        self.tile: dict[Cell, tuple[str, int]] = {}  # drawn tiles (revealed, or fixed by a peek)
        self.drawn: dict[str, dict[str, int]] = {colour: {} for colour in self.box.box}
        self.revealed: set[Cell] = set()
        self.shown: dict[str, dict[str, int]] = {colour: {} for colour in self.box.box}  # revealed kinds
        self.seen: dict[Cell, set[int]] = {}  # face-down tiles a seat looked at with an obelisk
        self.coins: dict[Cell, int] = {}
        self.locks: dict[Cell, int] = {}  # lock token -> coins waiting inside
        self.supply = box.coins
        self.lost = 0
        self.delivered = [0] * n
        # rulebook (set-up): each player's ship on its place, plain side up, astronauts aboard.
        markers = layout.ships[n]
        self.ship: list[tuple[str, int]] = [(PLANET, layout.planet.markers[m]) for m in markers]
        self.fuel = [False] * n
        self.pos: list[list[tuple]] = [[("ship", s)] * box.astronauts for s in range(n)]
        self.stun = [[-1] * box.astronauts for _ in range(n)]
        self.deck = sorted(cards)
        self.hand: list[list[dict[str, Any]]] = [[] for _ in range(n)]
        # Ruling R1: seat 0 starts ("the player who last saw the stars" is decided at the table).
        self.seat = 0
        self.turns = [0] * n
        self.total_turns = 0
        self.progress_turn = 0  # the last turn a tile was revealed or a coin delivered (for bots' claims)
        self.phase = ACT
        self.ability_used = False
        self.boost_pending = False
        self.in_boost = False
        self.claimed = False
        self.claim_queue: list[int] = []
        self.walk: dict[str, Any] | None = None
        self.pending: Cell | None = None
        self.options: list[Action] = []
        self.peeks_left = 0
        self.meteor_pick: list[Cell] = []
        self.turn_queue: list[Cell] = []
        self.flowers: set[Cell] = set()
        self.end_reason: str | None = None
        self.violation: str | None = None
        #: A pyramid has been drawn (revealed or peeked): until then no step needs the pyramid's test.
        self.pyramid_drawn = False
        self._legal_cache = None

    # ------------------------------------------------------------------ small helpers
    def kind(self, cell: Cell) -> TileKind | None:
        if cell not in self.revealed:
            return None
        return self.box.kinds[self.tile[cell][0]]

    def dirs(self, cell: Cell) -> tuple[str, ...]:
        kid, rot = self.tile[cell]
        return self.box.kinds[kid].directions(rot)

    def allied(self, a: int, b: int) -> bool:
        return self.team[a] == self.team[b]

    def ally(self, seat: int) -> int | None:
        """The partner's seat in the teams variant (rulebook: team play, 2 teams of 2), else None."""
        return self.allies[seat]

    def astronauts_at(self, cell: Cell, half: int | None = None) -> list[tuple[int, int]]:
        return [
            (s, i)
            for s, row in enumerate(self.pos)
            for i, p in enumerate(row)
            if p[1] == cell and p[0] == "cell" and (half is None or p[2] == half)
        ]

    def someone_at(self, cell: Cell) -> bool:
        """Does an astronaut stand on `cell` (either half)? astronauts_at's answer as a yes or no,
        stopping at the first one found (asked for the tiles beside every astronaut in space)."""
        for row in self.pos:
            for p in row:
                if p[1] == cell and p[0] == "cell":
                    return True
        return False

    def enemies_at(self, seat: int, cell: Cell, half: int | None = None) -> list[tuple[int, int]]:
        # astronauts_at without the allies, in the same order (asked at every step onto a tile).
        pos = self.pos
        return [
            (s, i)
            for s in self.rivals[seat]
            for i, p in enumerate(pos[s])
            if p[1] == cell and p[0] == "cell" and (half is None or p[2] == half)
        ]

    def enemy_at(self, seat: int, cell: Cell) -> bool:
        """Does an astronaut of another team stand on `cell` (either half)? enemies_at's answer as a
        yes or no, stopping at the first one found."""
        pos = self.pos
        for s in self.rivals[seat]:
            for p in pos[s]:
                if p[1] == cell and p[0] == "cell":
                    return True
        return False

    def held_pyramids(self, seat: int) -> tuple[Cell, ...]:
        """The revealed pyramids an astronaut of another team stands on: closed to `seat`'s astronauts
        (rulebook, pyramid: astronauts of other teams cannot enter it). None before a pyramid is
        drawn, and seldom any after: asked by the listing instead of testing every neighbour."""
        if not self.pyramid_drawn:
            return ()
        held: tuple[Cell, ...] = ()
        revealed, tile, pos = self.revealed, self.tile, self.pos
        for o in self.rivals[seat]:
            for p in pos[o]:
                if p[0] == "cell" and p[1] in revealed and tile[p[1]][0] == "pyramid":
                    held += (p[1],)
        return held

    def ship_at(self, area: str, idx: int) -> int | None:
        # The first seat whose ship is there (a list search in C: asked hundreds of times a turn).
        place = (area, idx)
        return self.ship.index(place) if place in self.ship else None

    def stunned(self, seat: int, i: int) -> bool:
        return self.stun[seat][i] >= self.turns[seat]

    def coins_left(self) -> int:
        return sum(self.coins.values()) + sum(self.locks.values())

    def coins_in_box(self) -> int:
        return self.supply + self.lost

    # ------------------------------------------------------------------ the event log, worded late
    # Play records most events as (wording function, values) - `note` - and words them only when the
    # log is read: random play and a bot's own games never read it, and the texts and cell names
    # were a tenth of a random game's instructions (callgrind). The log reads the same as if each
    # event had been made on the spot: a function gets only values fixed when it was noted (numbers,
    # names, cells, tile kinds), never the state, so a later move cannot change its words.
    _log: list[Any]  # Events, and (function, values) entries not worded yet
    _worded: int  # the entries before this index are all Events

    @property
    def events(self) -> list[Event]:
        log = self._log
        if self._worded < len(log):
            for k in range(self._worded, len(log)):
                entry = log[k]
                if type(entry) is tuple:
                    word, values = entry
                    log[k] = word(*values)
            self._worded = len(log)
        return log

    @events.setter
    def events(self, value: list[Event]) -> None:
        self._log = value
        self._worded = len(value)

    def emit(
        self, kind: str, text: str, seat: int | None = None, visible_to: Any = None, **data: Any
    ) -> None:
        """State.emit, the event made at once and appended to the log as it is (reading `events`
        would word every noted event before it)."""
        if not self.silent:
            self._log.append(new_event(kind, text, seat, data, visible_to))

    def note(self, word: Callable[..., Event], *values: Any) -> None:
        """Record the event `word(*values)` makes, worded when the log is read (emit's lazy form;
        nothing in a silenced copy)."""
        if not self.silent:
            self._log.append((word, values))

    # ------------------------------------------------------------------ engine API
    def current_player(self) -> int:
        phase = self.phase  # asked before every step: one attribute read, the set of chance phases
        if phase in _CHANCE_PHASES:
            return CHANCE
        if phase == OVER:
            return TERMINAL
        if phase == CLAIM:
            return self.claim_queue[0]
        return self.seat

    # The engine's is_terminal and is_chance_node ask current_player(); the phase answers directly
    # (asked before every step of a playout).
    def is_terminal(self) -> bool:
        return self.phase == OVER

    def is_chance_node(self) -> bool:
        return self.phase in _CHANCE_PHASES

    def legal_actions(self) -> list[Action]:
        """State.legal_actions (the same list, cached alike until the next apply), the phase read
        directly instead of through current_player and the game's hook (asked at every decision)."""
        cached = self._legal_cache
        if cached is None:
            phase = self.phase
            if phase in _CHANCE_PHASES:
                return [outcome for outcome, _ in self.chance_outcomes()]
            if phase == OVER:
                return []
            cached = self._legal_cache = self._legal_actions()
        return list(cached)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.phase == REVEAL:
            assert self.pending is not None
            if self.pending in self.tile:  # fixed earlier by an obelisk: no new randomness
                return [(_reveal(self.tile[self.pending][0]), 1.0)]
            return [(_reveal(k), p) for k, p in self.draw_distribution(self.back[self.pending])]
        if self.phase == PEEK_REVEAL:
            # Ruling R3: kind and orientation in one outcome, so the seats not peeking see the same
            # nodes whatever the tile is (a separate orientation node would tell them it is an arrow).
            assert self.pending is not None
            return [
                (_reveal(k, q), p * pq) if q is not None else (_reveal(k), p)
                for k, p in self.draw_distribution(self.back[self.pending])
                for q, pq in _ways_to_lie(self.box.kinds[k])
            ]
        if self.phase == ORIENT:
            assert self.pending is not None
            kind = self.box.kinds[self.tile[self.pending][0]]
            return [(_orient(k), p) for k, p in kind.orientations()]
        if self.phase == DRAW:
            return [(_draw(c), 1 / len(self.deck)) for c in self.deck]
        return []

    def draw_distribution(self, colour: str) -> list[tuple[str, float]]:
        """P(kind) for the next face-down tile of this back colour.

        rulebook (set-up): each colour is shuffled and 2 random tiles go back to the box; Fuel is
        then shuffled into the grey tiles (so it is always on the planet). Drawing a uniform tile
        from those still unplaced is the same distribution, revealed one tile at a time.
        """
        drawn = self.drawn[colour]
        # The kinds in sorted order (the outcomes' order), each with the count still unplaced.
        left = [(k, m) for k, n in self.box_counts[colour] if (m := n - drawn.get(k, 0)) > 0]
        fuel = self.box.fuel
        if colour != "grey" or all(k != fuel for k, _ in left):
            # No Fuel to place: each kind by its count (n / total is the general case's
            # (1 - 0.0) * n / total to the last bit, and never 0). Every reveal asks this.
            total = sum(n for _, n in left)
            return [(k, n / total) for k, n in left]
        cells = sum(1 for c, b in self.back.items() if b == colour and c not in self.tile)
        p_fuel = 1 / max(cells, 1)
        left = [(k, n) for k, n in left if k != fuel]
        total = sum(n for _, n in left)
        out = [(k, (1 - p_fuel) * n / total) for k, n in left] if total else []
        out.append((fuel, p_fuel))
        return [(k, p) for k, p in out if p > 0]

    def pick_chance(self, r: float) -> Action:
        """The engine's walk over chance_outcomes() (the same outcomes, probabilities and order), made
        over the draw distribution for a tile's reveal without building every outcome first."""
        if self.phase == REVEAL and self.pending is not None and self.pending not in self.tile:
            dist = self.draw_distribution(self.back[self.pending])
            for kid, p in dist:
                r -= p
                if r < 0:
                    return _reveal(kid)
            return _reveal(dist[-1][0])
        return super().pick_chance(r)

    def play_randomly(self, rng: random.Random, max_steps: int | None = None) -> int:
        """State.play_randomly (the same draws from `rng`, the same steps, the same game) with the
        engine's layers between the loop and the rules taken out: the phase read directly instead of
        `current_player`, the game's two hooks (the rules' functions) called without
        `_legal_actions`, `_commit` and `_apply` around them. A full random rollout of Planet is
        about 950 steps (most reach the turn cap), so a search's simulation is this loop."""
        if max_steps is not None or type(rng).choice is not random.Random.choice:
            return super().play_randomly(rng, max_steps)
        listing, carry_out = self.game.legal_actions_in, self.game.apply_in
        below, draw, pick, history = rng._randbelow, rng.random, self.pick_chance, self.history  # type: ignore[attr-defined]
        chance, scripted = _CHANCE_PHASES, self._scripted_chance
        steps = 0
        while True:
            phase = self.phase
            if phase == OVER:
                return steps
            if phase in chance:
                if scripted:
                    self.sample_chance(rng)  # a scripted outcome is checked as apply checks it
                    steps += 1
                    continue
                act = pick(draw())
            else:
                cached = self._legal_cache
                if cached is None:
                    cached = listing(self)
                # (an empty list goes to choice, which raises, where _randbelow(0) would never return)
                act = cached[below(len(cached))] if cached else rng.choice(cached)
            self._legal_cache = None
            carry_out(self, act)
            history.append(act)
            steps += 1

    def is_legal(self, action: Action) -> bool:
        if self.phase in CHANCE_PHASES:
            return any(action == o for o, _ in self.chance_outcomes())
        return super().is_legal(action)

    # (the legal moves and refusals: moves.py; what a move does: effects.py and the modules it
    # runs; what a seat sees: views.py - joined to this state by PlanetGame in game.py)

    def scores(self) -> list[int]:
        # rulebook (team play): a team's score is the sum of both players' coins.
        team_total = {t: sum(d for s, d in enumerate(self.delivered) if self.team[s] == t) for t in self.team}
        return [team_total[self.team[s]] for s in range(self.num_players)]

    def artifacts(self) -> list[int]:
        per_team = {t: sum(len(h) for s, h in enumerate(self.hand) if self.team[s] == t) for t in self.team}
        return [per_team[self.team[s]] for s in range(self.num_players)]

    def winners(self) -> list[int]:
        """rulebook (end): most coins; a tie goes to most artifacts; still tied, a shared win."""
        if not self.is_terminal():
            return []
        key = [(sc, ar) for sc, ar in zip(self.scores(), self.artifacts())]
        best = max(key)
        return [s for s in range(self.num_players) if key[s] == best]

    # ------------------------------------------------------------------ records of the table
    def snapshot(self) -> dict[str, Any]:
        def cells(d):
            return {cell_name(*c): v for c, v in sorted(d.items())}

        return {
            "back": cells(self.back),
            "tile": cells(self.tile),
            "revealed": sorted(cell_name(*c) for c in self.revealed),
            "seen": {k: sorted(v) for k, v in cells(self.seen).items()},
            "drawn": self.drawn,
            "shown": self.shown,
            "coins": cells(self.coins),
            "locks": cells(self.locks),
            "supply": self.supply,
            "lost": self.lost,
            "delivered": self.delivered,
            "ship": self.ship,
            "fuel": self.fuel,
            "pos": [[pos_json(p) for p in row] for row in self.pos],
            "stun": self.stun,
            "deck": self.deck,
            "hand": self.hand,
            "seat": self.seat,
            "turns": self.turns,
            "total_turns": self.total_turns,
            "progress_turn": self.progress_turn,
            "phase": self.phase,
            "ability_used": self.ability_used,
            "boost_pending": self.boost_pending,
            "in_boost": self.in_boost,
            "claimed": self.claimed,
            "claim_queue": self.claim_queue,
            "walk": walk_json(self.walk),
            "pending": cell_name(*self.pending) if self.pending else None,
            "options": [str(a) for a in self.options],
            "peeks_left": self.peeks_left,
            "meteor_pick": [cell_name(*c) for c in self.meteor_pick],
            "turn_queue": [cell_name(*c) for c in self.turn_queue],
            "flowers": sorted(cell_name(*c) for c in self.flowers),
            "end_reason": self.end_reason,
            "team": self.team,
            "max_turns": self.max_turns,
        }

    def _copy_into(self, new: State) -> None:
        assert isinstance(new, PlanetState)
        # The fields a move replaces but never changes in place, shared: read and set in C, in one go
        # (a clone of a mid-game state: 113k instructions with a getattr and setattr each, 100k so).
        new.__dict__.update(zip(_SHARED_FIELDS, _shared_values(self.__dict__)))
        new.back = dict(self.back)
        new.tile = dict(self.tile)
        new.drawn = {k: dict(v) for k, v in self.drawn.items()}
        new.revealed = set(self.revealed)
        new.shown = {k: dict(v) for k, v in self.shown.items()}
        new.seen = {k: set(v) for k, v in self.seen.items()}
        new.coins = dict(self.coins)
        new.locks = dict(self.locks)
        new.delivered = list(self.delivered)
        new.ship = list(self.ship)
        new.fuel = list(self.fuel)
        new.pos = [list(row) for row in self.pos]
        new.stun = [list(row) for row in self.stun]
        new.deck = list(self.deck)
        new.hand = [[dict(c) for c in h] for h in self.hand]
        new.turns = list(self.turns)
        new.claim_queue = list(self.claim_queue)
        new.walk = None if self.walk is None else {**self.walk, "visited": set(self.walk["visited"])}
        new.options = list(self.options)
        new.meteor_pick = list(self.meteor_pick)
        new.turn_queue = list(self.turn_queue)
        new.flowers = set(self.flowers)
        # The same position has the same legal actions (the cached list is never changed in place):
        # a bot that clones to try a move then skips recomputing them when `apply` checks legality.
        new._legal_cache = self._legal_cache

    def resample_for(self, seat: int, rng: random.Random) -> Self:
        """Redraw every tile fixed by an obelisk that `seat` has not seen (all else is public or
        not yet drawn: face-down tiles are drawn only when revealed). The tile being oriented after
        a public reveal keeps its kind: everyone saw it drawn. Future chance (tile draws, card draws)
        comes from a seed drawn from `rng`, never the true one."""
        new = self.clone()
        assert isinstance(new, PlanetState)
        drawn_in_public = self.pending if self.phase == ORIENT else None
        hidden = sorted(
            c
            for c in new.tile
            if c not in new.revealed and c != drawn_in_public and seat not in new.seen.get(c, ())
        )
        for cell in hidden:
            kid, _ = new.tile.pop(cell)
            colour = new.back[cell]
            new.drawn[colour][kid] -= 1
        for cell in hidden:
            outcomes = new.draw_distribution(new.back[cell])
            kid = rng.choices([k for k, _ in outcomes], [p for _, p in outcomes])[0]
            orient = new.box.kinds[kid].orientations()
            rot = rng.choices([k for k, _ in orient], [p for _, p in orient])[0] if orient else 0
            new.fix_tile(cell, kid, rot)
        new.detach_chance(rng)
        return new

    def fix_tile(self, cell: Cell, kid: str, rot: int = 0) -> None:
        if kid == "pyramid":
            self.pyramid_drawn = True
        colour = self.back[cell]
        self.tile[cell] = (kid, rot)
        self.drawn[colour][kid] = self.drawn[colour].get(kid, 0) + 1

    def parse_cell(self, text: str) -> Cell:
        return parse_cell(text)


# Chance outcomes are frozen values: one shared object per outcome instead of new ones at every node.
_reveal = cache(Reveal)
_orient = cache(Orient)
_draw = cache(Draw)


def _ways_to_lie(kind: TileKind) -> list[tuple[int | None, float]]:
    """(quarter turns or None, probability): a tile with no direction lies one way, unturned."""
    ways: list[tuple[int | None, float]] = list(kind.orientations())
    return ways or [(None, 1.0)]


def pos_json(p: tuple) -> Any:
    if p[0] == "ship":
        return ["ship", p[1]]
    if p[0] == "cell":
        return ["cell", cell_name(*p[1]), p[2]]
    return ["space", p[1], p[2]]


def walk_json(walk: dict[str, Any] | None) -> Any:
    if walk is None:
        return None
    return {
        "seat": walk["seat"],
        "astronaut": walk["a"],
        "coin": walk["coin"],
        "vec": walk["vec"],
        "prev": pos_json(walk["prev"]),
        "after": walk["after"],
        "steps": walk["steps"],
        "visited": sorted(str(v) for v in walk["visited"]),
        "boots": walk.get("boots", False),
    }
