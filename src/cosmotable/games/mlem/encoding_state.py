"""MLEM's observation written straight from the state, and updated in place from the events since
the last step: the same vector as encoding_view.py's from the view (the tests hold them equal),
without building the view at every step of an RL run."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from cosmotable.engine import CHANCE, Event, State
from cosmotable.envs.encodings import Encoding
from cosmotable.games.mlem.board import ABILITIES
from cosmotable.games.mlem.encoding_layout import (
    DISCOVERY_KINDS,
    EXPEDITION_SCALE,
    MAX_SEATS,
    PART_SCALE,
    SCORE_PARTS,
    SCORE_SCALE,
    TOKEN_ABILITIES,
    VARIANT_NAMES,
)
from cosmotable.games.mlem.state import HIDDEN_PARTS


def _sixths(most: int = 12) -> tuple[float, ...]:
    """k/6 as the view's encoding sums it (1/6 added k times in float32), for k = 0..most."""
    acc = np.zeros(1, dtype=np.float32)
    out = [0.0]
    for _ in range(most):
        acc[0] += 1.0 / 6.0
        out.append(float(acc[0]))
    return tuple(out)


#: `roll_counts` entries: k dice of a face give SIXTHS[k].
SIXTHS = _sixths()

#: The most rocket boards an encoding keeps written out (`_write_turn`): each is 300 bytes.
ROCKET_MEMO = 8192

#: Events after which nothing on the mat changed, only the turn segments (`phase` .. `deciding`),
#: the UFO token and the available astronauts (`MlemEncoding.update_observation`): a roll, a travel
#: without a landing, a reroll, boarding (and the satellite's jump to its space), a crash, a die set
#: aside (die discarder), a new commander, a new expedition (starter and number; the astronauts
#: still aboard went home: their seats' available ones are rewritten), the last expedition
#: announced. Landings, tokens and goals taken and the end emit other events.
QUIET_EVENTS = frozenset(
    {
        "roll",
        "travel",
        "reroll",
        "board",
        "satellite",
        "crash",
        "discard",
        "commander",
        "expedition",
        "end-triggered",
    }
)


class StateObservation(Encoding):
    """The observation written straight from the state, and kept up to date in place between steps."""

    def observe_state(self, state: State, seat: int) -> np.ndarray:
        """The same vector as `observe(state.view(seat), seat)`, written straight from the state.

        Building the JSON view (mat included) costs more than the rules' own step, so the
        environments use this. It reads only what `views.build_view` shows `seat`: other seats'
        face-down tokens and secret missions are read only when `sees(owner)` (the owner, or
        anyone once the game is over), exactly as the view hides them; a property test
        (tests/envs/test_mlem_encoding.py) checks the two are equal on every state of random games.
        """
        vec = np.zeros(self._builder.size, dtype=np.float32)
        self._write_all(vec, state, seat)
        return vec

    def update_observation(
        self, vec: np.ndarray, state: State, seat: int, events: Sequence[Event] | None, memo: dict[str, Any]
    ) -> None:
        """Bring `vec` (this seat's observation at an earlier state of the same game) up to date,
        `events` being what the actions since then emitted.

        Most steps only roll, travel or pass the command: they change the turn segments (`phase`
        .. `deciding`) and the UFO token, nothing on the mat. So after events all of `QUIET_EVENTS`
        only those are rewritten (and the available astronauts after a boarding or a new
        expedition); a landing or a goal tile taken rewrites also the seat's row, its score and
        the place landed on or the tile; any other event (a token taken, the end) rewrites the
        whole vector. tests/envs/test_incremental_observations.py checks the result equals
        `observe(state.view(seat), seat)` after every step of random games.
        """
        available: set[int] = set()
        news: list[Event] = []  # landings and goal tiles taken
        # Secret missions: a landing can complete one (the `missions_hands` segment).
        landings_known = state.missions is None
        for event in () if events is None else events:
            kind = event.kind
            if kind in QUIET_EVENTS:
                if kind == "board" and event.seat is not None:
                    available.add(event.seat)  # boarding takes one of this seat's astronauts
                elif kind == "expedition":
                    available.update(range(state.num_players))  # those aboard went home
            elif kind == "goal" or (kind == "land" and landings_known):
                news.append(event)
            else:
                break
        else:
            if events is not None:
                # A view of the vector to write items through, kept with it (memo: one per vector).
                items = memo.get("items")
                if items is None or items[0] is not vec:
                    items = memo["items"] = (vec, memoryview(vec))
                mv = items[1]
                self._update_turn(vec, mv, state, seat, available)
                if news:
                    self._write_news(vec, mv, state, seat, news)
                return
        vec[:] = 0.0
        self._write_all(vec, state, seat)

    def _update_turn(self, vec: np.ndarray, mv: Any, state: State, seat: int, available: set[int]) -> None:
        """Rewrite what the quiet events can change: the turn segments, the UFO token and the
        available astronauts of the seats in `available`."""
        # Zeroed by copying from a zero buffer: a third of numpy's `vec[a:b] = 0.0`.
        mv[self._turn_range] = self._turn_zeros
        self._write_turn(mv, state, seat)
        if state.ufo is not None:
            vec[self._slices["ufo_token"]] = 0.0
            self._write_ufo_token(vec, state)
        if available:
            self._write_available(mv, state, seat, available)

    def _write_all(self, vec: np.ndarray, state: State, seat: int) -> None:
        # Item writes through a memoryview cost half of numpy's (typed Any: typeshed has int items).
        mv: Any = memoryview(vec)
        o = self._offsets
        n = state.num_players
        variants = state.config.variants
        mv[o["num_players"] + n - 2] = 1.0
        for i, name in enumerate(VARIANT_NAMES):
            if name in variants:
                mv[o["variants"] + i] = 1.0
        self._write_turn(mv, state, seat)
        visible_totals = self._write_players(vec, state, seat)
        self._write_mat(vec, state, seat)
        if state.ufo is not None:
            self._write_ufo_token(vec, state)
        self._write_variants(vec, state, seat)
        for s, total in enumerate(visible_totals):
            mv[o["scores"] + (s - seat) % n] = total / SCORE_SCALE
        if state.is_terminal():
            for s in state.winners():
                mv[o["winners"] + (s - seat) % n] = 1.0

    def _write_turn(self, mv: Any, state: State, seat: int) -> None:
        """The segments `phase` .. `deciding` (zeroed before) through `mv`, a memoryview of the
        vector: whose turn, the crash track, the rocket and its board."""
        # Item writes through a memoryview cost half of numpy's (typed Any: typeshed has int items);
        # the segment starts are unpacked from one tuple (this runs at every step of an env).
        (
            o_phase,
            o_to_act,
            o_expedition,
            o_starter,
            o_crashes,
            o_crashes_onehot,
            o_end_triggered,
            o_position,
            o_dice,
            o_roll_present,
            o_roll_counts,
            o_commander,
            o_rocket_board,
            o_deciding,
        ) = self._turn_starts
        n = state.num_players
        P = MAX_SEATS
        crash_track = self._crash_track
        phase = self._phase_pos.get(state.phase)
        if phase is not None:
            mv[o_phase + phase] = 1.0
        cp = state.current_player()
        mv[o_to_act + ((cp - seat) % n if cp >= 0 else (P if cp == CHANCE else P + 1))] = 1.0
        mv[o_expedition] = state.expedition / EXPEDITION_SCALE
        mv[o_starter + (state.starter - seat) % n] = 1.0
        crashes = state.crashes
        mv[o_crashes] = crashes / self._crash_scale
        if 0 <= crashes <= crash_track:
            mv[o_crashes_onehot + crashes] = 1.0
        if state.end_triggered:
            mv[o_end_triggered] = 1.0

        position = state.position
        mv[o_position + min(position, self._last_position)] = 1.0
        if 0 <= state.dice <= self.max_dice:
            mv[o_dice + state.dice] = 1.0
        roll = state.roll
        if roll is not None:
            mv[o_roll_present] = 1.0
            items = self._roll_items.get(roll)
            if items is None:
                items = self._roll_items[roll] = self._count_roll(roll, o_roll_counts)
            for index, value in items:
                mv[index] = value
        if position < len(self._space_items):
            for index, value in self._space_items[position]:
                mv[index] = value
        commander = state.current_commander_seat()
        mv[o_commander + (P if commander is None else (commander - seat) % n)] = 1.0
        # The rocket board as one block copied from a memo: a game boards the same few rockets
        # again and again, and a tuple key costs a fifth of writing the slots item by item.
        key = (seat, tuple(state.rocket), tuple(state.aboard), frozenset(state.helpers_used))
        block = self._rocket_blocks.get(key)
        if block is None:
            block = self._rocket_block(state, seat)
            if len(self._rocket_blocks) < ROCKET_MEMO:
                self._rocket_blocks[key] = block
        mv[o_rocket_board : o_rocket_board + len(block)] = block
        mv[o_deciding + (state.queue[0] if state.queue else P)] = 1.0

    def _rocket_block(self, state: State, seat: int) -> Any:
        """The `rocket_board` segment of `seat`'s observation, as a memoryview of its own array."""
        P = MAX_SEATS
        n = state.num_players
        record = self._rocket_record
        ability_pos = self._ability_pos
        aboard = state.aboard
        block = np.zeros(P * record, dtype=np.float32)
        for slot, (s, astronaut) in enumerate(state.rocket[:P]):
            base = slot * record
            block[base] = 1.0
            if aboard[slot]:
                block[base + 1] = 1.0
            if astronaut == "helper" and s in state.helpers_used:
                block[base + 2] = 1.0
            block[base + 3 + (s - seat) % n] = 1.0
            block[base + 3 + P + ability_pos[astronaut]] = 1.0
        block.flags.writeable = False
        return memoryview(block)

    def _count_roll(self, roll: tuple[str, ...], start: int) -> tuple[tuple[int, float], ...]:
        """The `roll_counts` items of a roll: dice per face / 6 (exact float32 sixths)."""
        faces: dict[str, int] = {}
        for face in roll:
            faces[face] = faces.get(face, 0) + 1
        return tuple((start + self._face_pos[face], SIXTHS[k]) for face, k in faces.items())

    def _write_available(self, mv: Any, state: State, seat: int, seats: Iterable[int]) -> None:
        """Only the available-astronaut entries of these seats' `players` rows (what boarding and
        going home change), through `mv`, a memoryview of the vector."""
        n = state.num_players
        A = len(ABILITIES)
        ability_pos = self._ability_pos
        zeros = self._zeros[:A]
        for s in seats:
            base = self._offsets["players"] + ((s - seat) % n) * self._player_record + 1
            mv[base : base + A] = zeros
            for astronaut in state.available[s]:
                mv[base + ability_pos[astronaut]] = 1.0

    def _write_players(self, vec: np.ndarray, state: State, seat: int) -> list[int]:
        """The `players` rows; returns each seat's total score as `seat` sees it."""
        # Item writes through a memoryview cost half of numpy's (typed Any: typeshed has int items).
        mv: Any = memoryview(vec)
        terminal = state.is_terminal()
        return [self._write_player_row(mv, state, seat, s, terminal) for s in range(state.num_players)]

    def _write_player_row(self, mv: Any, state: State, seat: int, s: int, terminal: bool) -> int:
        """Seat `s`'s row of `players` (zeroed before); returns its total score as `seat` sees it."""
        A = len(ABILITIES)
        base = self._offsets["players"] + ((s - seat) % state.num_players) * self._player_record
        mv[base] = 1.0
        ability_pos = self._ability_pos
        for astronaut in state.available[s]:
            mv[base + 1 + ability_pos[astronaut]] = 1.0
        mv[base + 1 + A] = state.placed[s] / 8.0
        shown = terminal or s == seat
        total = 0
        part_pos = self._part_pos
        # One pass over the seat's points; zeros are not written (the rows start zeroed). Hidden
        # score parts of the other seats are left out until the end, as in the view.
        for part, value in state.points[s].items():
            if not shown and part in HIDDEN_PARTS:
                continue
            total += value
            i = part_pos.get(part)
            if value and i is not None:
                mv[base + 2 + A + i] = value / PART_SCALE
        tail = base + 2 + A + len(SCORE_PARTS)
        if shown or not self._hidden_in_play:
            mv[tail] = 1.0
        if state.ufo:
            mv[tail + 1] = len(state.ufo.taken[s]) / 5.0
        if state.discovery:
            mv[tail + 2] = len(state.discovery.taken[s]) / 5.0
        mv[tail + 3] = total / SCORE_SCALE
        return total

    def _write_news(self, vec: np.ndarray, mv: Any, state: State, seat: int, news: list[Event]) -> None:
        """After `land` and `goal` events without any other news (no token taken, no end; no
        secret missions, whose completions a landing can change): rewrite the seats' rows of
        `players` and `scores`, the places landed on (the moon, the planet's rows, the seat's deep
        space) and the goal tiles taken; `mv` is a memoryview of `vec`."""
        o = self._offsets
        n = state.num_players
        P = MAX_SEATS
        terminal = state.is_terminal()
        for s in {event.seat for event in news}:
            assert s is not None  # a landing or a goal tile is always some seat's
            rel = (s - seat) % n
            row = o["players"] + rel * self._player_record
            mv[row : row + self._player_record] = self._zeros[: self._player_record]
            mv[o["scores"] + rel] = self._write_player_row(mv, state, seat, s, terminal) / SCORE_SCALE
        for event in news:
            if event.kind == "goal":
                pos = self._goal_pos.get(event.data["goal"])
                if pos is not None:
                    base = o["goals"] + pos * (1 + P)
                    mv[base : base + 1 + P] = self._zeros[: 1 + P]
                    owner = state.goal_owner.get(event.data["goal"])
                    mv[base if owner is None else base + 1 + (owner - seat) % n] = 1.0
                continue
            lander = event.seat
            assert lander is not None
            rel = (lander - seat) % n
            place = event.data["place"]
            if place == "moon":
                self._write_moon(mv, event.data["moon"], state, seat)
            elif place == "planet":
                pos = self._planet_pos.get(event.data["planet"])
                if pos is not None:
                    start = o["planets"] + pos * P * (2 + P)
                    mv[start : start + P * (2 + P)] = self._zeros[: P * (2 + P)]
                    self._write_planet(mv, pos, state.planets[event.data["planet"]], n, seat)
            else:
                base = o["deep_space"] + rel * 3
                mv[base : base + 3] = self._zeros[:3]
                for owner, _astronaut, where, points in state.deep_space:
                    if owner == lander:
                        self._add_deep_space(vec, base, where, points)

    def _write_mat(self, vec: np.ndarray, state: State, seat: int) -> None:
        """Moons, planets, deep space and goal tiles."""
        # Item writes through a memoryview cost half of numpy's (typed Any: typeshed has int items).
        mv: Any = memoryview(vec)
        o = self._offsets
        n = state.num_players
        P = MAX_SEATS
        for moon_id in state.moons:
            self._write_moon(mv, moon_id, state, seat)
        for planet_id, rows in state.planets.items():
            pos = self._planet_pos.get(planet_id)
            if pos is not None:
                self._write_planet(mv, pos, rows, n, seat)
        for s, _astronaut, where, points in state.deep_space:
            self._add_deep_space(vec, o["deep_space"] + ((s - seat) % n) * 3, where, points)
        for g in state.goals:
            pos = self._goal_pos.get(g.id)
            if pos is None:
                continue
            owner = state.goal_owner.get(g.id)
            base = o["goals"] + pos * (1 + P)
            mv[base if owner is None else base + 1 + (owner - seat) % n] = 1.0

    def _write_moon(self, mv: Any, moon_id: str, state: State, seat: int) -> None:
        pos = self._moon_pos.get(moon_id)
        if pos is None:
            return
        s, astronaut = state.moons[moon_id]
        base = self._offsets["moons"] + pos * (2 + MAX_SEATS)
        mv[base] = 1.0
        mv[base + 1 + (s - seat) % state.num_players] = 1.0
        if astronaut == "moon_expert":
            mv[base + 1 + MAX_SEATS] = 1.0

    def _write_planet(self, mv: Any, pos: int, rows: list[tuple[int, list[str]]], n: int, seat: int) -> None:
        """One planet's rows (zeroed before), in arrival order."""
        P = MAX_SEATS
        for order, (s, astronauts) in enumerate(rows):
            base = self._offsets["planets"] + (pos * P + (s - seat) % n) * (2 + P)
            mv[base] = len(astronauts) / 8.0
            mv[base + 1] = float("planet_expert" in astronauts)
            if order < P:
                mv[base + 2 + order] = 1.0

    @staticmethod
    def _add_deep_space(vec: np.ndarray, base: int, where: str, points: int) -> None:
        """Add one astronaut in deep space to its seat's row (float32 sums, in arrival order)."""
        if where == "comet":
            vec[base] += 0.5
        else:
            vec[base + 1] += 1 / 8.0
        vec[base + 2] += points / PART_SCALE

    def _write_ufo_token(self, vec: np.ndarray, state: State) -> None:
        """The UFO variant's `ufo_token` segment: this expedition's token (spent or not)."""
        # Item writes through a memoryview cost half of numpy's (typed Any: typeshed has int items).
        mv: Any = memoryview(vec)
        ufo = state.ufo
        base = self._offsets["ufo_token"]
        mv[base + 3] = len(ufo.pool) / max(1, len(self.expedition_ids))
        if ufo.token:
            token = self.tokens.expedition[ufo.token]
            mv[base] = 1.0
            mv[base + 1] = float(bool(ufo.spent))
            mv[base + 2] = token.ufo_move / self.max_token_move
            if 0 <= token.dice <= self.max_dice:
                mv[base + 4 + token.dice] = 1.0
            k = base + 4 + self.max_dice + 1
            mv[k + TOKEN_ABILITIES.index(token.ability)] = 1.0
            k += len(TOKEN_ABILITIES)
            for face in token.extra_dice:
                vec[k + self._face_pos[face]] += 1.0

    def _write_variants(self, vec: np.ndarray, state: State, seat: int) -> None:
        """The variants' segments but `ufo_token`: UFO marker and stack, discoveries, missions."""
        o = self._offsets
        n = state.num_players
        terminal = state.is_terminal()
        tokens = self.tokens
        ufo = state.ufo
        if ufo is not None:
            if 0 <= ufo.position < self.num_positions:  # deep space (its start) included
                vec[o["ufo_position"] + ufo.position] = 1.0
            stack, total = ufo.stack, tokens.ufo_points
            base = o["ufo_stack"]
            vec[base] = len(stack) / max(1, len(total))
            vec[base + 1] = (stack[0] if stack else 0) / self.max_ufo_points
            vec[base + 2] = sum(stack) / max(1, sum(total))
            for s, taken in enumerate(ufo.taken):
                if terminal or s == seat:
                    base = o["ufo_taken"] + ((s - seat) % n) * 2
                    vec[base], vec[base + 1] = 1.0, sum(taken) / 10.0
        table = state.discovery
        if table is not None:
            record = len(DISCOVERY_KINDS) + 1
            for space, tid in table.on_mat.items():
                if 0 <= space < self.num_spaces:
                    token = tokens.discoveries[tid]
                    base = o["discovery_on_mat"] + space * record
                    vec[base + DISCOVERY_KINDS.index(token.kind)] = 1.0
                    vec[base + record - 1] = token.points / self.max_discovery_points
            vec[o["discovery_misc"]] = len(table.pool) / max(1, len(self.discovery_ids))
            for s, taken in enumerate(table.taken):
                if terminal or s == seat:
                    base = o["discovery_taken"] + ((s - seat) % n) * 2
                    vec[base] = 1.0
                    vec[base + 1] = sum(tokens.discoveries[t].points for t in taken) / 10.0
        hands = state.missions
        if hands is not None:
            M = len(self.mission_ids)
            for s in range(n):
                base = o["missions_public"] + ((s - seat) % n) * 2
                vec[base] = len(hands.dealt[s]) / 4.0
                vec[base + 1] = float(hands.returned[s] is not None)
                if not (terminal or s == seat):
                    continue
                base = o["missions_hands"] + ((s - seat) % n) * (2 + 3 * M)
                completed = state.completed_missions(s)
                vec[base] = 1.0
                vec[base + 1] = tokens.mission_points[min(len(completed), 3)] / 10.0
                for m in hands.dealt[s]:
                    i = self._mission_pos.get(m)
                    if i is not None:
                        vec[base + 2 + 3 * i] = 1.0
                if hands.returned[s] in self._mission_pos:
                    vec[base + 2 + 3 * self._mission_pos[hands.returned[s]] + 1] = 1.0
                for m in completed:
                    if m in self._mission_pos:
                        vec[base + 2 + 3 * self._mission_pos[m] + 2] = 1.0
