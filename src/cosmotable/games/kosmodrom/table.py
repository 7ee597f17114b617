"""What lies on a Kosmodrom table, and what each seat knows of the hands: the data of a game and the
questions asked of it, with no rule of play. The rules (state.py, effects.py, plays.py) change it;
the views (views.py) read it.
"""

from __future__ import annotations

from collections import Counter

from cosmotable.engine.core import Action, GameConfig, State
from cosmotable.games.kosmodrom.cards import DEAL, HAND_LIMIT, PADS, WAREHOUSE_LIMIT, ZONES, CardSet
from cosmotable.games.kosmodrom.phases import DEAL_PHASE
from cosmotable.games.kosmodrom.research import research_for
from cosmotable.games.kosmodrom.tableau import Rocket, Tableau

#: Ruling K26: normal games last 50-90 turns (all seats counted); the cap only ends a stall.
DEFAULT_MAX_TURNS = 300


def copy_counter(counter: Counter[str]) -> Counter[str]:
    """A copy of `counter`, entry for entry as `Counter(counter)` makes it, at a third of the cost:
    `Counter.update` of an empty counter from a mapping is a plain `dict.update`, here without the
    calls around it. A clone copies a dozen counters (hands, the deck, what each seat knows)."""
    new: Counter[str] = Counter.__new__(Counter)
    dict.update(new, counter)
    return new


class KosmodromTable(State):
    """The cards, rockets and tableaux of a game, the turn's bookkeeping and the seats' knowledge
    of each other's hands (Ruling K24). KosmodromState (state.py) adds the rules."""

    def __init__(self, game, config: GameConfig, seed: int, cards: CardSet):
        super().__init__(game, config, seed)
        self.cards = cards
        n = config.num_players
        self.num_players = n
        self.quick = config.has("quick")
        self.slow = config.has("slow")
        self.negotiation = config.has("negotiation")
        self.superpowers = config.has("superpowers")
        # Ruling K26: a safety cap on turns, for games where nobody draws any more (a stall).
        self.max_turns = int(config.options.get("max_turns", DEFAULT_MAX_TURNS))
        # rulebook (подготовка 5, ход игры шаг 3): 6 cards dealt, hand limit 6. A research
        # configuration (research.py, NOT the rulebook game) sets its own deck, deal, limit and cap.
        research = research_for(config)
        self.deal_size = DEAL if research is None else research.deal
        self.base_hand_limit = HAND_LIMIT if research is None else research.hand_limit
        if research is not None:
            self.max_turns = research.max_turns
        self.end_reason: str | None = None
        self.hands: list[Counter[str]] = [Counter() for _ in range(n)]
        self.tableaux = [Tableau() for _ in range(n)]
        self.rockets: dict[str, Rocket] = {}
        self.next_rocket = 1
        # rulebook (подготовка 4-5): the 4 launch-pad cards are set aside; the rest is shuffled and dealt.
        self.deck: Counter[str] = Counter(
            {c.id: c.count for c in cards.cards.values() if c.type != "launch_pad"}
            if research is None
            else research.deck
        )
        self.deck_top = 0  # cards left in the top segment (which holds no launch-pad card)
        # (a research deck has no launch-pad card: such a game always ends at its turn cap)
        self.set_aside: list[str] = list(PADS) if research is None else []
        self.reshuffles = 0
        self.discard: list[str] = []  # bottom first, top last; public
        self.centre: list[str] = []  # the launch-pad area in the middle of the table
        self.turn_seat = 0  # Ruling K1: chance picks the first player after the deal
        self.first_seat: int | None = None
        self.turn = 0
        self.phase = DEAL_PHASE
        self.dealt = 0
        self.countdown: int | None = None  # turn ends left once the launch pad is complete
        self.completer: int | None = None
        self._reset_turn_flags()
        self.research_left = 0
        self.steal_from: list[int] = []
        # Stolen cards (in the thief's hand) whose fate the thief has still to choose, in order.
        self.stolen: list[str] = []
        # Beside each: the seat it was picked from unseen (Industrial Espionage), None when it was
        # taken in the open; a determinization redraws only what the observing seat did not see.
        self.stolen_from: list[int | None] = []
        self.field_queue: list[int] = []
        self.order_start = 0  # where the cards discarded by the last action card begin
        # The offer awaiting an answer: kind ("gift"/"trade"), from, to, cards given, cards wanted
        # (sorted tuples: an offer is a pair of multisets).
        self.offer: tuple[str, int, int, tuple[str, ...], tuple[str, ...]] | None = None
        # Every refused offer, as the public events tell it (Ruling K12: offers and answers are
        # public): (turn, offered by, to, cards given, cards wanted). A structured copy of what the
        # "offer"/"refuse" events say, so a strategy can read it in a silenced copy too (a search's
        # rollouts record no events). A tuple: shared by clones, replaced (never changed) on a refusal.
        self.refused_offers: tuple[tuple[int, int, int, tuple[str, ...], tuple[str, ...]], ...] = ()
        # The offer being built step by step (phase OFFER): to whom, what is given, what is wanted.
        self.draft: tuple[int, Counter[str], Counter[str]] | None = None
        # Ruling K24: cards known to be in a hand. known[o][h]: what seat o knows of seat h's hand
        # (o != h; the diagonal stays empty, a seat knows its own hand); known_public[h]: what every
        # seat (and a spectator) knows. Per card kind, a count the hand surely holds (a sub-multiset).
        self.known: list[list[Counter[str]]] = [[Counter() for _ in range(n)] for _ in range(n)]
        self.known_public: list[Counter[str]] = [Counter() for _ in range(n)]
        self._legal_cache: list[Action] | None = None

    def _reset_turn_flags(self) -> None:
        self.eligible: dict[str, str] = {}  # rocket id -> zone it may advance from this turn
        self.advanced: dict[str, int] = dict.fromkeys(ZONES, 0)
        self.took_discard = False
        self.redrawn = False
        # Ruling K12: offers that may not be made again this turn (refused, or trades accepted) and
        # offers built and withdrawn, as (seat, cards given, cards wanted): every turn stays finite.
        self.made_offers: set[tuple[int, tuple[str, ...], tuple[str, ...]]] = set()
        self.withdrawn: set[tuple[int, tuple[str, ...], tuple[str, ...]]] = set()

    # ------------------------------------------------------------------ helpers
    def hand_limit(self, seat: int) -> int:
        # card overview (Склад): the hand limit is 8 instead of 6 while Warehouse is in play.
        return WAREHOUSE_LIMIT if "warehouse" in self.tableaux[seat].upgrades else self.base_hand_limit

    def deck_count(self) -> int:
        return self.deck.total()

    def drawable_count(self) -> int:
        """Cards that can still come into a hand from the deck (launch-pad cards are replaced)."""
        pads = sum(self.deck[p] for p in PADS)
        return self.deck.total() - pads + len(self.discard)

    def spec(self, card: str):
        return self.cards.cards[card]

    def zone_expert(self, seat: int, zone: str) -> str | None:
        return self.tableaux[seat].experts[zone]

    def advance_cap(self, seat: int) -> int:
        # card overview (Сверхурочная работа): two rockets per zone per turn.
        return 2 if "overtime" in self.tableaux[seat].upgrades else 1

    def card_total(self) -> int:
        """Every card somewhere: deck, discard, hands, tableaux, set aside, centre (always 140)."""
        return (
            self.deck.total()
            + len(self.discard)
            + sum(h.total() for h in self.hands)
            + sum(len(r.cards()) for r in self.rockets.values())
            + sum(t.card_count() for t in self.tableaux)
            + len(self.set_aside)
            + len(self.centre)
        )

    # ------------------------------------------------------------------ knowledge (Ruling K24)
    def _observers(self, holder: int, observers) -> list[int]:
        seats = range(self.num_players) if observers is None else observers
        return [o for o in seats if o != holder]

    def _learn(self, holder: int, card: str, observers=None) -> None:
        """`card` entered `holder`'s hand in the open (None: for everyone, else for `observers`)."""
        for o in self._observers(holder, observers):
            self.known[o][holder][card] += 1
        if observers is None:
            self.known_public[holder][card] += 1

    def _reveal(self, holder: int, card: str, count: int = 1) -> None:
        """Everyone sees that `holder` holds at least `count` `card`s (a negotiation offer)."""
        for counter in [
            *(self.known[o][holder] for o in self._observers(holder, None)),
            self.known_public[holder],
        ]:
            counter[card] = max(counter[card], count)

    @staticmethod
    def _less(counter: Counter[str], card: str) -> None:
        if counter[card] > 1:
            counter[card] -= 1
        else:
            counter.pop(card, None)

    def _forget(self, holder: int, card: str, observers=None) -> None:
        """`card` left `holder`'s hand in the open (None: for everyone, else for `observers`)."""
        if observers is None:
            # Every play and discard of a rollout comes here: `_less` inlined, over every other
            # seat's knowledge and the public one.
            known = self.known
            for counter in [
                *(known[o][holder] for o in range(self.num_players) if o != holder),
                self.known_public[holder],
            ]:
                count = counter.get(card, 0)
                if count > 1:
                    counter[card] = count - 1
                elif card in counter:
                    del counter[card]
            return
        for o in self._observers(holder, observers):
            self._less(self.known[o][holder], card)

    def _forget_unseen(self, holder: int, observers, public: bool) -> None:
        """A card the observers did not see left `holder`'s hand: any known card may be the one, so
        each known kind is one copy less certain."""
        counters = [self.known[o][holder] for o in self._observers(holder, observers)]
        if public:
            counters.append(self.known_public[holder])
        for counter in counters:
            for card in list(counter):
                self._less(counter, card)

    def known_cards(self, observer: int | None, holder: int) -> Counter[str]:
        """The cards `observer` (None: a spectator) knows to be in `holder`'s hand."""
        if observer is None:
            return self.known_public[holder]
        if observer == holder:
            return self.hands[holder]
        return self.known[observer][holder]

    def _move_card(self, src: int, dst: int, card: str, public: bool = True) -> None:
        self.hands[src][card] -= 1
        if self.hands[src][card] == 0:
            del self.hands[src][card]
        self.hands[dst][card] += 1
        if public:
            self._forget(src, card)
            self._learn(dst, card)
