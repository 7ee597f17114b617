"""A batch MLEM engine: thousands of base-game MLEM games stepped at once with numpy.

Scope (issue #22, step 4, partial): the **base game** (no variant) on the default mat, with the
**random policy**; each game is driven by the counter-based stream of `sim/counter_rng.py`, so it
plays exactly the game that `play_reference` plays through the reference engine for the same seed
(`tests/sim/test_batch_mlem.py` compares whole records). Variants and the heuristic policy are not
built here.

Every array has the games on axis 0. One call of `_step` applies exactly one engine step (a chance
outcome or a decision) to every unfinished game, with the reference engine's automatic follow-ups
(a roll nothing can use crashes at once, astronauts with nowhere to land are not asked, expeditions
end and begin), so step numbers - and with them the random stream - stay aligned with the reference.
Comments name the reference rule they mirror (games/mlem/state.py cites the rulebook).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations

import numpy as np

from cosmotable import games
from cosmotable.games.mlem.board import ABILITIES, AFTERBURNER, DIE_FACES
from cosmotable.games.mlem.dice import roll_distribution
from cosmotable.sim.counter_rng import cumulative, uniform_array

LAUNCH, ROLL, TRAVEL, LANDING, PARACHUTE, OVER = range(6)
# Step kinds in the log: board, roll, travel, crash, stay, land, return.
K_BOARD, K_ROLL, K_TRAVEL, K_CRASH, K_STAY, K_LAND, K_RETURN = range(7)
PLACE_DEEP, PLACE_MOON, PLACE_PLANET = range(3)
FACES = DIE_FACES  # face kinds, in the canonical roll order
A = FACES.index(AFTERBURNER)
ONE = FACES.index("1")
SAT, NAV, PARA, MOON_X, PLANET_X, DEEP_X, DISCARD, HELPER = (
    ABILITIES.index(a)
    for a in (
        "satellite",
        "navigator",
        "parachutist",
        "moon_expert",
        "planet_expert",
        "deep_space_expert",
        "die_discarder",
        "helper",
    )
)
NONE = np.iinfo(np.int64).max


@cache
def subset_masks(n: int) -> np.ndarray:
    """Bit masks of the subsets of n items in the reference's order (by size, then combinations)."""
    return np.array(
        [sum(1 << i for i in combo) for size in range(n + 1) for combo in combinations(range(n), size)],
        dtype=np.int64,
    )


def _subset_table(width: int) -> np.ndarray:
    """[n, index] -> mask, for n = 0..width (rows padded with 0)."""
    table = np.zeros((width + 1, 1 << width), dtype=np.int64)
    for n in range(width + 1):
        table[n, : 1 << n] = subset_masks(n)
    return table


@dataclass(frozen=True, eq=False)
class MatArrays:
    """The default mat and goals as arrays."""

    accepts: np.ndarray  # [space, face] bool
    value: np.ndarray  # [space, face] steps a die of that face moves the rocket
    moons: np.ndarray  # [space, 2] moon indices, farthest first, -1 padded
    moon_points: np.ndarray  # [moon]
    moon_ids: tuple[str, ...]
    planet: np.ndarray  # [space] planet index or -1
    planet_points: np.ndarray  # [planet, 3]
    planet_ids: tuple[str, ...]
    goal_kind: tuple[str, ...]
    goal_count: np.ndarray
    goal_points: np.ndarray
    goal_ids: tuple[str, ...]
    first_landing: int
    last_space: int
    deep: int
    satellite: int
    crash_track: int
    comet: int
    galaxy: int
    dice: int
    roll_counts: tuple[np.ndarray, ...]  # [dice] -> [outcome, face] counts
    roll_cum: tuple[np.ndarray, ...]  # [dice] -> cumulative probabilities


@cache
def mat_arrays() -> MatArrays:
    state = games.get("mlem").new_state(2, seed=0)
    mat, goals = state.mat, state.goals
    spaces = len(mat.spaces)
    accepts = np.zeros((spaces, len(FACES)), dtype=bool)
    value = np.zeros((spaces, len(FACES)), dtype=np.int64)
    moon_ids = tuple(mat.moons)
    planet_ids = tuple(mat.planets)
    moons = np.full((spaces, 2), -1, dtype=np.int64)
    planet = np.full(spaces, -1, dtype=np.int64)
    for space in mat.spaces:
        for f, face in enumerate(FACES):
            accepts[space.number, f] = space.accepts(face)
            value[space.number, f] = space.value(face) if space.accepts(face) else 0
        if len(space.moons) > 2 or len(space.planets) > 1:
            raise NotImplementedError("the batch engine handles at most 2 moons and 1 planet per space")
        for i, moon in enumerate(space.moons):
            moons[space.number, i] = moon_ids.index(moon)
        if space.planets:
            planet[space.number] = planet_ids.index(space.planets[0])
    counts, cums = [np.zeros((0, len(FACES)), dtype=np.int64)], [np.zeros(0)]
    for k in range(1, mat.dice_count + 1):
        outcomes = roll_distribution(mat.die_faces, k)
        counts.append(np.array([[faces.count(f) for f in FACES] for faces, _ in outcomes], dtype=np.int64))
        # float(Fraction) as the reference's chance_outcomes() gives, summed left to right.
        cums.append(np.array(cumulative([float(p) for _, p in outcomes])))
    return MatArrays(
        accepts=accepts,
        value=value,
        moons=moons,
        moon_points=np.array([mat.moons[m].points for m in moon_ids], dtype=np.int64),
        moon_ids=moon_ids,
        planet=planet,
        planet_points=np.array([mat.planets[p].points for p in planet_ids], dtype=np.int64),
        planet_ids=planet_ids,
        goal_kind=tuple(g.kind for g in goals),
        goal_count=np.array([g.count for g in goals], dtype=np.int64),
        goal_points=np.array([g.points for g in goals], dtype=np.int64),
        goal_ids=tuple(g.id for g in goals),
        first_landing=mat.first_landing_space,
        last_space=mat.last_space,
        deep=mat.deep_space,
        satellite=mat.satellite_space,
        crash_track=mat.crash_track_length,
        comet=mat.comet_points,
        galaxy=mat.galaxy_points,
        dice=mat.dice_count,
        roll_counts=tuple(counts),
        roll_cum=tuple(cums),
    )


SHIFTS = np.array([0, -1, 1], dtype=np.int64)


@dataclass(frozen=True)
class OptionTables:
    static: np.ndarray  # [position, shift, place] the option exists if the moons are free
    moon_pair: np.ndarray  # [position, shift, 2] moon indices, the padding index for none


@cache
def option_tables(m: MatArrays) -> OptionTables:
    """What a landing at (rocket position + shift) can reach, for every position and shift."""
    positions = m.deep + 1
    static = np.zeros((positions, 3, 3), dtype=bool)
    pad = len(m.moon_points)
    moon_pair = np.full((positions, 3, 2), pad, dtype=np.int64)
    for pos in range(m.first_landing, positions):
        for s, shift in enumerate(SHIFTS.tolist()):
            number = pos + shift
            if number == m.deep:
                static[pos, s, PLACE_DEEP] = True
            elif m.first_landing <= number <= m.last_space:
                moons = m.moons[number]
                static[pos, s, PLACE_MOON] = bool((moons >= 0).any())
                moon_pair[pos, s] = np.where(moons >= 0, moons, pad)
                static[pos, s, PLACE_PLANET] = bool(m.planet[number] >= 0)
    return OptionTables(static, moon_pair)


class BatchMlem:
    """`n` base-game MLEM games of `players` seats, game i seeded `seeds[i]`, random policy."""

    def __init__(
        self, seeds: np.ndarray | list[int], players: int, record: bool = False, trace: bool = False
    ):
        self.m = mat_arrays()
        self.seeds = np.asarray(seeds, dtype=np.uint64)
        n = len(self.seeds)
        self.n, self.p = n, players
        self.record = record
        # trace: what `cosmotable simulate --fast` needs for its feature columns (sim/fast.py):
        # (games, expedition, ...) arrays per occurrence, in the order things happen.
        self.trace = trace
        self.t_rolls: list[tuple[np.ndarray, ...]] = []  # games, step, expedition, space, dice
        self.t_crashes: list[tuple[np.ndarray, ...]] = []  # games, step, expedition
        self.t_landings: list[
            tuple[np.ndarray, ...]
        ] = []  # games, seat, expedition, astronaut, place, points, parachute
        self.t_goals: list[tuple[np.ndarray, ...]] = []  # games, seat, expedition, goal, points
        self.rolls_made = np.zeros(n, dtype=np.int64)
        self.log: list[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]] = []
        m = self.m
        P = players
        self.steps = np.zeros(n, dtype=np.int64)
        self.phase = np.full(n, LAUNCH, dtype=np.int64)
        self.available = np.ones((n, P, len(ABILITIES)), dtype=bool)
        self.placed = np.zeros((n, P), dtype=np.int64)
        self.moon_pts = np.zeros((n, P), dtype=np.int64)
        self.deep_pts = np.zeros((n, P), dtype=np.int64)
        self.goal_pts = np.zeros((n, P), dtype=np.int64)
        # One extra column, always taken, stands for "no moon here" in the option tables.
        self.moon_owner_padded = np.full((n, len(m.moon_points) + 1), -1, dtype=np.int64)
        self.moon_owner_padded[:, -1] = 0
        self.moon_owner = self.moon_owner_padded[:, :-1]
        self.tables = option_tables(m)
        self.deep_count = np.zeros((n, P), dtype=np.int64)
        planets = len(m.planet_points)
        self.planet_count = np.zeros((n, planets, P), dtype=np.int64)
        self.planet_first = np.full((n, planets, P), NONE, dtype=np.int64)  # arrival order of the row
        self.planet_expert = np.zeros((n, planets, P), dtype=bool)
        self.arrivals = np.zeros(n, dtype=np.int64)
        goals = len(m.goal_ids)
        self.goal_owner = np.full((n, goals), -1, dtype=np.int64)
        self.goal_due = np.full((n, goals, P), NONE, dtype=np.int64)  # order in which it was met
        self.due_counter = np.zeros(n, dtype=np.int64)
        self.crashes = np.zeros(n, dtype=np.int64)
        self.end_triggered = np.zeros(n, dtype=bool)
        self.starter = np.zeros(n, dtype=np.int64)
        self.expedition = np.ones(n, dtype=np.int64)
        self.slot_seat = np.zeros((n, P), dtype=np.int64)
        self.slot_astro = np.zeros((n, P), dtype=np.int64)
        self.aboard = np.zeros((n, P), dtype=bool)
        self.boarded = np.zeros(n, dtype=np.int64)
        self.commander = np.full(n, -1, dtype=np.int64)
        self.position = np.zeros(n, dtype=np.int64)
        self.dice = np.full(n, m.dice, dtype=np.int64)
        self.roll = np.zeros((n, len(FACES)), dtype=np.int64)
        self.helpers_used = np.zeros((n, P), dtype=bool)
        self.queued = np.zeros((n, P), dtype=bool)
        self.subsets = _subset_table(max(len(FACES), P))
        self.rows = np.arange(n)

    # ------------------------------------------------------------------------------ running
    def run(self, max_steps: int = 100_000) -> None:
        for _ in range(max_steps):
            active = np.nonzero(self.phase != OVER)[0]
            if len(active) == 0:
                return
            self._step(active)
        raise RuntimeError(f"games still running after {max_steps} steps")

    def _step(self, g: np.ndarray) -> None:
        u = uniform_array(self.seeds[g], self.steps[g])
        phase = self.phase[g]
        for code, handler in (
            (LAUNCH, self._launch),
            (ROLL, self._roll),
            (TRAVEL, self._travel),
            (LANDING, self._landing),
            (PARACHUTE, self._parachute),
        ):
            mask = phase == code
            if mask.any():
                handler(g[mask], u[mask])
        self.steps[g] += 1

    def _log(self, g, kind, a=None, b=None, c=None) -> None:
        if self.record:
            zeros = np.zeros(len(g), dtype=np.int64)
            self.log.append(
                (
                    g.copy(),
                    self.steps[g].copy(),
                    np.full(len(g), kind),
                    zeros if a is None else np.asarray(a).copy(),
                    zeros if b is None else np.asarray(b).copy(),
                    zeros if c is None else np.asarray(c).copy(),
                )
            )

    # ------------------------------------------------------------------------------ launch
    def _launch(self, g: np.ndarray, u: np.ndarray) -> None:
        seat = (self.starter[g] + self.boarded[g]) % self.p
        avail = self.available[g, seat]  # [k, 8] in ABILITIES order (the reference keeps it sorted)
        count = avail.sum(axis=1)
        choice = np.minimum((u * count).astype(np.int64), count - 1)
        # index of the choice-th available astronaut
        rank = np.cumsum(avail, axis=1) - 1
        astro = np.argmax(avail & (rank == choice[:, None]), axis=1)
        self._log(g, K_BOARD, astro)
        self.available[g, seat, astro] = False
        slot = self.boarded[g]
        self.slot_seat[g, slot] = seat
        self.slot_astro[g, slot] = astro
        self.aboard[g, slot] = True
        self.boarded[g] += 1
        full = self.boarded[g] == self.p
        if full.any():
            f = g[full]
            self.commander[f] = 0
            satellite = ((self.slot_astro[f] == SAT) & self.aboard[f]).any(axis=1)
            self.position[f[satellite]] = self.m.satellite
            self.phase[f] = ROLL

    # ------------------------------------------------------------------------------ roll, travel
    def _roll(self, g: np.ndarray, u: np.ndarray) -> None:
        m = self.m
        outcome = np.zeros(len(g), dtype=np.int64)
        for k in np.unique(self.dice[g]):
            sel = self.dice[g] == k
            cum = m.roll_cum[k]
            outcome[sel] = np.minimum(np.searchsorted(cum, u[sel], side="right"), len(cum) - 1)
            self.roll[g[sel]] = m.roll_counts[k][outcome[sel]]
        self._log(g, K_ROLL, self.dice[g], outcome)
        self.rolls_made[g] += 1
        if self.trace:
            self.t_rolls.append((g, self.steps[g], self.expedition[g], self.position[g], self.dice[g].copy()))
        self.phase[g] = TRAVEL
        groups, helpers = self._travel_items(g)
        # rulebook (crash): nothing usable and nothing to save the rocket: it crashes at once.
        doomed = (groups == 0) & (helpers == 0)
        if doomed.any():
            self._crash(g[doomed])

    def _travel_items(self, g: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Per game: number of usable face groups and of usable helpers."""
        pos = self.position[g]
        groups = ((self.roll[g] > 0) & self.m.accepts[pos]).sum(axis=1)
        helper_here = self.m.accepts[pos, ONE]
        usable = (self.slot_astro[g] == HELPER) & self.aboard[g]
        usable &= ~np.take_along_axis(self.helpers_used[g], self.slot_seat[g], axis=1)
        helpers = np.where(helper_here, usable.sum(axis=1), 0)
        return groups, helpers

    def _travel(self, g: np.ndarray, u: np.ndarray) -> None:
        m = self.m
        pos = self.position[g]
        usable_faces = (self.roll[g] > 0) & m.accepts[pos]  # [k, face] in canonical order
        n_groups = usable_faces.sum(axis=1)
        helper_here = m.accepts[pos, ONE]
        usable_slot = (self.slot_astro[g] == HELPER) & self.aboard[g]
        usable_slot &= ~np.take_along_axis(self.helpers_used[g], self.slot_seat[g], axis=1)
        usable_slot &= helper_here[:, None]
        # Helpers are offered sorted by seat (Travel.helpers is sorted): mark seats, then rank them.
        seat_has = np.zeros((len(g), self.p), dtype=bool)
        for slot in range(self.p):
            s = usable_slot[:, slot]
            seat_has[np.nonzero(s)[0], self.slot_seat[g, slot][s]] = True
        n_helpers = seat_has.sum(axis=1)
        g_sets = 1 << n_groups
        h_sets = 1 << n_helpers
        options = g_sets * h_sets - 1 + (n_groups == 0)
        choice = np.minimum((u * options).astype(np.int64), options - 1)
        crash = (n_groups == 0) & (choice == h_sets - 1)
        # Options run over (group subset, helper subset) pairs, the empty pair left out; without
        # usable faces only helper subsets are offered, then Crash.
        j = choice + 1
        gi = np.where(crash, 0, j // h_sets)
        hi = np.where(crash, 0, j % h_sets)
        gmask = self.subsets[n_groups, gi]
        hmask = self.subsets[n_helpers, hi]
        # item b of the groups is the b-th usable face; of the helpers, the b-th usable seat
        face_rank = np.cumsum(usable_faces, axis=1) - 1
        chosen_faces = usable_faces & ((gmask[:, None] >> np.maximum(face_rank, 0)) & 1).astype(bool)
        seat_rank = np.cumsum(seat_has, axis=1) - 1
        chosen_seats = seat_has & ((hmask[:, None] >> np.maximum(seat_rank, 0)) & 1).astype(bool)
        if crash.any():
            c = g[crash]
            self._log(c, K_CRASH)
            self._crash(c)
        go = ~crash
        if not go.any():
            return
        g, pos = g[go], pos[go]
        chosen_faces, chosen_seats = chosen_faces[go], chosen_seats[go]
        face_bits = (chosen_faces * (1 << np.arange(len(FACES)))).sum(axis=1)
        seat_bits = (chosen_seats * (1 << np.arange(self.p))).sum(axis=1)
        self._log(g, K_TRAVEL, face_bits, seat_bits)
        roll = self.roll[g]
        steps = (roll * m.value[pos] * chosen_faces).sum(axis=1) + chosen_seats.sum(axis=1)
        self.helpers_used[g] |= chosen_seats
        # rulebook (travel, step 3): used dice are set aside except afterburners; one die always stays.
        used = chosen_faces.copy()
        used[:, A] = False
        self.dice[g] = np.maximum(self.dice[g] - (roll * used).sum(axis=1), 1)
        self.position[g] = np.minimum(pos + steps, m.deep)
        self.roll[g] = 0
        self._start_landing(g)

    def _crash(self, g: np.ndarray) -> None:
        self.roll[g] = 0
        self.crashes[g] += 1
        if self.trace:
            self.t_crashes.append((g, self.steps[g], self.expedition[g]))
        self.phase[g] = PARACHUTE
        self.queued[g] = (self.slot_astro[g] == PARA) & self.aboard[g]
        self._continue_parachutes(g)

    # ------------------------------------------------------------------------------ landing
    def _options(self, g: np.ndarray, slot: np.ndarray, parachute: bool):
        """Landing options of the astronaut in `slot`, in the reference's order: shifts 0, -1, +1
        (the last two for a navigator outside a parachute phase), and per shift deep space, a moon,
        a planet. Returns (place, shift) codes [k, 9] and the count of options (Stay, first in a
        landing phase, is counted; Return, last in a parachute phase, is left to the caller)."""
        t = self.tables
        pos = self.position[g]
        # [k, 3 shifts, 3 places]: does the option exist?
        exists = t.static[pos].copy()
        if parachute:
            exists[:, 1:] = False
        else:
            exists[:, 1:] &= (self.slot_astro[g, slot] == NAV)[:, None, None]
        owner = self.moon_owner_padded[g[:, None, None], t.moon_pair[pos]]  # [k, 3, 2]
        exists[:, :, PLACE_MOON] &= (owner < 0).any(axis=2)
        flat = exists.reshape(len(g), 9)
        count = flat.sum(axis=1) + (0 if parachute else 1)
        return flat, count

    def _pick(self, flat: np.ndarray, index: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(place, shift) of the index-th existing option in `flat` (0-based)."""
        rank = np.cumsum(flat, axis=1) - 1
        column = np.argmax(flat & (rank == index[:, None]), axis=1)
        return column % 3, SHIFTS[column // 3]

    def _head(self, g: np.ndarray) -> np.ndarray:
        return np.argmax(self.queued[g], axis=1)

    def _continue_landing(self, g: np.ndarray) -> None:
        # An astronaut whose only option is to stay is not asked (Ruling R4).
        while True:
            has = self.queued[g].any(axis=1)
            if not has.any():
                break
            h = g[has]
            slot = self._head(h)
            _, count = self._options(h, slot, parachute=False)
            skip = count <= 1
            if not skip.any():
                break
            self.queued[h[skip], slot[skip]] = False
        done = ~self.queued[g].any(axis=1)
        if done.any():
            d = g[done]
            anyone = self.aboard[d].any(axis=1)
            self.phase[d[anyone]] = ROLL
            if (~anyone).any():
                self._end_expedition(d[~anyone])

    def _continue_parachutes(self, g: np.ndarray) -> None:
        # A parachutist with nowhere to land goes home without a decision (Ruling R5).
        while True:
            has = self.queued[g].any(axis=1)
            if not has.any():
                break
            h = g[has]
            slot = self._head(h)
            _, count = self._options(h, slot, parachute=True)
            skip = count == 0
            if not skip.any():
                break
            self.queued[h[skip], slot[skip]] = False
        done = ~self.queued[g].any(axis=1)
        if done.any():
            d = g[done]
            # rulebook (crash): everyone still aboard goes back to their owner.
            for slot in range(self.p):
                back = self.aboard[d, slot]
                b = d[back]
                self.available[b, self.slot_seat[b, slot], self.slot_astro[b, slot]] = True
                self.aboard[b, slot] = False
            self._end_expedition(d)

    def _start_landing(self, g: np.ndarray) -> None:
        m = self.m
        low = self.position[g] < m.first_landing
        # rulebook (landing phase): nothing to land on at spaces 0-5.
        self.phase[g[low]] = ROLL
        g = g[~low]
        if not len(g):
            return
        self._take_goals_due(g)
        deep = self.position[g] >= m.deep
        if deep.any():
            self._arrive_in_deep_space(g[deep])
        rest = g[~deep]
        if len(rest):
            self.phase[rest] = LANDING
            self.queued[rest] = self.aboard[rest]
            self._continue_landing(rest)

    def _landing(self, g: np.ndarray, u: np.ndarray) -> None:
        slot = self._head(g)
        flat, count = self._options(g, slot, parachute=False)
        choice = np.minimum((u * count).astype(np.int64), count - 1)
        stay = choice == 0
        if stay.any():
            s = g[stay]
            self._log(s, K_STAY)
            self.queued[s, slot[stay]] = False
            self._continue_landing(s)
        land = ~stay
        if land.any():
            place, shift = self._pick(flat[land], choice[land] - 1)
            self._land(g[land], slot[land], place, shift, False)
            self._continue_landing(g[land])

    def _parachute(self, g: np.ndarray, u: np.ndarray) -> None:
        slot = self._head(g)
        flat, count = self._options(g, slot, parachute=True)
        options = count + 1  # Return comes last
        choice = np.minimum((u * options).astype(np.int64), options - 1)
        back = choice == count
        if back.any():
            b = g[back]
            self._log(b, K_RETURN)
            self.queued[b, slot[back]] = False
            self._continue_parachutes(b)
        land = ~back
        if land.any():
            place, shift = self._pick(flat[land], choice[land])
            self._land(g[land], slot[land], place, shift, True)
            self._continue_parachutes(g[land])

    def _land(self, g, slot, place, shift, parachute: bool) -> None:
        m = self.m
        self._log(g, K_LAND, place, shift)
        self.queued[g, slot] = False
        self.aboard[g, slot] = False
        seat = self.slot_seat[g, slot]
        astro = self.slot_astro[g, slot]
        number = self.position[g] + shift
        deep = place == PLACE_DEEP
        if deep.any():
            # rulebook (navigator): from space 25 into deep space scores only the galaxy's 5.
            points = np.full(deep.sum(), m.galaxy)
            self._trace_landing(g[deep], seat[deep], astro[deep], PLACE_DEEP, points, parachute)
            self._place_deep(g[deep], seat[deep], points, parachute)
        moon = place == PLACE_MOON
        if moon.any():
            gm, nm, sm = g[moon], number[moon], seat[moon]
            cands = m.moons[nm]
            first_free = (cands[:, 0] >= 0) & (self.moon_owner[gm, np.maximum(cands[:, 0], 0)] < 0)
            moon_idx = np.where(first_free, cands[:, 0], cands[:, 1])
            self.moon_owner[gm, moon_idx] = sm
            points = m.moon_points[moon_idx] * np.where(astro[moon] == MOON_X, 2, 1)
            self.moon_pts[gm, sm] += points
            self._trace_landing(gm, sm, astro[moon], PLACE_MOON, points, parachute)
            self._placed(gm, sm, parachute)
        planet = place == PLACE_PLANET
        if planet.any():
            gp, sp = g[planet], seat[planet]
            pl = m.planet[number[planet]]
            new_row = self.planet_count[gp, pl, sp] == 0
            self.planet_first[gp[new_row], pl[new_row], sp[new_row]] = self.arrivals[gp[new_row]]
            self.arrivals[gp] += 1
            self.planet_count[gp, pl, sp] += 1
            expert = astro[planet] == PLANET_X
            self.planet_expert[gp[expert], pl[expert], sp[expert]] = True
            self._trace_landing(gp, sp, astro[planet], PLACE_PLANET, np.zeros(len(gp), np.int64), parachute)
            self._placed(gp, sp, parachute)
        self._after_leaving(g, slot, astro)

    def _after_leaving(self, g, slot, astro) -> None:
        discard = astro == DISCARD
        # rulebook (die discarder): the commander sets one die aside; the last one stays.
        self.dice[g[discard]] = np.maximum(self.dice[g[discard]] - 1, 1)
        was_commander = slot == self.commander[g]
        if was_commander.any():
            c = g[was_commander]
            anyone = self.aboard[c].any(axis=1)
            self.commander[c] = np.where(anyone, np.argmax(self.aboard[c], axis=1), -1)

    def _trace_landing(self, g, seat, astro, place: int, points, parachute: bool) -> None:
        if self.trace:
            self.t_landings.append(
                (
                    g,
                    seat.copy(),
                    self.expedition[g],
                    astro.copy(),
                    place,
                    np.asarray(points).copy(),
                    parachute,
                )
            )

    def _trace_goal(self, g, seat, goal, points) -> None:
        if self.trace:
            self.t_goals.append(
                (g, seat.copy(), self.expedition[g], np.asarray(goal).copy(), np.asarray(points))
            )

    def _place_deep(self, g, seat, points, parachute: bool) -> None:
        self.deep_pts[g, seat] += points
        self.deep_count[g, seat] += 1
        self._placed(g, seat, parachute)

    def _arrive_in_deep_space(self, g: np.ndarray) -> None:
        m = self.m
        # rulebook (deep space): the commander to the comet, the others to the galaxy; the
        # deep-space expert doubles; one astronaut at a time, in rocket-board order.
        for slot in range(self.p):
            on = self.aboard[g, slot]
            if not on.any():
                continue
            h = g[on]
            comet = self.commander[h] == slot
            points = np.where(comet, m.comet, m.galaxy)
            points = points * np.where(self.slot_astro[h, slot] == DEEP_X, 2, 1)
            self.aboard[h, slot] = False
            self._trace_landing(
                h, self.slot_seat[h, slot], self.slot_astro[h, slot], PLACE_DEEP, points, False
            )
            self._place_deep(h, self.slot_seat[h, slot], points, False)
        self.commander[g] = -1
        self._end_expedition(g)

    def _placed(self, g, seat, parachute: bool) -> None:
        self.placed[g, seat] += 1
        self._check_goals(g, seat, parachute)
        full = (self.placed[g, seat] == len(ABILITIES)) & ~self.end_triggered[g]
        self.end_triggered[g[full]] = True

    def _meets(self, g, seat, goal: int) -> np.ndarray:
        m = self.m
        kind, count = m.goal_kind[goal], m.goal_count[goal]
        if kind == "different_planets":
            return (self.planet_count[g, :, seat] > 0).sum(axis=1) >= count
        if kind == "one_planet":
            return (self.planet_count[g, :, seat] >= count).any(axis=1)
        if kind == "moons":
            return (self.moon_owner[g] == seat[:, None]).sum(axis=1) >= count
        return self.deep_count[g, seat] >= count

    def _check_goals(self, g, seat, parachute: bool) -> None:
        m = self.m
        for goal in range(len(m.goal_ids)):
            open_ = (self.goal_owner[g, goal] < 0) & (self.goal_due[g, goal, seat] == NONE)
            met = open_ & self._meets(g, seat, goal)
            if not met.any():
                continue
            h, s = g[met], seat[met]
            if parachute:
                # Met in a crash: taken at the next landing phase (Ruling R7).
                self.goal_due[h, goal, s] = self.due_counter[h]
                self.due_counter[h] += 1
            else:
                self.goal_owner[h, goal] = s
                self.goal_pts[h, s] += m.goal_points[goal]
                self._trace_goal(h, s, np.full(len(h), goal), np.full(len(h), m.goal_points[goal]))

    def _take_goals_due(self, g: np.ndarray) -> None:
        m = self.m
        goals, P = len(m.goal_ids), self.p
        while True:
            due = self.goal_due[g].reshape(len(g), goals * P)
            first = np.argmin(due, axis=1)
            has = due[np.arange(len(g)), first] != NONE
            if not has.any():
                return
            h, first = g[has], first[has]
            goal, seat = first // P, first % P
            self.goal_due[h, goal, seat] = NONE
            free = self.goal_owner[h, goal] < 0
            hf, gf, sf = h[free], goal[free], seat[free]
            self.goal_owner[hf, gf] = sf
            self.goal_pts[hf, sf] += m.goal_points[gf]
            self._trace_goal(hf, sf, gf, m.goal_points[gf])

    def _end_expedition(self, g: np.ndarray) -> None:
        self.queued[g] = False
        over = self.end_triggered[g] | (self.crashes[g] >= self.m.crash_track)
        self.phase[g[over]] = OVER
        g = g[~over]
        if not len(g):
            return
        self.starter[g] = (self.starter[g] + 1) % self.p
        self.expedition[g] += 1
        self.phase[g] = LAUNCH
        self.aboard[g] = False
        self.boarded[g] = 0
        self.commander[g] = -1
        self.position[g] = 0
        self.dice[g] = self.m.dice
        self.roll[g] = 0
        self.helpers_used[g] = False

    # ------------------------------------------------------------------------------ results
    def planet_scores(self) -> np.ndarray:
        """End-of-game planet points per seat: majority by count, ties to the earlier row."""
        m = self.m
        totals = np.zeros((self.n, self.p), dtype=np.int64)
        for pl in range(len(m.planet_ids)):
            count = self.planet_count[:, pl]  # [n, P]
            first = self.planet_first[:, pl]
            present = count > 0
            # rank = present seats ahead: more astronauts, or as many and an earlier row
            ahead = present[:, None, :] & (
                (count[:, None, :] > count[:, :, None])
                | ((count[:, None, :] == count[:, :, None]) & (first[:, None, :] < first[:, :, None]))
            )
            rank = np.minimum(ahead.sum(axis=2), 2)
            points = m.planet_points[pl][rank] * np.where(self.planet_expert[:, pl], 2, 1)
            totals += np.where(present, points, 0)
        return totals

    def scores(self) -> np.ndarray:
        return self.moon_pts + self.deep_pts + self.goal_pts + self.planet_scores()


def play_batch(seeds, players: int, record: bool = False) -> BatchMlem:
    batch = BatchMlem(seeds, players, record=record)
    batch.run()
    return batch


# ---------------------------------------------------------------------------------- records
def records(batch: BatchMlem) -> list[list[str]]:
    """Each game's actions in the reference engine's text form (needs `record=True`)."""
    from cosmotable.games.mlem.actions import Board, Crash, Land, Return, Roll, Stay, Travel

    m = batch.m
    per_game: list[list[tuple[int, str]]] = [[] for _ in range(batch.n)]
    for g, step, kind, a, b, _ in batch.log:
        for i in range(len(g)):
            k, x, y = int(kind[i]), int(a[i]), int(b[i])
            if k == K_BOARD:
                action = Board(ABILITIES[x])
            elif k == K_ROLL:
                counts = m.roll_counts[x][y]
                action = Roll(tuple(f for f, c in zip(FACES, counts, strict=True) for _ in range(c)))
            elif k == K_TRAVEL:
                faces = tuple(f for i_, f in enumerate(FACES) if x >> i_ & 1)
                action = Travel(faces, tuple(s for s in range(batch.p) if y >> s & 1))
            elif k == K_CRASH:
                action = Crash()
            elif k == K_STAY:
                action = Stay()
            elif k == K_LAND:
                action = Land(("deep", "moon", "planet")[x], y, None)
            else:
                action = Return()
            per_game[int(g[i])].append((int(step[i]), str(action)))
    return [[text for _, text in sorted(steps)] for steps in per_game]


def play_reference(seed: int, players: int):
    """The same game through the reference engine: chance and the random policy drawn from the
    counter-based stream (see sim/counter_rng.py). Returns the finished state."""
    from cosmotable.sim.counter_rng import pick_decision, pick_outcome, uniform

    state = games.get("mlem").new_state(players, seed=seed)
    step = 0
    while not state.is_terminal():
        u = uniform(seed, step)
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply(outcomes[pick_outcome(cumulative([p for _, p in outcomes]), u)][0])
        else:
            legal = state.legal_actions()
            state.apply(legal[pick_decision(len(legal), u)])
        step += 1
    return state
