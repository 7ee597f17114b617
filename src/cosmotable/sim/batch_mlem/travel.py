"""The launch, travel and crash phases, compiled: boarding, a roll and what the commander makes of it,
the expedition tokens and discoveries met on the way, and the crash with its parachutes."""

from __future__ import annotations

from cosmotable.games.mlem.variants import WORMHOLE_STEPS
from cosmotable.sim.batch_mlem.landing import _start_landing
from cosmotable.sim.batch_mlem.layout import (
    ACCEPTS,
    DEEP,
    DICE,
    DISC_KIND,
    DISC_POINTS,
    F_DISC,
    F_P,
    F_TRACE,
    F_UFO,
    NSPACE,
    NUFO,
    O_ABOARD,
    O_AVAIL,
    O_DISC_N,
    O_HUSED,
    O_ON_MAT,
    O_POINTS,
    O_QUEUED,
    O_ROLL,
    O_SEATS,
    O_SLOT_ASTRO,
    O_SLOT_SEAT,
    O_UFO_N,
    ROLL_COUNTS,
    S_CMD,
    S_CRASHES,
    S_DICE,
    S_DISC_LEFT,
    S_EXPED,
    S_NBOARD,
    S_ON_MAT,
    S_PHASE,
    S_POS,
    S_REVEAL_TRAVEL,
    S_SPENT,
    S_UFO_POS,
    S_UFO_TOP,
    SAT_SPACE,
    SUBSETS,
    UFO_POINTS,
    VALUE,
    jit,
    leaf,
)
from cosmotable.sim.batch_mlem.rules import (
    _act,
    _end_expedition,
    _extra_here,
    _head,
    _log,
    current_player,
    landing_options,
    travel_counts,
    travel_items,
)
from cosmotable.sim.batch_mlem.tables import (
    K_BOARD,
    K_CRASH,
    K_REROLL,
    K_ROLL,
    K_TRAVEL,
    NA,
    NF,
    P_DISC,
    P_UFO,
    PARA,
    PARACHUTE,
    PARTS,
    REVEAL_DISC,
    ROLL,
    SAT,
    T_CRASH,
    T_ROLL,
    TRAVEL,
    A,
)


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
        g[O_UFO_N + seat] += 1
        g[S_UFO_TOP] += 1
    _start_landing(g, log, nlog)


@leaf
def _activate_discovery(g, token):
    seat = g[O_SLOT_SEAT + g[S_CMD]]
    kind = DISC_KIND[token]
    if kind == 0:
        # rulebook (discovery, points): the commander keeps it face down; it counts at the end.
        g[O_POINTS + seat * PARTS + P_DISC] += DISC_POINTS[token]
        g[O_DISC_N + seat] += 1
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
