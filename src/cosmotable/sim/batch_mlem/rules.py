"""The rules every phase shares, compiled: the log writes, the set-up of a game and of each
expedition, the questions about the table (whose turn, which dice groups and landings are legal) and
the end of an expedition and of the game. Mirrors games/mlem/state.py function by function."""

from __future__ import annotations

from cosmotable.games.mlem.variants import DISCOVERIES_ON_MAT, MISSIONS_DEALT
from cosmotable.sim.batch_mlem.layout import (
    ACCEPTS,
    DEEP,
    DICE,
    F_DISC,
    F_MIS,
    F_P,
    F_RECORD,
    F_TRACE,
    F_UFO,
    FIRST,
    LAST,
    MIS_KIND,
    MIS_TARGET,
    MISSION_POINTS,
    MOONS,
    NDISC,
    NEXP,
    NG,
    NM,
    NMIS,
    NPL,
    NSPACE,
    O_ABOARD,
    O_AVAIL,
    O_DEALT,
    O_DISC_POOL,
    O_EXP_POOL,
    O_GOAL_OWNER,
    O_HUSED,
    O_MIS_POOL,
    O_MOON_OWNER,
    O_NDEALT,
    O_ON_MAT,
    O_OUT,
    O_PCOUNT,
    O_PEXPERT,
    O_PLACE,
    O_POINTS,
    O_PROW,
    O_QUEUED,
    O_RETURNED,
    O_ROLL,
    O_SEATS,
    O_SHIFT,
    O_SLOT_ASTRO,
    O_SLOT_SEAT,
    PLANET,
    PLANET_POINTS,
    PM,
    S_CMD,
    S_CRASHES,
    S_DICE,
    S_DISC_LEFT,
    S_END,
    S_EXP_LEFT,
    S_EXPED,
    S_GAME,
    S_MIS_LEFT,
    S_NBOARD,
    S_ON_MAT,
    S_PHASE,
    S_POS,
    S_SPENT,
    S_STARTER,
    S_STEP,
    S_TOKEN,
    S_UFO_POS,
    TOK_ABILITY,
    TOK_EXTRA,
    TRACK,
    UFO_START,
    VALUE,
    jit,
    leaf,
)
from cosmotable.sim.batch_mlem.tables import (
    CHOOSE,
    DEAL,
    EXTRA,
    HELPER,
    KEEP,
    LAUNCH,
    NA,
    NAV,
    NF,
    ONE,
    OVER,
    P_MISSIONS,
    P_PLANETS,
    PARTS,
    PLACE_DEEP,
    PLACE_MOON,
    PLACE_PLANET,
    REVEAL_DISC,
    REVEAL_EXP,
    TRAVEL,
)


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
