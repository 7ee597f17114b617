"""One game's state as one flat int64 array: its scalar slots (S_*), flags (F_*) and the offsets (O_*)
of its per-game tables, the printed tables frozen into module globals for the compiled code, and the
two numba decorators every compiled module uses."""

from __future__ import annotations

import numba as nb
import numpy as np

from cosmotable.games.mlem.variants import MISSIONS_DEALT
from cosmotable.sim.batch_mlem.tables import NA, NF, PARTS, tables

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
        # What only the observations read (sim/batch_mlem/observe.py): the rules never do.
        "COMET": PM,  # astronauts on the comet per seat
        "DEEP_PTS": PM * NA,  # each seat's deep-space points, in arrival order (float32 sums)
        "MOON_X": NM,  # 1 if the moon's occupant is the moon expert
        "UFO_N": PM,  # face-down UFO tokens per seat
        "DISC_N": PM,  # face-down discovery tokens per seat
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
O_COMET, O_DEEP_PTS, O_MOON_X, O_UFO_N, O_DISC_N = (
    _O["COMET"],
    _O["DEEP_PTS"],
    _O["MOON_X"],
    _O["UFO_N"],
    _O["DISC_N"],
)
STATE_SIZE = _O["SIZE"]


# Compiled once and kept in numba's on-disk cache. error_model="numpy": integer division and
# modulo by zero are not checked (no divisor here can be zero: players >= 2). Small functions, and
# those with one caller, are inlined (`leaf`), which saves a call. _nrt=False: compiled without
# numba's runtime, so no array is reference-counted. A compiled call that passes arrays on counts
# each one up and down with an atomic instruction (`lock inc`/`lock dec`), and the engine's functions
# pass the state and the log to each other at every step: perf found ~78% of the engine's time on
# those two instructions on the project's 2-core Xeon (issue #47), a cost that differs far more
# between CPUs and hosts than the rest of the code's. Without the runtime nothing is counted (6.9 M
# -> 16.8 M steps/s there, 2p base game, CPU time); the compiled code may then allocate nothing:
# every array (state, scratch, log) comes from the Python side, which holds it for the whole call.
# (numba's type stubs do not list its private `_nrt` option, hence the ignores.)
jit = nb.njit(cache=True, error_model="numpy", _nrt=False)  # type: ignore[call-overload]
leaf = nb.njit(cache=True, error_model="numpy", inline="always", _nrt=False)  # type: ignore[call-overload]
