"""Kosmodrom's negotiation variant (rulebook: переговоры; Ruling K12): offers built one step at a
time, whole offers, and their answers. A part of KosmodromState (state.py), as the card effects
(effects.py) are: its methods act on the table (table.py)."""

from __future__ import annotations

from collections import Counter

from cosmotable.engine.core import Action
from cosmotable.games.kosmodrom.actions import (
    Accept,
    Gift,
    Give,
    Offer,
    Propose,
    Refuse,
    Trade,
    Want,
    Withdraw,
)
from cosmotable.games.kosmodrom.phases import ANSWER, OFFER, PLAY
from cosmotable.games.kosmodrom.table import KosmodromTable

#: The actions of the negotiation variant, which KosmodromState hands to `Negotiation._negotiate`.
NEGOTIATION = (Gift, Trade, Offer, Give, Want, Propose, Withdraw, Accept, Refuse)


def _with_card(key: tuple[str, ...], card: str) -> tuple[str, ...]:
    """An offer key's sorted cards with `card` added (`Negotiation._offer_key`'s form)."""
    return tuple(sorted((*key, card)))


class Negotiation(KosmodromTable):
    """The negotiation variant's choices, checks and effects."""

    def _tradeable(self) -> tuple[str, ...]:
        return self.cards.tradeable

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

    def normalize(self, action: Action) -> Action:
        # An offer's cards are a multiset: the canonical form lists them sorted.
        if isinstance(action, Gift) and list(action.cards) != sorted(action.cards):
            return Gift(action.seat, tuple(sorted(action.cards)))
        if isinstance(action, Trade) and (
            list(action.give) != sorted(action.give) or list(action.want) != sorted(action.want)
        ):
            return Trade(action.seat, tuple(sorted(action.give)), tuple(sorted(action.want)))
        return action

    def _negotiate(self, action: Action) -> None:
        """One step of the negotiation variant: an offer built, made, withdrawn or answered."""
        if isinstance(action, Gift):
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
