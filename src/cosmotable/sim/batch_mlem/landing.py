"""The landing phase and the goals, compiled: who lands where (moons, planets, deep space) in the
rulebook's order, and the goals a landing meets."""

from __future__ import annotations

from cosmotable.sim.batch_mlem.layout import (
    COMET,
    DEEP,
    F_P,
    F_TRACE,
    FIRST,
    GALAXY,
    GOAL_COUNT,
    GOAL_KIND,
    GOAL_POINTS,
    MOON_POINTS,
    MOONS,
    NG,
    NM,
    NPL,
    O_ABOARD,
    O_COMET,
    O_DEEP,
    O_DEEP_PTS,
    O_DUE,
    O_GOAL_OWNER,
    O_MOON_OWNER,
    O_MOON_X,
    O_PCOUNT,
    O_PEXPERT,
    O_PLACED,
    O_POINTS,
    O_PROW,
    O_PROWS,
    O_QUEUED,
    O_SLOT_ASTRO,
    O_SLOT_SEAT,
    PLANET,
    PM,
    S_CMD,
    S_DICE,
    S_END,
    S_EXPED,
    S_NBOARD,
    S_NDUE,
    S_PHASE,
    S_POS,
    jit,
    leaf,
)
from cosmotable.sim.batch_mlem.rules import _end_expedition, _head, _log, landing_options
from cosmotable.sim.batch_mlem.tables import (
    DEEP_X,
    DISCARD,
    LANDING,
    MOON_X,
    NA,
    P_DEEP,
    P_GOALS,
    P_MOONS,
    PARACHUTE,
    PARTS,
    PLACE_DEEP,
    PLACE_MOON,
    PLANET_X,
    ROLL,
    T_GOAL,
    T_LANDING,
)


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
        _place_in_deep_space(g, log, nlog, seat, astro, GALAXY, False)
    else:
        points = 0
        if place == PLACE_MOON:
            moon = MOONS[number, 0]
            if g[O_MOON_OWNER + moon] >= 0:
                moon = MOONS[number, 1]
            g[O_MOON_OWNER + moon] = seat
            g[O_MOON_X + moon] = 1 if astro == MOON_X else 0
            points = MOON_POINTS[moon]
            # rulebook (moon expert): doubles the points of the moon it lands on.
            if astro == MOON_X:
                points *= 2
            g[O_POINTS + seat * PARTS + P_MOONS] += points
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
        # One call with `place` and `points` as variables: numba compiles a called function once
        # per argument types, and a constant argument is a type of its own (Literal[int](0) ...),
        # so each call site passing a constant had its own copy of _placed and _check_goals.
        _placed(g, log, nlog, seat, astro, place, points, parachute)
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
        comet = slot == g[S_CMD]
        points = COMET if comet else GALAXY
        if g[O_SLOT_ASTRO + slot] == DEEP_X:
            points *= 2
        g[O_ABOARD + slot] = 0
        _place_in_deep_space(g, log, nlog, g[O_SLOT_SEAT + slot], g[O_SLOT_ASTRO + slot], points, comet)
    g[S_CMD] = -1
    _end_expedition(g)


@jit
def _place_in_deep_space(g, log, nlog, seat, astro, points, comet):
    g[O_DEEP_PTS + seat * NA + g[O_DEEP + seat]] = points
    g[O_DEEP + seat] += 1
    if comet:
        g[O_COMET + seat] += 1
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
