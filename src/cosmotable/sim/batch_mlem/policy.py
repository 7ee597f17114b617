"""The policies, compiled: `random` (a decision is legal[int(u * n)]) and `heuristic`, the heuristic
bot's MLEM hooks (games/mlem/bots.py) with the same floats, and the tables it reads from the mat."""

from __future__ import annotations

from functools import cache

import numpy as np

from cosmotable import games
from cosmotable.games.mlem.board import ABILITIES
from cosmotable.games.mlem.variants import MISSIONS_DEALT
from cosmotable.sim.batch_mlem.chance import _pick, uniform
from cosmotable.sim.batch_mlem.decisions import (
    _landing_choice,
    _parachute_choice,
    apply_decision,
    decision_count,
)
from cosmotable.sim.batch_mlem.layout import (
    DEEP,
    DICE,
    F_P,
    F_RECORD,
    F_TRACE,
    NPL,
    NSPACE,
    O_ABOARD,
    O_AVAIL,
    O_DEALT,
    O_HUSED,
    O_PCOUNT,
    O_POINTS,
    O_PROW,
    O_SLOT_ASTRO,
    O_SLOT_SEAT,
    PLANET_POINTS,
    PM,
    S_DICE,
    S_NBOARD,
    S_PHASE,
    S_POS,
    STATE_SIZE,
    TOK_DICE,
    jit,
    leaf,
)
from cosmotable.sim.batch_mlem.rules import (
    _head,
    _nth_set,
    current_player,
    landing_options,
    travel_counts,
    travel_items,
)
from cosmotable.sim.batch_mlem.tables import (
    CHOOSE,
    HELPER,
    LANDING,
    LAUNCH,
    NA,
    PARACHUTE,
    PARTS,
    TRAVEL,
    ids,
)
from cosmotable.sim.batch_mlem.travel import _travel_choice
from cosmotable.sim.counter_rng import TIE_BASE, TIE_STRIDE


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
def _copy_state(src, dst):
    for k in range(STATE_SIZE):  # item by item: a slice copy may allocate (no NRT here)
        dst[k] = src[k]


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


@leaf
def _option_value(g, h, log, nlog, phase, seat, choice, head, m, groups, helpers, plain, extra, keep, reroll):
    """games.mlem.bots.value of the choice-th legal action, the same float (same operations, same
    order), and whether `h` now holds the state after it (the hook's clone().apply(action), recording
    nothing). The phase's options are already worked out on `g` (travel items and counts; landing
    places: `m` of them for `head`), so `h`, a copy of `g`, applies the choice without counting again."""
    if phase == LAUNCH:
        return BOARD_RANK[_nth_set(g, O_AVAIL + seat * NA, NA, choice)], False
    if phase == CHOOSE:
        # Keep the missions nearest the start of the track: return the farthest one.
        return float(MIS_FARTHEST[g[O_DEALT + seat * MISSIONS_DEALT + choice]]), False
    pos, dice = g[S_POS], g[S_DICE]
    if phase == TRAVEL:
        moves = plain + extra + keep
        if choice >= moves + reroll:
            return -100.0, False  # the crash
        if choice >= moves:
            # A fresh roll of the same dice: worth about an average move from here.
            return (pos + 2) + dice * 1.2 - 12 * _crash_chance(g, pos, dice), False
        _copy_state(g, h)
        h[F_RECORD] = 0
        h[F_TRACE] = 0
        _travel_choice(h, log, nlog, choice, groups, helpers, plain, extra, keep, reroll)
        after_pos, after_dice = h[S_POS], h[S_DICE]
        return after_pos * 1.0 + after_dice * 1.2 - 12 * _crash_chance(h, after_pos, after_dice), True
    if phase == LANDING and choice == 0:
        # Staying is worth what lies ahead if the rocket survives; nothing if it crashes.
        risk = _crash_chance(g, pos, dice)
        return (1 - risk) * (4.0 + pos * 0.25), False
    if phase == PARACHUTE and choice == m:
        return 0.0, False  # the return home
    _copy_state(g, h)
    h[F_RECORD] = 0
    h[F_TRACE] = 0
    if phase == LANDING:
        _landing_choice(h, log, nlog, head, choice)
    else:
        _parachute_choice(h, log, nlog, head, choice, m)
    return _landing_value(g, h, seat), True


@jit
def heuristic_play(g, h, log, nlog, seed, step):
    """Play bots/heuristic.py's `ranked(...)[0]`: the action of highest (value, tie key), the first
    of equals; the k-th action's key is uniform(seed, TIE_BASE + step * TIE_STRIDE + k).

    `h`: two scratch states. Each option the value looks ahead on is applied to a copy of `g` in
    one of them; the best one so far is kept in its row while the next options use the other, so a
    game that records nothing takes the chosen action's state from there instead of applying the
    action again. A recording game applies it (the log needs its entries)."""
    phase = g[S_PHASE]
    seat = current_player(g)
    head = m = groups = helpers = plain = extra = keep = reroll = 0
    if phase == TRAVEL:
        groups, helpers = travel_items(g)
        plain, extra, keep, reroll, crash = travel_counts(g, groups, helpers)
        n = plain + extra + keep + reroll + crash
    elif phase == LANDING:
        head = _head(g)
        m = landing_options(g, head, False)
        n = 1 + m
    elif phase == PARACHUTE:
        head = _head(g)
        m = landing_options(g, head, True)
        n = m + 1
    else:
        n = decision_count(g)
    if n == 1:
        apply_decision(g, log, nlog, 0)
        return
    best, best_value, best_key, best_row, spare = 0, 0.0, 0.0, -1, 0
    base = TIE_BASE + step * TIE_STRIDE
    for choice in range(n):
        value, ahead = _option_value(
            g, h[spare], log, nlog, phase, seat, choice, head, m, groups, helpers, plain, extra, keep, reroll
        )
        key = uniform(seed, base + choice)
        if choice == 0 or value > best_value or (value == best_value and key > best_key):
            best, best_value, best_key = choice, value, key
            best_row = spare if ahead else -1
            if ahead:
                spare = 1 - spare
    if best_row >= 0 and not g[F_RECORD] and not g[F_TRACE]:
        _copy_state(h[best_row], g)  # both record nothing: the flags are the same too
    else:
        apply_decision(g, log, nlog, best)
