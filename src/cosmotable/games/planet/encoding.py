"""Planet encoding: the fixed action and chance enumerations and the observation vector.

Everything is derived from the configuration's layout (the default planet, or a `layout` option)
and the box: cells are the tiles of the planet then of the station (row-major), ring places the
space cells around each area (clockwise, as the layout lists them).

Decision actions (indices in this order; sizes for the default layout, 3 astronauts, 4 seats max):

1. `move <a> <dir|canyon> [coin]` for every astronaut, the 8 directions and `canyon` (54).
2. `drift <a> <+-1..3>` (18), `sail <+-1..3>` (6).
3. `fly <ring place>` for every space place of the planet and of the station (60).
4. `go <dir>` (8), `knight <code>` (8), `jump <dir>` (8).
5. `to`, `peek`, `meteor`, `beam` `<cell>` for every cell (4 x 80), `turn <cell> <0-3>` (320).
6. Abilities, per card of the box: `ability boost`; `ability pocket <a> [ALLY]`; `ability teleport <a>
   <cell|SHIP|ALLY>` (ALLY: the ally's ship, teams variant); `ability boots|gravity <a> <dir>`; `ability tame_knight <a> <knight code>`.
7. `claim`, `agree`, `refuse`, `pass`, `end turn` (5).

Chance outcomes: `reveal <kind>` for every tile kind of the box, `orient 0..3`, `draw <card>`.

The observation is built only from `state.view(seat)` (a face-down tile fixed by an obelisk shows
its kind only to the seats that looked at it); seat-relative (relative seat r is absolute seat
(seat + r) % num_players), padded to 4 seats. Its layout is `PlanetEncoding.layout`, printed in
docs/observations.md. The hidden information of the history (redaction, a determinization's
history) is a mixin of its own, in encoding_hidden.py.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from cosmotable import games
from cosmotable.engine import Event, GameConfig, State
from cosmotable.envs.encodings import (
    Encoding,
    ObservationBuilder,
    last_game_over,
    one_hot,
)
from cosmotable.games.planet.actions import KNIGHTS
from cosmotable.games.planet.board import DIRS, STATION, cell_name
from cosmotable.games.planet.encoding_hidden import HiddenHistory
from cosmotable.games.planet.views import build_view

MAX_SEATS = 4
PHASES = (
    "act",
    "reveal",
    "orient",
    "choose",
    "peek",
    "peek-reveal",
    "meteor",
    "turn",
    "beam",
    "draw",
    "claim",
    "post",
    "over",
)
BACKS = ("yellow", "green", "grey", "station")
DIR_NAMES = tuple(DIRS)
COIN_SCALE = 30.0


class PlanetEncoding(HiddenHistory, Encoding):
    game_id = "planet"

    def __init__(self, config: GameConfig):
        game = games.get("planet")
        layout = game.layout(config)  # type: ignore[attr-defined]
        probe = game.state_from_config(config, 0)
        self.box = probe.box  # type: ignore[attr-defined]
        self.card_ids = list(probe.cards_data)  # type: ignore[attr-defined]
        self.kind_ids = list(self.box.kinds)
        self.astronauts = self.box.astronauts
        self.areas = (layout.planet, layout.station)
        self.cells = [cell_name(a.id, r, c) for a in self.areas for (r, c) in sorted(a.cells)]
        self.ring = [cell_name(a.id, r, c) for a in self.areas for (r, c) in a.ring]
        self.ring_keys = [(a.id, i) for a in self.areas for i in range(len(a.ring))]
        self._cell_pos = {c: i for i, c in enumerate(self.cells)}
        self._ring_pos = {k: i for i, k in enumerate(self.ring_keys)}
        self._kind_pos = {k: i for i, k in enumerate(self.kind_ids)}
        self._card_pos = {c: i for i, c in enumerate(self.card_ids)}
        self.total_coins = max(1, self.box.coins)
        self._builder = self._declare()
        self._slices = self._builder.slices()
        self._head_range = slice(0, self._slices["pending"].stop)  # `num_players` .. `pending`
        # Columns of a cell's row: its own (tile, coins, peeks) up to the astronauts' columns,
        # which belong to the pieces with the ring and the players' rows (`update_observation`).
        K, P = len(self.kind_ids), MAX_SEATS
        self._cell_keys = [(a.id, r, c) for a in self.areas for (r, c) in sorted(a.cells)]
        self._board_columns = slice(0, 17 + K + P)
        self._piece_columns = slice(17 + K + P, 17 + K + 3 * P)
        super().__init__(game, config, self._decisions(), self._chance(), self._builder.segments)

    # ------------------------------------------------------------------ enumerations
    def _decisions(self) -> list[str]:
        A = range(1, self.astronauts + 1)
        texts = []
        for a in A:
            for way in (*DIR_NAMES, "canyon"):
                texts += [f"move {a} {way}", f"move {a} {way} coin"]
        texts += [f"drift {a} {s:+d}" for a in A for s in (1, 2, 3, -1, -2, -3)]
        texts += [f"sail {s:+d}" for s in (1, 2, 3, -1, -2, -3)]
        texts += [f"fly {c}" for c in self.ring]
        texts += (
            [f"go {d}" for d in DIR_NAMES]
            + [f"knight {k}" for k in KNIGHTS]
            + [f"jump {d}" for d in DIR_NAMES]
        )
        for verb in ("to", "peek", "meteor", "beam"):
            texts += [f"{verb} {c}" for c in self.cells]
        texts += [f"turn {c} {q}" for c in self.cells for q in range(4)]
        for card in self.card_ids:
            if card == "boost":
                texts.append("ability boost")
            elif card == "pocket":
                texts += [f"ability pocket {a}" for a in A] + [f"ability pocket {a} ALLY" for a in A]
            elif card == "teleport":
                texts += [f"ability teleport {a} {t}" for a in A for t in (*self.cells, "SHIP", "ALLY")]
            elif card in ("boots", "gravity"):
                texts += [f"ability {card} {a} {d}" for a in A for d in DIR_NAMES]
            elif card == "tame_knight":
                texts += [f"ability {card} {a} {k}" for a in A for k in KNIGHTS]
            else:  # a card of a custom box: every form the grammar allows, without a target
                texts += [f"ability {card}"] + [f"ability {card} {a}" for a in A]
        texts += ["claim", "agree", "refuse", "pass", "end turn"]
        return texts

    def _chance(self) -> list[str]:
        # An obelisk peek draws kind and orientation together (`reveal arrow1 2`, Ruling R3).
        peeks = [f"reveal {k} {q}" for k in self.kind_ids for q, _ in self.box.kinds[k].orientations()]
        return (
            [f"reveal {k}" for k in self.kind_ids]
            + [f"orient {q}" for q in range(4)]
            + [f"draw {c}" for c in self.card_ids]
            + peeks
        )

    # ------------------------------------------------------------------ layout
    def _declare(self) -> ObservationBuilder:
        b = ObservationBuilder()
        P, K, N, R, Cd = MAX_SEATS, len(self.kind_ids), len(self.cells), len(self.ring), len(self.card_ids)
        self._cell_width = len(BACKS) + 1 + K + 8 + 2 + 2 + P + 2 * P + 1
        self._player_width = 3 + 3 + 2 + 3 * Cd + self.astronauts * (P + 1 + 3)
        b.add("num_players", P - 1, "one-hot number of players: 2, 3, 4")
        b.add("teams", 1, "1 in the 2 vs 2 teams variant")
        b.add("phase", len(PHASES), "one-hot phase: " + ", ".join(PHASES))
        b.add("to_act", P + 2, "one-hot who acts: relative seats 0-3, then chance, then game over")
        b.add("turn_seat", P, "one-hot relative seat whose turn it is")
        b.add("turns", 2, "total turns / max turns, turns since the last reveal or delivery / 100")
        b.add(
            "coins", 5, f"coins in the supply, lost, on the board, locked, delivered, each / {self.box.coins}"
        )
        b.add(
            "unrevealed",
            len(BACKS) * K,
            "per back colour ("
            + ", ".join(BACKS)
            + ") x tile kind ("
            + ", ".join(self.kind_ids)
            + "): tiles still face down / 10",
        )
        b.add("deck", 1, f"ability cards left in the deck / {max(1, Cd)}")
        b.add(
            "walking",
            P + self.astronauts + 1,
            "move in progress: one-hot relative seat, one-hot astronaut, carries a coin",
        )
        b.add(
            "misc",
            3 + P,
            "obelisk peeks left / 4, ability used this turn, in a Special boost's extra "
            "turn, relative seats still to answer a claim (4)",
        )
        b.add("pending", N, "one-hot cell being revealed / chosen (per cell, as below)")
        b.add(
            "cells",
            N * self._cell_width,
            f"per cell ({N}: planet then station, row-major): one-hot back colour (4), revealed, one-hot "
            "tile kind if this seat may see it (face up, peeked at by this seat, or drawn and being oriented), its directions "
            "(N, NE, E, SE, S, SW, W, NW), no-coin, one-use, coins / 5, lock coins / 5, peeked at by each "
            "relative seat (4), astronauts of each relative seat there / 3 (4), of them in a canyon's "
            "second half / 3 (4), pending (being revealed)",
        )
        b.add(
            "ring",
            R * (P + P),
            f"per space place ({R}: planet ring then station ring, clockwise): one-hot relative seat of the "
            "ship there (4), astronauts of each relative seat floating there / 3 (4)",
        )
        b.add(
            "players",
            P * self._player_width,
            "per relative seat (4): seated, same team, fuel, delivered / 30, score / 30, ship on the station, "
            "ship ring place / 36, ship present, per ability card (" + ", ".join(self.card_ids) + "): held, "
            "ready, spent; per astronaut (1-3): one-hot relative seat of the ship it is aboard (4), "
            "stunned, on a cell, in space, on its own ship",
        )
        b.add(
            "flowers",
            N,
            "per cell: 1 if a circular flower there was stepped on this turn (it turns a quarter "
            "at the end of the turn)",
        )
        b.add("scores", P, f"per relative seat: score / {COIN_SCALE:g}")
        b.add("winners", P, "per relative seat: 1 if among the winners (game over only)")
        return b

    # ------------------------------------------------------------------ observation
    def observe(self, view: Mapping[str, Any], seat: int) -> np.ndarray:
        vec = np.zeros(self._builder.size, dtype=np.float32)
        self._write_head(vec, view, seat)
        self._write_board(vec, view, seat)
        self._write_pieces(vec, view, seat)
        return vec

    def observe_state(self, state: State, seat: int) -> np.ndarray:
        """The same vector as `observe(state.view(seat), seat)`; the tiles are written straight
        from the state (building them into the view costs most of a view)."""
        vec = np.zeros(self._builder.size, dtype=np.float32)
        self.update_observation(vec, state, seat, None, {})
        return vec

    def update_observation(
        self, vec: np.ndarray, state: State, seat: int, events: Sequence[Event] | None, memo: dict[str, Any]
    ) -> None:
        """Incremental. The view is built without its cells and compared, part by part, with the
        one the vector was last written from (kept in `memo`): the head (phase, turn, coins,
        face-down counts; cheap) is always rewritten, the pieces (astronauts, ships, cards,
        scores) only when they changed. The tiles are read from the state cell by cell and a cell
        is rewritten only when what this seat may see of it changed (`_cell_key`): most steps
        (an astronaut's or a ship's move) change none or one or two."""
        view = build_view(state, seat, with_areas=False)  # type: ignore[arg-type]
        before = None if events is None else memo.get("view")
        memo["view"] = view
        if before is None:
            vec[:] = 0.0
            memo["cells"] = [None] * len(self._cell_keys)
        vec[self._head_range] = 0.0
        self._write_head(vec, view, seat)
        self._write_cells_from_state(vec, state, seat, memo["cells"])
        over = view["phase"] == "over"
        if (
            before is None
            or view["players"] != before["players"]
            or view["scores"] != before["scores"]
            or over != (before["phase"] == "over")
        ):
            self._cells(vec)[:, self._piece_columns] = 0.0
            for name in ("ring", "players", "scores", "winners"):
                vec[self._slices[name]] = 0.0
            self._write_pieces(vec, view, seat)

    def _write_cells_from_state(self, vec: np.ndarray, state: Any, seat: int, keys: list) -> None:
        """The cells' own columns and `flowers`, as `_write_board` writes them from the view, read
        from the state under the view's rules (views.build_view): a tile's identity only when it
        is face up or this seat peeked at it, the kind drawn for a cell being oriented, peeks,
        flowers stepped on, coins, locks, the pending cell. `keys` holds each cell's last key."""
        K = len(self.kind_ids)
        n = state.num_players
        cells = self._cells(vec)
        flowers = vec[self._slices["flowers"]]
        shown_pending = None if state.pending is None or state.phase == "peek-reveal" else state.pending
        orienting = state.pending if state.phase == "orient" else None
        revealed, seen, tiles = state.revealed, state.seen, state.tile
        for i, cell in enumerate(self._cell_keys):
            face_up = cell in revealed
            peeks = seen.get(cell)
            tile = tiles[cell] if face_up or (peeks is not None and seat in peeks) else None
            drawn = tiles[cell][0] if tile is None and cell == orienting else None
            key = (
                state.back[cell],
                face_up,
                tile,
                drawn,
                tuple(sorted(peeks)) if peeks else (),
                cell in state.flowers,
                state.coins.get(cell, 0),
                state.locks.get(cell, 0),
                cell == shown_pending,
            )
            if keys[i] == key:
                continue
            keys[i] = key
            row = cells[i]
            row[self._board_columns] = 0.0
            row[-1] = 0.0
            flowers[i] = 0.0
            back = key[0]
            if back in BACKS:
                row[BACKS.index(back)] = 1.0
            row[4] = float(face_up)
            if tile is not None:
                kid, rot = tile
                kind = self.box.kinds[kid]
                if kid in self._kind_pos:
                    row[5 + self._kind_pos[kid]] = 1.0
                for d in kind.directions(rot):
                    row[5 + K + DIR_NAMES.index(d)] = 1.0
                row[13 + K] = float(kind.no_coin)
                row[14 + K] = float(kind.one_use)
            elif drawn is not None and drawn in self._kind_pos:
                row[5 + self._kind_pos[drawn]] = 1.0
            if key[5]:
                flowers[i] = 1.0
            row[15 + K] = key[6] / 5.0
            row[16 + K] = key[7] / 5.0
            for s in key[4]:
                row[17 + K + (s - seat) % n] = 1.0
            if key[8]:
                row[-1] = 1.0

    def _cells(self, vec: np.ndarray) -> np.ndarray:
        return vec[self._slices["cells"]].reshape(len(self.cells), self._cell_width)

    def _write_head(self, vec: np.ndarray, view: Mapping[str, Any], seat: int) -> None:
        """The segments `num_players` .. `pending`: turn, coins, face-down counts, the move in progress."""
        P = MAX_SEATS
        n = len(view["players"])
        slices = self._slices

        def rel(s: int | None) -> int | None:
            return None if s is None else (int(s) - seat) % n

        def put(name: str) -> np.ndarray:
            return vec[slices[name]]

        one_hot(put("num_players"), n - 2)
        put("teams")[0] = float(bool(view["teams"]))
        one_hot(put("phase"), PHASES.index(view["phase"]) if view["phase"] in PHASES else None)
        cp = int(view["current"])
        one_hot(put("to_act"), rel(cp) if cp >= 0 else (P if cp == -1 else P + 1))
        one_hot(put("turn_seat"), rel(view["turn"]))
        put("turns")[:] = (
            view["total_turns"] / max(1, view["max_turns"]),
            min(view["quiet_turns"] / 100.0, 50.0),
        )
        coins = view["coins"]
        put("coins")[:] = [
            coins[k] / self.total_coins for k in ("supply", "lost", "on_board", "locked", "delivered")
        ]
        unrev = put("unrevealed").reshape(len(BACKS), len(self.kind_ids))
        for colour, counts in view["unrevealed"].items():
            if colour in BACKS:
                for kid, k in counts.items():
                    if kid in self._kind_pos:
                        unrev[BACKS.index(colour), self._kind_pos[kid]] = k / 10.0
        put("deck")[0] = view["deck"] / max(1, len(self.card_ids))
        walking = view["walking"]
        if walking is not None:
            w = put("walking")
            one_hot(w[:P], rel(walking["seat"]))
            one_hot(w[P : P + self.astronauts], walking["astronaut"] - 1)
            w[-1] = float(bool(walking["coin"]))
        misc = put("misc")
        misc[0] = view["peeks_left"] / 4.0
        misc[1] = float(bool(view["ability_used"]))
        misc[2] = float(bool(view["in_boost"]))
        for s in view["claim_queue"]:
            misc[3 + rel(s)] = 1.0
        if view["pending"] is not None:
            one_hot(put("pending"), self._cell_pos.get(view["pending"]))

    def _write_board(self, vec: np.ndarray, view: Mapping[str, Any], seat: int) -> None:
        """The tiles: the cells' own columns (back, tile, directions, coins, locks, peeks,
        pending) and `flowers`; the astronauts' columns are the pieces'."""
        n = len(view["players"])
        K = len(self.kind_ids)
        cells = self._cells(vec)
        flowers = vec[self._slices["flowers"]]
        for area in view["areas"].values():
            for entry in area["cells"]:
                i = self._cell_pos.get(entry["cell"])
                if i is None:
                    continue
                row = cells[i]
                one_hot(row[:4], BACKS.index(entry["back"]) if entry["back"] in BACKS else None)
                row[4] = float(bool(entry["revealed"]))
                if "tile" in entry:
                    one_hot(row[5 : 5 + K], self._kind_pos.get(entry["tile"]))
                    for d in entry["dirs"]:
                        row[5 + K + DIR_NAMES.index(d)] = 1.0
                    row[13 + K] = float(bool(entry["no_coin"]))
                    row[14 + K] = float(bool(entry["one_use"]))
                elif "drawn" in entry:
                    one_hot(row[5 : 5 + K], self._kind_pos.get(entry["drawn"]))
                if entry.get("flower_used"):
                    flowers[i] = 1.0
                row[15 + K] = entry.get("coins", 0) / 5.0
                row[16 + K] = entry.get("lock", 0) / 5.0
                for s in entry.get("peeked_by", ()):
                    row[17 + K + (int(s) - seat) % n] = 1.0
                if entry["cell"] == view["pending"]:
                    row[-1] = 1.0

    def _write_pieces(self, vec: np.ndarray, view: Mapping[str, Any], seat: int) -> None:
        """Ships, astronauts (in the cells' astronaut columns and the ring), the players' rows,
        scores and, at the end, the winners."""
        P = MAX_SEATS
        n = len(view["players"])
        K = len(self.kind_ids)

        def rel(s: int | None) -> int | None:
            return None if s is None else (int(s) - seat) % n

        cells = self._cells(vec)
        ring = vec[self._slices["ring"]].reshape(len(self.ring_keys), 2 * P)
        players = vec[self._slices["players"]].reshape(P, self._player_width)
        scores_vec = vec[self._slices["scores"]]
        me_team = next(p["team"] for p in view["players"] if p["seat"] == seat) if 0 <= seat < n else None
        Cd = len(self.card_ids)
        for p in view["players"]:
            r = rel(p["seat"])
            row = players[r]
            row[0] = 1.0
            row[1] = float(p["team"] == me_team)
            ship = p["ship"]
            row[2] = float(bool(ship["fuel"]))
            row[3] = p["delivered"] / COIN_SCALE
            row[4] = p["score"] / COIN_SCALE
            row[5] = float(ship["area"] == STATION)
            row[6] = ship["ring"] / 36.0
            row[7] = 1.0
            ri = self._ring_pos.get((ship["area"], ship["ring"]))
            if ri is not None:
                ring[ri, r] = 1.0
            for card in p["cards"]:
                ci = self._card_pos.get(card["id"])
                if ci is not None:
                    row[8 + 3 * ci] = 1.0
                    row[9 + 3 * ci] = float(bool(card.get("ready")))
                    row[10 + 3 * ci] = float(bool(card.get("spent")))
            base = 8 + 3 * Cd
            for a in p["astronauts"]:
                k = a["n"] - 1
                if not 0 <= k < self.astronauts:
                    continue
                arow = row[base + k * (P + 4) : base + (k + 1) * (P + 4)]
                at = a["at"]
                arow[P] = float(bool(a["stunned"]))
                if at[0] == "ship":
                    one_hot(arow[:P], rel(at[1]))
                    arow[P + 3] = float(at[1] == p["seat"])
                elif at[0] == "cell":
                    arow[P + 1] = 1.0
                    ci = self._cell_pos.get(at[1])
                    if ci is not None:
                        cells[ci, 17 + K + P + r] += 1.0 / 3.0
                        if at[2] == 2:
                            cells[ci, 17 + K + 2 * P + r] += 1.0 / 3.0
                else:
                    arow[P + 2] = 1.0
                    ri = self._ring_pos.get((at[1], at[2]))
                    if ri is not None:
                        ring[ri, P + r] += 1.0 / 3.0
            scores_vec[r] = view["scores"][p["seat"]] / COIN_SCALE
        if view["phase"] == "over":
            winners = vec[self._slices["winners"]]
            scores = view["scores"]
            best = max(scores) if scores else 0
            # winners are not in the view: the best score (ties broken by artifacts, all public)
            arts = {p["seat"]: sum(1 for _ in p["cards"]) for p in view["players"]}
            teams = {p["seat"]: p["team"] for p in view["players"]}
            team_arts = {t: sum(a for s, a in arts.items() if teams[s] == t) for t in set(teams.values())}
            keys = {s: (scores[s], team_arts[teams[s]]) for s in arts}
            top = max(keys.values()) if keys else (best, 0)
            for s, key in keys.items():
                if key == top:
                    winners[rel(s)] = 1.0

    # ------------------------------------------------------------------ hidden information

    # ------------------------------------------------------------------ text
    def cap_reason(self, state: State) -> str | None:
        """The safety cap on turns (`max_turns`) ends the game with code "cap" (moves.game_over)."""
        event = last_game_over(state) if state.is_terminal() else None
        if event is not None and event.data.get("code") == "cap":
            return event.data.get("reason") or event.text
        return None

    def render_view(self, view: Mapping[str, Any]) -> str:
        lines = [
            (
                f"Planet  {len(view['players'])} players{'  teams' if view['teams'] else ''}  "
                f"turn {view['total_turns']}/{view['max_turns']} (seat {view['turn']})  phase {view['phase']}"
            )
        ]
        for p in view["players"]:
            ats = " ".join(f"{a['n']}:{'/'.join(str(x) for x in a['at'])}" for a in p["astronauts"])
            lines.append(
                f"seat {p['seat']}: delivered {p['delivered']}  ship {p['ship']['cell']}"
                f"{' fuel' if p['ship']['fuel'] else ''}  astronauts {ats}  "
                f"cards {' '.join(c['id'] for c in p['cards']) or '-'}"
            )
        lines.append(f"coins: {view['coins']}")
        if view["end_reason"]:
            lines.append(f"game over: {view['end_reason']}")
        return "\n".join(lines)


def encoding_for(config: GameConfig) -> PlanetEncoding:
    return PlanetEncoding(config)


# ---------------------------------------------------------------- docs/observations.md
# The enumeration's groups, as `cosmotable.envs.docs` lists them: (text the actions start with, meaning).
ACTION_GROUPS: list[tuple[str, str]] = [
    ("move", "`move <astronaut> <direction\\|canyon> [coin]`"),
    ("drift", "`drift <astronaut> <+-1..3>` (in space, along the edge)"),
    ("sail", "`sail <+-1..3>`"),
    ("fly", "`fly <space place>`: every ring place of the planet, then of the station"),
    ("go", "`go <direction>` (an arrow with several directions)"),
    ("knight", "`knight <code>` (a knight's leap)"),
    ("jump", "`jump <direction>` (trampoline)"),
    ("to", "`to <cell>` (dragonfly, acceleration after a flight): every cell, planet then station"),
    ("peek", "`peek <cell>` (obelisk)"),
    ("meteor", "`meteor <cell>` (meteorite)"),
    ("beam", "`beam <cell>` (tractor beam)"),
    ("turn", "`turn <cell> <0-3>` (turning arrows)"),
    ("ability", "`ability <card> [astronaut] [target]`: every form of every ability card of the box"),
    ("claim", "`claim` (no one can get the last coins)"),
    ("agree", "`agree`"),
    ("refuse", "`refuse`"),
    ("pass", "`pass`"),
    ("end", "`end turn` (the window after the action)"),
]
CHANCE_GROUPS: list[tuple[str, str]] = [
    (
        "reveal",
        "`reveal <kind>`: the kind of a face-down tile turned over; `reveal <kind> <0-3>`: the kind and orientation of a tile an obelisk peeks at (one outcome, Ruling R3)",
    ),
    ("orient", "`orient <0-3>`: its orientation (quarter turns)"),
    ("draw", "`draw <card>`: the ability card an artifact gives"),
]
#: What the tables above leave to say.
DOC_NOTE = (
    "Cells, space places and ability cards come from the configuration's layout and box: a "
    "game started with a `layout` option gets an encoding built from that layout, with the same "
    "structure. OpenSpiel: `python_cosmotable_planet(players=2,max_turns=30)` caps the game."
)
