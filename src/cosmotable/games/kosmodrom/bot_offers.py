"""Kosmodrom's negotiation variant for the bots: which trade or gift to offer, and how to answer one.

rulebook (Переговоры): in step 4 a player may trade as many cards as it likes or give any number
away; a gift need not be accepted. Why trade? Each side gets a card it needs (a component its
rocket lacks, an expert for an empty slot) for one it needs less. Why give? «На 5 шаге своего хода
игрок может вновь брать карты, если все его карты были выложены или жертвованы»: a hand emptied in
step 4 is refilled at once, once a turn (Ruling K5), so the last few cards that are of no use to
their holder buy a fresh hand to play this very turn - if some seat takes them.

Values are the heuristic's card worths (`bot_worth`). A seat answers by its own gain less
0.6 x what the offer adds to the best other seat (the heuristic's position: mine - 0.6 x the best
other), and never lets the seat that leads gain more than it does. The offerer predicts the answer
with the same rule, from what it knows of the other hand (the cards it saw go there, Ruling K24),
and weighs its gain by the chance that the other seat holds the cards it asks for.

Only public information and the offerer's own hand are read, from views and the events every seat
saw (offers and refusals are public, Ruling K12).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache

from cosmotable.engine import Action, State
from cosmotable.games.kosmodrom.actions import Gift, Give, Offer, Propose, Trade, Want, Withdraw
from cosmotable.games.kosmodrom.bot_worth import KEEP_THRESHOLD, SeatCards, estimate
from cosmotable.games.kosmodrom.cards import default_cards
from cosmotable.games.kosmodrom.table import KosmodromTable

#: A deck draw is worth an unknown card: what a received card must beat, and what each card of a
#: redrawn hand is worth.
FRESH = KEEP_THRESHOLD
#: An offer is made only when the offerer gains at least this much (by its card worths) ...
MIN_GAIN = 0.5
#: ... and gain times the chance that the other seat holds the cards asked for is at least this.
MIN_SCORE = 0.4
#: A card is asked for in a trade when it is worth at least this much to the offerer.
NEED = 1.5
#: A gift that empties the hand for the redraw gives away at most this many cards.
GIFT_MAX = 3
#: The best few offers are tried in a turn; the rules forbid repeating a refused one that turn
#: (Ruling K12), so a turn sees at most this many refusals.
TRIES = 3
#: An offer refused by a seat is not made to it again for this many rounds of turns.
REFUSED_ROUNDS = 3
#: How much the best other seat's gain counts against one's own (the heuristic's position).
OTHERS = 0.6


@dataclass(frozen=True)
class Plan:
    """An offer a seat means to make: `give` its cards to seat `to`, for its `want` cards."""

    to: int
    give: tuple[str, ...]
    want: tuple[str, ...]
    gain: float  # for the offerer, by its card worths
    chance: float  # that seat `to` holds the cards asked for

    @property
    def score(self) -> float:
        return self.gain * self.chance

    def action(self) -> Gift | Trade:
        """The whole offer (the form an offer may be typed in; bots build it step by step)."""
        return Trade(self.to, self.give, self.want) if self.want else Gift(self.to, self.give)

    @property
    def key(self) -> tuple[int, tuple[str, ...], tuple[str, ...]]:
        return self.to, self.give, self.want


@cache
def _card_counts() -> Counter[str]:
    cards = default_cards().cards.values()
    return Counter({c.id: c.count for c in cards if c.type != "launch_pad"})


def unseen(view: dict, seat: int) -> Counter[str]:
    """The cards `seat` has not seen anywhere: the deck and the hands' unknown cards, together."""
    pool = _card_counts().copy()
    seen: Counter[str] = Counter(view["hand"] or [])
    seen.update(view["discard"])
    for rocket in view["rockets"]:
        seen[rocket["card"]] += 1
        seen["metal"] += rocket["metal"]
        seen["fuel"] += rocket["fuel"]
        seen.update(rocket["advantages"])
    for other, player in enumerate(view["players"]):
        seen.update(e for e in player["experts"].values() if e)
        seen.update(player["upgrades"])
        if other != seat:
            seen.update(player["known_hand"])
    pool.subtract(seen)
    return +pool


def holds_chance(view: dict, seat: int, other: int, want: tuple[str, ...], pool: Counter[str]) -> float:
    """The chance, as `seat` sees it, that `other` holds the cards of `want`: 1 for cards it saw go
    there (Ruling K24); for one more card, 1 - the chance that none of the unknown cards is one."""
    player = view["players"][other]
    known = Counter(player["known_hand"])
    missing = Counter(want) - known
    if not missing:
        return 1.0
    unknown = player["hand_count"] - known.total()
    if missing.total() > 1 or unknown <= 0:
        return 0.0
    (card,) = missing
    total = pool.total()
    if total <= 0 or pool[card] <= 0:
        return 0.0
    return 1.0 - (1.0 - pool[card] / total) ** unknown


def redraw_due(view: dict, giver: int, given: int) -> bool:
    """Whether giving `given` cards away empties `giver`'s hand in its step 4 before its once-a-turn
    redraw (rulebook шаг 5, Ruling K5), with a card left to draw."""
    step = view["step"]
    return (
        view["turn_seat"] == giver
        and not step["redrawn"]
        and view["players"][giver]["hand_count"] == given
        and (view["deck"]["count"] > 0 or bool(view["discard"]))
    )


def offer_gain(
    view: dict, seat: int, hand: Counter[str], give: Counter[str], want: Counter[str], cards: SeatCards
) -> float:
    """What `seat` (its card worths `cards`), holding `hand`, gains by giving `give` for `want`. A
    gift that empties the hand is worth a fresh hand drawn at once (rulebook шаг 5)."""
    gain = cards.change(hand, give, want)
    if not want and redraw_due(view, seat, give.total()):
        gain += FRESH * view["players"][seat]["hand_limit"]
    return gain


def received_gain(hand: Counter[str], gets: Counter[str], pays: Counter[str], cards: SeatCards) -> float:
    """What a seat (its card worths `cards`), holding `hand`, gains by an offer made to it: it gets
    `gets` and pays `pays`. A gift's cards stand in for the deck draws they save (the draw refills
    to the limit), so only what they are worth above a fresh card counts."""
    gain = cards.change(hand, pays, gets)
    return gain - FRESH * gets.total() if not pays else gain


def answer_value(
    values: list[float],
    seat: int,
    mine: float,
    giver: int,
    giver_gain: float,
) -> float:
    """How much better off `seat` is by accepting an offer that brings it `mine` and `giver`
    `giver_gain` than by refusing it (`values`: every seat's estimate now): its own gain less 0.6 x
    what the best other seat gains (the heuristic's position). Below zero (refuse) whenever the seat
    that leads would gain more than it: that could hand the leader the game."""
    others = [s for s in range(len(values)) if s != seat]
    best_before = max(values[s] for s in others)
    if values[giver] >= best_before and giver_gain > mine:
        return -1.0
    after = list(values)
    after[giver] += giver_gain
    return mine - OTHERS * (max(after[s] for s in others) - best_before)


def answer(view: dict) -> float:
    """`answer_value` for the seat answering the offer in `view` (its own view): the offerer's gain
    as this seat can judge it, from the cards it knows the offerer holds (the offered ones at least)."""
    seat = view["seat"]
    offer = view["step"]["offer"]
    giver = offer["from"]
    give, want = Counter(offer["give"]), Counter(offer["want"])
    known = Counter(view["players"][giver]["known_hand"]) | give
    giver_gain = offer_gain(view, giver, known, give, want, SeatCards(view, giver))
    mine = received_gain(Counter(view["hand"] or []), give, want, SeatCards(view, seat))
    values = [estimate(view, s) for s in range(view["num_players"])]
    return answer_value(values, seat, mine, giver, giver_gain)


def candidates(view: dict, seat: int) -> list[Plan]:
    """Every offer `seat` would like to make now, best first (by gain x chance of being held; only
    offers the other seat is expected to accept): trades of one or two of its least useful cards for
    one card it needs, and gifts of its last few cards for the redraw."""
    hand = Counter(view["hand"] or [])
    if not hand:
        return []
    me = SeatCards(view, seat)
    needs = sorted(card for card in _card_counts() if me.copy_worths(card, hand[card] + 1)[-1] >= NEED)
    gift = hand.total() <= GIFT_MAX and redraw_due(view, seat, hand.total())
    if not needs and not gift:
        return []  # the common case, decided cheaply: nothing to ask for, no redraw to buy
    pool = unseen(view, seat)
    values = [estimate(view, s) for s in range(view["num_players"])]
    worth_now = {card: me.copy_worths(card, hand[card])[-1] for card in hand}
    gives: list[Counter[str]] = [Counter([c]) for c in sorted(hand, key=lambda c: (worth_now[c], c))]
    cheap = sorted(hand.elements(), key=lambda c: (worth_now[c], c))[:2]
    if len(cheap) == 2:
        gives.append(Counter(cheap))
    plans = []
    for other in range(view["num_players"]):
        if other == seat:
            continue
        theirs = SeatCards(view, other)
        model = Counter(view["players"][other]["known_hand"])
        offers: list[tuple[Counter[str], Counter[str], Counter[str], float]] = []
        for card in needs:
            chance = holds_chance(view, seat, other, (card,), pool)
            if chance > 0.0:
                want = Counter([card])
                held = model.copy()  # what the other seat surely holds, the card asked for included
                held[card] = max(held[card], 1)
                offers += [(give, want, held, chance) for give in gives if card not in give]
        if gift:
            offers.append((hand, Counter(), model, 1.0))
        for give, want, their_hand, chance in offers:
            gain = offer_gain(view, seat, hand, give, want, me)
            if gain < MIN_GAIN or gain * chance < MIN_SCORE:
                continue
            theirs_gain = received_gain(their_hand, give, want, theirs)
            if answer_value(values, other, theirs_gain, seat, gain) <= 0.0:
                continue  # it would refuse
            plans.append(
                Plan(other, tuple(sorted(give.elements())), tuple(sorted(want.elements())), gain, chance)
            )
    plans.sort(key=lambda p: (-p.score, p.to, p.give, p.want))
    return plans


def refused_lately(state: State, seat: int) -> set[tuple[int, tuple[str, ...], tuple[str, ...]]]:
    """The offers `seat` made that were refused within the last REFUSED_ROUNDS rounds (offers and
    answers are public, Ruling K12): not made again so soon, whatever the bot expects. Read from
    the state's record of refused offers, the same facts as the public "offer"/"refuse" events,
    so it answers alike in a silenced search copy, which records no events."""
    assert isinstance(state, KosmodromTable), f"a Kosmodrom strategy was given {type(state).__name__}"
    oldest = state.turn - REFUSED_ROUNDS * state.config.num_players
    return {
        (to, give, want) for turn, by, to, give, want in state.refused_offers if by == seat and turn >= oldest
    }


def steps(plan: Plan, draft: tuple[Counter[str], Counter[str]] | None) -> list[Action]:
    """The steps that build `plan` from the offer being built (`draft`: its cards given and wanted,
    None before `offer <seat>`): cards given first, then cards asked for, then `propose`."""
    give, want = draft if draft is not None else (Counter(), Counter())
    todo: list[Action] = [] if draft is not None else [Offer(plan.to)]
    todo += [Give(c) for c in sorted((Counter(plan.give) - give).elements())]
    todo += [Want(c) for c in sorted((Counter(plan.want) - want).elements())]
    return [*todo, Propose()]


def buildable(state: State, plan: Plan, draft: tuple[Counter[str], Counter[str]] | None) -> bool:
    """Whether the rules let `plan` be made now (before `offer <seat>`: `draft` None) or be finished
    from the offer being built: an offer refused this turn, or a trade accepted, is not made again,
    and an empty draft withdrawn is not started again (Ruling K12). The bot withdraws only a draft
    that fits none of its plans, so the drafts withdrawn on the way to a plan are not checked."""
    if draft is None:
        return Offer(plan.to) in state.legal_actions() and state.is_legal(plan.action())
    give, want = Counter(plan.give), Counter(plan.want)
    if not (draft[0] <= give and draft[1] <= want) or (draft[1] and draft[0] != give):
        return False  # cards are asked for only after every card given
    trial = state.clone()
    trial.apply(Withdraw())  # back to step 4, where a whole offer's legality is checked
    return trial.is_legal(plan.action())


def chosen_plan(state: State, view: dict) -> Plan | None:
    """The offer the seat to move makes now (or goes on building), if any: the best of its
    candidates that it did not see refused lately and that the rules let it build."""
    seat = view["seat"]
    draft_view = view["step"]["draft"]
    draft = None
    if draft_view is not None:
        draft = (Counter(draft_view["give"]), Counter(draft_view["want"]))
    refused = refused_lately(state, seat)
    tried = 0
    for plan in candidates(view, seat):
        if draft_view is not None and plan.to != draft_view["to"]:
            continue
        if plan.key not in refused and buildable(state, plan, draft):
            return plan
        tried += 1  # refused lately, or this turn (the rules forbid it again): the next best
        if tried >= TRIES:
            break
    return None


def next_step(plan: Plan | None, view: dict) -> Action:
    """The step that goes on building the offer in progress towards `plan` (`chosen_plan`), or
    withdraw the draft when no plan fits it (a draft the bot did not start, e.g. in a search)."""
    if plan is None:
        return Withdraw()
    draft = view["step"]["draft"]
    return steps(plan, (Counter(draft["give"]), Counter(draft["want"])))[0]
