"""A seat's decisions, compiled: how many legal actions it has and what the k-th of them does, in the
reference engine's legal_actions() order (the policies choose an index, this applies it)."""

from __future__ import annotations

from cosmotable.games.mlem.variants import MISSIONS_DEALT
from cosmotable.sim.batch_mlem.landing import _continue_landing, _land
from cosmotable.sim.batch_mlem.layout import (
    O_AVAIL,
    O_DEALT,
    O_PLACE,
    O_QUEUED,
    O_RETURNED,
    O_SHIFT,
    S_PHASE,
    leaf,
)
from cosmotable.sim.batch_mlem.rules import (
    _act,
    _head,
    _next_setup_step,
    _nth_set,
    current_player,
    landing_options,
    travel_counts,
    travel_items,
)
from cosmotable.sim.batch_mlem.tables import (
    K_LAND,
    K_RETURN,
    K_RETURN_MISSION,
    K_STAY,
    LANDING,
    LAUNCH,
    NA,
    PARACHUTE,
    TRAVEL,
)
from cosmotable.sim.batch_mlem.travel import _board, _continue_parachutes, _decide_travel


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
