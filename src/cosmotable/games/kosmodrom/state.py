"""Kosmodrom (Космо Дром) rules as an engine State.

A turn is the rulebook's six steps ("Ход игры"): 1 launch-pad cards advance (forced, automatic),
2 complete rockets advance (`advance rN` / `done`), 3 draw to the hand limit (`draw` / `take`, the
deck draw itself a chance node), 4 play cards (`play ...` / `done`), 5 redraw once if the hand was
emptied (chance), 6 discard down to the limit (`discard ...` / `done`).

The deck order is never fixed: each draw is a chance node over the card kinds left in the deck,
with probability count/total. After the deal the deck has two segments (rulebook, подготовка 6: the
launch-pad cards are shuffled into the bottom half): while the top segment lasts, draws cannot be
launch-pad cards. Comments cite the rulebook section.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Self, TypeVar

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
    Give,
    Keep,
    Offer,
    Pick,
    Play,
    Propose,
    Refuse,
    Take,
    Top,
    Trade,
    Want,
    Withdraw,
)
from cosmotable.games.kosmodrom.cards import (
    DEAL,
    PADS,
    ZONE_NAMES,
)
from cosmotable.games.kosmodrom.effects import CardEffects
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
from cosmotable.games.kosmodrom.scoring import score_breakdown
from cosmotable.games.kosmodrom.table import KosmodromTable, copy_counter

NEXT_ZONE = {"assembly": "test", "test": "launch"}


_SHARED: dict[tuple, Action] = {}
A = TypeVar("A", bound=Action)


def _shared(kind: type[A], *fields: str) -> A:
    """The action `kind(*fields)`, one shared frozen instance per value: the moves and draws of a
    search are listed afresh at every step, and building a frozen dataclass costs more than
    looking it up. (A finite set: card kinds, rocket numbers, seats and zones.)"""
    key = (kind, *fields)
    action = _SHARED.get(key)
    if action is None:
        action = _SHARED[key] = kind(*fields)
    return action  # type: ignore[return-value]


def _deck_card(card: str) -> DeckCard:
    """The chance outcome for drawing `card`."""
    return _shared(DeckCard, card)


def _with_card(key: tuple[str, ...], card: str) -> tuple[str, ...]:
    """An offer key's sorted cards with `card` added (`KosmodromState._offer_key`'s form)."""
    return tuple(sorted((*key, card)))


class KosmodromState(CardEffects, KosmodromTable):
    """A Kosmodrom game as the engine plays it: the table (KosmodromTable) and the rules of the
    six steps; card effects come from CardEffects (effects.py)."""

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

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.phase == FIRST:
            # Ruling K1: every seat equally likely to take the first turn.
            return [(First(s), 1 / self.num_players) for s in range(self.num_players)]
        if self.phase == STEAL:
            hand = self.hands[self.steal_from[0]]
            total = hand.total()
            return [(Pick(c), hand[c] / total) for c in sorted(hand) if hand[c] > 0]
        if self.phase not in CHANCE_PHASES:
            return []
        pool = self._draw_pool()
        total = sum(pool.values())
        return [(_deck_card(c), k / total) for c, k in sorted(pool.items())]

    def pick_chance(self, r: float) -> Action:
        """State.pick_chance for a draw from the deck without the outcome list: the same walk over
        the cards in sorted order with the same probabilities (k / total), so the same card for the
        same draw `r` (a rollout draws hundreds of cards)."""
        phase = self.phase
        if phase in CHANCE_PHASES and phase != FIRST and phase != STEAL:
            pool = self._draw_pool()
            if pool:
                total = sum(pool.values())
                cards = sorted(pool)
                for card in cards:
                    r -= pool[card] / total
                    if r < 0:
                        return _deck_card(card)
                return _deck_card(cards[-1])
        return super().pick_chance(r)

    def _draw_pool(self) -> dict[str, int]:
        if self.deck_top > 0:
            # rulebook (подготовка 6): the launch-pad cards are in the bottom half only.
            return {c: k for c, k in self.deck.items() if k > 0 and c not in PADS}
        return {c: k for c, k in self.deck.items() if k > 0}

    def legal_actions(self) -> list[Action]:
        if self._legal_cache is None:
            self._legal_cache = super().legal_actions()
        return list(self._legal_cache)

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
        if phase == ADVANCE:
            return [*(_shared(Advance, r) for r in self.advance_options()), _shared(Done)]
        if phase == DRAW:
            # rulebook (шаг 3): one card may come from the top of the discard pile, the rest from the deck.
            return [_shared(Draw), _shared(Take)]
        if phase == PLAY:
            return self.play_options()
        if phase == STOLEN:
            # card overview (Сокращение бюджета, Найм персонала, Диверсия, Промшпионаж, Вакуумирование):
            # a stolen card may be played, kept in hand or discarded. Kept, it can be played at once.
            card = self.stolen[0]
            return [_shared(Keep, card), _shared(Discard, card)]
        if phase == FIELD:
            return [_shared(Discard, c) for c in sorted(self.hands[seat]) if self.hands[seat][c] > 0]
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
        if phase == DISCARD:
            hand = self.hands[seat]
            options: list[Action] = [_shared(Discard, c) for c in sorted(hand) if hand[c] > 0]
            # rulebook (шаг 6): at the end of the turn no more cards than the hand limit.
            if hand.total() <= self.hand_limit(seat):
                options.append(_shared(Done))
            return options
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
        for card in sorted(hand):
            if hand[card] <= 0:
                continue
            for target in plays.candidates(self, seat, card):
                if plays.play_problem(self, seat, card, target) is None:
                    options.append(_shared(Play, card, target))
        if self.negotiation and hand.total() > 0:
            # rulebook (переговоры): in step 4, trade or give away any number of cards. The offer is
            # built one step at a time (to whom, each card given, each card wanted), so the list of
            # choices stays small whatever the offer's size (Ruling K12).
            options.extend(
                Offer(other)
                for other in range(self.num_players)
                if other != seat and (other, (), ()) not in self.withdrawn
            )
        options.append(_shared(Done))
        return options

    def _tradeable(self) -> tuple[str, ...]:
        return self.cards.tradeable

    # ------------------------------------------------------------------ negotiation (Ruling K12)
    @staticmethod
    def _offer_key(to: int, give, want) -> tuple[int, tuple[str, ...], tuple[str, ...]]:
        return to, tuple(sorted(Counter(give).elements())), tuple(sorted(Counter(want).elements()))

    def draft_options(self) -> list[Action]:
        """The steps that continue the offer being built. A step may not rebuild an offer withdrawn
        earlier this turn, and an offer refused (or a trade accepted) this turn may not be proposed
        again: the number of offers in a turn is finite, so every game ends (Ruling K12)."""
        assert self.draft is not None
        to, give, want = self.draft
        hand = self.hands[self.turn_seat]
        withdrawn = self.withdrawn
        # the keys of the drafts one step away are built only when some draft was withdrawn (the
        # set is usually empty, and a key per card kind made this the dearest part of a search)
        give_key = tuple(sorted(give.elements())) if withdrawn else ()
        want_key = tuple(sorted(want.elements())) if withdrawn else ()
        options: list[Action] = []
        for card in sorted(hand):
            if hand[card] > give[card] and (
                not withdrawn or (to, _with_card(give_key, card), want_key) not in withdrawn
            ):
                options.append(Give(card))
        # One can ask for at most as many cards as the other seat holds (its hand size is public).
        if want.total() < self.hands[to].total():
            options.extend(
                Want(card)
                for card in self._tradeable()
                if not withdrawn or (to, give_key, _with_card(want_key, card)) not in withdrawn
            )
        if give.total() > 0 and self._offer_key(to, give, want) not in self.made_offers:
            options.append(Propose())
        options.append(Withdraw())
        return options

    def offer_problem(self, action: Gift | Trade) -> str | None:
        """Why the whole offer `action` cannot be made now, or None. The same conditions as building
        it step by step and proposing it (the withdrawn drafts aside: a whole offer is no draft)."""
        seat = self.turn_seat
        if not self.negotiation:
            return "trades and gifts belong to the negotiation variant, which is not in play"
        if self.phase != PLAY:
            return "offers are made in step 4, one at a time"
        if not 0 <= action.seat < self.num_players or action.seat == seat:
            return "offer to another seat at the table"
        give = Counter(action.cards if isinstance(action, Gift) else action.give)
        want = Counter(action.want) if isinstance(action, Trade) else Counter()
        if not give:
            return "name at least one card of yours to give"
        if isinstance(action, Trade) and not want:
            return "a trade asks for at least one card; to give cards away, make a gift"
        missing = sorted(give - self.hands[seat])
        if missing:
            return "; ".join(
                f"you hold {self.hands[seat][c]} {c}, the offer gives {give[c]}" for c in missing
            )
        unknown = [c for c in want if c not in self._tradeable()]
        if unknown:
            return f"{', '.join(sorted(unknown))} cannot be held in a hand"
        if want.total() > self.hands[action.seat].total():
            return (
                f"seat {action.seat} holds {self.hands[action.seat].total()} cards; "
                f"you ask for {want.total()}"
            )
        if self._offer_key(action.seat, give, want) in self.made_offers:
            return "that offer was already made this turn (ruling K12: an offer refused, or a trade accepted, is not repeated in the same turn)"
        return None

    def normalize(self, action: Action) -> Action:
        # An offer's cards are a multiset: the canonical form lists them sorted.
        if isinstance(action, Gift) and list(action.cards) != sorted(action.cards):
            return Gift(action.seat, tuple(sorted(action.cards)))
        if isinstance(action, Trade) and (
            list(action.give) != sorted(action.give) or list(action.want) != sorted(action.want)
        ):
            return Trade(action.seat, tuple(sorted(action.give)), tuple(sorted(action.want)))
        return action

    # ------------------------------------------------------------------ apply
    def _apply(self, action: Action) -> None:
        self._legal_cache = None
        if isinstance(action, First):
            self._first(action.seat)
        elif isinstance(action, DeckCard):
            self._deck_card(action.card)
        elif isinstance(action, Pick):
            self._picked(action.card)
        elif isinstance(action, Advance):
            self._advance(action.rocket)
        elif isinstance(action, Done):
            self._done()
        elif isinstance(action, Draw):
            self.phase = DRAW_DECK
        elif isinstance(action, Take):
            self._take()
        elif isinstance(action, Play):
            self._play(action.card, action.target)
        elif isinstance(action, Discard):
            self._discard_from_hand(action.card)
            if self.phase == STOLEN:
                self.stolen.pop(0)
                self.stolen_from.pop(0)
                self.phase = PLAY
        elif isinstance(action, Keep):
            self.stolen.pop(0)
            self.stolen_from.pop(0)
            self.phase = PLAY
            self.emit("keep", f"seat {self.turn_seat} keeps the card it took in hand", self.turn_seat)
        elif isinstance(action, Gift):
            self._offer(action.seat, Counter(action.cards), Counter())
        elif isinstance(action, Trade):
            self._offer(action.seat, Counter(action.give), Counter(action.want))
        elif isinstance(action, Offer):
            self.draft = (action.seat, Counter(), Counter())
            self.phase = OFFER
            self.emit(
                "draft",
                f"seat {self.turn_seat} starts an offer to seat {action.seat}",
                self.turn_seat,
                to=action.seat,
            )
        elif isinstance(action, Give):
            self._draft_give(action.card)
        elif isinstance(action, Want):
            assert self.draft is not None
            self.draft[2][action.card] += 1
            self.emit(
                "draft-want",
                f"seat {self.turn_seat} asks for {self.spec(action.card).name_en}",
                self.turn_seat,
                card=action.card,
            )
        elif isinstance(action, Propose):
            assert self.draft is not None
            to, give, want = self.draft
            self.draft = None
            self._offer(to, give, want)
        elif isinstance(action, Withdraw):
            assert self.draft is not None
            self.withdrawn.add(self._offer_key(*self.draft))
            self.emit(
                "withdraw",
                f"seat {self.turn_seat} withdraws the offer to seat {self.draft[0]}",
                self.turn_seat,
                to=self.draft[0],
            )
            self.draft = None
            self.phase = PLAY
        elif isinstance(action, (Accept, Refuse)):
            self._answer(isinstance(action, Accept))
        elif isinstance(action, Top):
            self._order(action.card)
        self._continue()

    def _continue(self) -> None:
        """Carry out everything automatic until a seat must decide, chance is due, or the game ends."""
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
                if self.dealt < DEAL * self.num_players:
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
                if self.hands[seat].total() >= self.hand_limit(seat) or (
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
                if self.hands[seat].total() >= self.hand_limit(seat) or self.deck_count() == 0:
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

    # ------------------------------------------------------------------ the deck
    def _refill_deck(self) -> None:
        # rulebook (ход игры): when the deck runs out, shuffle the discard pile into a new deck.
        # (Asked after every step of a draw: whether any card is left, not how many - counts are
        # never negative - stops at the first.)
        if not self.discard or any(self.deck.values()):
            return
        self.deck.update(self.discard)
        self.discard.clear()
        self.deck_top = 0
        self.reshuffles += 1
        text = "the deck has run out: the discard pile is shuffled into a new deck"
        with_pads = self.slow and bool(self.set_aside)
        if with_pads:
            # rulebook (различная длительность, медленный вариант): the launch-pad cards are shuffled
            # in only once the first deck is used up and rebuilt from the discard pile.
            self.deck.update(self.set_aside)
            self.set_aside.clear()
            text += ", with the 4 launch-pad cards"
        self.emit("reshuffle", text, deck=self.deck_count(), with_pads=with_pads)

    def _after_deal(self) -> None:
        remaining = self.deck_count()
        if self.slow:
            self.deck_top = 0
            self.emit(
                "setup",
                f"6 cards dealt to each player; the launch-pad cards wait for the first reshuffle (deck {remaining})",
                slow=True,
                deck=remaining,
            )
        else:
            # rulebook (подготовка 6): the launch-pad cards go into the bottom half of the rest.
            self.deck_top = remaining - remaining // 2
            self.deck.update(self.set_aside)
            self.set_aside.clear()
            self.emit(
                "setup",
                f"6 cards dealt to each player; the 4 launch-pad cards are shuffled into the bottom {remaining // 2} cards of the deck",
                slow=False,
                bottom=remaining // 2,
            )
        # rulebook (подготовка 8): "the player most eager to start building" goes first; Ruling K1:
        # chance decides, so no seat is favoured in simulations or at online tables.
        self.phase = FIRST

    def _first(self, seat: int) -> None:
        self.first_seat = seat
        self.emit("first-player", f"seat {seat} takes the first turn", seat)
        self._start_turn(seat)

    def _deck_card(self, card: str) -> None:
        self.deck[card] -= 1
        if self.deck[card] == 0:
            del self.deck[card]
        if self.deck_top > 0:
            self.deck_top -= 1
        phase = self.phase
        if phase == DEAL_PHASE:
            # rulebook (подготовка 5): six cards each, dealt one at a time around the table.
            seat = self.dealt % self.num_players
            self.dealt += 1
            self.hands[seat][card] += 1
            self.emit(
                "dealt", f"seat {seat} is dealt {self.spec(card).name_en}", seat, visible_to=[seat], card=card
            )
            return
        seat = self.turn_seat
        if card in PADS:
            self._place_pad(seat, card)
        else:
            self.hands[seat][card] += 1
            if phase == RESEARCH:
                self.research_left -= 1
            if not self.silent:  # a search's copy draws hundreds of cards a rollout: no texts for them
                self.emit(
                    "draw", f"seat {seat} draws {self.spec(card).name_en}", seat, visible_to=[seat], card=card
                )
                self.emit(
                    "draw-public", f"seat {seat} draws a card from the deck", seat, deck=self.deck_count()
                )
        if phase == DRAW_DECK:
            self.phase = DRAW
        self._refill_deck()

    def _place_pad(self, seat: int, card: str) -> None:
        name = self.spec(card).name_en
        if self.quick:
            # rulebook (быстрый вариант): a drawn launch-pad card goes straight to the launch-pad area.
            self.centre.append(card)
            self.emit(
                "pad",
                f"seat {seat} draws {name}: it goes straight to the launch-pad area ({len(self.centre)}/4)",
                seat,
                card=card,
                to="centre",
                drawn=True,
                placed=len(self.centre),
            )
            self._check_pad_complete(seat)
        else:
            # rulebook (стартовая площадка): placed at once in the drawer's assembly shop and replaced.
            self.tableaux[seat].pads["assembly"].append(card)
            self.emit(
                "pad",
                f"seat {seat} draws {name}: placed in their assembly shop, and draws again",
                seat,
                card=card,
                to="assembly",
                drawn=True,
            )

    def _take(self) -> None:
        seat = self.turn_seat
        card = self.discard.pop()
        self.hands[seat][card] += 1
        self._learn(seat, card)
        self.took_discard = True
        self.emit(
            "take", f"seat {seat} takes {self.spec(card).name_en} from the discard pile", seat, card=card
        )

    # ------------------------------------------------------------------ turns
    def _start_turn(self, seat: int) -> None:
        self.turn_seat = seat
        self.turn += 1
        self._reset_turn_flags()
        self.emit("turn", f"turn {self.turn}: seat {seat}", seat, turn=self.turn)
        tab = self.tableaux[seat]
        # rulebook (шаг 1, стартовая площадка): every launch-pad card advances one zone, no expert
        # needed; at most one card from each zone per turn. The launch table's card goes first so no
        # card moves twice.
        if tab.pads["launch"]:
            card = tab.pads["launch"].pop(0)
            self.centre.append(card)
            self.emit(
                "pad",
                f"seat {seat}'s {self.spec(card).name_en} reaches the launch-pad area ({len(self.centre)}/4)",
                seat,
                card=card,
                to="centre",
                drawn=False,
                placed=len(self.centre),
            )
            self._check_pad_complete(seat)
        for zone in ("test", "assembly"):
            if tab.pads[zone]:
                card = tab.pads[zone].pop(0)
                tab.pads[NEXT_ZONE[zone]].append(card)
                self.emit(
                    "pad",
                    f"seat {seat}'s {self.spec(card).name_en} advances to the {ZONE_NAMES[NEXT_ZONE[zone]]}",
                    seat,
                    card=card,
                    to=NEXT_ZONE[zone],
                    drawn=False,
                )
        # rulebook (продвижение ракет): at the very start of the turn the rocket must be complete and
        # the zone's expert in place; the launch table is the last zone.
        for rid, rocket in self.rockets.items():
            if (
                rocket.owner == seat
                and rocket.zone in NEXT_ZONE
                and tab.experts[rocket.zone] is not None
                and rocket.complete(self.spec(rocket.card))
            ):
                self.eligible[rid] = rocket.zone
        self.phase = ADVANCE

    def _advance(self, rid: str) -> None:
        rocket = self.rockets[rid]
        start = rocket.zone
        self.advanced[start] += 1
        rocket.zone = NEXT_ZONE[start]
        self.emit(
            "advance",
            f"seat {rocket.owner} advances {rid} ({self.spec(rocket.card).name_en}) from the {ZONE_NAMES[start]} to the {ZONE_NAMES[rocket.zone]}",
            rocket.owner,
            rocket=rid,
            zone=rocket.zone,
            from_zone=start,
            card=rocket.card,
        )

    def _redraw_due(self) -> bool:
        """rulebook (шаг 5): the hand is empty in step 4, not yet refilled this turn, and there is a
        card to draw (the discard pile counts: it becomes the deck)."""
        seat = self.turn_seat
        return (
            not self.redrawn
            and self.hands[seat].total() == 0
            and (self.deck_count() > 0 or bool(self.discard))
        )

    def _done(self) -> None:
        if self.phase == ADVANCE:
            self.phase = DRAW
        elif self.phase == PLAY:
            self.phase = DISCARD
        elif self.phase == DISCARD:
            self._end_turn()

    def _end_turn(self) -> None:
        if self.countdown is not None:
            self.countdown -= 1
            if self.countdown == 0:
                self._game_over("the final countdown is over")
                return
        if self.turn >= self.max_turns:
            # Ruling K26: nobody draws the launch-pad cards out (every hand kept full): the table is
            # scored as it stands, with the reason logged.
            self._game_over(
                f"the safety cap of {self.max_turns} turns was reached (the launch pad was not completed)"
            )
            return
        self._start_turn((self.turn_seat + 1) % self.num_players)

    def _game_over(self, reason: str) -> None:
        self.phase = OVER
        self.end_reason = reason
        self.emit(
            "game-over",
            reason + ": " + ", ".join(f"seat {s} {p}" for s, p in enumerate(self.scores())),
            scores=self.scores(),
            reason="countdown" if self.countdown == 0 else "max_turns",
            max_turns=self.max_turns,
        )

    def _discard_from_hand(self, card: str) -> None:
        seat = self.current_player()
        self.hands[seat][card] -= 1
        if self.hands[seat][card] == 0:
            del self.hands[seat][card]
        self._forget(seat, card)
        self.discard.append(card)
        if self.phase == FIELD:
            self.field_queue.pop(0)
            self.emit(
                "field-duty", f"seat {seat} discards {self.spec(card).name_en} (Field Duty)", seat, card=card
            )
        else:
            self.emit("discard", f"seat {seat} discards {self.spec(card).name_en}", seat, card=card)

    # ------------------------------------------------------------------ negotiation
    def _draft_give(self, card: str) -> None:
        assert self.draft is not None
        give = self.draft[1]
        give[card] += 1
        # Ruling K24: the offer is built in the open, so its cards are seen to be in the hand.
        self._reveal(self.turn_seat, card, give[card])
        self.emit(
            "draft-give",
            f"seat {self.turn_seat} adds {self.spec(card).name_en} to the offer",
            self.turn_seat,
            card=card,
        )

    def _offer(self, to: int, give: Counter[str], want: Counter[str]) -> None:
        seat = self.turn_seat
        _, given, wanted = self._offer_key(to, give, want)
        kind = "trade" if wanted else "gift"
        self.offer = (kind, seat, to, given, wanted)
        names = ", ".join(self.spec(c).name_en for c in given)
        if kind == "gift":
            text = f"seat {seat} offers {names} to seat {to} as a gift"
        else:
            text = (
                f"seat {seat} offers seat {to} {names} for {', '.join(self.spec(c).name_en for c in wanted)}"
            )
        # Ruling K12: offers are public; one can offer only cards one holds (K24: they become known).
        for card, k in Counter(given).items():
            self._reveal(seat, card, k)
        self.emit("offer", text, seat, offer=kind, to=to, give=list(given), want=list(wanted))
        self.phase = ANSWER

    def _answer(self, accepted: bool) -> None:
        assert self.offer is not None
        kind, giver, to, give, want = self.offer
        self.offer = None
        self.phase = PLAY
        if not accepted:
            # rulebook (переговоры): a refused gift stays with the player who offered it. Ruling K12:
            # a refused offer is not made again this turn.
            self.made_offers.add((to, give, want))
            self.refused_offers += ((self.turn, giver, to, give, want),)
            self.emit("refuse", f"seat {to} refuses the {kind}", to, offer=kind, offered_by=giver)
            return
        if kind == "trade":
            # Ruling K12: an accepted trade could be undone and redone forever; not again this turn.
            self.made_offers.add((to, give, want))
        for card in give:
            self._move_card(giver, to, card)
        for card in want:
            self._move_card(to, giver, card)
        self.emit(
            "accept",
            f"seat {to} accepts the {kind}",
            to,
            offer=kind,
            offered_by=giver,
            give=list(give),
            want=list(want),
        )

    # ------------------------------------------------------------------ results
    def scores(self) -> list[int]:
        return [score_breakdown(self, s)["total"] for s in range(self.num_players)]

    def advantage_cards(self, seat: int) -> int:
        return sum(len(r.advantages) for r in self.rockets.values() if r.owner == seat)

    def winners(self) -> list[int]:
        if not self.is_terminal():
            return []
        scores = self.scores()
        best = max(scores)
        tied = [s for s in range(self.num_players) if scores[s] == best]
        # rulebook (подсчёт очков): on a tie, the player with more advantage cards wins; Ruling K10:
        # still tied, the win is shared.
        most = max(self.advantage_cards(s) for s in tied)
        return [s for s in tied if self.advantage_cards(s) == most]

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
