"""The batch MLEM engine: many MLEM games (base game and every variant) played in one compiled call.

Each game is driven by the counter-based stream of `sim/counter_rng.py`, so it plays exactly the game
that `play_reference` plays through the reference engine for the same seed, variants and policy
(`tests/sim/test_batch_mlem.py` compares whole records for every variant combination and player
count). Policy: `random` (a decision is `legal[int(u * n)]`).

Why numba and not numpy: a numpy step over thousands of games costs a few dozen array operations,
each touching every game, and the games soon run at different phases (a landing here, a roll there),
so most of each operation is masked-out work; compiled scalar code steps one game at a time at a few
dozen nanoseconds a step and needs no mask (benchmarks/sim_speed.py: the figures in
docs/simulation.md).

The engine mirrors games/mlem/state.py function by function (same names, same order of effects), so
the step numbers - and with them the random stream - stay aligned with the reference: chance nodes
and decisions are steps; the reference's automatic follow-ups (a roll nothing can use crashes at
once, astronauts with nowhere to land are not asked, expeditions end and begin) are not. Comments
name the rule each part mirrors; state.py cites the rulebook.
"""

from __future__ import annotations

from collections import namedtuple
from functools import cache
from itertools import combinations

import numba as nb
import numpy as np

from cosmotable import games
from cosmotable.games.mlem.board import ABILITIES, AFTERBURNER, DIE_FACES
from cosmotable.games.mlem.dice import roll_distribution
from cosmotable.games.mlem.variants import DISCOVERIES_ON_MAT, MISSIONS_DEALT, WORMHOLE_STEPS
from cosmotable.sim.counter_rng import GOLDEN, MIX1, MIX2, cumulative

VARIANT_NAMES = ("ufo", "discovery", "secret_missions")
POLICIES = ("random",)

# Phases (games/mlem/state.py), and the chance phases among them.
LAUNCH, ROLL, TRAVEL, LANDING, PARACHUTE, OVER, DEAL, CHOOSE, REVEAL_DISC, REVEAL_EXP = range(10)

# Log entry kinds: actions (one per step) ...
K_BOARD, K_ROLL, K_TRAVEL, K_CRASH, K_STAY, K_LAND, K_RETURN, K_REROLL = range(8)
K_REVEAL_EXP, K_REVEAL_DISC, K_DEAL, K_RETURN_MISSION = range(8, 12)
# ... and what `simulate --fast` reads for its feature columns (public facts only).
T_ROLL, T_CRASH, T_LANDING, T_GOAL = range(20, 24)
LOG_FIELDS = 9  # game, step, kind, a, b, c, d, e, f

PLACE_DEEP, PLACE_MOON, PLACE_PLANET = range(3)
FACES = DIE_FACES  # face kinds in canonical roll order
NF = len(FACES)
A = FACES.index(AFTERBURNER)
ONE = FACES.index("1")
NA = len(ABILITIES)
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
GOAL_KINDS = ("different_planets", "one_planet", "moons", "deep_space")
TOKEN_ABILITIES = ("extra", "keep", "reroll")
EXTRA, KEEP, REROLL_ABILITY = range(3)
# Score parts (games/mlem/state.py SCORE_PARTS + VARIANT_PARTS).
P_MOONS, P_DEEP, P_GOALS, P_PLANETS, P_UFO, P_DISC, P_MISSIONS = range(7)
PARTS = 7

# Scalar state slots of one game (an int64 array, so helper functions can change them).
(
    S_POS,
    S_DICE,
    S_PHASE,
    S_CMD,
    S_NBOARD,
    S_STARTER,
    S_EXPED,
    S_CRASHES,
    S_END,
    S_STEP,
    S_CHANCE,
    S_UFO_POS,
    S_TOKEN,
    S_SPENT,
    S_UFO_TOP,
    S_EXP_LEFT,
    S_DISC_LEFT,
    S_ON_MAT,
    S_REVEAL_TRAVEL,
    S_MIS_LEFT,
    S_NDUE,
    S_GAME,
    S_POLICY_SEAT,
) = range(23)
NS = 23

Tables = namedtuple(
    "Tables",
    [
        "accepts",  # [space, face] bool (deep space: a row accepting nothing)
        "value",  # [space, face] spaces a die of that face moves the rocket
        "moons",  # [space, 2] moon indices, farthest first, -1 padded
        "moon_points",  # [moon]
        "planet",  # [space] planet index or -1
        "planet_points",  # [planet, 3]
        "goal_kind",  # [goal] index in GOAL_KINDS
        "goal_count",
        "goal_points",
        "consts",  # first_landing, last_space, deep, satellite, crash_track, comet, galaxy, dice, ufo_start
        "roll_counts",  # [dice, outcome, face]
        "roll_cum",  # [dice, outcome] cumulative probabilities (padded with 2.0)
        "roll_n",  # [dice] number of outcomes
        "uniform_cum",  # [n, i] cumulative of n equal probabilities 1/n (a pool of n tokens)
        "subsets",  # [n, index] bit mask of the index-th subset of n items (reference order)
        "tok_move",  # expedition tokens, sorted by id
        "tok_dice",
        "tok_ability",
        "tok_extra",  # [token, face] extra dice
        "ufo_points",  # the UFO stack, top first
        "disc_kind",  # discovery tokens, sorted by id: index in DISCOVERY_KINDS
        "disc_space",
        "disc_points",
        "mis_kind",  # missions, sorted by id: 0 moon, 1 planet
        "mis_target",  # moon or planet index
        "mission_points",  # for 0, 1, 2, 3 completed
        "board_rank",  # [astronaut] the heuristic's boarding preference (higher first)
    ],
)
C_FIRST, C_LAST, C_DEEP, C_SAT, C_TRACK, C_COMET, C_GALAXY, C_DICE, C_UFO_START = range(9)


@cache
def subset_masks(n: int) -> np.ndarray:
    """Bit masks of the subsets of n items in the reference's order (by size, then combinations)."""
    return np.array(
        [sum(1 << i for i in combo) for size in range(n + 1) for combo in combinations(range(n), size)],
        dtype=np.int64,
    )


@cache
def ids() -> dict[str, tuple[str, ...]]:
    """Token, moon, planet and goal ids in the order the tables index them."""
    state = games.get("mlem").new_state(2, seed=0)
    tokens = state.tokens
    return {
        "moons": tuple(state.mat.moons),
        "planets": tuple(state.mat.planets),
        "goals": tuple(g.id for g in state.goals),
        "expedition": tuple(sorted(tokens.expedition)),
        "discoveries": tuple(sorted(tokens.discoveries)),
        "missions": tuple(sorted(tokens.missions)),
    }


@cache
def tables() -> Tables:
    """The default mat, goals and token sets as arrays."""
    from cosmotable.bots.hooks_mlem import BOARD_ORDER

    state = games.get("mlem").new_state(2, seed=0)
    mat, goals, tokens = state.mat, state.goals, state.tokens
    names = ids()
    spaces = len(mat.spaces)
    deep = mat.deep_space
    accepts = np.zeros((deep + 1, NF), dtype=np.bool_)
    value = np.zeros((deep + 1, NF), dtype=np.int64)
    moons = np.full((deep + 1, 2), -1, dtype=np.int64)
    planet = np.full(deep + 1, -1, dtype=np.int64)
    for space in mat.spaces:
        for f, face in enumerate(FACES):
            accepts[space.number, f] = space.accepts(face)
            value[space.number, f] = space.value(face) if space.accepts(face) else 0
        if len(space.moons) > 2 or len(space.planets) > 1:
            raise NotImplementedError("the batch engine handles at most 2 moons and 1 planet per space")
        for i, moon in enumerate(space.moons):
            moons[space.number, i] = names["moons"].index(moon)
        if space.planets:
            planet[space.number] = names["planets"].index(space.planets[0])
    if spaces != deep:
        raise NotImplementedError("the batch engine expects spaces 0..last_space, then deep space")
    most = len(roll_distribution(mat.die_faces, mat.dice_count))
    roll_counts = np.zeros((mat.dice_count + 1, most, NF), dtype=np.int64)
    roll_cum = np.full((mat.dice_count + 1, most), 2.0)
    roll_n = np.zeros(mat.dice_count + 1, dtype=np.int64)
    for k in range(1, mat.dice_count + 1):
        outcomes = roll_distribution(mat.die_faces, k)
        roll_n[k] = len(outcomes)
        for o, (faces, _) in enumerate(outcomes):
            roll_counts[k, o] = [faces.count(f) for f in FACES]
        # float(Fraction) as the reference's chance_outcomes() gives, summed left to right.
        roll_cum[k, : len(outcomes)] = cumulative([float(p) for _, p in outcomes])
    pool = max(len(tokens.expedition), len(tokens.discoveries), len(tokens.missions))
    uniform_cum = np.full((pool + 1, pool), 2.0)
    for n in range(1, pool + 1):
        uniform_cum[n, :n] = cumulative([1 / n] * n)
    width = max(NF, 5)
    subsets = np.zeros((width + 1, 1 << width), dtype=np.int64)
    for n in range(width + 1):
        subsets[n, : 1 << n] = subset_masks(n)
    expedition = [tokens.expedition[t] for t in names["expedition"]]
    discoveries = [tokens.discoveries[t] for t in names["discoveries"]]
    missions = [tokens.missions[t] for t in names["missions"]]
    tok_extra = np.zeros((len(expedition), NF), dtype=np.int64)
    for i, token in enumerate(expedition):
        for face in token.extra_dice:
            tok_extra[i, FACES.index(face)] += 1
    return Tables(
        accepts=accepts,
        value=value,
        moons=moons,
        moon_points=np.array([mat.moons[m].points for m in names["moons"]], dtype=np.int64),
        planet=planet,
        planet_points=np.array([mat.planets[p].points for p in names["planets"]], dtype=np.int64),
        goal_kind=np.array([GOAL_KINDS.index(g.kind) for g in goals], dtype=np.int64),
        goal_count=np.array([g.count for g in goals], dtype=np.int64),
        goal_points=np.array([g.points for g in goals], dtype=np.int64),
        consts=np.array(
            [
                mat.first_landing_space,
                mat.last_space,
                deep,
                mat.satellite_space,
                mat.crash_track_length,
                mat.comet_points,
                mat.galaxy_points,
                mat.dice_count,
                mat.ufo_start_space,
            ],
            dtype=np.int64,
        ),
        roll_counts=roll_counts,
        roll_cum=roll_cum,
        roll_n=roll_n,
        uniform_cum=uniform_cum,
        subsets=subsets,
        tok_move=np.array([t.ufo_move for t in expedition], dtype=np.int64),
        tok_dice=np.array([t.dice for t in expedition], dtype=np.int64),
        tok_ability=np.array([TOKEN_ABILITIES.index(t.ability) for t in expedition], dtype=np.int64),
        tok_extra=tok_extra,
        ufo_points=np.array(tokens.ufo_points, dtype=np.int64),
        disc_kind=np.array(
            [("points", "die_return", "wormhole").index(d.kind) for d in discoveries], dtype=np.int64
        ),
        disc_space=np.array([d.space for d in discoveries], dtype=np.int64),
        disc_points=np.array([d.points for d in discoveries], dtype=np.int64),
        mis_kind=np.array([0 if m.kind == "moon" else 1 for m in missions], dtype=np.int64),
        mis_target=np.array(
            [
                names["moons"].index(m.target) if m.kind == "moon" else names["planets"].index(m.target)
                for m in missions
            ],
            dtype=np.int64,
        ),
        mission_points=np.array(tokens.mission_points, dtype=np.int64),
        board_rank=np.array([-BOARD_ORDER.index(a) for a in ABILITIES], dtype=np.int64),
    )


# ------------------------------------------------------------------------------------------ state
class Games:
    """The arrays of `n` games of `players` seats (games on axis 0), filled by `run`."""

    def __init__(self, n: int, players: int, t: Tables):
        P = players
        goals = len(t.goal_points)
        moons, planets = len(t.moon_points), len(t.planet_points)
        self.s = np.zeros((n, NS), dtype=np.int64)
        self.available = np.zeros((n, P, NA), dtype=np.bool_)
        self.placed = np.zeros((n, P), dtype=np.int64)
        self.points = np.zeros((n, P, PARTS), dtype=np.int64)
        self.moon_owner = np.zeros((n, moons), dtype=np.int64)
        self.planet_count = np.zeros((n, planets, P), dtype=np.int64)
        self.planet_row = np.zeros((n, planets, P), dtype=np.int64)  # row order of the seat's row
        self.planet_rows = np.zeros((n, planets), dtype=np.int64)
        self.planet_expert = np.zeros((n, planets, P), dtype=np.bool_)
        self.deep_count = np.zeros((n, P), dtype=np.int64)
        self.goal_owner = np.zeros((n, goals), dtype=np.int64)
        self.due = np.zeros((n, goals * P, 2), dtype=np.int64)  # (goal, seat) in the order met
        self.slot_seat = np.zeros((n, P), dtype=np.int64)
        self.slot_astro = np.zeros((n, P), dtype=np.int64)
        self.aboard = np.zeros((n, P), dtype=np.bool_)
        self.queued = np.zeros((n, P), dtype=np.bool_)
        self.helpers_used = np.zeros((n, P), dtype=np.bool_)
        self.roll = np.zeros((n, NF), dtype=np.int64)
        self.exp_pool = np.zeros((n, len(t.tok_move)), dtype=np.bool_)
        self.disc_pool = np.zeros((n, len(t.disc_kind)), dtype=np.bool_)
        self.on_mat = np.zeros((n, len(t.accepts)), dtype=np.int64)
        self.mis_pool = np.zeros((n, len(t.mis_kind)), dtype=np.bool_)
        self.dealt = np.zeros((n, P, MISSIONS_DEALT), dtype=np.int64)
        self.ndealt = np.zeros((n, P), dtype=np.int64)
        self.returned = np.zeros((n, P), dtype=np.int64)

    def arrays(self) -> tuple[np.ndarray, ...]:
        return (
            self.s,
            self.available,
            self.placed,
            self.points,
            self.moon_owner,
            self.planet_count,
            self.planet_row,
            self.planet_rows,
            self.planet_expert,
            self.deep_count,
            self.goal_owner,
            self.due,
            self.slot_seat,
            self.slot_astro,
            self.aboard,
            self.queued,
            self.helpers_used,
            self.roll,
            self.exp_pool,
            self.disc_pool,
            self.on_mat,
            self.mis_pool,
            self.dealt,
            self.ndealt,
            self.returned,
        )


G = namedtuple(
    "G",
    [
        "s",
        "available",
        "placed",
        "points",
        "moon_owner",
        "planet_count",
        "planet_row",
        "planet_rows",
        "planet_expert",
        "deep_count",
        "goal_owner",
        "due",
        "slot_seat",
        "slot_astro",
        "aboard",
        "queued",
        "helpers_used",
        "roll",
        "exp_pool",
        "disc_pool",
        "on_mat",
        "mis_pool",
        "dealt",
        "ndealt",
        "returned",
    ],
)

# A game's view inside the compiled code: row `i` of every array (numba slices are views).
V = namedtuple("V", G._fields + ("P", "ufo", "disc", "mis", "log", "nlog", "record", "trace", "policy"))


# ------------------------------------------------------------------------------------------ random
_GOLDEN, _MIX1, _MIX2 = np.uint64(GOLDEN), np.uint64(MIX1), np.uint64(MIX2)


@nb.njit(cache=True)
def uniform(seed: np.uint64, step: np.int64) -> float:
    """counter_rng.uniform, compiled (uint64 arithmetic wraps modulo 2**64)."""
    x = seed * _GOLDEN + (np.uint64(step) + np.uint64(1)) * _MIX1
    x ^= x >> np.uint64(30)
    x *= _MIX1
    x ^= x >> np.uint64(27)
    x *= _MIX2
    x ^= x >> np.uint64(31)
    return float(x >> np.uint64(11)) * 2.0**-53


@nb.njit(cache=True)
def _pick_cum(cum, n, u):
    """counter_rng.pick_outcome over the first n entries of `cum`."""
    lo, hi = 0, n  # first index with u < cum[index]
    while lo < hi:
        mid = (lo + hi) // 2
        if u < cum[mid]:
            hi = mid
        else:
            lo = mid + 1
    return min(lo, n - 1)


@nb.njit(cache=True)
def _pick(n, u):
    return min(int(u * n), n - 1)


@nb.njit(cache=True)
def _nth_true(flags, k):
    """Index of the k-th (0-based) True in `flags`."""
    for i in range(len(flags)):
        if flags[i]:
            if k == 0:
                return i
            k -= 1
    return -1


@nb.njit(cache=True)
def _log(v, kind, a, b, c, d, e, f):
    n = v.nlog[0]
    if n < len(v.log):
        row = v.log[n]
        row[0] = v.s[S_GAME]
        row[1] = v.s[S_STEP]
        row[2] = kind
        row[3] = a
        row[4] = b
        row[5] = c
        row[6] = d
        row[7] = e
        row[8] = f
    v.nlog[0] = n + 1


@nb.njit(cache=True)
def _act(v, kind, a, b, c, d):
    if v.record:
        _log(v, kind, a, b, c, d, 0, 0)


# ------------------------------------------------------------------------------------------ set-up
@nb.njit(cache=True)
def _reset_expedition(v, t):
    s = v.s
    s[S_PHASE] = LAUNCH
    s[S_NBOARD] = 0
    v.aboard[:] = False
    v.queued[:] = False
    s[S_CMD] = -1
    # rulebook (launch phase): the rocket is placed on space 0.
    s[S_POS] = 0
    s[S_DICE] = t.consts[C_DICE]
    v.roll[:] = 0
    v.helpers_used[:] = False


@nb.njit(cache=True)
def _begin_expedition(v, t):
    _reset_expedition(v, t)
    if v.ufo and v.s[S_EXP_LEFT] > 0:
        # rulebook (UFO): the commander reveals the top expedition token (Ruling R15: none left,
        # none revealed).
        v.s[S_PHASE] = REVEAL_EXP


@nb.njit(cache=True)
def _next_setup_step(v, t):
    s, P = v.s, v.P
    if v.mis:
        # rulebook (secret missions): deal each player 4 tokens, then each returns one.
        for seat in range(P):
            if v.ndealt[seat] < MISSIONS_DEALT and s[S_MIS_LEFT] > 0:
                s[S_PHASE] = DEAL
                return
        for seat in range(P):
            if v.returned[seat] < 0:
                s[S_PHASE] = CHOOSE
                return
    if v.disc and s[S_ON_MAT] < DISCOVERIES_ON_MAT and s[S_DISC_LEFT] > 0:
        # rulebook (discovery): reveal five tokens onto their spaces of the mat.
        s[S_PHASE] = REVEAL_DISC
        return
    _begin_expedition(v, t)


@nb.njit(cache=True)
def _new_game(v, t, game):
    s = v.s
    s[:] = 0
    s[S_GAME] = game
    v.available[:] = True
    v.placed[:] = 0
    v.points[:] = 0
    v.moon_owner[:] = -1
    v.planet_count[:] = 0
    v.planet_row[:] = 0
    v.planet_rows[:] = 0
    v.planet_expert[:] = False
    v.deep_count[:] = 0
    v.goal_owner[:] = -1
    s[S_NDUE] = 0
    s[S_EXPED] = 1
    s[S_UFO_POS] = t.consts[C_UFO_START]
    s[S_TOKEN] = -1
    v.exp_pool[:] = v.ufo
    s[S_EXP_LEFT] = len(t.tok_move) if v.ufo else 0
    v.disc_pool[:] = v.disc
    s[S_DISC_LEFT] = len(t.disc_kind) if v.disc else 0
    v.on_mat[:] = -1
    v.mis_pool[:] = v.mis
    s[S_MIS_LEFT] = len(t.mis_kind) if v.mis else 0
    v.ndealt[:] = 0
    v.returned[:] = -1
    _reset_expedition(v, t)
    _next_setup_step(v, t)


# ------------------------------------------------------------------------------------------ queries
@nb.njit(cache=True)
def current_player(v):
    s = v.s
    phase = s[S_PHASE]
    if phase == CHOOSE:
        for seat in range(v.P):
            if v.returned[seat] < 0:
                return seat
    if phase == LAUNCH:
        # rulebook (launch phase): the starter boards first, then the others clockwise.
        return (s[S_STARTER] + s[S_NBOARD]) % v.P
    if phase == TRAVEL:
        return v.slot_seat[s[S_CMD]]
    return v.slot_seat[_head(v)]


@nb.njit(cache=True)
def _head(v):
    for slot in range(v.P):
        if v.queued[slot]:
            return slot
    return -1


@nb.njit(cache=True)
def _token_active(v):
    return v.ufo and v.s[S_TOKEN] >= 0 and v.s[S_SPENT] == 0


@nb.njit(cache=True)
def _extra_steps_here(v, t):
    """Steps of the active token's extra dice that this space accepts (0: none accepted)."""
    pos = v.s[S_POS]
    token = v.s[S_TOKEN]
    steps, count = 0, 0
    for f in range(NF):
        if t.tok_extra[token, f] > 0 and t.accepts[pos, f]:
            steps += t.tok_extra[token, f] * t.value[pos, f]
            count += t.tok_extra[token, f]
    return steps, count


@nb.njit(cache=True)
def travel_items(v, t, seats):
    """Usable face groups (count) and helper seats: `seats[k]` True for a seat whose unflipped
    helper is aboard where the space accepts a 1 (rulebook: travel, step 1; helper)."""
    pos = v.s[S_POS]
    groups = 0
    for f in range(NF):
        if v.roll[f] > 0 and t.accepts[pos, f]:
            groups += 1
    seats[:] = False
    if t.accepts[pos, ONE]:
        for slot in range(v.s[S_NBOARD]):
            seat = v.slot_seat[slot]
            if v.slot_astro[slot] == HELPER and v.aboard[slot] and not v.helpers_used[seat]:
                seats[seat] = True
    return groups, seats.sum()


@nb.njit(cache=True)
def travel_counts(v, t, groups, helpers):
    """Sizes of the travel option blocks in the reference's order: plain travels, travels with
    extra dice, with keep, the reroll, the crash (travel_options)."""
    g_sets, h_sets = 1 << groups, 1 << helpers
    plain = g_sets * h_sets - 1
    extra = keep = reroll = 0
    if _token_active(v):
        ability = t.tok_ability[v.s[S_TOKEN]]
        if ability == EXTRA:
            if _extra_steps_here(v, t)[1] > 0:
                extra = g_sets * h_sets
        elif ability == KEEP:
            keep = g_sets * h_sets - 1
        else:
            reroll = 1
    crash = 1 if groups == 0 else 0
    return plain, extra, keep, reroll, crash


@nb.njit(cache=True)
def landing_options(v, t, slot, parachute, place, shift):
    """Where the astronaut in `slot` may land now, in the reference's order (landing_options):
    fills place/shift and returns the count (0: it can only stay)."""
    pos = v.s[S_POS]
    first, last, deep = t.consts[C_FIRST], t.consts[C_LAST], t.consts[C_DEEP]
    if pos < first:
        return 0  # rulebook (landing phase / parachutist): nothing to land on at spaces 0-5
    # rulebook (navigator): it may land as if the rocket were one space higher or lower.
    shifts = 1 if parachute or v.slot_astro[slot] != NAV else 3
    n = 0
    for k in range(shifts):
        sh = 0 if k == 0 else (-1 if k == 1 else 1)
        number = pos + sh
        if number == deep:
            place[n] = PLACE_DEEP
            shift[n] = sh
            n += 1
            continue
        if number < first or number > last:
            continue
        # rulebook (moons): one astronaut per moon; if all are taken no one can land there.
        free = False
        for i in range(2):
            m = t.moons[number, i]
            if m >= 0 and v.moon_owner[m] < 0:
                free = True
        if free:
            place[n] = PLACE_MOON
            shift[n] = sh
            n += 1
        if t.planet[number] >= 0:
            place[n] = PLACE_PLANET
            shift[n] = sh
            n += 1
    return n


# ------------------------------------------------------------------------------------------ launch
@nb.njit(cache=True)
def _board(v, t, astro):
    s = v.s
    seat = current_player(v)
    _act(v, K_BOARD, astro, 0, 0, 0)
    v.available[seat, astro] = False
    slot = s[S_NBOARD]
    v.slot_seat[slot] = seat
    v.slot_astro[slot] = astro
    v.aboard[slot] = True
    s[S_NBOARD] = slot + 1
    if slot + 1 < v.P:
        return
    # rulebook (launch phase): the starter becomes the expedition's commander.
    s[S_CMD] = 0
    # rulebook (satellite): with one or more satellite engineers aboard, start on space 3.
    for k in range(v.P):
        if v.slot_astro[k] == SAT:
            s[S_POS] = t.consts[C_SAT]
    s[S_PHASE] = ROLL


# ------------------------------------------------------------------------------------------ travel
@nb.njit(cache=True)
def _rolled(v, t, dice, outcome, seats):
    s = v.s
    v.roll[:] = t.roll_counts[dice, outcome]
    _act(v, K_ROLL, dice, outcome, 0, 0)
    if v.trace:
        _log(v, T_ROLL, s[S_EXPED], s[S_POS], dice, 0, 0, 0)
    s[S_PHASE] = TRAVEL
    groups, helpers = travel_items(v, t, seats)
    plain, extra, keep, reroll, _crash_option = travel_counts(v, t, groups, helpers)
    if plain + extra + keep + reroll == 0:
        # rulebook (crash): no rolled die matches the rocket's space, and nothing saves it.
        _crash(v, t)


@nb.njit(cache=True)
def _travel(v, t, groups_mask, helper_mask, extra, keep, seats):
    """Apply Travel(the groups of `groups_mask`, the helper seats of `helper_mask`, extra, keep):
    bit b of a mask is the b-th usable face (canonical order) or helper seat (by seat)."""
    s = v.s
    pos = s[S_POS]
    face_bits, seat_bits, steps, used = 0, 0, 0, 0
    b = 0
    for f in range(NF):
        if v.roll[f] > 0 and t.accepts[pos, f]:
            if groups_mask >> b & 1:
                face_bits |= 1 << f
                # rulebook (travel, step 2): move the sum of the chosen dice; the afterburner is
                # worth the value printed at the rocket's space.
                steps += v.roll[f] * t.value[pos, f]
                if f != A:
                    used += v.roll[f]  # rulebook (travel, step 3): afterburners stay
            b += 1
    b = 0
    for seat in range(v.P):
        if seats[seat]:
            if helper_mask >> b & 1:
                seat_bits |= 1 << seat
                steps += 1  # a helper counts as a die showing 1
            b += 1
    _act(v, K_TRAVEL, face_bits, seat_bits, extra, keep)
    if extra:
        steps += _extra_steps_here(v, t)[0]
    if extra or keep:
        s[S_SPENT] = 1  # rulebook (UFO): the extra ability is used once
    for seat in range(v.P):
        if seat_bits >> seat & 1:
            v.helpers_used[seat] = True
    if not keep:
        s[S_DICE] -= used
    # rulebook (travel, step 3): the commander always keeps at least one die.
    s[S_DICE] = max(s[S_DICE], 1)
    s[S_POS] = min(pos + steps, t.consts[C_DEEP])
    v.roll[:] = 0
    _end_travel_phase(v, t)


@nb.njit(cache=True)
def _decide_travel(v, t, choice, seats):
    """Apply the choice-th travel option (travel_options' order)."""
    groups, helpers = travel_items(v, t, seats)
    plain, extra, keep, reroll, _crash_option = travel_counts(v, t, groups, helpers)
    h_sets = 1 << helpers
    if choice < plain:
        j = choice + 1  # the empty pair is left out
        _travel(v, t, t.subsets[groups, j // h_sets], t.subsets[helpers, j % h_sets], 0, 0, seats)
        return
    choice -= plain
    if choice < extra:
        _travel(v, t, t.subsets[groups, choice // h_sets], t.subsets[helpers, choice % h_sets], 1, 0, seats)
        return
    choice -= extra
    if choice < keep:
        j = choice + 1
        _travel(v, t, t.subsets[groups, j // h_sets], t.subsets[helpers, j % h_sets], 0, 1, seats)
        return
    choice -= keep
    if choice < reroll:
        # rulebook (UFO, reroll): roll all available dice again, once; the new result must be used.
        _act(v, K_REROLL, 0, 0, 0, 0)
        v.s[S_SPENT] = 1
        v.roll[:] = 0
        v.s[S_PHASE] = ROLL
        return
    _act(v, K_CRASH, 0, 0, 0, 0)
    _crash(v, t)


@nb.njit(cache=True)
def _end_travel_phase(v, t):
    """Discoveries, then UFO contact, then landing (Ruling R19)."""
    s = v.s
    s[S_REVEAL_TRAVEL] = 0
    if v.disc:
        while s[S_POS] < len(v.on_mat) and v.on_mat[s[S_POS]] >= 0:
            # rulebook (discovery): a travel phase that ends on a token activates it at once.
            token = v.on_mat[s[S_POS]]
            v.on_mat[s[S_POS]] = -1
            s[S_ON_MAT] -= 1
            _activate_discovery(v, t, token)
            if s[S_DISC_LEFT] > 0:
                # rulebook (discovery): a new token is revealed so five stay on the mat.
                s[S_REVEAL_TRAVEL] = 1
                s[S_PHASE] = REVEAL_DISC
                return
    if v.ufo and s[S_POS] == s[S_UFO_POS] and s[S_UFO_TOP] < len(t.ufo_points):
        # rulebook (UFO contact): the commander takes the top UFO token, face down (Ruling R24:
        # in deep space too).
        seat = v.slot_seat[s[S_CMD]]
        v.points[seat, P_UFO] += t.ufo_points[s[S_UFO_TOP]]
        s[S_UFO_TOP] += 1
    _start_landing(v, t)


@nb.njit(cache=True)
def _activate_discovery(v, t, token):
    s = v.s
    seat = v.slot_seat[s[S_CMD]]
    kind = t.disc_kind[token]
    if kind == 0:
        # rulebook (discovery, points): the commander keeps it face down; it counts at the end.
        v.points[seat, P_DISC] += t.disc_points[token]
    elif kind == 1:
        # rulebook (discovery, die): take one set-aside die back (none set aside: no effect).
        s[S_DICE] = min(s[S_DICE] + 1, t.consts[C_DICE])
    else:
        # rulebook (discovery, wormhole): move 4 spaces at once.
        s[S_POS] = min(s[S_POS] + WORMHOLE_STEPS, t.consts[C_DEEP])


# ------------------------------------------------------------------------------------------ crash
@nb.njit(cache=True)
def _crash(v, t):
    s = v.s
    v.roll[:] = 0
    # rulebook (crash): the commander moves the crash token one field along the crash track.
    s[S_CRASHES] += 1
    if v.trace:
        _log(v, T_CRASH, s[S_EXPED], 0, 0, 0, 0, 0)
    # rulebook (parachutist): any parachutist aboard may still land at the crash space.
    s[S_PHASE] = PARACHUTE
    for slot in range(v.P):
        v.queued[slot] = v.aboard[slot] and v.slot_astro[slot] == PARA
    _continue_parachutes(v, t)


@nb.njit(cache=True)
def _continue_parachutes(v, t):
    place = np.empty(9, np.int64)
    shift = np.empty(9, np.int64)
    # A parachutist with nowhere to land goes home without a decision (Ruling R5).
    while True:
        head = _head(v)
        if head < 0:
            break
        if landing_options(v, t, head, True, place, shift) > 0:
            return
        v.queued[head] = False
    # rulebook (crash): everyone still on the rocket board goes back to their owner.
    for slot in range(v.P):
        if v.aboard[slot]:
            v.aboard[slot] = False
            v.available[v.slot_seat[slot], v.slot_astro[slot]] = True
    _end_expedition(v, t)


# ------------------------------------------------------------------------------------------ landing
@nb.njit(cache=True)
def _start_landing(v, t):
    s = v.s
    if s[S_POS] < t.consts[C_FIRST]:
        # rulebook (landing phase): spaces 0-5 have nothing to land on; skip the phase.
        s[S_PHASE] = ROLL
        return
    _take_goals_due(v, t)
    if s[S_POS] >= t.consts[C_DEEP]:
        _arrive_in_deep_space(v, t)
        return
    # rulebook (landing phase): the commander first, then the others top to bottom.
    s[S_PHASE] = LANDING
    v.queued[:] = v.aboard
    _continue_landing(v, t)


@nb.njit(cache=True)
def _continue_landing(v, t):
    place = np.empty(9, np.int64)
    shift = np.empty(9, np.int64)
    # An astronaut whose only option is to stay is not asked (Ruling R4).
    while True:
        head = _head(v)
        if head < 0:
            break
        if landing_options(v, t, head, False, place, shift) > 0:
            return
        v.queued[head] = False
    if v.aboard.any():
        v.s[S_PHASE] = ROLL
    else:
        # rulebook (end of expedition): everyone has left the rocket.
        _end_expedition(v, t)


@nb.njit(cache=True)
def _land(v, t, slot, place, shift):
    s = v.s
    seat, astro = v.slot_seat[slot], v.slot_astro[slot]
    parachute = s[S_PHASE] == PARACHUTE
    number = s[S_POS] + shift
    v.aboard[slot] = False
    if place == PLACE_DEEP:
        # rulebook (navigator): from space 25 into deep space scores only 5 points.
        _place_in_deep_space(v, t, seat, astro, t.consts[C_GALAXY])
    elif place == PLACE_MOON:
        moon = t.moons[number, 0]
        if v.moon_owner[moon] >= 0:
            moon = t.moons[number, 1]
        v.moon_owner[moon] = seat
        points = t.moon_points[moon]
        # rulebook (moon expert): doubles the points of the moon it lands on.
        if astro == MOON_X:
            points *= 2
        v.points[seat, P_MOONS] += points
        _placed(v, t, seat, astro, PLACE_MOON, points, parachute)
    else:
        planet = t.planet[number]
        if v.planet_count[planet, seat] == 0:
            # rulebook (planets): a colour's first astronaut starts a new row at the bottom.
            v.planet_row[planet, seat] = v.planet_rows[planet]
            v.planet_rows[planet] += 1
        v.planet_count[planet, seat] += 1
        if astro == PLANET_X:
            v.planet_expert[planet, seat] = True
        _placed(v, t, seat, astro, PLACE_PLANET, 0, parachute)
    _after_leaving(v, slot, astro)


@nb.njit(cache=True)
def _after_leaving(v, slot, astro):
    s = v.s
    if astro == DISCARD:
        # rulebook (die discarder): the current commander sets one die aside; the last stays.
        s[S_DICE] = max(s[S_DICE] - 1, 1)
    if slot == s[S_CMD]:
        # rulebook (change of commander): the next astronaut on the rocket board takes over.
        s[S_CMD] = -1
        for k in range(s[S_NBOARD]):
            if v.aboard[k]:
                s[S_CMD] = k
                break


@nb.njit(cache=True)
def _arrive_in_deep_space(v, t):
    s = v.s
    # rulebook (deep space): everyone leaves the rocket, the commander to the comet, the others
    # to the galaxy; rulebook (deep-space expert): its points are doubled.
    for slot in range(s[S_NBOARD]):
        if not v.aboard[slot]:
            continue
        points = t.consts[C_COMET] if slot == s[S_CMD] else t.consts[C_GALAXY]
        if v.slot_astro[slot] == DEEP_X:
            points *= 2
        v.aboard[slot] = False
        _place_in_deep_space(v, t, v.slot_seat[slot], v.slot_astro[slot], points)
    s[S_CMD] = -1
    _end_expedition(v, t)


@nb.njit(cache=True)
def _place_in_deep_space(v, t, seat, astro, points):
    v.deep_count[seat] += 1
    v.points[seat, P_DEEP] += points
    # (the reference's deep-space landing event carries no parachute flag)
    _placed(v, t, seat, astro, PLACE_DEEP, points, False)


@nb.njit(cache=True)
def _placed(v, t, seat, astro, place, points, parachute):
    s = v.s
    v.placed[seat] += 1
    if v.trace:
        _log(v, T_LANDING, seat, s[S_EXPED], astro, place, points, 1 if parachute else 0)
    _check_goals(v, t, seat)
    # rulebook (end of game): all 8 astronauts on the mat ends the game after this expedition.
    if v.placed[seat] == NA:
        s[S_END] = 1


@nb.njit(cache=True)
def meets_goal(v, t, goal, seat):
    kind, count = t.goal_kind[goal], t.goal_count[goal]
    if kind == 0:
        return (v.planet_count[:, seat] > 0).sum() >= count
    if kind == 1:
        return (v.planet_count[:, seat] >= count).any()
    if kind == 2:
        return (v.moon_owner == seat).sum() >= count
    return v.deep_count[seat] >= count


@nb.njit(cache=True)
def _check_goals(v, t, seat):
    s = v.s
    # rulebook (goals): the first to meet a tile's condition in a landing phase takes it; checked
    # after every landing (Ruling R7).
    for goal in range(len(t.goal_points)):
        if v.goal_owner[goal] >= 0:
            continue
        waiting = False
        for k in range(s[S_NDUE]):
            if v.due[k, 0] == goal and v.due[k, 1] == seat:
                waiting = True
        if waiting or not meets_goal(v, t, goal, seat):
            continue
        if s[S_PHASE] == PARACHUTE:
            # Met in a crash: taken at the next landing phase (Ruling R7).
            v.due[s[S_NDUE], 0] = goal
            v.due[s[S_NDUE], 1] = seat
            s[S_NDUE] += 1
        else:
            _take_goal(v, t, goal, seat)


@nb.njit(cache=True)
def _take_goals_due(v, t):
    s = v.s
    for k in range(s[S_NDUE]):
        if v.goal_owner[v.due[k, 0]] < 0:
            _take_goal(v, t, v.due[k, 0], v.due[k, 1])
    s[S_NDUE] = 0


@nb.njit(cache=True)
def _take_goal(v, t, goal, seat):
    v.goal_owner[goal] = seat
    v.points[seat, P_GOALS] += t.goal_points[goal]
    if v.trace:
        _log(v, T_GOAL, seat, v.s[S_EXPED], goal, t.goal_points[goal], 0, 0)


# ------------------------------------------------------------------------------------------ end
@nb.njit(cache=True)
def _end_expedition(v, t):
    s = v.s
    v.queued[:] = False
    s[S_TOKEN] = -1  # rulebook (UFO): a token serves one expedition, then the box
    if s[S_END] or s[S_CRASHES] >= t.consts[C_TRACK]:
        _end_game(v, t)
        return
    # rulebook (expedition): the starter passes the rocket board to the player on the left.
    s[S_STARTER] = (s[S_STARTER] + 1) % v.P
    s[S_EXPED] += 1
    _begin_expedition(v, t)


@nb.njit(cache=True)
def planet_points(v, t, out):
    """End-of-game planet points per seat (scoring.all_planet_points): most astronauts first, a
    tie to the earlier row; the planet expert doubles its owner's points there."""
    out[:] = 0
    for planet in range(len(t.planet_points)):
        for seat in range(v.P):
            count = v.planet_count[planet, seat]
            if count == 0:
                continue
            ahead = 0
            for other in range(v.P):
                c = v.planet_count[planet, other]
                if c > count or (
                    c == count and c > 0 and v.planet_row[planet, other] < v.planet_row[planet, seat]
                ):
                    ahead += 1
            points = t.planet_points[planet, min(ahead, 2)]
            if v.planet_expert[planet, seat]:
                points *= 2
            out[seat] += points


@nb.njit(cache=True)
def completed_missions(v, t, seat):
    done = 0
    for k in range(MISSIONS_DEALT):
        mission = v.dealt[seat, k]
        if mission == v.returned[seat]:
            continue
        target = t.mis_target[mission]
        if t.mis_kind[mission] == 0:
            done += v.moon_owner[target] == seat
        else:
            done += v.planet_count[target, seat] > 0
    return done


@nb.njit(cache=True)
def _end_game(v, t):
    v.s[S_PHASE] = OVER
    out = np.zeros(v.P, np.int64)
    planet_points(v, t, out)
    v.points[:, P_PLANETS] = out
    if v.mis:
        # rulebook (secret missions): 1 / 2 / 3 completed missions are worth 2 / 5 / 10.
        for seat in range(v.P):
            v.points[seat, P_MISSIONS] = t.mission_points[min(completed_missions(v, t, seat), 3)]


# ------------------------------------------------------------------------------------------ chance
@nb.njit(cache=True)
def _chance(v, t, u, seats):
    s = v.s
    phase = s[S_PHASE]
    s[S_CHANCE] += 1
    if phase == ROLL:
        # rulebook (travel, step 1): the commander rolls all available dice.
        dice = s[S_DICE]
        _rolled(v, t, dice, _pick_cum(t.roll_cum[dice], t.roll_n[dice], u), seats)
        return
    # A shuffled face-down stack: every token left is equally likely to come next.
    if phase == DEAL:
        token = _nth_true(v.mis_pool, _pick_cum(t.uniform_cum[s[S_MIS_LEFT]], s[S_MIS_LEFT], u))
        _act(v, K_DEAL, token, 0, 0, 0)
        v.mis_pool[token] = False
        s[S_MIS_LEFT] -= 1
        for seat in range(v.P):
            if v.ndealt[seat] < MISSIONS_DEALT:
                v.dealt[seat, v.ndealt[seat]] = token
                v.ndealt[seat] += 1
                break
        _next_setup_step(v, t)
    elif phase == REVEAL_DISC:
        token = _nth_true(v.disc_pool, _pick_cum(t.uniform_cum[s[S_DISC_LEFT]], s[S_DISC_LEFT], u))
        _act(v, K_REVEAL_DISC, token, 0, 0, 0)
        v.disc_pool[token] = False
        s[S_DISC_LEFT] -= 1
        v.on_mat[t.disc_space[token]] = token
        s[S_ON_MAT] += 1
        if s[S_REVEAL_TRAVEL]:
            _end_travel_phase(v, t)
        else:
            _next_setup_step(v, t)
    else:
        token = _nth_true(v.exp_pool, _pick_cum(t.uniform_cum[s[S_EXP_LEFT]], s[S_EXP_LEFT], u))
        _act(v, K_REVEAL_EXP, token, 0, 0, 0)
        v.exp_pool[token] = False
        s[S_EXP_LEFT] -= 1
        s[S_TOKEN] = token
        s[S_SPENT] = 0
        # rulebook (UFO): the UFO moves 0-3 spaces towards the start, and the commander starts
        # with the token's number of dice.
        s[S_UFO_POS] = max(0, s[S_UFO_POS] - t.tok_move[token])
        s[S_DICE] = t.tok_dice[token]
        s[S_PHASE] = LAUNCH


# ------------------------------------------------------------------------------------------ decisions
@nb.njit(cache=True)
def decision_count(v, t, seats, place, shift):
    """How many legal actions the seat to move has (the reference's legal_actions())."""
    s = v.s
    phase = s[S_PHASE]
    if phase == LAUNCH:
        return v.available[current_player(v)].sum()
    if phase == TRAVEL:
        groups, helpers = travel_items(v, t, seats)
        plain, extra, keep, reroll, crash = travel_counts(v, t, groups, helpers)
        return plain + extra + keep + reroll + crash
    if phase == LANDING:
        return 1 + landing_options(v, t, _head(v), False, place, shift)
    if phase == PARACHUTE:
        return landing_options(v, t, _head(v), True, place, shift) + 1
    return MISSIONS_DEALT  # CHOOSE


@nb.njit(cache=True)
def apply_decision(v, t, choice, seats, place, shift):
    """Apply the choice-th legal action (the reference's legal_actions() order)."""
    s = v.s
    phase = s[S_PHASE]
    if phase == LAUNCH:
        # rulebook (launch phase): each player boards one of their available astronauts.
        _board(v, t, _nth_true(v.available[current_player(v)], choice))
    elif phase == TRAVEL:
        _decide_travel(v, t, choice, seats)
    elif phase == LANDING:
        head = _head(v)
        n = landing_options(v, t, head, False, place, shift)
        v.queued[head] = False
        if choice == 0:
            _act(v, K_STAY, 0, 0, 0, 0)
        else:
            _act(v, K_LAND, place[choice - 1], shift[choice - 1], 0, 0)
            _land(v, t, head, place[choice - 1], shift[choice - 1])
        _continue_landing(v, t)
    elif phase == PARACHUTE:
        head = _head(v)
        n = landing_options(v, t, head, True, place, shift)
        v.queued[head] = False
        if choice == n:
            _act(v, K_RETURN, 0, 0, 0, 0)
        else:
            _act(v, K_LAND, place[choice], shift[choice], 0, 0)
            _land(v, t, head, place[choice], shift[choice])
        _continue_parachutes(v, t)
    else:
        # rulebook (secret missions): keep 3, return the other to the box.
        seat = current_player(v)
        token = v.dealt[seat, choice]
        _act(v, K_RETURN_MISSION, token, 0, 0, 0)
        v.returned[seat] = token
        _next_setup_step(v, t)


# ------------------------------------------------------------------------------------------ games
@nb.njit(cache=True)
def play_one(v, t, seed, max_steps):
    """Play game v to its end from set-up; returns False if it ran out of steps."""
    seats = np.zeros(v.P, np.bool_)
    place = np.empty(9, np.int64)
    shift = np.empty(9, np.int64)
    s = v.s
    _new_game(v, t, s[S_GAME])
    while s[S_PHASE] != OVER:
        if s[S_STEP] >= max_steps:
            return False
        u = uniform(seed, s[S_STEP])
        phase = s[S_PHASE]
        if phase == ROLL or phase == DEAL or phase == REVEAL_DISC or phase == REVEAL_EXP:
            _chance(v, t, u, seats)
        else:
            n = decision_count(v, t, seats, place, shift)
            choice = _pick(n, u)
            apply_decision(v, t, choice, seats, place, shift)
        s[S_STEP] += 1
    return True


@nb.njit(cache=True)
def play_all(games_arrays, t, seeds, P, ufo, disc, mis, log, nlog, record, trace, policies, max_steps):
    """Play every game (`policies[i, seat]`: the policy at each seat); returns the index of the first game that ran out of steps, or -1."""
    (
        s,
        available,
        placed,
        points,
        moon_owner,
        planet_count,
        planet_row,
        planet_rows,
        planet_expert,
        deep_count,
        goal_owner,
        due,
        slot_seat,
        slot_astro,
        aboard,
        queued,
        helpers_used,
        roll,
        exp_pool,
        disc_pool,
        on_mat,
        mis_pool,
        dealt,
        ndealt,
        returned,
    ) = games_arrays
    for i in range(len(seeds)):
        v = V(
            s[i],
            available[i],
            placed[i],
            points[i],
            moon_owner[i],
            planet_count[i],
            planet_row[i],
            planet_rows[i],
            planet_expert[i],
            deep_count[i],
            goal_owner[i],
            due[i],
            slot_seat[i],
            slot_astro[i],
            aboard[i],
            queued[i],
            helpers_used[i],
            roll[i],
            exp_pool[i],
            disc_pool[i],
            on_mat[i],
            mis_pool[i],
            dealt[i],
            ndealt[i],
            returned[i],
            P,
            ufo,
            disc,
            mis,
            log,
            nlog,
            record,
            trace,
            policies[i],
        )
        s[i, S_GAME] = i
        if not play_one(v, t, seeds[i], max_steps):
            return i
    return -1


# ------------------------------------------------------------------------------------------ Python side
class BatchMlem:
    """`len(seeds)` MLEM games of `players` seats with `variants`, game i seeded `seeds[i]`.
    `policy`: one policy name for every seat, or per game a tuple naming each seat's. `record`: keep every action (see `records`); `trace`: keep what
    `simulate --fast` reads (see `sim/fast.py`)."""

    def __init__(
        self,
        seeds: np.ndarray | list[int] | range,
        players: int,
        variants: tuple[str, ...] | list[str] = (),
        policy: str | list[tuple[str, ...]] = "random",
        record: bool = False,
        trace: bool = False,
    ):
        unknown = sorted(set(variants) - set(VARIANT_NAMES))
        if unknown:
            raise ValueError(
                f"unknown MLEM variant(s) {', '.join(unknown)}; known: {', '.join(VARIANT_NAMES)}"
            )
        if not 2 <= players <= 5:
            raise ValueError(f"MLEM is played by 2-5 players, not {players}")
        self.t = tables()
        self.seeds = np.asarray(seeds, dtype=np.uint64)
        self.n, self.p = len(self.seeds), players
        seats = [(policy,) * players] * self.n if isinstance(policy, str) else list(policy)
        unknown_policies = sorted({name for lineup in seats for name in lineup} - set(POLICIES))
        if unknown_policies or len(seats) != self.n or any(len(lineup) != players for lineup in seats):
            raise ValueError(
                f"policy: one of {', '.join(POLICIES)}, or one such name per seat for each game"
                + (f" (unknown: {', '.join(unknown_policies)})" if unknown_policies else "")
            )
        self.policies = np.array(
            [[POLICIES.index(name) for name in lineup] for lineup in seats], dtype=np.int64
        ).reshape(self.n, players)
        self.variants = tuple(v for v in VARIANT_NAMES if v in variants)
        self.record, self.trace = record, trace
        self.g = Games(self.n, players, self.t)
        self.log = np.zeros((0, LOG_FIELDS), dtype=np.int64)

    def run(self, max_steps: int = 100_000) -> None:
        # A game logs at most a few entries per step; the buffer grows until every game fits.
        capacity = self.n * 400 if (self.record or self.trace) else 1
        while True:
            log = np.zeros((capacity, LOG_FIELDS), dtype=np.int64)
            nlog = np.zeros(1, dtype=np.int64)
            stuck = play_all(
                self.g.arrays(),
                self.t,
                self.seeds,
                self.p,
                "ufo" in self.variants,
                "discovery" in self.variants,
                "secret_missions" in self.variants,
                log,
                nlog,
                self.record,
                self.trace,
                self.policies,
                max_steps,
            )
            if stuck >= 0:
                raise RuntimeError(
                    f"game {stuck} (seed {self.seeds[stuck]}) still running after {max_steps} steps"
                )
            if nlog[0] <= capacity:
                self.log = log[: nlog[0]]
                return
            capacity = int(nlog[0])

    # ---------------------------------------------------------------------- results
    @property
    def steps(self) -> np.ndarray:
        return self.g.s[:, S_STEP]

    @property
    def chance_steps(self) -> np.ndarray:
        return self.g.s[:, S_CHANCE]

    @property
    def expedition(self) -> np.ndarray:
        return self.g.s[:, S_EXPED]

    @property
    def crashes(self) -> np.ndarray:
        return self.g.s[:, S_CRASHES]

    @property
    def end_triggered(self) -> np.ndarray:
        return self.g.s[:, S_END].astype(bool)

    @property
    def deep_count(self) -> np.ndarray:
        return self.g.deep_count

    @property
    def goal_owner(self) -> np.ndarray:
        return self.g.goal_owner

    def score_parts(self) -> np.ndarray:
        """[game, seat, part] in the order moons, deep space, goals, planets, ufo, discoveries,
        missions (zero for a variant not in play)."""
        return self.g.points

    def scores(self) -> np.ndarray:
        return self.g.points.sum(axis=2)


def play_batch(
    seeds, players: int, variants: tuple[str, ...] = (), policy: str = "random", record: bool = False
) -> BatchMlem:
    batch = BatchMlem(seeds, players, variants, policy, record=record)
    batch.run()
    return batch


# ---------------------------------------------------------------------------------- records
def action_of(kind: int, a: int, b: int, c: int, d: int, players: int):
    """The reference engine's action for one log entry."""
    from cosmotable.games.mlem.actions import (
        Board,
        Crash,
        DealMission,
        Land,
        Reroll,
        Return,
        ReturnMission,
        RevealDiscovery,
        RevealExpedition,
        Roll,
        Stay,
        Travel,
    )

    t, names = tables(), ids()
    if kind == K_BOARD:
        return Board(ABILITIES[a])
    if kind == K_ROLL:
        counts = t.roll_counts[a, b]
        return Roll(tuple(f for f, n in zip(FACES, counts.tolist(), strict=True) for _ in range(n)))
    if kind == K_TRAVEL:
        faces = tuple(f for i, f in enumerate(FACES) if a >> i & 1)
        return Travel(faces, tuple(s for s in range(players) if b >> s & 1), extra=bool(c), keep=bool(d))
    if kind == K_CRASH:
        return Crash()
    if kind == K_STAY:
        return Stay()
    if kind == K_LAND:
        return Land(("deep", "moon", "planet")[a], b, None)
    if kind == K_RETURN:
        return Return()
    if kind == K_REROLL:
        return Reroll()
    if kind == K_REVEAL_EXP:
        return RevealExpedition(names["expedition"][a])
    if kind == K_REVEAL_DISC:
        return RevealDiscovery(names["discoveries"][a])
    if kind == K_DEAL:
        return DealMission(names["missions"][a])
    if kind == K_RETURN_MISSION:
        return ReturnMission(names["missions"][a])
    raise ValueError(f"log kind {kind} is not an action")


def records(batch: BatchMlem) -> list[list[str]]:
    """Each game's actions in the reference engine's text form (needs `record=True`)."""
    per_game: list[list[str]] = [[] for _ in range(batch.n)]
    actions = batch.log[batch.log[:, 2] < T_ROLL]
    for game, _step, kind, a, b, c, d, _e, _f in actions.tolist():
        per_game[game].append(str(action_of(kind, a, b, c, d, batch.p)))
    return per_game


def play_reference(seed: int, players: int, variants: tuple[str, ...] = ()):
    """The same game through the reference engine: chance and the random policy drawn from the
    counter-based stream (see sim/counter_rng.py). Returns the finished state."""
    from cosmotable.sim.counter_rng import pick_decision, pick_outcome
    from cosmotable.sim.counter_rng import uniform as uniform_py

    state = games.get("mlem").new_state(players, seed=seed, variants=list(variants))
    step = 0
    while not state.is_terminal():
        u = uniform_py(seed, step)
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply(outcomes[pick_outcome(cumulative([p for _, p in outcomes]), u)][0])
        else:
            legal = state.legal_actions()
            state.apply(legal[pick_decision(len(legal), u)])
        step += 1
    return state
