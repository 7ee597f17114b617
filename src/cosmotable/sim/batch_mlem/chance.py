"""Chance, compiled: the counter-based stream of sim/counter_rng.py (the same floats), the picks it
drives, and the chance nodes (a roll, a dealt mission, a revealed token)."""

from __future__ import annotations

import numpy as np

from cosmotable.games.mlem.variants import MISSIONS_DEALT
from cosmotable.sim.batch_mlem.layout import (
    DISC_SPACE,
    F_P,
    NDISC,
    NEXP,
    NMIS,
    O_DEALT,
    O_DISC_POOL,
    O_EXP_POOL,
    O_MIS_POOL,
    O_NDEALT,
    O_ON_MAT,
    ROLL_BUCKETS,
    ROLL_CUM,
    ROLL_N,
    ROLL_START,
    S_CHANCE,
    S_DICE,
    S_DISC_LEFT,
    S_EXP_LEFT,
    S_MIS_LEFT,
    S_ON_MAT,
    S_PHASE,
    S_REVEAL_TRAVEL,
    S_SPENT,
    S_TOKEN,
    S_UFO_POS,
    TOK_DICE,
    TOK_MOVE,
    UNIFORM_CUM,
    leaf,
)
from cosmotable.sim.batch_mlem.rules import _act, _next_setup_step, _nth_set
from cosmotable.sim.batch_mlem.tables import (
    DEAL,
    K_DEAL,
    K_REVEAL_DISC,
    K_REVEAL_EXP,
    LAUNCH,
    REVEAL_DISC,
    ROLL,
)
from cosmotable.sim.batch_mlem.travel import _end_travel_phase, _rolled
from cosmotable.sim.counter_rng import GOLDEN, MIX1, MIX2

_GOLDEN, _MIX1, _MIX2 = np.uint64(GOLDEN), np.uint64(MIX1), np.uint64(MIX2)


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
