"""Kosmodrom heuristic: finish rockets and push them to the launch table, keep experts in place,
shield launch-table rockets with Top Secret / Security System, aim action cards at the leader, and
in the negotiation variant trade and give cards when it gains by it (`bot_offers`).

Reads only `state.view(seat)`, the public events and the results of `state.clone().apply(action)` -
the public engine API - and, after an action, the public parts of the table straight from it
(`bot_worth.table_position`: the view's figures without building the view). Each action is
valued as (my estimate) - 0.6 x (the best opponent's estimate) after it; card worths and estimates
are in `bot_worth`.
"""

from __future__ import annotations

import weakref
from dataclasses import replace

from cosmotable.bots import evaluation
from cosmotable.bots.heuristic import POINTLESS, hook, mover_view, plan
from cosmotable.bots.mcts import Search
from cosmotable.engine import Action, State
from cosmotable.games.kosmodrom import bot_offers as offers
from cosmotable.games.kosmodrom.actions import Accept, Refuse
from cosmotable.games.kosmodrom.bot_offers import Plan
from cosmotable.games.kosmodrom.bot_worth import (
    KEEP_THRESHOLD,
    estimate,
    keep_worth,
    position,
    table_estimate,
    table_position,
)
from cosmotable.games.kosmodrom.state import KosmodromState

__all__ = ["estimate", "planned", "position", "value"]

ATTACKS = {"scrub", "sabotage", "retest", "vacuum", "headhunting", "budget_cut"}
#: How much a card left on top of the discard pile may help the next player (they may take it).
TOP_RISK = {
    "metal": 0.2,
    "fuel": 0.2,
    "swift": 0.4,
    "rapid": 0.5,
    "scrub": 2.0,
    "sabotage": 2.0,
    "jack": 2.0,
    "mission_control": 1.8,
    "top_secret": 1.5,
    "certification": 1.5,
}
#: Starting an offer ranks above ending step 4 (`done` leaves the position as it is) but below a
#: card played that gains more than this: cards are played first, then the offer, then what it
#: brought in.
OFFER_EDGE = 0.1


@hook("kosmodrom")
def value(state: State, action: Action) -> float:
    seat = state.current_player()
    kind = action.kind
    view = mover_view(state)
    hand = view["hand"] or []
    if view["phase"] == "draw":
        top = view["discard_top"]
        if kind != "take" or not top:
            return KEEP_THRESHOLD
        worth = keep_worth(view, seat, top, [*hand, top])  # judged as it would be at the discard step
        # A card worth no more than the least useful one kept is (as a rule) the one this seat let go
        # at its last step 6: taking it back refills the hand with what it had, the deck is never
        # drawn, and the turn repeats itself (issue #19: the game stalled until the turn cap).
        least = min((keep_worth(view, seat, card, hand) for card in hand), default=-1.0)
        return worth if worth > least else KEEP_THRESHOLD - 0.5
    if view["phase"] in ("discard", "field_duty"):
        if kind == "done":
            # A full hand draws nothing next turn (the draw only refills to the limit): let at least
            # the least useful card go, or the game stalls.
            full = len(hand) >= view["players"][seat]["hand_limit"] and view["phase"] == "discard"
            return -5.0 if full else 0.0
        return KEEP_THRESHOLD - keep_worth(view, seat, action.card, hand)  # type: ignore[attr-defined]
    if view["phase"] == "discard_order":
        # Leave the card the next player can use least on top (a component before anything else).
        card = action.card  # type: ignore[attr-defined]
        return -TOP_RISK.get(card, 1.0)
    if view["phase"] == "answer":
        return offers.answer(view) if kind == "accept" else 0.0
    if view["phase"] == "offer":
        return 1.0 if action == planned(state) else 0.0
    if kind == "offer":
        chosen = _plan(state, view)
        if chosen is None or chosen.to != action.seat:  # type: ignore[attr-defined]
            return POINTLESS  # no offer worth making to this seat
        return position(view, seat) + OFFER_EDGE + 0.01 * chosen.score
    after = state.clone()
    after.apply(action)
    assert isinstance(after, KosmodromState)
    v = table_position(after, seat)  # `position` of the view after it, without building the view
    if kind == "play" and getattr(action, "card", "") in ATTACKS:
        v -= 0.5  # keep attacks for when they hurt
    return v


@plan("kosmodrom")
def planned(state: State) -> Action | None:
    """The move the heuristic makes outright, without weighing alternatives: each step of an offer
    it builds (towards its chosen plan), and the answer to an offer. The search plays these as
    given (an offer is one decision, taken at `offer <seat>`; the answer is the heuristic's)."""
    legal = state.legal_actions()
    last = legal[-1].kind if legal else ""
    if last == "withdraw":  # an offer is being built
        view = mover_view(state)
        return offers.next_step(_plan(state, view), view)
    if last == "refuse":  # an offer awaits its answer
        if len(legal) == 2 and offers.answer(mover_view(state)) > 0.0:
            return Accept()
        return Refuse()
    return None


_last_plan: tuple = (lambda: None, -1, None)  # (weak ref to the state, history length, plan)


def _plan(state: State, view: dict) -> Plan | None:
    """The offer chosen in this position, worked out once for all its `offer <seat>` moves."""
    global _last_plan
    ref, length, chosen = _last_plan
    if ref() is not state or length != len(state.history):
        chosen = offers.chosen_plan(state, view)
        _last_plan = (weakref.ref(state), len(state.history), chosen)
    return chosen


@evaluation.estimate("kosmodrom", scale=6.0)
def standing_estimate(state: State) -> list[float]:
    """Points each seat would score, with rockets valued by how close they are to the launch table
    (the heuristic's position estimate, from public information only: `bot_worth.estimate`,
    read from the table without building its public view)."""
    assert isinstance(state, KosmodromState)
    return [table_estimate(state, seat) for seat in range(state.num_players)]


#: The search levels (bots/mcts.py). A random rollout throws good cards away, so a level searches
#: its own turn among the heuristic's best moves, lets the other seats answer by the heuristic, and
#: judges by the game's estimate. A larger search does not play better here: the estimate's errors
#: are what a longer search finds (docs/ratings.md: 20 iterations among the best 2 won 17 of 25
#: games against 60 among the best 3, which beat 300 among the best 4 in 4 of 4 and 3 of 4). So
#: `hard` is the best search found, and `normal` and `easy` play it on 70% and 35% of their
#: decisions and the heuristic's move on the rest (`Search.searched`), which puts them between the
#: heuristic and `hard`, in order.
_BEST = Search(20, 0, own_turn=True, normalize=True, prior_top=2, others_by_heuristic=True)
SEARCH_LEVELS = {
    "easy": replace(_BEST, searched=0.35),
    "normal": replace(_BEST, searched=0.7),
    "hard": _BEST,
}
