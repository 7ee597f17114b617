"""Kosmodrom (Космо Дром) rules as an engine State.

A turn is the rulebook's six steps ("Ход игры"): 1 launch-pad cards advance (forced, automatic),
2 complete rockets advance (`advance rN` / `done`), 3 draw to the hand limit (`draw` / `take`, the
deck draw itself a chance node), 4 play cards (`play ...` / `done`), 5 redraw once if the hand was
emptied (chance), 6 discard down to the limit (`discard ...` / `done`).

The deck order is never fixed: each draw is a chance node over the card kinds left in the deck,
with probability count/total. After the deal the deck has two segments (rulebook, подготовка 6: the
launch-pad cards are shuffled into the bottom half): while the top segment lasts, draws cannot be
launch-pad cards. Comments cite the rulebook section.

This module holds the legal moves of each step and what carries a move out; its parts are
mixins on the table (table.py), one file each: the turn's course (turns.py), the deck and the other
chance draws (deck.py), the card effects (effects.py) and the negotiation variant (negotiation.py).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any, Self

from cosmotable.engine.core import CHANCE, TERMINAL, Action, Event, State
from cosmotable.games.kosmodrom import plays
from cosmotable.games.kosmodrom.actions import (
    Accept,
    Advance,
    DeckCard,
    Discard,
    Done,
    Draw,
    First,
    Gift,
    Keep,
    Offer,
    Pick,
    Play,
    Refuse,
    Take,
    Top,
    Trade,
    shared,
)
from cosmotable.games.kosmodrom.cards import PADS
from cosmotable.games.kosmodrom.deck import Deck
from cosmotable.games.kosmodrom.negotiation import NEGOTIATION, Negotiation
from cosmotable.games.kosmodrom.phases import (
    ADVANCE,
    ANSWER,
    CHANCE_PHASES,
    DEAL_PHASE,
    DISCARD,
    DRAW,
    DRAW_DECK,
    FIELD,
    FIRST,
    OFFER,
    ORDER,
    OVER,
    PLAY,
    REDRAW,
    RESEARCH,
    STEAL,
    STOLEN,
)
from cosmotable.games.kosmodrom.table import copy_counter
from cosmotable.games.kosmodrom.turns import Turns


class KosmodromState(Negotiation, Turns, Deck):
    """A Kosmodrom game as the engine plays it: the table (KosmodromTable), the legal moves of each
    step and what carries a move out; the turn's course (Turns, turns.py), the deck (Deck, deck.py),
    the card effects (CardEffects, effects.py) and the negotiation variant (Negotiation,
    negotiation.py) are its parts."""

    # ------------------------------------------------------------------ engine API
    def current_player(self) -> int:
        phase = self.phase
        if phase == OVER:
            return TERMINAL
        if phase in CHANCE_PHASES:
            return CHANCE
        if phase == FIELD:
            return self.field_queue[0]
        if phase == ANSWER:
            assert self.offer is not None
            return self.offer[2]
        return self.turn_seat

    def legal_actions(self) -> list[Action]:
        if self._legal_cache is None:
            self._legal_cache = super().legal_actions()
        return list(self._legal_cache)

    def play_randomly(self, rng: random.Random, max_steps: int | None = None) -> int:
        """`State.play_randomly` (the same draws from `rng`, the same moves and outcomes, the same
        history), with the seat to move read from the phase and each step's `_commit` inlined: a
        search's rollout plays hundreds of steps of this game, and the layers between them were a
        tenth of its time. Scripted chance and a Random of another make take the engine's path."""
        if type(rng).choice is not random.Random.choice:
            return super().play_randomly(rng, max_steps)
        below, draw = rng._randbelow, rng.random  # type: ignore[attr-defined]  # `rng.choice(seq)` is `seq[rng._randbelow(len(seq))]`
        listing, pick, apply, record = self._legal_actions, self.pick_chance, self._apply, self.history.append
        known = self.__dict__
        steps = 0
        while max_steps is None or steps < max_steps:
            phase = self.phase
            if phase == OVER:
                break
            if phase in CHANCE_PHASES:
                if self._scripted_chance:
                    self.sample_chance(rng)  # a scripted outcome is checked as apply checks it
                    steps += 1
                    continue
                action = pick(draw())
            else:
                cached = known.get("_legal_cache") or listing()
                if not cached:
                    raise IndexError(f"no legal move in phase {phase!r}")  # as rng.choice([]) would
                action = cached[below(len(cached))]
            apply(action)  # (drops the legal moves' cache, as `_commit` does)
            record(action)
            steps += 1
        return steps

    def is_legal(self, action: Action) -> bool:
        if self.phase in CHANCE_PHASES:
            if self.phase == FIRST:
                return isinstance(action, First) and 0 <= action.seat < self.num_players
            if self.phase == STEAL:
                return isinstance(action, Pick) and self.hands[self.steal_from[0]][action.card] > 0
            return isinstance(action, DeckCard) and self._draw_pool().get(action.card, 0) > 0
        if isinstance(action, (Gift, Trade)):
            # The whole-offer forms are not listed (the steps are) but are legal when the steps are.
            return self.offer_problem(action) is None
        if self._legal_cache is None:
            self._legal_cache = super().legal_actions()
        return action in self._legal_cache

    def _legal_actions(self) -> list[Action]:
        seat = self.current_player()
        phase = self.phase
        # The phases in the order random games meet them most (discard, play, draw, advance: about
        # 9 steps in 10 of a rollout), each a distinct phase, so the order changes no answer.
        if phase == DISCARD:
            hand = self.hands[seat]
            options: list[Action] = _discards(hand)
            # rulebook (шаг 6): at the end of the turn no more cards than the hand limit.
            if sum(hand.values()) <= self.hand_limit(seat):
                options.append(_DONE)
            return options
        if phase == PLAY:
            return self.play_options()
        if phase == DRAW:
            # rulebook (шаг 3): one card may come from the top of the discard pile, the rest from the deck.
            return [_DRAW, _TAKE]
        if phase == ADVANCE:
            return [*(shared(Advance, r) for r in self.advance_options()), _DONE]
        if phase == STOLEN:
            # card overview (Сокращение бюджета, Найм персонала, Диверсия, Промшпионаж, Вакуумирование):
            # a stolen card may be played, kept in hand or discarded. Kept, it can be played at once.
            card = self.stolen[0]
            return [shared(Keep, card), shared(Discard, card)]
        if phase == FIELD:
            return _discards(self.hands[seat])
        if phase == ORDER:
            return [Top(c) for c in sorted(set(self.discard[self.order_start :]))]
        if phase == OFFER:
            return self.draft_options()
        if phase == ANSWER:
            assert self.offer is not None
            _, _, to, _, want = self.offer
            # A trade for cards the other seat does not hold can only be refused (Ruling K12).
            can = not (Counter(want) - self.hands[to])
            return [Accept(), Refuse()] if can else [Refuse()]
        return []

    def advance_options(self) -> list[str]:
        seat = self.turn_seat
        cap = self.advance_cap(seat)
        return [
            rid
            for rid, zone in self.eligible.items()
            if rid in self.rockets and self.rockets[rid].zone == zone and self.advanced[zone] < cap
        ]

    def play_options(self) -> list[Action]:
        seat = self.turn_seat
        options: list[Action] = []
        hand = self.hands[seat]
        specs = self.cards.cards
        for card in sorted(hand):
            if hand[card] <= 0:
                continue
            kind = specs[card].type
            if kind == "rocket" or kind == "upgrade":
                options.append(_play(card, ""))  # (`plays.candidates`: no target, always playable)
                continue
            if kind in _LISTED_LEGAL:
                # Every candidate of these kinds passes `play_problem` (the card is in the hand; the
                # candidates are exactly the places it checks: test_fast_paths.py), and an
                # advantage only needs its kind not on the rocket yet: a random game lists the
                # plays at every fourth step, and these checks were half of a rollout's listing.
                for target in plays.candidates(self, seat, card):
                    if kind != "advantage" or card not in self.rockets[target].advantages:
                        options.append(_play(card, target))
                continue
            for target in plays.candidates(self, seat, card):
                if plays.play_problem(self, seat, card, target) is None:
                    options.append(_play(card, target))
        if self.negotiation and hand.total() > 0:
            # rulebook (переговоры): in step 4, trade or give away any number of cards. The offer is
            # built one step at a time (to whom, each card given, each card wanted), so the list of
            # choices stays small whatever the offer's size (Ruling K12).
            options.extend(
                Offer(other)
                for other in range(self.num_players)
                if other != seat and (other, (), ()) not in self.withdrawn
            )
        options.append(shared(Done))
        return options

    # ------------------------------------------------------------------ apply
    def _apply(self, action: Action) -> None:
        self._legal_cache = None
        # The rule for the action's class, by one look-up (a rollout applies a move at every step;
        # a chain of isinstance checks cost more); a subclass of an action class finds its rule by
        # isinstance, as before.
        rule = _RULES.get(type(action))
        if rule is None:
            rule = next((r for cls, r in _RULES.items() if isinstance(action, cls)), _nothing)
        rule(self, action)
        self._continue()

    def _discarded(self, card: str) -> None:
        self._discard_from_hand(card)
        if self.phase == STOLEN:
            self.stolen.pop(0)
            self.stolen_from.pop(0)
            self.phase = PLAY

    def _kept(self) -> None:
        self.stolen.pop(0)
        self.stolen_from.pop(0)
        self.phase = PLAY
        self.emit("keep", f"seat {self.turn_seat} keeps the card it took in hand", self.turn_seat)

    def _draw_chosen(self) -> None:
        self.phase = DRAW_DECK

    def _continue(self) -> None:
        """Carry out everything automatic until a seat must decide, chance is due, or the game ends."""
        if self.phase in _NOTHING_AUTOMATIC:
            return  # (the loop below would fall through every test: a discard is a rollout's commonest step)
        while True:
            if self.phase == PLAY and self.stolen:
                self.phase = STOLEN  # the thief first decides what becomes of the stolen card(s)
                return
            if self.phase == PLAY and self._redraw_due():
                # rulebook (шаг 5): the emptied hand is refilled at once, once per turn; Ruling K5:
                # the player then goes on with step 4.
                self.redrawn = True
                self.phase = REDRAW
                self.emit(
                    "redraw",
                    f"seat {self.turn_seat} has no card left in hand and draws a new hand",
                    self.turn_seat,
                )
            phase = self.phase
            if phase == DEAL_PHASE:
                if self.dealt < self.deal_size * self.num_players:
                    return
                self._after_deal()
                continue
            if phase == ADVANCE:
                if not self.advance_options():
                    self.phase = DRAW
                    continue
                return
            if phase in (DRAW, DRAW_DECK):
                seat = self.turn_seat
                self._refill_deck()
                if sum(self.hands[seat].values()) >= self.hand_limit(seat) or (
                    self.deck_count() == 0 and not self.discard
                ):
                    self.phase = PLAY
                    continue
                if phase == DRAW and (self.took_discard or not self.discard):
                    self.phase = DRAW_DECK
                    continue
                return
            if phase == RESEARCH:
                self._refill_deck()
                if self.research_left <= 0 or self.deck_count() == 0:
                    self.research_left = 0
                    self.phase = PLAY
                    continue
                return
            if phase == REDRAW:
                seat = self.turn_seat
                self._refill_deck()
                if sum(self.hands[seat].values()) >= self.hand_limit(seat) or self.deck_count() == 0:
                    self.phase = PLAY
                    continue
                return
            if phase == STEAL:
                while self.steal_from and self.hands[self.steal_from[0]].total() == 0:
                    self.steal_from.pop(0)  # pragma: no cover - play_problem makes this impossible
                if not self.steal_from:
                    self.phase = PLAY
                    continue
                return
            if phase == FIELD:
                while self.field_queue and self.hands[self.field_queue[0]].total() == 0:
                    self.field_queue.pop(0)
                if not self.field_queue:
                    self.phase = PLAY
                    self._ask_order()
                    continue
                return
            return

    # (views and refusals: views.py, joined to this state by KosmodromGame in __init__.py)
    def snapshot(self) -> dict[str, Any]:
        data = self.public_view()
        data["hands"] = [sorted(h.elements()) for h in self.hands]
        data["deck_cards"] = dict(sorted((c, k) for c, k in self.deck.items() if k))
        data["deck_top_segment"] = self.deck_top
        data["set_aside"] = list(self.set_aside)
        data["dealt"] = self.dealt
        data["next_rocket"] = self.next_rocket
        data["eligible"] = dict(self.eligible)
        data["made_offers"] = sorted([to, list(give), list(want)] for to, give, want in self.made_offers)
        data["withdrawn_offers"] = sorted([to, list(give), list(want)] for to, give, want in self.withdrawn)
        data["known_hands"] = [[sorted(c.elements()) for c in row] for row in self.known]
        return data

    # ------------------------------------------------------------------ copies
    def _copy_into(self, new: State) -> None:
        assert isinstance(new, KosmodromState)
        # Every field of this state, the base fields `clone` already set in `new` (its own history,
        # events and chance script) kept as they are; the mutable ones are then copied below.
        fields = self.__dict__.copy()
        fields.update(new.__dict__)
        new.__dict__.update(fields)
        new.hands = [copy_counter(h) for h in self.hands]
        new.tableaux = [t.copy() for t in self.tableaux]
        new.rockets = {k: r.copy() for k, r in self.rockets.items()}
        new.deck = copy_counter(self.deck)
        new.set_aside = list(self.set_aside)
        new.discard = list(self.discard)
        new.centre = list(self.centre)
        new.eligible = dict(self.eligible)
        new.advanced = dict(self.advanced)
        new.steal_from = list(self.steal_from)
        new.stolen = list(self.stolen)
        new.stolen_from = list(self.stolen_from)
        new.field_queue = list(self.field_queue)
        new.known = [[copy_counter(c) for c in row] for row in self.known]
        new.known_public = [copy_counter(c) for c in self.known_public]
        new.made_offers = set(self.made_offers)
        new.withdrawn = set(self.withdrawn)
        if self.draft is not None:
            new.draft = (self.draft[0], copy_counter(self.draft[1]), copy_counter(self.draft[2]))
        # The same table has the same legal moves: a clone shares the list (never changed in place;
        # every apply drops it), so an action offered here is one offered there, and `apply` takes it
        # without a second look. The heuristic values each move on a clone (games/kosmodrom/bots.py), and
        # working the clone's moves out again to check one of them cost about a tenth of a search.
        new._legal_cache = self._legal_cache

    #: (seat, the log, its length, the events of it that seat saw): the last filter of the log,
    #: kept because a search determinizes the same state at every iteration. A log only grows
    #: (or is replaced, by `silence`), so the same list at the same length is the same log.
    _events_seen: tuple[int, list[Event], int, list[Event]] | None = None

    def _events_seen_by(self, seat: int) -> list[Event]:
        seen = self._events_seen
        log = self.events
        if seen is None or seen[0] != seat or seen[1] is not log or seen[2] != len(log):
            events = [e for e in log if e.visible_to is None or seat in e.visible_to]
            seen = self._events_seen = (seat, log, len(log), events)
        return seen[3]

    def resample_for(self, seat: int, rng: random.Random) -> Self:
        """A determinization for `seat` (Ruling K24): every card `seat` knows to be in another hand
        stays there; the rest of those hands is redrawn, hand sizes kept, from the cards `seat` has
        not seen (the unknown parts of the other hands and the deck's non-launch-pad cards).

        The result depends only on what `seat` may know: the pool is a multiset fixed by the seat's
        view, sorted before the shuffle; other seats' private knowledge (K24: of cards stolen from
        them by Industrial Espionage) is replaced by the public knowledge; events `seat` did not see
        are dropped and the seed is redrawn from `rng`, so no trace of the true deal or of future
        chance remains. (The history is kept as it is: it does not replay to the determinization.)"""
        new = self.clone()
        assert isinstance(new, KosmodromState)
        others = [s for s in range(self.num_players) if s != seat]
        pool: list[str] = []
        for s in others:
            pool.extend((self.hands[s] - self.known[seat][s]).elements())
        pads_in_deck = Counter({p: new.deck[p] for p in PADS if new.deck[p]})
        for card, k in new.deck.items():
            if card not in PADS:
                pool.extend([card] * k)
        pool.sort()
        rng.shuffle(pool)
        for s in others:
            known = self.known[seat][s]
            size = self.hands[s].total() - known.total()
            new.hands[s] = Counter(known) + Counter(pool[:size])
            del pool[:size]
        new.deck = Counter(pool) + pads_in_deck
        for o in others:
            for h in others:
                if h != o:
                    new.known[o][h] = Counter(self.known_public[h])
        if new.stolen and seat != self.turn_seat:
            # A card stolen out of sight (Industrial Espionage, `seat` neither thief nor victim) is
            # unknown to `seat`: the pending choice concerns a card drawn from the redrawn thief's
            # hand. Whether a card is redrawn depends only on who saw it taken, never on which card
            # it is, so states that differ only in that card resample alike.
            hand = Counter(new.hands[self.turn_seat])
            seen = [victim is None or victim == seat for victim in new.stolen_from]
            for i, card in enumerate(new.stolen):
                if seen[i] and hand[card] > 0:
                    hand[card] -= 1  # seen taken: among the cards `seat` knows the thief holds
                else:
                    seen[i] = False
            pending = []
            for card, was_seen in zip(new.stolen, seen):
                if not was_seen:
                    card = rng.choice(sorted(c for c in hand if hand[c] > 0))
                    hand[card] -= 1
                pending.append(card)
            new.stolen = pending
        new.events = list(self._events_seen_by(seat))
        new.detach_chance(rng)
        new._legal_cache = None
        return new


#: Phases where `_continue` has nothing to carry out: a seat decides (the play phase has its checks).
_NOTHING_AUTOMATIC = frozenset({DISCARD, STOLEN, ORDER, OFFER, ANSWER, OVER, FIRST})


def _nothing(state: KosmodromState, action: Action) -> None:
    """An action of no class below changes nothing by itself (`_continue` still runs)."""


#: The rule each class of action runs (KosmodromState._apply).
_RULES: dict[type, Callable[[KosmodromState, Any], None]] = {
    First: lambda s, a: s._first(a.seat),
    DeckCard: lambda s, a: s._deck_card(a.card),
    Pick: lambda s, a: s._picked(a.card),
    Advance: lambda s, a: s._advance(a.rocket),
    Done: lambda s, a: s._done(),
    Draw: lambda s, a: s._draw_chosen(),
    Take: lambda s, a: s._take(),
    Play: lambda s, a: s._play(a.card, a.target),
    Discard: lambda s, a: s._discarded(a.card),
    Keep: lambda s, a: s._kept(),
    **{cls: lambda s, a: s._negotiate(a) for cls in NEGOTIATION},
    Top: lambda s, a: s._order(a.card),
}


_DONE, _DRAW, _TAKE = shared(Done), shared(Draw), shared(Take)
#: Card types whose listed candidates (`plays.candidates`) are all legal plays (an advantage: once
#: its kind is not on the rocket yet).
_LISTED_LEGAL = frozenset({"rocket", "upgrade", "component", "advantage", "expert"})
#: (card, target) -> `play card target` (the `shared` instance), read without a call per play.
_PLAYS: dict[tuple[str, str], Action] = {}


def _play(card: str, target: str) -> Action:
    action = _PLAYS.get((card, target))
    if action is None:
        action = _PLAYS[card, target] = shared(Play, card, target)
    return action


#: card -> `discard card` (the `shared` instance), read without a call per card: a random game
#: lists the discards of a hand at every other step.
_DISCARD: dict[str, Action] = {}


def _discards(hand: Counter[str]) -> list[Action]:
    """`discard card` for each card kind in `hand`, in card order."""
    known = _DISCARD.get
    options: list[Action] = []
    for card in sorted(hand):
        if hand[card] > 0:
            action = known(card)
            if action is None:
                action = _DISCARD[card] = shared(Discard, card)
            options.append(action)
    return options
