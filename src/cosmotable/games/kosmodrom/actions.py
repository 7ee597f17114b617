"""Kosmodrom actions: frozen values with a stable text form, a JSON form, and parsers for both.

Text forms (card ids as in data/cards.toml, rockets as r1, r2..., zone places as SEAT:ZONE):
  chance:      `first 2` (who starts, at set-up), `deck metal` (the card drawn from the deck),
               `pick fuel` (a card stolen at random)
  step 2:      `advance r3`, `done`
  step 3:      `draw` (from the deck), `take` (the top card of the discard pile)
  step 4:      `play swift`, `play metal r3`, `play jack test`, `play astronaut r3`, `play warehouse`,
               `play scrub r5`, `play key_to_start 1:test`, `play budget_cut 2`, `play headhunting 2:launch`,
               `play sabotage r4 fuel`, `play soldering_iron metal`, `play espionage 1,2`, `play research`,
               `done`
  negotiation: a whole offer `gift 2 metal,fuel` / `trade 2 metal,fuel for jack` (also written
               `trade 2 give metal,fuel for jack`), or the same built step by step (what
               `legal_actions` lists, a small fixed set): `offer 2`, `give metal`, `give fuel`,
               `want jack`, then `propose` (or `withdraw`); answered by `accept` / `refuse`
  step 6:      `discard metal`, `done`; Field Duty: `discard metal` by each seat in turn
  after a steal: `keep oxygen` or `discard oxygen` for each stolen card, in the order stolen
  after an action card discarded several kinds of cards: `top oxygen` (the card its player puts on top)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from cosmotable.engine.core import Action
from cosmotable.engine.inputs import action_from_fields
from cosmotable.games.kosmodrom.cards import default_cards


def _card(word: str) -> str:
    word = word.strip().lower()
    if word not in default_cards().cards:
        raise ValueError(f"unknown card {word!r}; cards are: {', '.join(default_cards().cards)}")
    return word


@dataclass(frozen=True)
class DeckCard(Action):
    """Chance: the card that comes off the face-down deck."""

    kind: ClassVar[str] = "deck"
    card: str


@dataclass(frozen=True)
class First(Action):
    """Chance at set-up: the seat that takes the first turn (rulebook, подготовка 8; Ruling K1)."""

    kind: ClassVar[str] = "first"
    seat: int


@dataclass(frozen=True)
class Pick(Action):
    """Chance: the card Industrial Espionage pulls at random from the victim's hand."""

    kind: ClassVar[str] = "pick"
    card: str


@dataclass(frozen=True)
class Advance(Action):
    """Step 2: advance one of your complete rockets to the next zone."""

    kind: ClassVar[str] = "advance"
    rocket: str


@dataclass(frozen=True)
class Done(Action):
    """End the current step (advancing, playing, discarding)."""

    kind: ClassVar[str] = "done"


@dataclass(frozen=True)
class Draw(Action):
    """Step 3: draw the next card from the deck."""

    kind: ClassVar[str] = "draw"


@dataclass(frozen=True)
class Take(Action):
    """Step 3: take the top card of the discard pile (at most one per turn)."""

    kind: ClassVar[str] = "take"


@dataclass(frozen=True)
class Play(Action):
    """Step 4: play a card from your hand; `target` names where or on what (empty if nothing)."""

    kind: ClassVar[str] = "play"
    card: str
    target: str = ""

    def __str__(self) -> str:
        return f"play {self.card} {self.target}".rstrip()


@dataclass(frozen=True)
class Keep(Action):
    """After a steal: keep the stolen card in hand (it may then be played like any other card)."""

    kind: ClassVar[str] = "keep"
    card: str


@dataclass(frozen=True)
class Discard(Action):
    """Step 6 (or Field Duty): discard one card of this kind from your hand."""

    kind: ClassVar[str] = "discard"
    card: str


@dataclass(frozen=True)
class Top(Action):
    """After an action card discarded several kinds of cards: the one its player puts on top."""

    kind: ClassVar[str] = "top"
    card: str


def _cards_text(cards: tuple[str, ...]) -> str:
    return ",".join(cards)


@dataclass(frozen=True)
class Gift(Action):
    """Negotiation, the whole offer at once: give `cards` (any number, from your hand) to a seat."""

    kind: ClassVar[str] = "gift"
    seat: int
    cards: tuple[str, ...]

    def __str__(self) -> str:
        return f"gift {self.seat} {_cards_text(self.cards)}"


@dataclass(frozen=True)
class Trade(Action):
    """Negotiation, the whole offer at once: `give` (your cards) to a seat for its `want` cards."""

    kind: ClassVar[str] = "trade"
    seat: int
    give: tuple[str, ...]
    want: tuple[str, ...]

    def __str__(self) -> str:
        return f"trade {self.seat} {_cards_text(self.give)} for {_cards_text(self.want)}"


@dataclass(frozen=True)
class Offer(Action):
    """Negotiation step by step: start an offer to a seat (then `give`, `want`, `propose`)."""

    kind: ClassVar[str] = "offer"
    seat: int


@dataclass(frozen=True)
class Give(Action):
    """Negotiation step: add one card of your hand to the offer being built."""

    kind: ClassVar[str] = "give"
    card: str


@dataclass(frozen=True)
class Want(Action):
    """Negotiation step: ask for one card of the other seat's in the offer being built."""

    kind: ClassVar[str] = "want"
    card: str


@dataclass(frozen=True)
class Propose(Action):
    """Negotiation step: make the offer built (a gift if it asks for nothing, else a trade)."""

    kind: ClassVar[str] = "propose"


@dataclass(frozen=True)
class Withdraw(Action):
    """Negotiation step: drop the offer being built (nothing is offered)."""

    kind: ClassVar[str] = "withdraw"


@dataclass(frozen=True)
class Accept(Action):
    kind: ClassVar[str] = "accept"


@dataclass(frozen=True)
class Refuse(Action):
    kind: ClassVar[str] = "refuse"


_SHARED: dict[tuple, Action] = {}
A = TypeVar("A", bound=Action)


def shared(kind: type[A], *fields: str) -> A:
    """The action `kind(*fields)`, one shared frozen instance per value: the moves and draws of a
    search are listed afresh at every step, and building a frozen dataclass costs more than
    looking it up. (A finite set: card kinds, rocket numbers, seats and zones.)"""
    key = (kind, *fields)
    action = _SHARED.get(key)
    if action is None:
        action = _SHARED[key] = kind(*fields)
    return action  # type: ignore[return-value]


ACTION_TYPES: dict[str, type[Action]] = {
    cls.kind: cls
    for cls in (
        First,
        DeckCard,
        Pick,
        Advance,
        Done,
        Draw,
        Take,
        Play,
        Keep,
        Discard,
        Top,
        Gift,
        Trade,
        Offer,
        Give,
        Want,
        Propose,
        Withdraw,
        Accept,
        Refuse,
    )
}
_BARE = {
    "done": Done,
    "draw": Draw,
    "take": Take,
    "accept": Accept,
    "refuse": Refuse,
    "propose": Propose,
    "withdraw": Withdraw,
}


def _seat(word: str) -> int:
    if not word.isdigit():
        raise ValueError(f"expected a seat number, got {word!r}")
    return int(word)


def _target(words: list[str]) -> str:
    for w in words:
        if not all(ch.isalnum() or ch in ":,_" for ch in w):
            raise ValueError(f"bad target {w!r}")
    return " ".join(w.lower() for w in words)


def _cards(text: str) -> tuple[str, ...]:
    """`metal,fuel,metal` -> the cards in a canonical (sorted) order: an offer is a multiset."""
    words = [w for w in text.split(",")]
    if not all(w.strip() for w in words):
        raise ValueError(f"name the cards separated by commas, e.g. 'metal,fuel' (got {text!r})")
    return tuple(sorted(_card(w) for w in words))


_TRADE_USAGE = (
    "use 'trade <seat> <your cards> for <their cards>', e.g. 'trade 2 metal,fuel for jack' "
    "(or 'trade 2 give metal,fuel for jack')"
)


def _trade(args: list[str]) -> Trade:
    words = [w.lower() for w in args]
    if len(words) == 3 and "for" not in words:  # the one-for-one form: trade 2 metal jack
        return Trade(_seat(words[0]), _cards(words[1]), _cards(words[2]))
    if len(words) == 5 and words[1] == "give":
        del words[1]
    if len(words) != 4 or words[2] != "for":
        raise ValueError(_TRADE_USAGE)
    return Trade(_seat(words[0]), _cards(words[1]), _cards(words[3]))


def parse_action(text: str) -> Action:
    words = text.strip().split()
    if not words:
        raise ValueError("empty action")
    verb, args = words[0].lower(), words[1:]
    if verb in _BARE:
        if args:
            raise ValueError(f"'{verb}' takes no arguments")
        return _BARE[verb]()
    if verb in ("deck", "pick", "discard", "top", "keep", "give", "want"):
        if len(args) != 1:
            raise ValueError(f"use '{verb} <card>', e.g. '{verb} metal'")
        return {
            "deck": DeckCard,
            "pick": Pick,
            "discard": Discard,
            "top": Top,
            "keep": Keep,
            "give": Give,
            "want": Want,
        }[verb](_card(args[0]))
    if verb == "offer":
        if len(args) != 1:
            raise ValueError(
                "use 'offer <seat>', e.g. 'offer 2' (then 'give <card>', 'want <card>', 'propose')"
            )
        return Offer(_seat(args[0]))
    if verb == "first":
        if len(args) != 1:
            raise ValueError("use 'first <seat>', e.g. 'first 2'")
        return First(_seat(args[0]))
    if verb == "advance":
        if len(args) != 1 or not args[0].lower().startswith("r") or not args[0][1:].isdigit():
            raise ValueError("use 'advance rN', e.g. 'advance r3'")
        return Advance(args[0].lower())
    if verb == "play":
        if not args:
            raise ValueError("use 'play <card> [target]', e.g. 'play metal r3'")
        return Play(_card(args[0]), _target(args[1:]))
    if verb == "gift":
        if len(args) != 2:
            raise ValueError("use 'gift <seat> <cards>', e.g. 'gift 2 metal' or 'gift 2 metal,fuel'")
        return Gift(_seat(args[0]), _cards(args[1]))
    if verb == "trade":
        return _trade(args)
    raise ValueError(
        f"unknown action {verb!r}; actions are: advance, done, draw, take, play, keep, discard, top, gift, trade, "
        "offer, give, want, propose, withdraw, accept, refuse (chance: first, deck, pick)"
    )


def action_from_json(data: Mapping[str, Any]) -> Action:
    """JSON form -> Action: the engine checks the kind, refuses unknown fields and checks every
    field's type; the round trip through the text form then applies the same checks as text."""
    return parse_action(str(action_from_fields(ACTION_TYPES, data)))
