"""The batch MLEM engine: many MLEM games (base game and every variant) played in one compiled call.

Each game is driven by the counter-based stream of `sim/counter_rng.py`, so it plays exactly the game
that `play_reference` plays through the reference engine for the same seed, variants and policy
(`tests/sim/test_batch_mlem.py` compares whole records for every variant combination and player
count). Policies, chosen per seat: `random` (a decision is `legal[int(u * n)]`) and `heuristic`
(the `heuristic` bot's MLEM policy, games/mlem/bots.py: each legal action valued as the hook values
it, ties broken by keys from the same stream; `play_reference` plays the bot itself with those keys).

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
from cosmotable.sim.counter_rng import GOLDEN, MIX1, MIX2, TIE_BASE, TIE_STRIDE, cumulative

VARIANT_NAMES = ("ufo", "discovery", "secret_missions")
POLICIES = ("random", "heuristic")
POL_RANDOM, POL_HEURISTIC = range(2)

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
    )


# ------------------------------------------------------------------------------------------ layout
# Every compiled function takes one game's state as ONE flat int64 array `g` (and the shared log):
# a call passing a tuple of dozens of arrays costs far more than the step it serves (each array's
# descriptor is copied and reference-counted on every call). The tables are module globals, which
# numba freezes into the compiled code as constants. `g` holds the scalar slots S_*, the variant
# and recording flags, then every per-game table at the offsets O_* below (widths for 5 seats).
_T = tables()
ACCEPTS, VALUE, MOONS, MOON_POINTS = _T.accepts, _T.value, _T.moons, _T.moon_points
PLANET, PLANET_POINTS = _T.planet, _T.planet_points
GOAL_KIND, GOAL_COUNT, GOAL_POINTS = _T.goal_kind, _T.goal_count, _T.goal_points
ROLL_COUNTS, ROLL_CUM, ROLL_N, UNIFORM_CUM, SUBSETS = (
    _T.roll_counts,
    _T.roll_cum,
    _T.roll_n,
    _T.uniform_cum,
    _T.subsets,
)
#: Roll buckets: u in [b / ROLL_BUCKETS, (b + 1) / ROLL_BUCKETS) is rolled to an outcome no earlier
#: than ROLL_START[dice, b] (the outcome of u = b / ROLL_BUCKETS, exact in binary floating point), so
#: a short scan from there replaces the binary search over hundreds of outcomes, whose unpredictable
#: branches cost more than the rest of a step.
ROLL_BUCKETS = 1024


def _roll_starts() -> np.ndarray:
    from cosmotable.sim.counter_rng import pick_outcome

    starts = np.zeros((len(_T.roll_n), ROLL_BUCKETS), dtype=np.int16)
    for dice, n in enumerate(_T.roll_n.tolist()):
        if n:
            cum = _T.roll_cum[dice, :n].tolist()
            starts[dice] = [pick_outcome(cum, b / ROLL_BUCKETS) for b in range(ROLL_BUCKETS)]
    return starts


ROLL_START = _roll_starts()
TOK_MOVE, TOK_DICE, TOK_ABILITY, TOK_EXTRA, UFO_POINTS = (
    _T.tok_move,
    _T.tok_dice,
    _T.tok_ability,
    _T.tok_extra,
    _T.ufo_points,
)
DISC_KIND, DISC_SPACE, DISC_POINTS = _T.disc_kind, _T.disc_space, _T.disc_points
MIS_KIND, MIS_TARGET, MISSION_POINTS = _T.mis_kind, _T.mis_target, _T.mission_points
FIRST, LAST, DEEP, SAT_SPACE, TRACK, COMET, GALAXY, DICE, UFO_START = (int(c) for c in _T.consts)
NM, NPL, NG = len(MOON_POINTS), len(PLANET_POINTS), len(GOAL_POINTS)
NEXP, NDISC, NMIS, NSPACE, NUFO = len(TOK_MOVE), len(DISC_KIND), len(MIS_KIND), DEEP + 1, len(UFO_POINTS)
PM = 5  # the most seats MLEM has
(F_P, F_UFO, F_DISC, F_MIS, F_RECORD, F_TRACE, F_HEURISTIC) = range(NS, NS + 7)


def _layout() -> dict[str, int]:
    widths = {
        "AVAIL": PM * NA,
        "PLACED": PM,
        "POINTS": PM * PARTS,
        "MOON_OWNER": NM,
        "PCOUNT": NPL * PM,
        "PROW": NPL * PM,
        "PROWS": NPL,
        "PEXPERT": NPL * PM,
        "DEEP": PM,
        "GOAL_OWNER": NG,
        "DUE": NG * PM * 2,
        "SLOT_SEAT": PM,
        "SLOT_ASTRO": PM,
        "ABOARD": PM,
        "QUEUED": PM,
        "HUSED": PM,
        "ROLL": NF,
        "EXP_POOL": NEXP,
        "DISC_POOL": NDISC,
        "ON_MAT": NSPACE,
        "MIS_POOL": NMIS,
        "DEALT": PM * MISSIONS_DEALT,
        "NDEALT": PM,
        "RETURNED": PM,
        "SEATS": PM,  # scratch: usable helper seats
        "PLACE": 9,  # scratch: landing options
        "SHIFT": 9,
        "OUT": PM,
        "POLICY": PM,  # each seat's policy (POL_*)
    }
    offsets, at = {}, NS + 7
    for name, width in widths.items():
        offsets[name] = at
        at += width
    offsets["SIZE"] = at
    return offsets


_O = _layout()
O_AVAIL, O_PLACED, O_POINTS, O_MOON_OWNER = _O["AVAIL"], _O["PLACED"], _O["POINTS"], _O["MOON_OWNER"]
O_PCOUNT, O_PROW, O_PROWS, O_PEXPERT = _O["PCOUNT"], _O["PROW"], _O["PROWS"], _O["PEXPERT"]
O_DEEP, O_GOAL_OWNER, O_DUE = _O["DEEP"], _O["GOAL_OWNER"], _O["DUE"]
O_SLOT_SEAT, O_SLOT_ASTRO, O_ABOARD, O_QUEUED = _O["SLOT_SEAT"], _O["SLOT_ASTRO"], _O["ABOARD"], _O["QUEUED"]
O_HUSED, O_ROLL, O_EXP_POOL, O_DISC_POOL = _O["HUSED"], _O["ROLL"], _O["EXP_POOL"], _O["DISC_POOL"]
O_ON_MAT, O_MIS_POOL, O_DEALT, O_NDEALT = _O["ON_MAT"], _O["MIS_POOL"], _O["DEALT"], _O["NDEALT"]
O_RETURNED, O_SEATS, O_PLACE, O_SHIFT, O_OUT = (
    _O["RETURNED"],
    _O["SEATS"],
    _O["PLACE"],
    _O["SHIFT"],
    _O["OUT"],
)
O_POLICY = _O["POLICY"]
STATE_SIZE = _O["SIZE"]


@cache
def heuristic_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """What the heuristic reads from the mat and tokens (games/mlem/bots.py), as arrays: each
    astronaut's boarding value, each mission's farthest space, whether a space accepts a 1 (a
    helper saves the roll) and P(crash) per space and dice count. The crash odds are computed by
    the hook's own `crash_chance` (on a view of an empty rocket), so the floats are the same."""
    from cosmotable.games.mlem.bots import BOARD_ORDER, crash_chance
    from cosmotable.games.mlem.views import mat_view

    state = games.get("mlem").new_state(2, seed=0)
    view = {"mat": mat_view(state.mat), "rocket": {"board": []}}
    board_rank = np.array([-BOARD_ORDER.index(a) for a in ABILITIES], dtype=np.float64)
    farthest = np.array([max(state.tokens.missions[m].spaces) for m in ids()["missions"]], dtype=np.int64)
    one_ok = np.zeros(NSPACE, dtype=np.bool_)
    most = max(DICE, int(TOK_DICE.max()) if len(TOK_DICE) else 0)
    crash_pow = np.zeros((NSPACE, most + 1), dtype=np.float64)
    for pos in range(NSPACE):
        if pos < DEEP:
            one_ok[pos] = "1" in set(view["mat"]["spaces"][pos]["faces"])
        for dice in range(most + 1):
            crash_pow[pos, dice] = crash_chance(view, pos, dice)
    return board_rank, farthest, one_ok, crash_pow


BOARD_RANK, MIS_FARTHEST, ONE_OK, CRASH_POW = heuristic_tables()


# ------------------------------------------------------------------------------------------ random
_GOLDEN, _MIX1, _MIX2 = np.uint64(GOLDEN), np.uint64(MIX1), np.uint64(MIX2)
# Compiled once and kept in numba's on-disk cache. error_model="numpy": integer division and
# modulo by zero are not checked (no divisor here can be zero: players >= 2). Small functions, and
# those with one caller, are inlined (`leaf`), which saves a call and its reference counting.
jit = nb.njit(cache=True, error_model="numpy")
leaf = nb.njit(cache=True, error_model="numpy", inline="always")


@leaf
def uniform(seed: np.uint64, step: np.int64) -> float:
    """counter_rng.uniform, compiled (uint64 arithmetic wraps modulo 2**64)."""
    x = seed * _GOLDEN + (np.uint64(step) + np.uint64(1)) * _MIX1
    x ^= x >> np.uint64(30)
    x *= _MIX1
    x ^= x >> np.uint64(27)
    x *= _MIX2
    x ^= x >> np.uint64(31)
    return float(x >> np.uint64(11)) * 2.0**-53


@leaf
def _pick_cum(row, n, u):
    """counter_rng.pick_outcome over the first n entries of `row` (cumulative probabilities)."""
    lo, hi = 0, n  # first index with u < row[index]
    while lo < hi:
        mid = (lo + hi) // 2
        if u < row[mid]:
            hi = mid
        else:
            lo = mid + 1
    return min(lo, n - 1)


@leaf
def _pick_roll(dice, u):
    """_pick_cum(ROLL_CUM[dice], ROLL_N[dice], u), scanning from the outcome of u's bucket: the first
    outcome whose cumulative probability exceeds u (the last if rounding falls short)."""
    i = np.int64(ROLL_START[dice, int(u * ROLL_BUCKETS)])
    last = ROLL_N[dice] - 1
    while i < last and u >= ROLL_CUM[dice, i]:
        i += 1
    return i


@leaf
def _pick(n, u):
    return min(int(u * n), n - 1)


@leaf
def _nth_set(g, offset, width, k):
    """Index (from `offset`) of the k-th (0-based) non-zero of g[offset:offset + width]."""
    for i in range(width):
        if g[offset + i]:
            if k == 0:
                return i
            k -= 1
    return -1


@leaf
def _log(g, log, nlog, kind, a, b, c, d, e, f):
    n = nlog[0]
    if n < len(log):
        log[n, 0] = g[S_GAME]
        log[n, 1] = g[S_STEP]
        log[n, 2] = kind
        log[n, 3] = a
        log[n, 4] = b
        log[n, 5] = c
        log[n, 6] = d
        log[n, 7] = e
        log[n, 8] = f
    nlog[0] = n + 1


@leaf
def _act(g, log, nlog, kind, a, b, c, d):
    if g[F_RECORD]:
        _log(g, log, nlog, kind, a, b, c, d, 0, 0)


# ------------------------------------------------------------------------------------------ set-up
@leaf
def _reset_expedition(g):
    g[S_PHASE] = LAUNCH
    g[S_NBOARD] = 0
    for k in range(PM):
        g[O_ABOARD + k] = 0
        g[O_QUEUED + k] = 0
        g[O_HUSED + k] = 0
    g[S_CMD] = -1
    # rulebook (launch phase): the rocket is placed on space 0.
    g[S_POS] = 0
    g[S_DICE] = DICE
    for f in range(NF):
        g[O_ROLL + f] = 0


@jit
def _begin_expedition(g):
    _reset_expedition(g)
    if g[F_UFO] and g[S_EXP_LEFT] > 0:
        # rulebook (UFO): the commander reveals the top expedition token (Ruling R15: none left,
        # none revealed).
        g[S_PHASE] = REVEAL_EXP


@jit
def _next_setup_step(g):
    P = g[F_P]
    if g[F_MIS]:
        # rulebook (secret missions): deal each player 4 tokens, then each returns one.
        for seat in range(P):
            if g[O_NDEALT + seat] < MISSIONS_DEALT and g[S_MIS_LEFT] > 0:
                g[S_PHASE] = DEAL
                return
        for seat in range(P):
            if g[O_RETURNED + seat] < 0:
                g[S_PHASE] = CHOOSE
                return
    if g[F_DISC] and g[S_ON_MAT] < DISCOVERIES_ON_MAT and g[S_DISC_LEFT] > 0:
        # rulebook (discovery): reveal five tokens onto their spaces of the mat.
        g[S_PHASE] = REVEAL_DISC
        return
    _begin_expedition(g)


@jit
def _new_game(g, game, players, ufo, disc, mis, record, trace):
    g[:] = 0
    g[S_GAME] = game
    g[F_P], g[F_UFO], g[F_DISC], g[F_MIS], g[F_RECORD], g[F_TRACE] = players, ufo, disc, mis, record, trace
    for k in range(PM * NA):
        g[O_AVAIL + k] = 1
    for k in range(NM):
        g[O_MOON_OWNER + k] = -1
    for k in range(NG):
        g[O_GOAL_OWNER + k] = -1
    g[S_EXPED] = 1
    g[S_UFO_POS] = UFO_START
    g[S_TOKEN] = -1
    for k in range(NEXP):
        g[O_EXP_POOL + k] = ufo
    g[S_EXP_LEFT] = NEXP if ufo else 0
    for k in range(NDISC):
        g[O_DISC_POOL + k] = disc
    g[S_DISC_LEFT] = NDISC if disc else 0
    for k in range(NSPACE):
        g[O_ON_MAT + k] = -1
    for k in range(NMIS):
        g[O_MIS_POOL + k] = mis
    g[S_MIS_LEFT] = NMIS if mis else 0
    for k in range(PM):
        g[O_RETURNED + k] = -1
    _reset_expedition(g)
    _next_setup_step(g)


# ------------------------------------------------------------------------------------------ queries
@leaf
def _head(g):
    for slot in range(g[F_P]):
        if g[O_QUEUED + slot]:
            return slot
    return -1


@leaf
def current_player(g):
    phase = g[S_PHASE]
    if phase == CHOOSE:
        for seat in range(g[F_P]):
            if g[O_RETURNED + seat] < 0:
                return seat
    if phase == LAUNCH:
        # rulebook (launch phase): the starter boards first, then the others clockwise.
        return (g[S_STARTER] + g[S_NBOARD]) % g[F_P]
    if phase == TRAVEL:
        return g[O_SLOT_SEAT + g[S_CMD]]
    return g[O_SLOT_SEAT + _head(g)]


@leaf
def _token_active(g):
    return g[F_UFO] and g[S_TOKEN] >= 0 and g[S_SPENT] == 0


@leaf
def _extra_here(g):
    """(steps, count) of the active token's extra dice that this space accepts."""
    pos, token = g[S_POS], g[S_TOKEN]
    steps, count = 0, 0
    for f in range(NF):
        if TOK_EXTRA[token, f] > 0 and ACCEPTS[pos, f]:
            steps += TOK_EXTRA[token, f] * VALUE[pos, f]
            count += TOK_EXTRA[token, f]
    return steps, count


@leaf
def travel_items(g):
    """Usable face groups (count) and helper seats (count; g[O_SEATS + seat] set for a seat whose
    unflipped helper is aboard where the space accepts a 1): rulebook (travel, step 1; helper)."""
    pos = g[S_POS]
    groups = 0
    for f in range(NF):
        if g[O_ROLL + f] > 0 and ACCEPTS[pos, f]:
            groups += 1
    helpers = 0
    for seat in range(PM):
        g[O_SEATS + seat] = 0
    if ACCEPTS[pos, ONE]:
        for slot in range(g[S_NBOARD]):
            seat = g[O_SLOT_SEAT + slot]
            if g[O_SLOT_ASTRO + slot] == HELPER and g[O_ABOARD + slot] and not g[O_HUSED + seat]:
                g[O_SEATS + seat] = 1
                helpers += 1
    return groups, helpers


@leaf
def travel_counts(g, groups, helpers):
    """Sizes of the travel option blocks in the reference's order: plain travels, travels with
    extra dice, with keep, the reroll, the crash (travel_options)."""
    g_sets, h_sets = 1 << groups, 1 << helpers
    plain = g_sets * h_sets - 1
    extra = keep = reroll = 0
    if _token_active(g):
        ability = TOK_ABILITY[g[S_TOKEN]]
        if ability == EXTRA:
            if _extra_here(g)[1] > 0:
                extra = g_sets * h_sets
        elif ability == KEEP:
            keep = g_sets * h_sets - 1
        else:
            reroll = 1
    crash = 1 if groups == 0 else 0
    return plain, extra, keep, reroll, crash


@leaf
def landing_options(g, slot, parachute):
    """Where the astronaut in `slot` may land now, in the reference's order (landing_options):
    fills g[O_PLACE + k], g[O_SHIFT + k] and returns the count (0: it can only stay)."""
    pos = g[S_POS]
    if pos < FIRST:
        return 0  # rulebook (landing phase / parachutist): nothing to land on at spaces 0-5
    # rulebook (navigator): it may land as if the rocket were one space higher or lower.
    shifts = 1 if parachute or g[O_SLOT_ASTRO + slot] != NAV else 3
    n = 0
    for k in range(shifts):
        sh = 0 if k == 0 else (-1 if k == 1 else 1)
        number = pos + sh
        if number == DEEP:
            g[O_PLACE + n] = PLACE_DEEP
            g[O_SHIFT + n] = sh
            n += 1
            continue
        if number < FIRST or number > LAST:
            continue
        # rulebook (moons): one astronaut per moon; if all are taken no one can land there.
        free = False
        for i in range(2):
            m = MOONS[number, i]
            if m >= 0 and g[O_MOON_OWNER + m] < 0:
                free = True
        if free:
            g[O_PLACE + n] = PLACE_MOON
            g[O_SHIFT + n] = sh
            n += 1
        if PLANET[number] >= 0:
            g[O_PLACE + n] = PLACE_PLANET
            g[O_SHIFT + n] = sh
            n += 1
    return n


# ------------------------------------------------------------------------------------------ launch
@leaf
def _board(g, log, nlog, astro):
    seat = current_player(g)
    _act(g, log, nlog, K_BOARD, astro, 0, 0, 0)
    g[O_AVAIL + seat * NA + astro] = 0
    slot = g[S_NBOARD]
    g[O_SLOT_SEAT + slot] = seat
    g[O_SLOT_ASTRO + slot] = astro
    g[O_ABOARD + slot] = 1
    g[S_NBOARD] = slot + 1
    if slot + 1 < g[F_P]:
        return
    # rulebook (launch phase): the starter becomes the expedition's commander.
    g[S_CMD] = 0
    # rulebook (satellite): with one or more satellite engineers aboard, start on space 3.
    for k in range(g[F_P]):
        if g[O_SLOT_ASTRO + k] == SAT:
            g[S_POS] = SAT_SPACE
    g[S_PHASE] = ROLL


# ------------------------------------------------------------------------------------------ travel
@leaf
def _rolled(g, log, nlog, dice, outcome):
    for f in range(NF):
        g[O_ROLL + f] = ROLL_COUNTS[dice, outcome, f]
    _act(g, log, nlog, K_ROLL, dice, outcome, 0, 0)
    if g[F_TRACE]:
        _log(g, log, nlog, T_ROLL, g[S_EXPED], g[S_POS], dice, 0, 0, 0)
    g[S_PHASE] = TRAVEL
    groups, helpers = travel_items(g)
    plain, extra, keep, reroll, _crash_option = travel_counts(g, groups, helpers)
    if plain + extra + keep + reroll == 0:
        # rulebook (crash): no rolled die matches the rocket's space, and nothing saves it.
        _crash(g, log, nlog)


@jit
def _travel(g, log, nlog, groups_mask, helper_mask, extra, keep):
    """Apply Travel(the groups of `groups_mask`, the helper seats of `helper_mask`, extra, keep):
    bit b of a mask is the b-th usable face (canonical order) or helper seat (by seat)."""
    pos = g[S_POS]
    face_bits, seat_bits, steps, used = 0, 0, 0, 0
    b = 0
    for f in range(NF):
        count = g[O_ROLL + f]
        if count > 0 and ACCEPTS[pos, f]:
            if groups_mask >> b & 1:
                face_bits |= 1 << f
                # rulebook (travel, step 2): move the sum of the chosen dice; the afterburner is
                # worth the value printed at the rocket's space.
                steps += count * VALUE[pos, f]
                if f != A:
                    used += count  # rulebook (travel, step 3): afterburners stay
            b += 1
    b = 0
    for seat in range(g[F_P]):
        if g[O_SEATS + seat]:
            if helper_mask >> b & 1:
                seat_bits |= 1 << seat
                steps += 1  # a helper counts as a die showing 1
                g[O_HUSED + seat] = 1
            b += 1
    _act(g, log, nlog, K_TRAVEL, face_bits, seat_bits, extra, keep)
    if extra:
        steps += _extra_here(g)[0]
    if extra or keep:
        g[S_SPENT] = 1  # rulebook (UFO): the extra ability is used once
    if not keep:
        g[S_DICE] -= used
    # rulebook (travel, step 3): the commander always keeps at least one die.
    g[S_DICE] = max(g[S_DICE], 1)
    g[S_POS] = min(pos + steps, DEEP)
    for f in range(NF):
        g[O_ROLL + f] = 0
    _end_travel_phase(g, log, nlog)


@leaf
def _decide_travel(g, log, nlog, choice):
    """Apply the choice-th travel option (travel_options' order)."""
    groups, helpers = travel_items(g)
    plain, extra, keep, reroll, _crash_option = travel_counts(g, groups, helpers)
    _travel_choice(g, log, nlog, choice, groups, helpers, plain, extra, keep, reroll)


@leaf
def _travel_choice(g, log, nlog, choice, groups, helpers, plain, extra, keep, reroll):
    """_decide_travel with the usable items (travel_items) and option counts already known."""
    h_sets = 1 << helpers
    flag_extra = flag_keep = 0
    j = -1
    if choice < plain:
        j = choice + 1  # the empty pair is left out
    elif choice < plain + extra:
        j = choice - plain
        flag_extra = 1
    elif choice < plain + extra + keep:
        j = choice - plain - extra + 1
        flag_keep = 1
    if j >= 0:
        gm, hm = SUBSETS[groups, j // h_sets], SUBSETS[helpers, j % h_sets]
        _travel(g, log, nlog, gm, hm, flag_extra, flag_keep)
    elif choice < plain + extra + keep + reroll:
        # rulebook (UFO, reroll): roll all available dice again, once; the new result must be used.
        _act(g, log, nlog, K_REROLL, 0, 0, 0, 0)
        g[S_SPENT] = 1
        for f in range(NF):
            g[O_ROLL + f] = 0
        g[S_PHASE] = ROLL
    else:
        _act(g, log, nlog, K_CRASH, 0, 0, 0, 0)
        _crash(g, log, nlog)


@jit
def _end_travel_phase(g, log, nlog):
    """Discoveries, then UFO contact, then landing (Ruling R19)."""
    g[S_REVEAL_TRAVEL] = 0
    if g[F_DISC]:
        while g[S_POS] < NSPACE and g[O_ON_MAT + g[S_POS]] >= 0:
            # rulebook (discovery): a travel phase that ends on a token activates it at once.
            token = g[O_ON_MAT + g[S_POS]]
            g[O_ON_MAT + g[S_POS]] = -1
            g[S_ON_MAT] -= 1
            _activate_discovery(g, token)
            if g[S_DISC_LEFT] > 0:
                # rulebook (discovery): a new token is revealed so five stay on the mat.
                g[S_REVEAL_TRAVEL] = 1
                g[S_PHASE] = REVEAL_DISC
                return
    if g[F_UFO] and g[S_POS] == g[S_UFO_POS] and g[S_UFO_TOP] < NUFO:
        # rulebook (UFO contact): the commander takes the top UFO token, face down (Ruling R24:
        # in deep space too).
        seat = g[O_SLOT_SEAT + g[S_CMD]]
        g[O_POINTS + seat * PARTS + P_UFO] += UFO_POINTS[g[S_UFO_TOP]]
        g[S_UFO_TOP] += 1
    _start_landing(g, log, nlog)


@leaf
def _activate_discovery(g, token):
    seat = g[O_SLOT_SEAT + g[S_CMD]]
    kind = DISC_KIND[token]
    if kind == 0:
        # rulebook (discovery, points): the commander keeps it face down; it counts at the end.
        g[O_POINTS + seat * PARTS + P_DISC] += DISC_POINTS[token]
    elif kind == 1:
        # rulebook (discovery, die): take one set-aside die back (none set aside: no effect).
        g[S_DICE] = min(g[S_DICE] + 1, DICE)
    else:
        # rulebook (discovery, wormhole): move 4 spaces at once.
        g[S_POS] = min(g[S_POS] + WORMHOLE_STEPS, DEEP)


# ------------------------------------------------------------------------------------------ crash
@jit
def _crash(g, log, nlog):
    for f in range(NF):
        g[O_ROLL + f] = 0
    # rulebook (crash): the commander moves the crash token one field along the crash track.
    g[S_CRASHES] += 1
    if g[F_TRACE]:
        _log(g, log, nlog, T_CRASH, g[S_EXPED], 0, 0, 0, 0, 0)
    # rulebook (parachutist): any parachutist aboard may still land at the crash space.
    g[S_PHASE] = PARACHUTE
    for slot in range(g[F_P]):
        g[O_QUEUED + slot] = 1 if g[O_ABOARD + slot] and g[O_SLOT_ASTRO + slot] == PARA else 0
    _continue_parachutes(g, log, nlog)


@jit
def _continue_parachutes(g, log, nlog):
    # A parachutist with nowhere to land goes home without a decision (Ruling R5).
    while True:
        head = _head(g)
        if head < 0:
            break
        if landing_options(g, head, True) > 0:
            return
        g[O_QUEUED + head] = 0
    # rulebook (crash): everyone still on the rocket board goes back to their owner.
    for slot in range(g[F_P]):
        if g[O_ABOARD + slot]:
            g[O_ABOARD + slot] = 0
            g[O_AVAIL + g[O_SLOT_SEAT + slot] * NA + g[O_SLOT_ASTRO + slot]] = 1
    _end_expedition(g)


# ------------------------------------------------------------------------------------------ landing
@jit
def _start_landing(g, log, nlog):
    if g[S_POS] < FIRST:
        # rulebook (landing phase): spaces 0-5 have nothing to land on; skip the phase.
        g[S_PHASE] = ROLL
        return
    _take_goals_due(g, log, nlog)
    if g[S_POS] >= DEEP:
        _arrive_in_deep_space(g, log, nlog)
        return
    # rulebook (landing phase): the commander first, then the others top to bottom.
    g[S_PHASE] = LANDING
    for slot in range(g[F_P]):
        g[O_QUEUED + slot] = g[O_ABOARD + slot]
    _continue_landing(g)


@leaf
def _any_aboard(g):
    for slot in range(g[F_P]):
        if g[O_ABOARD + slot]:
            return True
    return False


@jit
def _continue_landing(g):
    # An astronaut whose only option is to stay is not asked (Ruling R4).
    while True:
        head = _head(g)
        if head < 0:
            break
        if landing_options(g, head, False) > 0:
            return
        g[O_QUEUED + head] = 0
    if _any_aboard(g):
        g[S_PHASE] = ROLL
    else:
        # rulebook (end of expedition): everyone has left the rocket.
        _end_expedition(g)


@jit
def _land(g, log, nlog, slot, place, shift):
    seat, astro = g[O_SLOT_SEAT + slot], g[O_SLOT_ASTRO + slot]
    parachute = g[S_PHASE] == PARACHUTE
    number = g[S_POS] + shift
    g[O_ABOARD + slot] = 0
    if place == PLACE_DEEP:
        # rulebook (navigator): from space 25 into deep space scores only 5 points.
        _place_in_deep_space(g, log, nlog, seat, astro, GALAXY)
    elif place == PLACE_MOON:
        moon = MOONS[number, 0]
        if g[O_MOON_OWNER + moon] >= 0:
            moon = MOONS[number, 1]
        g[O_MOON_OWNER + moon] = seat
        points = MOON_POINTS[moon]
        # rulebook (moon expert): doubles the points of the moon it lands on.
        if astro == MOON_X:
            points *= 2
        g[O_POINTS + seat * PARTS + P_MOONS] += points
        _placed(g, log, nlog, seat, astro, PLACE_MOON, points, parachute)
    else:
        planet = PLANET[number]
        at = planet * PM + seat
        if g[O_PCOUNT + at] == 0:
            # rulebook (planets): a colour's first astronaut starts a new row at the bottom.
            g[O_PROW + at] = g[O_PROWS + planet]
            g[O_PROWS + planet] += 1
        g[O_PCOUNT + at] += 1
        if astro == PLANET_X:
            g[O_PEXPERT + at] = 1
        _placed(g, log, nlog, seat, astro, PLACE_PLANET, 0, parachute)
    _after_leaving(g, slot, astro)


@leaf
def _after_leaving(g, slot, astro):
    if astro == DISCARD:
        # rulebook (die discarder): the current commander sets one die aside; the last stays.
        g[S_DICE] = max(g[S_DICE] - 1, 1)
    if slot == g[S_CMD]:
        # rulebook (change of commander): the next astronaut on the rocket board takes over.
        g[S_CMD] = -1
        for k in range(g[S_NBOARD]):
            if g[O_ABOARD + k]:
                g[S_CMD] = k
                break


@jit
def _arrive_in_deep_space(g, log, nlog):
    # rulebook (deep space): everyone leaves the rocket, the commander to the comet, the others
    # to the galaxy; rulebook (deep-space expert): its points are doubled.
    for slot in range(g[S_NBOARD]):
        if not g[O_ABOARD + slot]:
            continue
        points = COMET if slot == g[S_CMD] else GALAXY
        if g[O_SLOT_ASTRO + slot] == DEEP_X:
            points *= 2
        g[O_ABOARD + slot] = 0
        _place_in_deep_space(g, log, nlog, g[O_SLOT_SEAT + slot], g[O_SLOT_ASTRO + slot], points)
    g[S_CMD] = -1
    _end_expedition(g)


@jit
def _place_in_deep_space(g, log, nlog, seat, astro, points):
    g[O_DEEP + seat] += 1
    g[O_POINTS + seat * PARTS + P_DEEP] += points
    # (the reference's deep-space landing event carries no parachute flag)
    _placed(g, log, nlog, seat, astro, PLACE_DEEP, points, False)


@jit
def _placed(g, log, nlog, seat, astro, place, points, parachute):
    g[O_PLACED + seat] += 1
    if g[F_TRACE]:
        _log(g, log, nlog, T_LANDING, seat, g[S_EXPED], astro, place, points, 1 if parachute else 0)
    _check_goals(g, log, nlog, seat)
    # rulebook (end of game): all 8 astronauts on the mat ends the game after this expedition.
    if g[O_PLACED + seat] == NA:
        g[S_END] = 1


@leaf
def meets_goal(g, goal, seat):
    kind, count = GOAL_KIND[goal], GOAL_COUNT[goal]
    have = 0
    if kind == 0:  # astronauts on `count` different planets
        for planet in range(NPL):
            have += g[O_PCOUNT + planet * PM + seat] > 0
    elif kind == 1:  # `count` astronauts on one planet
        for planet in range(NPL):
            have = max(have, g[O_PCOUNT + planet * PM + seat])
    elif kind == 2:  # `count` moons
        for moon in range(NM):
            have += g[O_MOON_OWNER + moon] == seat
    else:  # `count` astronauts in deep space
        have = g[O_DEEP + seat]
    return have >= count


@leaf
def _check_goals(g, log, nlog, seat):
    # rulebook (goals): the first to meet a tile's condition in a landing phase takes it; checked
    # after every landing (Ruling R7).
    for goal in range(NG):
        if g[O_GOAL_OWNER + goal] >= 0:
            continue
        waiting = False
        for k in range(g[S_NDUE]):
            if g[O_DUE + 2 * k] == goal and g[O_DUE + 2 * k + 1] == seat:
                waiting = True
        if waiting or not meets_goal(g, goal, seat):
            continue
        if g[S_PHASE] == PARACHUTE:
            # Met in a crash: taken at the next landing phase (Ruling R7).
            k = g[S_NDUE]
            g[O_DUE + 2 * k] = goal
            g[O_DUE + 2 * k + 1] = seat
            g[S_NDUE] = k + 1
        else:
            _take_goal(g, log, nlog, goal, seat)


@jit
def _take_goals_due(g, log, nlog):
    for k in range(g[S_NDUE]):
        goal = g[O_DUE + 2 * k]
        if g[O_GOAL_OWNER + goal] < 0:
            _take_goal(g, log, nlog, goal, g[O_DUE + 2 * k + 1])
    g[S_NDUE] = 0


@leaf
def _take_goal(g, log, nlog, goal, seat):
    g[O_GOAL_OWNER + goal] = seat
    g[O_POINTS + seat * PARTS + P_GOALS] += GOAL_POINTS[goal]
    if g[F_TRACE]:
        _log(g, log, nlog, T_GOAL, seat, g[S_EXPED], goal, GOAL_POINTS[goal], 0, 0)


# ------------------------------------------------------------------------------------------ end
@jit
def _end_expedition(g):
    for slot in range(PM):
        g[O_QUEUED + slot] = 0
    g[S_TOKEN] = -1  # rulebook (UFO): a token serves one expedition, then the box
    if g[S_END] or g[S_CRASHES] >= TRACK:
        _end_game(g)
        return
    # rulebook (expedition): the starter passes the rocket board to the player on the left.
    g[S_STARTER] = (g[S_STARTER] + 1) % g[F_P]
    g[S_EXPED] += 1
    _begin_expedition(g)


@jit
def planet_points(g):
    """End-of-game planet points per seat into g[O_OUT + seat] (scoring.all_planet_points): most
    astronauts first, a tie to the earlier row; the planet expert doubles its owner's points."""
    P = g[F_P]
    for seat in range(PM):
        g[O_OUT + seat] = 0
    for planet in range(NPL):
        base = planet * PM
        for seat in range(P):
            count = g[O_PCOUNT + base + seat]
            if count == 0:
                continue
            ahead = 0
            for other in range(P):
                c = g[O_PCOUNT + base + other]
                if c > count or (c == count and g[O_PROW + base + other] < g[O_PROW + base + seat]):
                    ahead += 1
            points = PLANET_POINTS[planet, min(ahead, 2)]
            if g[O_PEXPERT + base + seat]:
                points *= 2
            g[O_OUT + seat] += points


@jit
def completed_missions(g, seat):
    done = 0
    for k in range(MISSIONS_DEALT):
        mission = g[O_DEALT + seat * MISSIONS_DEALT + k]
        if mission == g[O_RETURNED + seat]:
            continue
        target = MIS_TARGET[mission]
        if MIS_KIND[mission] == 0:
            done += g[O_MOON_OWNER + target] == seat
        else:
            done += g[O_PCOUNT + target * PM + seat] > 0
    return done


@jit
def _end_game(g):
    g[S_PHASE] = OVER
    planet_points(g)
    for seat in range(g[F_P]):
        g[O_POINTS + seat * PARTS + P_PLANETS] = g[O_OUT + seat]
        if g[F_MIS]:
            # rulebook (secret missions): 1 / 2 / 3 completed missions are worth 2 / 5 / 10.
            done = min(completed_missions(g, seat), 3)
            g[O_POINTS + seat * PARTS + P_MISSIONS] = MISSION_POINTS[done]


# ------------------------------------------------------------------------------------------ chance
@leaf
def _chance(g, log, nlog, u):
    phase = g[S_PHASE]
    g[S_CHANCE] += 1
    if phase == ROLL:
        # rulebook (travel, step 1): the commander rolls all available dice.
        dice = g[S_DICE]
        _rolled(g, log, nlog, dice, _pick_roll(dice, u))
        return
    # A shuffled face-down stack: every token left is equally likely to come next.
    if phase == DEAL:
        left = g[S_MIS_LEFT]
        token = _nth_set(g, O_MIS_POOL, NMIS, _pick_cum(UNIFORM_CUM[left], left, u))
        _act(g, log, nlog, K_DEAL, token, 0, 0, 0)
        g[O_MIS_POOL + token] = 0
        g[S_MIS_LEFT] = left - 1
        for seat in range(g[F_P]):
            dealt = g[O_NDEALT + seat]
            if dealt < MISSIONS_DEALT:
                g[O_DEALT + seat * MISSIONS_DEALT + dealt] = token
                g[O_NDEALT + seat] = dealt + 1
                break
        _next_setup_step(g)
    elif phase == REVEAL_DISC:
        left = g[S_DISC_LEFT]
        token = _nth_set(g, O_DISC_POOL, NDISC, _pick_cum(UNIFORM_CUM[left], left, u))
        _act(g, log, nlog, K_REVEAL_DISC, token, 0, 0, 0)
        g[O_DISC_POOL + token] = 0
        g[S_DISC_LEFT] = left - 1
        g[O_ON_MAT + DISC_SPACE[token]] = token
        g[S_ON_MAT] += 1
        if g[S_REVEAL_TRAVEL]:
            _end_travel_phase(g, log, nlog)
        else:
            _next_setup_step(g)
    else:
        left = g[S_EXP_LEFT]
        token = _nth_set(g, O_EXP_POOL, NEXP, _pick_cum(UNIFORM_CUM[left], left, u))
        _act(g, log, nlog, K_REVEAL_EXP, token, 0, 0, 0)
        g[O_EXP_POOL + token] = 0
        g[S_EXP_LEFT] = left - 1
        g[S_TOKEN] = token
        g[S_SPENT] = 0
        # rulebook (UFO): the UFO moves 0-3 spaces towards the start, and the commander starts
        # with the token's number of dice.
        g[S_UFO_POS] = max(0, g[S_UFO_POS] - TOK_MOVE[token])
        g[S_DICE] = TOK_DICE[token]
        g[S_PHASE] = LAUNCH


# ------------------------------------------------------------------------------------------ decisions
@leaf
def decision_count(g):
    """How many legal actions the seat to move has (the reference's legal_actions())."""
    phase = g[S_PHASE]
    if phase == LAUNCH:
        seat = current_player(g)
        n = 0
        for a in range(NA):
            n += g[O_AVAIL + seat * NA + a]
        return n
    if phase == TRAVEL:
        groups, helpers = travel_items(g)
        plain, extra, keep, reroll, crash = travel_counts(g, groups, helpers)
        return plain + extra + keep + reroll + crash
    if phase == LANDING:
        return 1 + landing_options(g, _head(g), False)
    if phase == PARACHUTE:
        return landing_options(g, _head(g), True) + 1
    return MISSIONS_DEALT  # CHOOSE


@leaf
def apply_decision(g, log, nlog, choice):
    """Apply the choice-th legal action (the reference's legal_actions() order)."""
    phase = g[S_PHASE]
    if phase == LAUNCH:
        # rulebook (launch phase): each player boards one of their available astronauts.
        _board(g, log, nlog, _nth_set(g, O_AVAIL + current_player(g) * NA, NA, choice))
    elif phase == TRAVEL:
        _decide_travel(g, log, nlog, choice)
    elif phase == LANDING:
        head = _head(g)
        landing_options(g, head, False)
        _landing_choice(g, log, nlog, head, choice)
    elif phase == PARACHUTE:
        head = _head(g)
        _parachute_choice(g, log, nlog, head, choice, landing_options(g, head, True))
    else:
        # rulebook (secret missions): keep 3, return the other to the box.
        seat = current_player(g)
        token = g[O_DEALT + seat * MISSIONS_DEALT + choice]
        _act(g, log, nlog, K_RETURN_MISSION, token, 0, 0, 0)
        g[O_RETURNED + seat] = token
        _next_setup_step(g)


@leaf
def _landing_choice(g, log, nlog, head, choice):
    """The head's choice in a landing phase, its options already in g[O_PLACE/O_SHIFT]: 0 stays."""
    g[O_QUEUED + head] = 0
    if choice == 0:
        _act(g, log, nlog, K_STAY, 0, 0, 0, 0)
    else:
        place, shift = g[O_PLACE + choice - 1], g[O_SHIFT + choice - 1]
        _act(g, log, nlog, K_LAND, place, shift, 0, 0)
        _land(g, log, nlog, head, place, shift)
    _continue_landing(g)


@leaf
def _parachute_choice(g, log, nlog, head, choice, n):
    """The head parachutist's choice among its n landings (options known), n: the return home."""
    g[O_QUEUED + head] = 0
    if choice == n:
        _act(g, log, nlog, K_RETURN, 0, 0, 0, 0)
    else:
        place, shift = g[O_PLACE + choice], g[O_SHIFT + choice]
        _act(g, log, nlog, K_LAND, place, shift, 0, 0)
        _land(g, log, nlog, head, place, shift)
    _continue_parachutes(g, log, nlog)


@leaf
def random_decision(g, log, nlog, u):
    """apply_decision(legal[int(u * n)]) with the options worked out once (the travel items and
    landing places that count the options are the ones the choice applies)."""
    phase = g[S_PHASE]
    if phase == TRAVEL:
        groups, helpers = travel_items(g)
        plain, extra, keep, reroll, crash = travel_counts(g, groups, helpers)
        choice = _pick(plain + extra + keep + reroll + crash, u)
        _travel_choice(g, log, nlog, choice, groups, helpers, plain, extra, keep, reroll)
    elif phase == LANDING:
        head = _head(g)
        _landing_choice(g, log, nlog, head, _pick(1 + landing_options(g, head, False), u))
    elif phase == PARACHUTE:
        head = _head(g)
        n = landing_options(g, head, True)
        _parachute_choice(g, log, nlog, head, _pick(n + 1, u), n)
    else:
        apply_decision(g, log, nlog, _pick(decision_count(g), u))


# ------------------------------------------------------------------------------------------ heuristic
@leaf
def _crash_chance(g, pos, dice):
    """games.mlem.bots.crash_chance: P(no die fits the space); none with an unflipped helper aboard
    where a 1 fits; none in deep space."""
    if pos >= DEEP:
        return 0.0
    if ONE_OK[pos]:
        for slot in range(g[S_NBOARD]):
            if (
                g[O_SLOT_ASTRO + slot] == HELPER
                and g[O_ABOARD + slot]
                and not g[O_HUSED + g[O_SLOT_SEAT + slot]]
            ):
                return 0.0
    return CRASH_POW[pos, dice]


@leaf
def _after(g, h, log, nlog, choice):
    """h = the state after the choice-th action (the hook's clone().apply(action)), recording nothing."""
    h[:] = g
    h[F_RECORD] = 0
    h[F_TRACE] = 0
    apply_decision(h, log, nlog, choice)


@leaf
def _landing_value(g, h, seat):
    """games.mlem.bots.landing_value: the seat's points gained, plus 0.8 x the planet place it would
    hold if the game ended now, on a planet that gained an astronaut."""
    gained = 0
    for part in range(PARTS):
        gained += h[O_POINTS + seat * PARTS + part] - g[O_POINTS + seat * PARTS + part]
    value = float(gained)
    for planet in range(NPL):
        base = planet * PM
        old, new = 0, 0
        for s in range(PM):
            old += g[O_PCOUNT + base + s]
            new += h[O_PCOUNT + base + s]
        mine = h[O_PCOUNT + base + seat]
        if new > old and mine > 0:
            ahead = 0
            for s in range(h[F_P]):
                count = h[O_PCOUNT + base + s]
                if s != seat and (
                    count > mine or (count == mine and h[O_PROW + base + s] < h[O_PROW + base + seat])
                ):
                    ahead += 1
            value += PLANET_POINTS[planet, min(ahead, 2)] * 0.8
    return value


@jit
def heuristic_value(g, h, log, nlog, choice):
    """games.mlem.bots.value of the choice-th legal action, the same float (same operations, same order)."""
    phase = g[S_PHASE]
    seat = current_player(g)
    if phase == LAUNCH:
        return BOARD_RANK[_nth_set(g, O_AVAIL + seat * NA, NA, choice)]
    if phase == CHOOSE:
        # Keep the missions nearest the start of the track: return the farthest one.
        return float(MIS_FARTHEST[g[O_DEALT + seat * MISSIONS_DEALT + choice]])
    pos, dice = g[S_POS], g[S_DICE]
    if phase == TRAVEL:
        groups, helpers = travel_items(g)
        plain, extra, keep, reroll, _crash_option = travel_counts(g, groups, helpers)
        moves = plain + extra + keep
        if choice >= moves + reroll:
            return -100.0  # the crash
        if choice >= moves:
            # A fresh roll of the same dice: worth about an average move from here.
            return (pos + 2) + dice * 1.2 - 12 * _crash_chance(g, pos, dice)
        _after(g, h, log, nlog, choice)
        after_pos, after_dice = h[S_POS], h[S_DICE]
        return after_pos * 1.0 + after_dice * 1.2 - 12 * _crash_chance(h, after_pos, after_dice)
    if phase == LANDING and choice == 0:
        # Staying is worth what lies ahead if the rocket survives; nothing if it crashes.
        risk = _crash_chance(g, pos, dice)
        return (1 - risk) * (4.0 + pos * 0.25)
    if phase == PARACHUTE and choice == landing_options(g, _head(g), True):
        return 0.0  # the return home
    _after(g, h, log, nlog, choice)
    return _landing_value(g, h, seat)


@jit
def heuristic_choice(g, h, log, nlog, seed, step):
    """bots/heuristic.py `ranked(...)[0]`: the action of highest (value, tie key), the first of
    equals; the k-th action's key is uniform(seed, TIE_BASE + step * TIE_STRIDE + k)."""
    n = decision_count(g)
    if n == 1:
        return 0
    best, best_value, best_key = 0, 0.0, 0.0
    base = TIE_BASE + step * TIE_STRIDE
    for choice in range(n):
        value = heuristic_value(g, h, log, nlog, choice)
        key = uniform(seed, base + choice)
        if choice == 0 or value > best_value or (value == best_value and key > best_key):
            best, best_value, best_key = choice, value, key
    return best


# ------------------------------------------------------------------------------------------ games
@jit
def play_one(g, h, log, nlog, seed, max_steps):
    """Play the game in `g` (set up by _new_game) to its end; False if it ran out of steps. `h`:
    scratch state for the heuristic's look-ahead."""
    while g[S_PHASE] != OVER:
        step = g[S_STEP]
        if step >= max_steps:
            return False
        u = uniform(seed, step)
        phase = g[S_PHASE]
        if phase == ROLL or phase == DEAL or phase == REVEAL_DISC or phase == REVEAL_EXP:
            _chance(g, log, nlog, u)
        elif g[F_HEURISTIC] and g[O_POLICY + current_player(g)] == POL_HEURISTIC:
            apply_decision(g, log, nlog, heuristic_choice(g, h, log, nlog, seed, step))
        else:
            random_decision(g, log, nlog, u)
        g[S_STEP] = step + 1
    return True


@jit
def play_all(state, seeds, policies, players, ufo, disc, mis, log, nlog, record, trace, max_steps):
    """Play game i (seeded seeds[i], seat s playing policies[i, s]) in state[i] for every i;
    returns the first game that ran out of steps, or -1."""
    h = np.zeros(STATE_SIZE, dtype=np.int64)
    for i in range(len(seeds)):
        g = state[i]
        _new_game(g, i, players, ufo, disc, mis, record, trace)
        for seat in range(players):
            g[O_POLICY + seat] = policies[i, seat]
            if policies[i, seat] == POL_HEURISTIC:
                g[F_HEURISTIC] = 1
        if not play_one(g, h, log, nlog, seeds[i], max_steps):
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
        self.seeds = np.asarray(seeds, dtype=np.uint64)
        self.n, self.p = len(self.seeds), players
        seats = [(policy,) * players] if isinstance(policy, str) else list(policy)
        unknown_policies = sorted({name for lineup in seats for name in lineup} - set(POLICIES))
        if (
            unknown_policies
            or len(seats) != (1 if isinstance(policy, str) else self.n)
            or any(len(lineup) != players for lineup in seats)
        ):
            raise ValueError(
                f"policy: one of {', '.join(POLICIES)}, or one such name per seat for each game"
                + (f" (unknown: {', '.join(unknown_policies)})" if unknown_policies else "")
            )
        codes = np.array([[POLICIES.index(name) for name in lineup] for lineup in seats], dtype=np.int64)
        # one policy for every seat: one row repeated in C (no Python work per game)
        self.policies = np.repeat(codes, self.n, axis=0) if isinstance(policy, str) else codes
        self.variants = tuple(v for v in VARIANT_NAMES if v in variants)
        self.record, self.trace = record, trace
        self.state = np.zeros((self.n, STATE_SIZE), dtype=np.int64)
        self.log = np.zeros((0, LOG_FIELDS), dtype=np.int64)

    def run(self, max_steps: int = 100_000) -> None:
        # A game logs at most a few entries per step; the buffer grows until every game fits.
        capacity = self.n * 400 if (self.record or self.trace) else 1
        while True:
            log = np.zeros((capacity, LOG_FIELDS), dtype=np.int64)
            nlog = np.zeros(1, dtype=np.int64)
            stuck = play_all(
                self.state,
                self.seeds,
                self.policies,
                self.p,
                "ufo" in self.variants,
                "discovery" in self.variants,
                "secret_missions" in self.variants,
                log,
                nlog,
                self.record,
                self.trace,
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
        return self.state[:, S_STEP]

    @property
    def chance_steps(self) -> np.ndarray:
        return self.state[:, S_CHANCE]

    @property
    def expedition(self) -> np.ndarray:
        return self.state[:, S_EXPED]

    @property
    def crashes(self) -> np.ndarray:
        return self.state[:, S_CRASHES]

    @property
    def end_triggered(self) -> np.ndarray:
        return self.state[:, S_END].astype(bool)

    @property
    def deep_count(self) -> np.ndarray:
        """[game, seat] astronauts in deep space."""
        return self.state[:, O_DEEP : O_DEEP + self.p]

    @property
    def goal_owner(self) -> np.ndarray:
        """[game, goal] the seat holding each goal tile, -1 for none."""
        return self.state[:, O_GOAL_OWNER : O_GOAL_OWNER + NG]

    def score_parts(self) -> np.ndarray:
        """[game, seat, part] in the order moons, deep space, goals, planets, ufo, discoveries,
        missions (zero for a variant not in play)."""
        parts = self.state[:, O_POINTS : O_POINTS + PM * PARTS].reshape(self.n, PM, PARTS)
        return parts[:, : self.p]

    def scores(self) -> np.ndarray:
        return self.score_parts().sum(axis=2)


def play_batch(
    seeds,
    players: int,
    variants: tuple[str, ...] = (),
    policy: str | list[tuple[str, ...]] = "random",
    record: bool = False,
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


def play_reference(
    seed: int, players: int, variants: tuple[str, ...] = (), lineup: tuple[str, ...] | None = None
):
    """The same game through the reference engine: chance and the random policy drawn from the
    counter-based stream (see sim/counter_rng.py); a `heuristic` seat (`lineup`: a policy per
    seat, default all random) is the heuristic bot itself, its tie keys drawn from that stream
    (its `rng_for` option). Returns the finished state."""
    from cosmotable.bots.heuristic import HeuristicBot
    from cosmotable.sim.counter_rng import counter_rng_for, pick_decision, pick_outcome
    from cosmotable.sim.counter_rng import uniform as uniform_py

    seats = lineup or ("random",) * players
    unknown = sorted(set(seats) - set(POLICIES))
    if len(seats) != players or unknown:
        raise ValueError(f"lineup: one of {', '.join(POLICIES)} per seat ({players} seats), got {seats}")
    bots = [HeuristicBot(rng_for=counter_rng_for(seed)) if name == "heuristic" else None for name in seats]
    state = games.get("mlem").new_state(players, seed=seed, variants=list(variants))
    step = 0
    while not state.is_terminal():
        u = uniform_py(seed, step)
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply(outcomes[pick_outcome(cumulative([p for _, p in outcomes]), u)][0])
        else:
            bot = bots[state.current_player()]
            if bot is not None:
                # the bot's stream is keyed by the actions played so far: this driver's step
                assert len(state.history) == step, "the history counts every step"
                state.apply(bot.act(state))
            else:
                legal = state.legal_actions()
                state.apply(legal[pick_decision(len(legal), u)])
        step += 1
    return state
