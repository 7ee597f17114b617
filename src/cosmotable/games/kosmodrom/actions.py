"""Kosmodrom actions: frozen values with a stable text form, a JSON form, and parsers for both.

Text forms (card ids as in data/cards.toml, rockets as r1, r2..., zone places as SEAT:ZONE):
  chance:      `deck metal` (the card drawn from the deck), `pick fuel` (a card stolen at random)
  step 2:      `advance r3`, `done`
  step 3:      `draw` (from the deck), `take` (the top card of the discard pile)
  step 4:      `play swift`, `play metal r3`, `play jack test`, `play astronaut r3`, `play warehouse`,
               `play scrub r5`, `play key_to_start 1:test`, `play budget_cut 2`, `play headhunting 2:launch`,
               `play sabotage r4 fuel`, `play soldering_iron metal`, `play espionage 1,2`, `play research`,
               `done`; negotiation: `gift 2 metal`, `trade 2 metal fuel`, answered by `accept` / `refuse`
  step 6:      `discard metal`, `done`; Field Duty: `discard metal` by each seat in turn
  after a steal: `keep oxygen` or `discard oxygen` for each stolen card, in the order stolen
  after an action card discarded several kinds of cards: `top oxygen` (the card its player puts on top)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

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


@dataclass(frozen=True)
class Gift(Action):
    """Negotiation: offer a card from your hand as a gift to a seat."""

    kind: ClassVar[str] = "gift"
    seat: int
    card: str


@dataclass(frozen=True)
class Trade(Action):
    """Negotiation: offer `give` from your hand to a seat for its `want`."""

    kind: ClassVar[str] = "trade"
    seat: int
    give: str
    want: str


@dataclass(frozen=True)
class Accept(Action):
    kind: ClassVar[str] = "accept"


@dataclass(frozen=True)
class Refuse(Action):
    kind: ClassVar[str] = "refuse"


ACTION_TYPES: dict[str, type[Action]] = {
    cls.kind: cls
    for cls in (DeckCard, Pick, Advance, Done, Draw, Take, Play, Keep, Discard, Top, Gift, Trade, Accept, Refuse)
}
_BARE = {"done": Done, "draw": Draw, "take": Take, "accept": Accept, "refuse": Refuse}


def _seat(word: str) -> int:
    if not word.isdigit():
        raise ValueError(f"expected a seat number, got {word!r}")
    return int(word)


def _target(words: list[str]) -> str:
    for w in words:
        if not all(ch.isalnum() or ch in ":,_" for ch in w):
            raise ValueError(f"bad target {w!r}")
    return " ".join(w.lower() for w in words)


def parse_action(text: str) -> Action:
    words = text.strip().split()
    if not words:
        raise ValueError("empty action")
    verb, args = words[0].lower(), words[1:]
    if verb in _BARE:
        if args:
            raise ValueError(f"'{verb}' takes no arguments")
        return _BARE[verb]()
    if verb in ("deck", "pick", "discard", "top", "keep"):
        if len(args) != 1:
            raise ValueError(f"use '{verb} <card>', e.g. '{verb} metal'")
        return {"deck": DeckCard, "pick": Pick, "discard": Discard, "top": Top, "keep": Keep}[verb](_card(args[0]))
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
            raise ValueError("use 'gift <seat> <card>'")
        return Gift(_seat(args[0]), _card(args[1]))
    if verb == "trade":
        if len(args) != 3:
            raise ValueError("use 'trade <seat> <your card> <their card>'")
        return Trade(_seat(args[0]), _card(args[1]), _card(args[2]))
    raise ValueError(
        f"unknown action {verb!r}; actions are: advance, done, draw, take, play, keep, discard, top, gift, trade, "
        "accept, refuse (chance: deck, pick)"
    )


def action_from_json(data: Mapping[str, Any]) -> Action:
    """JSON form -> Action: the engine checks the kind, refuses unknown fields and checks every
    field's type; the round trip through the text form then applies the same checks as text."""
    return parse_action(str(action_from_fields(ACTION_TYPES, data)))
