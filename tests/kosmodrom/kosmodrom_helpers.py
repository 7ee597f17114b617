"""A small scripting toolkit for the Kosmodrom rule tests.

`start` deals chosen hands through the public API (chance outcomes `deck <card>`), so a game that
is only driven by `apply` stays a real, replayable record. `arrange` then lays out a table directly
(rockets, experts, upgrades, hands, discard pile) for a focused rule test, taking every card it
places out of the deck so the 140 cards stay conserved; it starts the named seat's turn afresh.

    s = start(players=3)
    arrange(s, seat=0, rockets=[(0, "swift", "launch", 1, 1, ["astronaut"])], hand={0: ["scrub"]})
    to_play(s)
    s.apply("play scrub r1")
"""

from __future__ import annotations

from collections import Counter

from cosmotable import games
from cosmotable.engine import CHANCE
from cosmotable.games.kosmodrom.cards import PADS, ZONES
from cosmotable.games.kosmodrom.tableau import Rocket

GAME = games.get("kosmodrom")

# Deliberately huge, so the seed's digits cannot appear by accident in any view.
DEFAULT_SEED = 982_451_653_771
FILLER = ["metal", "fuel", "metal", "fuel", "metal", "fuel"]


def new(players: int = 3, variants=(), seed: int = DEFAULT_SEED):
    return GAME.new_state(num_players=players, seed=seed, variants=list(variants))


def start(players: int = 3, hands=None, variants=(), seed: int = DEFAULT_SEED, first: int = 0):
    """A new game with `hands[seat]` dealt (default: 3 metal + 3 fuel each), seat `first` to move."""
    s = new(players, variants, seed)
    hands = hands or [FILLER] * players
    for i in range(6 * players):
        seat, k = i % players, i // players
        s.apply(f"deck {hands[seat][k]}")
    s.apply(f"first {first}")  # Ruling K1: chance picks the first player
    return s


def texts(actions) -> list[str]:
    return [str(a) for a in actions]


def legal(s) -> list[str]:
    return texts(s.legal_actions())


def _take_from_supply(s, card: str) -> None:
    """Take one `card` out of the deck (or the discard pile) to place it elsewhere."""
    if s.deck[card] > 0:
        s.deck[card] -= 1
        if s.deck[card] == 0:
            del s.deck[card]
        if card not in PADS and s.deck_top > 0:
            s.deck_top = min(s.deck_top, sum(k for c, k in s.deck.items() if c not in PADS))
        return
    if card in s.set_aside:
        s.set_aside.remove(card)
        return
    if card in s.discard:
        s.discard.remove(card)
        return
    for hand in s.hands:
        if hand[card] > 0:
            hand[card] -= 1
            return
    raise AssertionError(f"no {card} left to arrange")


def arrange(
    s,
    seat: int = 0,
    rockets=(),
    experts=None,
    upgrades=None,
    hand=None,
    discard=None,
    pads=None,
    centre=None,
    start_turn: bool = True,
):
    """Lay out the table directly (cards come out of the deck), then start `seat`'s turn.

    rockets: (owner, card, zone, metal, fuel, [advantages]) -> ids r1, r2... in order.
    experts: {seat: {zone: card}}; upgrades: {seat: [cards]}; hand: {seat: [cards]} (replaces the
    hand; the old cards go back to the deck); discard: list bottom..top; pads: {seat: {zone: [ids]}};
    centre: launch-pad cards already in the launch-pad area.
    """
    for h_seat, cards in (hand or {}).items():
        s.deck.update(s.hands[h_seat])
        s.hands[h_seat] = Counter()
        for card in cards:
            _take_from_supply(s, card)
            s.hands[h_seat][card] += 1
    for owner, card, zone, metal, fuel, *rest in rockets:
        advantages = list(rest[0]) if rest else []
        for c in [card, *["metal"] * metal, *["fuel"] * fuel, *advantages]:
            _take_from_supply(s, c)
        rid = f"r{s.next_rocket}"
        s.next_rocket += 1
        s.rockets[rid] = Rocket(rid, owner, card, zone, metal, fuel, advantages)
    for e_seat, slots in (experts or {}).items():
        for zone, card in slots.items():
            _take_from_supply(s, card)
            s.tableaux[e_seat].experts[zone] = card
    for u_seat, cards in (upgrades or {}).items():
        for card in cards:
            _take_from_supply(s, card)
            s.tableaux[u_seat].upgrades.append(card)
    if discard is not None:
        s.deck.update(s.discard)
        s.discard.clear()
        for card in discard:
            _take_from_supply(s, card)
            s.discard.append(card)
    for p_seat, zones in (pads or {}).items():
        for zone, cards in zones.items():
            for card in cards:
                _take_from_supply(s, card)
                s.tableaux[p_seat].pads[zone].append(card)
    for card in centre or []:
        _take_from_supply(s, card)
        s.centre.append(card)
    assert s.card_total() == 140, s.card_total()
    s._legal_cache = None
    if start_turn:
        s._start_turn(seat)
        s._continue()
    return s


def to_draw(s):
    """Finish step 2 (advancing) without advancing anything."""
    while s.phase == "advance":
        s.apply("done")
    return s


def to_play(s, fill: str = "fuel"):
    """Finish steps 2 and 3: no advancing, deck draws come out as `fill` (if the deck has it)."""
    to_draw(s)
    while s.phase in ("draw", "draw_deck"):
        if s.current_player() == CHANCE:
            s.apply(f"deck {fill}")
        else:
            s.apply("draw")
    assert s.phase == "play", s.phase
    return s


def to_discard(s):
    to_play(s)
    s.apply("done")
    while s.current_player() == CHANCE:
        s.apply("deck fuel")
    return s


def end_turn(s):
    """Finish the current turn: no plays, discard down to the limit (last cards first), done."""
    if s.phase in ("advance", "draw", "draw_deck"):
        to_play(s)
    if s.phase == "play":
        s.apply("done")
    while s.current_player() == CHANCE:
        s.apply(f"deck {min(s._draw_pool())}")
    seat = s.turn_seat
    while s.hands[seat].total() > s.hand_limit(seat):
        s.apply(f"discard {max(s.hands[seat])}")
    s.apply("done")
    return s


def hand(s, seat: int) -> list[str]:
    return sorted(s.hands[seat].elements())


def zones_empty(s, seat: int) -> bool:
    return all(s.tableaux[seat].experts[z] is None for z in ZONES)


def set_hand(s, seat: int, cards) -> None:
    """Replace a hand in the middle of a turn (old cards back to the deck, new ones out of it)."""
    s.deck.update(s.hands[seat])
    s.hands[seat] = Counter()
    for card in cards:
        _take_from_supply(s, card)
        s.hands[seat][card] += 1
    s._legal_cache = None
    assert s.card_total() == 140
