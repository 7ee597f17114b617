"""Planet actions: frozen values with a stable text form, a JSON form, and parsers for both.

Text forms (cells are named `d5` on the planet, `s:c2` on the station; astronauts 1-3):
  move 2 NE | move 2 NE coin | move 2 canyon   step one cell (carrying a coin) / cross a canyon
  drift 1 +2 | drift 1 -3                       an astronaut in space floats along the edge
  sail +3 | sail -1                             the ship moves around the planet or station
  fly s:b1 | fly e10                            the fuelled ship flies to the station / planet
  go SW | knight 2N1E | jump N | to d5          continue a move: arrow, knight, trampoline, dragonfly
  peek d5 | meteor d5 | turn d5 1 | beam d5     obelisk, meteorite, arrow turning, tractor beam
  ability pocket 1 | ability boots 1 N ...      an ability card (target SHIP: your ship, ALLY: your ally's)
  end turn                                      close the turn after its action (ability window)
  claim | agree | refuse | pass
Chance outcomes: reveal KIND | orient K (quarter turns clockwise) | draw CARD; an obelisk peek draws the
kind and its orientation as one outcome, `reveal KIND K` (Ruling R3), so no one else learns the kind.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from cosmotable.engine.core import Action
from cosmotable.engine.inputs import action_from_fields
from cosmotable.games.planet.board import DIRS, parse_cell


def knight_code(dr: int, dc: int) -> str:
    return f"{abs(dr)}{'N' if dr < 0 else 'S'}{abs(dc)}{'W' if dc < 0 else 'E'}"


KNIGHT_DELTAS = [(dr, dc) for dr in (-2, -1, 1, 2) for dc in (-2, -1, 1, 2) if abs(dr) != abs(dc)]
KNIGHTS = {knight_code(dr, dc): (dr, dc) for dr, dc in KNIGHT_DELTAS}


class _Simple(Action):
    """Text form: the kind followed by the fields in order (optional flags only when set)."""

    def __str__(self) -> str:
        parts = [self.kind]
        for f in fields(self):  # type: ignore[arg-type]
            value = getattr(self, f.name)
            if isinstance(value, bool):
                if value:
                    parts.append(f.name)
            elif value is None:  # an optional number left out
                continue
            elif f.name == "steps":
                parts.append(f"{value:+d}")
            elif value != "":
                parts.append(str(value))
        return " ".join(parts)


@dataclass(frozen=True)
class Move(_Simple):
    kind: ClassVar[str] = "move"
    astronaut: int
    way: str  # a direction, or "canyon" for the second half of a canyon
    coin: bool = False


@dataclass(frozen=True)
class Drift(_Simple):
    kind: ClassVar[str] = "drift"
    astronaut: int
    steps: int


@dataclass(frozen=True)
class Sail(_Simple):
    kind: ClassVar[str] = "sail"
    steps: int


@dataclass(frozen=True)
class Fly(_Simple):
    kind: ClassVar[str] = "fly"
    cell: str


@dataclass(frozen=True)
class Go(_Simple):
    kind: ClassVar[str] = "go"
    way: str


@dataclass(frozen=True)
class Knight(_Simple):
    kind: ClassVar[str] = "knight"
    way: str


@dataclass(frozen=True)
class Jump(_Simple):
    kind: ClassVar[str] = "jump"
    way: str


@dataclass(frozen=True)
class To(_Simple):
    kind: ClassVar[str] = "to"
    cell: str


@dataclass(frozen=True)
class Peek(_Simple):
    kind: ClassVar[str] = "peek"
    cell: str


@dataclass(frozen=True)
class Meteor(_Simple):
    kind: ClassVar[str] = "meteor"
    cell: str


@dataclass(frozen=True)
class Turn(_Simple):
    kind: ClassVar[str] = "turn"
    cell: str
    quarter: int


@dataclass(frozen=True)
class Beam(_Simple):
    kind: ClassVar[str] = "beam"
    cell: str


@dataclass(frozen=True)
class Ability(_Simple):
    kind: ClassVar[str] = "ability"
    card: str
    astronaut: int = 0
    target: str = ""

    def __str__(self) -> str:
        parts = ["ability", self.card]
        if self.astronaut:
            parts.append(str(self.astronaut))
        if self.target:
            parts.append(self.target)
        return " ".join(parts)


@dataclass(frozen=True)
class Claim(_Simple):
    kind: ClassVar[str] = "claim"


@dataclass(frozen=True)
class Agree(_Simple):
    kind: ClassVar[str] = "agree"


@dataclass(frozen=True)
class Refuse(_Simple):
    kind: ClassVar[str] = "refuse"


@dataclass(frozen=True)
class Pass(_Simple):
    kind: ClassVar[str] = "pass"


@dataclass(frozen=True)
class EndTurn(_Simple):
    """Close the turn in the ability window after the action (Ruling R20)."""

    kind: ClassVar[str] = "end"

    def __str__(self) -> str:
        return "end turn"


@dataclass(frozen=True)
class Reveal(_Simple):
    """A face-down tile's kind, drawn; `quarter` is its orientation too, drawn in the same outcome
    when an obelisk peeks at a tile that has several (Ruling R3), else None."""

    kind: ClassVar[str] = "reveal"
    tile: str
    quarter: int | None = None

    def to_json(self) -> dict[str, Any]:
        data = super().to_json()
        if self.quarter is None:
            del data["quarter"]
        return data


@dataclass(frozen=True)
class Orient(_Simple):
    kind: ClassVar[str] = "orient"
    quarter: int


@dataclass(frozen=True)
class Draw(_Simple):
    kind: ClassVar[str] = "draw"
    card: str


ACTION_TYPES: dict[str, type[Action]] = {
    cls.kind: cls
    for cls in (
        Move,
        Drift,
        Sail,
        Fly,
        Go,
        Knight,
        Jump,
        To,
        Peek,
        Meteor,
        Turn,
        Beam,
        Ability,
        Claim,
        Agree,
        Refuse,
        Pass,
        EndTurn,
        Reveal,
        Orient,
        Draw,
    )
}


def _direction(text: str) -> str:
    way = text.upper()
    if way not in DIRS:
        raise ValueError(f"{text!r} is not a direction; use {', '.join(DIRS)}")
    return way


def _cell(text: str) -> str:
    parse_cell(text)
    return text.lower()


def _int(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"{what} must be a number, got {text!r}") from None


def _steps(text: str) -> int:
    n = _int(text, "the distance")
    if n == 0 or abs(n) > 3 or text[0] not in "+-":
        raise ValueError(f"the distance must be +1..+3 (clockwise) or -1..-3, got {text!r}")
    return n


def parse_action(text: str) -> Action:
    words = text.strip().split()
    if not words:
        raise ValueError("empty action")
    verb, args = words[0].lower(), words[1:]
    cls = ACTION_TYPES.get(verb)
    if cls is None:
        raise ValueError(f"unknown action {verb!r}; actions are: {', '.join(ACTION_TYPES)}")
    usage = {
        "move": "move <astronaut 1-3> <direction|canyon> [coin]",
        "drift": "drift <astronaut> <+/-1..3>",
        "sail": "sail <+/-1..3>",
        "fly": "fly <cell>",
        "go": "go <direction>",
        "knight": "knight <e.g. 2N1E>",
        "jump": "jump <direction>",
        "to": "to <cell>",
        "peek": "peek <cell>",
        "meteor": "meteor <cell>",
        "turn": "turn <cell> <0-3>",
        "beam": "beam <cell>",
        "reveal": "reveal <tile kind> [0-3]",
        "orient": "orient <0-3>",
        "draw": "draw <card>",
        "ability": "ability <card> [astronaut] [target]",
    }.get(verb, verb)
    if cls is EndTurn:
        if args and [a.lower() for a in args] != ["turn"]:
            raise ValueError("use 'end turn'")
        return EndTurn()
    if cls in (Claim, Agree, Refuse, Pass):
        if args:
            raise ValueError(f"'{verb}' takes no arguments")
        return cls()
    if cls is Move:
        if len(args) not in (2, 3) or (len(args) == 3 and args[2].lower() != "coin"):
            raise ValueError(f"use '{usage}'")
        way = "canyon" if args[1].lower() == "canyon" else _direction(args[1])
        return Move(_int(args[0], "the astronaut"), way, len(args) == 3)
    if cls is Drift:
        if len(args) != 2:
            raise ValueError(f"use '{usage}'")
        return Drift(_int(args[0], "the astronaut"), _steps(args[1]))
    if cls is Sail:
        if len(args) != 1:
            raise ValueError(f"use '{usage}'")
        return Sail(_steps(args[0]))
    if cls in (Fly, To, Peek, Meteor, Beam):
        if len(args) != 1:
            raise ValueError(f"use '{usage}'")
        return cls(_cell(args[0]))
    if cls in (Go, Jump):
        if len(args) != 1:
            raise ValueError(f"use '{usage}'")
        return cls(_direction(args[0]))
    if cls is Knight:
        if len(args) != 1 or args[0].upper() not in KNIGHTS:
            raise ValueError(f"use '{usage}' with one of {', '.join(KNIGHTS)}")
        return Knight(args[0].upper())
    if cls is Turn:
        if len(args) != 2:
            raise ValueError(f"use '{usage}'")
        return Turn(_cell(args[0]), _int(args[1], "the quarter turns") % 4)
    if cls is Orient:
        if len(args) != 1:
            raise ValueError(f"use '{usage}'")
        return Orient(_int(args[0], "the quarter turns") % 4)
    if cls is Reveal:
        if len(args) not in (1, 2):
            raise ValueError(f"use '{usage}'")
        quarter = _int(args[1], "the quarter turns") % 4 if len(args) == 2 else None
        return Reveal(args[0].lower(), quarter)
    if cls is Draw:
        if len(args) != 1:
            raise ValueError(f"use '{usage}'")
        return cls(args[0].lower())
    if cls is Ability:
        if not 1 <= len(args) <= 3:
            raise ValueError(f"use '{usage}'")
        astronaut = _int(args[1], "the astronaut") if len(args) > 1 else 0
        target = args[2] if len(args) > 2 else ""
        if target:
            up = target.upper()
            target = up if up in DIRS or up in KNIGHTS or up in ("SHIP", "ALLY") else _cell(target)
        return Ability(args[0].lower(), astronaut, target)
    raise ValueError(f"use '{usage}'")  # pragma: no cover


def action_from_json(data: Mapping[str, Any]) -> Action:
    """JSON form -> Action: the engine checks the kind, refuses unknown fields and checks every
    field's type; the round trip through the text form then applies the same checks as text."""
    return parse_action(str(action_from_fields(ACTION_TYPES, data)))
