"""Kosmodrom's deck and the other chance draws: the deal, each card drawn (a chance node over the
card kinds left, rulebook: подготовка 6 for the launch-pad cards in the bottom half), a launch-pad
card drawn, the reshuffle, and taking the top of the discard pile. A part of KosmodromState
(state.py), as the card effects (effects.py) are, whose launch-pad check a drawn pad card runs."""

from __future__ import annotations

from cosmotable.engine.core import Action
from cosmotable.games.kosmodrom.actions import DeckCard, First, Pick, shared
from cosmotable.games.kosmodrom.cards import PADS
from cosmotable.games.kosmodrom.effects import CardEffects
from cosmotable.games.kosmodrom.phases import (
    CHANCE_PHASES,
    DEAL_PHASE,
    DRAW,
    DRAW_DECK,
    FIRST,
    RESEARCH,
    STEAL,
)


def _deck_card(card: str) -> DeckCard:
    """The chance outcome for drawing `card`."""
    action = _DECK_CARDS[card] = shared(DeckCard, card)
    return action


#: card -> its `DeckCard` outcome (the `shared` instance), read without a call per draw.
_DECK_CARDS: dict[str, DeckCard] = {}


class Deck(CardEffects):
    """The deck: what a draw may bring, and what a drawn card does."""

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
            # `_draw_pool`'s cards, without building the pool: the same kinds, counts and order.
            deck = self.deck
            if self.deck_top > 0:
                cards = sorted([c for c, k in deck.items() if k > 0 and c not in PADS])
            else:
                cards = sorted([c for c, k in deck.items() if k > 0])
            if cards:
                total = sum([deck[c] for c in cards])
                for card in cards:
                    r -= deck[card] / total
                    if r < 0:
                        return _DECK_CARDS.get(card) or _deck_card(card)
                return _deck_card(cards[-1])
        return super().pick_chance(r)

    def _draw_pool(self) -> dict[str, int]:
        if self.deck_top > 0:
            # rulebook (подготовка 6): the launch-pad cards are in the bottom half only.
            return {c: k for c, k in self.deck.items() if k > 0 and c not in PADS}
        return {c: k for c, k in self.deck.items() if k > 0}

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
                f"{self.deal_size} cards dealt to each player; the launch-pad cards wait for the first reshuffle (deck {remaining})",
                slow=True,
                deck=remaining,
            )
        else:
            # rulebook (подготовка 6): the launch-pad cards go into the bottom half of the rest.
            self.deck_top = remaining - remaining // 2
            pads = len(self.set_aside)  # 4; none in a research configuration (research.py)
            self.deck.update(self.set_aside)
            self.set_aside.clear()
            self.emit(
                "setup",
                f"{self.deal_size} cards dealt to each player; the {pads} launch-pad cards are shuffled into the bottom {remaining // 2} cards of the deck",
                slow=False,
                bottom=remaining // 2,
            )
        # rulebook (подготовка 8): "the player most eager to start building" goes first; Ruling K1:
        # chance decides, so no seat is favoured in simulations or at online tables.
        self.phase = FIRST

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
            self._pad_to_centre(
                seat, card, f"seat {seat} draws {name}: it goes straight to the launch-pad area", True
            )
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
        if not self.silent:  # a search's copy records nothing: no text to build
            self.emit(
                "take", f"seat {seat} takes {self.spec(card).name_en} from the discard pile", seat, card=card
            )
