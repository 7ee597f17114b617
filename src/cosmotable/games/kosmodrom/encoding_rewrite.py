"""Kosmodrom determinizations as action histories (for OpenSpiel's `resample_from_infostate`).

A determinization for a seat must be drawn from what that seat may know, never from the truth. In
Kosmodrom the seat does not see three kinds of outcomes: deck draws into another hand (`deck ? to
seat r`), a card Industrial Espionage pulls between two other seats (`pick ? from seat v`) and the
thief's `keep ?` of a stolen card. Everything else (plays, discards, takes, gifts and trades, the
launch-pad cards, reshuffles) is public, and every hidden outcome leaves traces the rules check on
replay: a card played later must have been in that hand, a draw must find its card in the deck.

The rewrite works in two passes:

1. `plan(encoding, state, seat)` replays the true history once and writes down only what `seat`
   sees: per action, the cards that enter or leave hands in the open, the public draws and what is
   added to the deck (the initial deck, the launch-pad cards, reshuffles, Brainstorm), and where a
   hidden outcome happens (who receives the draw; who steals from whom, and what becomes of the
   stolen card). A hidden outcome's value is never written down, so two states with the same
   information state for `seat` give the same plan.
2. `rewrite(plan, history, rng)` walks the plan with each hidden card an unknown ("wildcard") in
   the hand it entered. When a hand must give up a card it has not visibly got (it plays, discards
   or offers it), one of its wildcards, chosen at random among those that could have been that
   card, becomes it; a hidden steal moves a random card (or wildcard) of the victim's hand to the
   thief. Wildcards left at the end are drawn at random from what the deck could have held. A
   draw "could have been" card X when the deck still holds an X at every later moment with it
   taken out (so no later draw runs short). Should the random choices paint themselves into a
   corner (rare: two hands needing the same scarce card from the same stretch of the deck), the
   walk is drawn again; after `MAX_TRIES` a `DeterminizationError` says so (never the truth).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

import numpy as np

from cosmotable.engine import Action, State
from cosmotable.envs.encodings import DeterminizationError
from cosmotable.games.kosmodrom.actions import DeckCard, Gift, Give, Keep, Pick, Trade
from cosmotable.games.kosmodrom.cards import PADS
from cosmotable.games.kosmodrom.phases import STOLEN


def offered_cards(state: State, action: Gift | Trade | Give) -> tuple[str, ...]:
    """The offering seat's own cards an offer shows: a whole gift's or trade's, or for a `give`
    step every card of the draft so far and the one added (all held at once)."""
    if isinstance(action, Gift):
        return action.cards
    if isinstance(action, Trade):
        return action.give
    draft = state.draft  # type: ignore[attr-defined]
    given = sorted(draft[1].elements()) if draft is not None else []
    return (*given, action.card)


#: Walks of the plan tried before `rewrite` gives up.
MAX_TRIES = 50


@dataclass
class Step:
    """What `seat` sees of one action of the history (no hidden value is stored here)."""

    index: int
    #: "public", "draw" (hidden deck draw), "pick" (hidden steal) or "keep" (hidden keep)
    kind: str = "public"
    receiver: int | None = None  # draw: whose hand; pick: the thief
    victim: int | None = None  # pick: whose hand the card leaves
    fate: str | None = None  # pick: the card the thief later discards in the open (None: kept)
    removed: list[tuple[int, str]] = field(default_factory=list)  # (holder, card) leaving in the open
    added: list[tuple[int, str]] = field(default_factory=list)  # (holder, card) entering in the open
    shown: list[tuple[int, str]] = field(default_factory=list)  # (holder, card) a hand must hold (offers)
    stolen_added: list[str] = field(default_factory=list)  # stolen cards taken in the open (Budget Cut ...)
    stolen_decided: bool = False  # a `keep` / `discard` of the oldest stolen card


@dataclass
class Plan:
    seat: int
    num_players: int
    steps: list[Step]
    slack: np.ndarray  # slack[t, k]: cards of kind k in the deck at time t, hidden draws not counted
    card_ids: list[str]
    pos: dict[str, int]


class _Item:
    """One card in a hand during a walk: `card` None while it is a hidden draw not yet decided."""

    __slots__ = ("card", "origin")

    def __init__(self, card: str | None, origin: int | None = None):
        self.card = card
        self.origin = origin  # history index of the hidden draw it came from


def _time_of_draw(index: int) -> int:
    """Times of the deck timeline: 0 the start; action i draws at 2i + 1, then adds at 2i + 2
    (a reshuffle follows the draw that emptied the deck)."""
    return 2 * index + 1


def plan(card_ids: list[str], hidden_receiver, redact, state: State, seat: int) -> Plan:
    """Pass 1 (see the module doc): replay `state`'s history, recording only what `seat` sees.

    `hidden_receiver(state, action)` and `redact(state, action, seat)` are the encoding's: they say
    who receives a chance outcome and how `seat` reads an action."""
    pos = {c: i for i, c in enumerate(card_ids)}
    new = state.game.state_from_config(state.config, state.seed)
    n = state.config.num_players
    history = list(state.history)
    times = 2 * len(history) + 1
    delta = np.zeros((times, len(card_ids)), dtype=np.int32)
    for card, k in new.deck.items():  # type: ignore[attr-defined]
        delta[0, pos[card]] += k
    steps: list[Step] = []
    stolen_queue: list[Step | None] = []  # per pending stolen card: its hidden pick step, or None
    for index, action in enumerate(history):
        step = Step(index)
        hidden = redact(new, action, seat) != str(action)
        # plain dict copies (C speed; Counter's constructor counts in Python) compared after the
        # action: most actions move no card, and only a change is worked out card by card
        deck_before = dict(new.deck)  # type: ignore[attr-defined]
        stolen_before = len(new.stolen)  # type: ignore[attr-defined]
        deciding = new.phase == STOLEN  # type: ignore[attr-defined]
        if hidden and isinstance(action, DeckCard):
            step.kind = "draw"
            step.receiver = hidden_receiver(new, action)[0]
        elif hidden and isinstance(action, Pick):
            step.kind = "pick"
            step.receiver = new.turn_seat  # type: ignore[attr-defined]
            step.victim = new.steal_from[0]  # type: ignore[attr-defined]
        elif hidden and isinstance(action, Keep):
            step.kind = "keep"
        elif isinstance(action, Gift | Trade | Give):
            # Ruling K12: an offer shows the cards the offering seat holds (a whole gift or trade
            # names them all, a step-by-step offer one `give` at a time).
            step.shown += [(new.turn_seat, card) for card in offered_cards(new, action)]  # type: ignore[attr-defined]
        hands_before = None if hidden else [dict(h) for h in new.hands]  # type: ignore[attr-defined]
        new.apply(action)
        if hands_before is not None:
            # A public action moves only cards `seat` sees: its hand changes are public.
            for holder in range(n):
                after = new.hands[holder]  # type: ignore[attr-defined]
                if after == hands_before[holder]:
                    continue
                change = _change(hands_before[holder], after)
                step.removed += [(holder, c) for c in sorted((-change).elements())]
                step.added += [(holder, c) for c in sorted((+change).elements())]
        # What the action added to the deck (a reshuffle: the public discard pile; Brainstorm: the
        # top discards; the launch-pad cards): the deck's change with the drawn card put back.
        deck = new.deck  # type: ignore[attr-defined]
        added = Counter() if deck == deck_before else _change(deck_before, deck)
        if isinstance(action, DeckCard):
            added[action.card] += 1
            if not hidden:
                delta[_time_of_draw(index), pos[action.card]] -= 1
        for card, k in added.items():
            if k:
                delta[_time_of_draw(index) + 1, pos[card]] += k
        if deciding and not isinstance(action, Pick):
            step.stolen_decided = True
            pick = stolen_queue.pop(0)
            if pick is not None and not isinstance(action, Keep):
                pick.fate = action.card  # type: ignore[attr-defined]  # discarded in the open
        grown = len(new.stolen) - stolen_before + (1 if step.stolen_decided else 0)  # type: ignore[attr-defined]
        if grown > 0:
            fresh = list(new.stolen[len(new.stolen) - grown :])  # type: ignore[attr-defined]
            if step.kind == "pick":
                stolen_queue.append(step)
            else:
                step.stolen_added = fresh
                stolen_queue.extend([None] * grown)
        steps.append(step)
    return Plan(seat, n, steps, np.cumsum(delta, axis=0), list(card_ids), pos)


def _change(before: dict[str, int], after: dict[str, int]) -> Counter[str]:
    """Per card, how many more `after` holds than `before` (negative: fewer)."""
    return Counter({c: after.get(c, 0) - before.get(c, 0) for c in before.keys() | after.keys()})


class _Walk:
    """Pass 2: one random walk of a plan (see `rewrite`)."""

    def __init__(self, plan_: Plan, rng: random.Random):
        self.plan = plan_
        self.rng = rng
        self.slack = plan_.slack.copy()
        self.hands: list[list[_Item]] = [[] for _ in range(plan_.num_players)]
        self.draws: dict[int, _Item] = {}  # history index of a hidden draw -> its item
        self.picks: dict[int, _Item] = {}
        self.keeps: dict[int, _Item] = {}
        self.stolen: list[_Item] = []
        self.drawable = [k for k, c in enumerate(plan_.card_ids) if c not in PADS]

    # -------------------------------------------------------------- the deck
    def room(self, item: _Item, card: str) -> int:
        """How many `card` the deck can spare for this hidden draw: the fewest copies it holds from
        the draw to now (0: taking one there would leave a later moment short)."""
        return int(self.slack[_time_of_draw(item.origin) :, self.plan.pos[card]].min())

    def decide(self, item: _Item, card: str) -> None:
        item.card = card
        self.slack[_time_of_draw(item.origin) :, self.plan.pos[card]] -= 1

    # -------------------------------------------------------------- hands
    def take(self, holder: int, card: str, remove: bool = True) -> _Item:
        """A card `holder` must hold: one it visibly has, else one of its hidden draws that could
        be `card`, at random. Removed from the hand unless `remove` is False."""
        hand = self.hands[holder]
        known = [i for i, it in enumerate(hand) if it.card == card]
        if known:
            j = known[0]
        else:
            open_ = [i for i, it in enumerate(hand) if it.card is None and self.room(it, card) > 0]
            if not open_:
                raise _Stuck(f"seat {holder} must hold {card} but none of its hidden cards can be one")
            j = self.rng.choice(open_)
            self.decide(hand[j], card)
        return hand.pop(j) if remove else hand[j]

    def steal(self, step: Step) -> _Item:
        """A hidden Industrial Espionage pull: a random card of the victim's hand (one that can be
        the card the thief discards in the open, if it does)."""
        hand = self.hands[step.victim]  # type: ignore[index]
        if step.fate is not None:
            item = self.take(step.victim, step.fate)  # type: ignore[arg-type]
        else:
            if not hand:
                raise _Stuck(
                    f"seat {step.victim} has no card to be stolen"
                )  # pragma: no cover - rules forbid it
            item = hand.pop(self.rng.randrange(len(hand)))
        self.hands[step.receiver].append(item)  # type: ignore[index]
        return item

    def run(self) -> None:
        for step in self.plan.steps:
            if step.kind == "draw":
                item = _Item(None, step.index)
                self.draws[step.index] = item
                self.hands[step.receiver].append(item)  # type: ignore[index]
            elif step.kind == "pick":
                item = self.steal(step)
                self.picks[step.index] = item
                self.stolen.append(item)
                continue
            # Shown cards are distinct cards of the hand (two metals offered: two metals held), so
            # take them all out, then put them back.
            held = [(holder, self.take(holder, card)) for holder, card in step.shown]
            for holder, item in held:
                self.hands[holder].append(item)
            for holder, card in step.removed:
                self.take(holder, card)
            for holder, card in step.added:
                self.hands[holder].append(_Item(card))
            if step.stolen_decided:
                item = self.stolen.pop(0)
                if step.kind == "keep":
                    self.keeps[step.index] = item
            self.stolen.extend(_Item(c) for c in step.stolen_added)
        self.finish()

    def finish(self) -> None:
        """Every hidden draw no public action has decided: a card the deck could have held then,
        drawn in proportion to the copies it could spare (in history order)."""
        for index in sorted(self.draws):
            item = self.draws[index]
            if item.card is not None:
                continue
            start = _time_of_draw(index)
            spare = self.slack[start:, :].min(axis=0)
            weights = [max(int(spare[k]), 0) for k in self.drawable]
            if not any(weights):
                raise _Stuck(f"the deck could hold no card for the hidden draw at action {index}")
            k = self.rng.choices(self.drawable, weights=weights)[0]
            self.decide(item, self.plan.card_ids[k])


class _Stuck(Exception):
    """A walk's random choices left no consistent way on (the walk is drawn again)."""


def rewrite(plan_: Plan, history: list[Action], rng: random.Random) -> list[Action]:
    """Pass 2 (see the module doc): `history` with every outcome `plan_.seat` did not see redrawn."""
    reasons: list[str] = []
    for _ in range(MAX_TRIES):
        walk = _Walk(plan_, rng)
        try:
            walk.run()
        except _Stuck as exc:
            reasons.append(str(exc))
            continue
        out = list(history)
        for index, item in walk.draws.items():
            out[index] = DeckCard(item.card)  # type: ignore[arg-type]
        for index, item in walk.picks.items():
            out[index] = Pick(item.card)  # type: ignore[arg-type]
        for index, item in walk.keeps.items():
            out[index] = Keep(item.card)  # type: ignore[arg-type]
        return out
    raise DeterminizationError(
        f"no history consistent with seat {plan_.seat}'s information in {MAX_TRIES} "
        f"tries; the last stopped because {reasons[-1]}"
    )
