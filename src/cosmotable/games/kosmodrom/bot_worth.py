"""What Kosmodrom cards and positions are worth to a seat, for the heuristic (`games.kosmodrom.bots`), its
offers (`bot_offers`) and the search's estimate (`evaluation`).

Everything here reads a view (`state.view(seat)` or the public view): the seat's own hand where
one is given, and for every seat only what lies on the table (rockets, experts, upgrades, scores).
`table_estimate` and `table_position` read those same public facts straight from the table, for the
search, which judges too many positions to build a view for each. Card worths are in the same units
as the position estimate (about points).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from cosmotable.games.kosmodrom.scoring import score_breakdown

if TYPE_CHECKING:
    from cosmotable.games.kosmodrom.state import KosmodromState

#: How much a rocket is worth, by zone, before the game ends (a fraction of its printed value).
ZONE_WORTH = {"launch": 1.0, "test": 0.8}
UPGRADE_WORTH = {"security_system": 3.0, "labor_contract": 2.0, "overtime": 1.0, "warehouse": 1.5}
ROCKETS = ("swift", "rapid", "intrepid", "fearless")
EXPERT_ZONES = {"engineer": "assembly", "inspector": "test", "mission_control": "launch"}
ADVANTAGES = ("certification", "astronaut", "oxygen", "top_secret")
#: A card is kept below this worth only if nothing better is at hand; a deck draw is worth this much
#: (an unknown card: on average neither needed nor useless).
KEEP_THRESHOLD = 1.0


def rocket_worth(rocket: dict, late: bool) -> float:
    """What a rocket of the view is worth to its owner (`worth_of_rocket`)."""
    return worth_of_rocket(
        rocket["points"],
        rocket["zone"],
        rocket["complete"],
        rocket["metal"] + rocket["fuel"],
        rocket["needs_metal"] + rocket["needs_fuel"],
        rocket["advantages"],
        late,
    )


def worth_of_rocket(
    value: int, zone: str, complete: bool, have: int, need: int, advantages: list[str], late: bool
) -> float:
    """A rocket's worth: its printed `value` by zone and progress (`have` of the `need`ed
    components), plus what its advantages promise; `late` once the final countdown is on."""
    if zone in ZONE_WORTH:
        worth = value * ZONE_WORTH[zone] if not late or zone == "launch" else 0.0
    elif late:
        worth = -value  # the countdown is on: it will not leave the assembly shop in time
    elif complete:
        worth = 0.6 * value
    else:
        worth = value * (0.25 + 0.3 * have / need)
    if "top_secret" in advantages:
        worth += 1.0 + 0.15 * value
    if "certification" in advantages and zone == "test" and not late:
        worth += 2.0
    if "oxygen" in advantages and "astronaut" not in advantages:
        worth += 1.6
    return worth


class SeatCards:
    """What cards are worth to one seat, read once from a view (what its rockets lack, its empty
    expert slots, its upgrades), for the many card worths an offer or a discard compares."""

    def __init__(self, view: dict, seat: int):
        player = view["players"][seat]
        mine = [r for r in view["rockets"] if r["owner"] == seat]
        self.late = view["countdown"] is not None
        assembly = [r for r in mine if r["zone"] == "assembly"]
        self.need = {c: sum(r[f"needs_{c}"] - r[c] for r in assembly) for c in ("metal", "fuel")}
        self.building = sum(1 for r in assembly if not r["complete"])
        self.experts = player["experts"]
        self.empty_slots = sum(1 for e in self.experts.values() if e is None)
        self.rocket_out = any(r["zone"] != "assembly" for r in mine)
        self.upgrades = bool(player["upgrades"])

    def copy_worths(self, card: str, copies: int) -> list[float]:
        """What the first, second, ... copy of `card` in the seat's hand is worth to it. A second
        copy of a card the seat needs once (an expert for an empty slot) is worth little; components
        are worth much up to what its rockets in the assembly shop still lack."""
        if card in self.need:
            need = self.need[card]
            return [2.0 if i < need else 0.5 for i in range(copies)]
        if card in ROCKETS:
            return [0.2 if self.late or self.building + i >= 2 else 1.5 for i in range(copies)]
        if card in EXPERT_ZONES:
            empty = self.experts[EXPERT_ZONES[card]] is None
            return [2.5 if empty and i == 0 else 0.3 for i in range(copies)]
        if card == "jack":
            return [2.5 if i < self.empty_slots else 0.3 for i in range(copies)]
        if card in ADVANTAGES:
            return [2.0 if self.rocket_out else 0.7] * copies
        if card in UPGRADE_WORTH:
            return [1.5 if not self.upgrades and i == 0 else 0.8 for i in range(copies)]
        return [1.2] * copies

    def worth(self, card: str, copies: int) -> float:
        """All `copies` of `card` together."""
        return sum(self.copy_worths(card, copies)) if copies > 0 else 0.0

    def hand_worth(self, hand: Counter[str]) -> float:
        return sum(self.worth(card, k) for card, k in hand.items())

    def change(self, hand: Counter[str], out: Counter[str], into: Counter[str]) -> float:
        """What the hand gains when the cards `out` leave it and the cards `into` come in."""
        gain = 0.0
        # in a fixed order: float sums depend on the order of their terms, and a set's order changes
        # with Python's hash seed, so the same seed played a different game in another process
        for card in sorted(set(out) | set(into)):
            before = hand[card]
            after = before - out[card] + into[card]
            gain += self.worth(card, after) - self.worth(card, before)
        return gain


def copy_worths(view: dict, seat: int, card: str, copies: int) -> list[float]:
    """What the first, second, ... copy of `card` in `seat`'s hand is worth to it (`SeatCards`)."""
    return SeatCards(view, seat).copy_worths(card, copies)


def keep_worth(view: dict, seat: int, card: str, hand: list[str]) -> float:
    """How much `seat` wants to keep this `card` of its `hand` (the last copy of its kind; discard
    below KEEP_THRESHOLD)."""
    return copy_worths(view, seat, card, max(1, hand.count(card)))[-1]


def hand_worth(view: dict, seat: int, hand: Counter[str]) -> float:
    """What the cards of `hand` are worth to `seat` together."""
    return SeatCards(view, seat).hand_worth(hand)


def estimate(view: dict, seat: int) -> float:
    """What `seat` would score, rockets valued by their zone and progress (public information only)."""
    player = view["players"][seat]
    score = player["score"]
    late = view["countdown"] is not None
    mine = [r for r in view["rockets"] if r["owner"] == seat]
    return seat_worth(
        score["astronauts"] + score["certifications"] + score["mission_control"],
        [rocket_worth(r, late) for r in mine],
        [r["points"] for r in mine if r["zone"] == "assembly" and not r["complete"]],
        player["experts"],
        player["upgrades"],
        player["advantage_cards"],
        player["hand_count"],
    )


def table_estimate(table: KosmodromState, seat: int) -> float:
    """`estimate` read straight from the table, without building a view: the same public facts
    (rockets, experts, upgrades, scores, hand sizes), so the same value to the last bit
    (tests/bots/test_kosmodrom_estimate.py). The search judges thousands of positions a
    move; their views, score breakdowns of every seat included, took about a tenth of a bot game."""
    cards = table.cards.cards
    late = table.countdown is not None
    worths, building = [], []
    for rocket in table.rockets.values():
        if rocket.owner != seat:
            continue
        spec = cards[rocket.card]
        complete = rocket.complete(spec)
        worths.append(
            worth_of_rocket(
                spec.points,
                rocket.zone,
                complete,
                rocket.metal + rocket.fuel,
                spec.metal + spec.fuel,
                rocket.advantages,
                late,
            )
        )
        if rocket.zone == "assembly" and not complete:
            building.append(spec.points)
    score = score_breakdown(table, seat)
    tableau = table.tableaux[seat]
    return seat_worth(
        score["astronauts"] + score["certifications"] + score["mission_control"],
        worths,
        building,
        tableau.experts,
        tableau.upgrades,
        table.advantage_cards(seat),
        table.hands[seat].total(),
    )


def seat_worth(
    points: int,
    rocket_worths: list[float],
    building: list[int],
    experts: dict[str, str | None],
    upgrades: list[str],
    advantage_cards: int,
    hand_count: int,
) -> float:
    """A seat's estimate from its parts: the `points` it holds on the table apart from its rockets
    (astronauts, certifications, mission control), what its rockets are worth, the printed values
    of its half-built rockets, its experts and upgrades, advantage cards and hand size."""
    value = points + sum(rocket_worths)
    building = sorted(building, reverse=True)
    value -= sum(0.5 * printed for printed in building[2:])  # too many half-built rockets
    value += 3.0 * sum(1 for z in ("assembly", "test") if experts[z])
    value += sum(UPGRADE_WORTH.get(u, 0.0) for u in upgrades)
    value += 0.3 * advantage_cards  # the tie-break
    value += 0.3 * hand_count
    return value


def position(view: dict, seat: int) -> float:
    """`seat`'s estimate less 0.6 times the best other seat's."""
    return lead([estimate(view, s) for s in range(view["num_players"])], seat)


def table_position(table: KosmodromState, seat: int) -> float:
    """`position` read straight from the table (`table_estimate`)."""
    return lead([table_estimate(table, s) for s in range(table.num_players)], seat)


def lead(estimates: list[float], seat: int) -> float:
    others = [value for s, value in enumerate(estimates) if s != seat]
    return estimates[seat] - 0.6 * max(others, default=0.0)
