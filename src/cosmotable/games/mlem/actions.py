"""MLEM actions: frozen values with a stable text form, a JSON form, and parsers for both.

Text forms: `board helper`, `roll 1,2,2,A`, `travel 2,A`, `travel 1,H2` (H2: the helper astronaut of
seat 2), `crash`, `stay`, `land moon`, `land planet`, `land planet azur`, `land moon +1`,
`land deep +1`, `return`; variants: `travel 2 +extra`, `travel +extra`, `travel 3 +keep`, `reroll`,
`return-mission s04`, and the chance outcomes `reveal-expedition x03`, `reveal-discovery d11`,
`deal-mission s17`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from cosmotable.engine.core import Action
from cosmotable.engine.inputs import action_from_fields
from cosmotable.games.mlem.board import ABILITIES, DIE_FACES
from cosmotable.games.mlem.dice import sort_faces


@dataclass(frozen=True)
class Board(Action):
    """Launch phase: put one of your available astronauts on the rocket board."""

    kind: ClassVar[str] = "board"
    astronaut: str

    def __str__(self) -> str:
        return "board " + self.astronaut


@dataclass(frozen=True)
class Roll(Action):
    """Chance: the commander's roll, as a multiset of faces."""

    kind: ClassVar[str] = "roll"
    faces: tuple[str, ...]

    def __str__(self) -> str:
        return "roll " + ",".join(self.faces)


@dataclass(frozen=True)
class Travel(Action):
    """Travel phase: use these whole groups of rolled dice plus these helper astronauts.

    UFO variant: `extra` adds every extra die of the expedition token that the space accepts;
    `keep` uses the token so the dice used now are not set aside.
    """

    kind: ClassVar[str] = "travel"
    groups: tuple[str, ...]
    helpers: tuple[int, ...] = ()
    extra: bool = False
    keep: bool = False

    def __str__(self) -> str:
        parts = ",".join([*self.groups, *(f"H{seat}" for seat in self.helpers)])
        flags = [flag for flag, on in (("+extra", self.extra), ("+keep", self.keep)) if on]
        return " ".join(["travel", *([parts] if parts else []), *flags])


@dataclass(frozen=True)
class Reroll(Action):
    """UFO variant: the expedition token's reroll - roll all available dice again, once."""

    kind: ClassVar[str] = "reroll"


@dataclass(frozen=True)
class RevealExpedition(Action):
    """Chance (UFO variant): the expedition token revealed at the start of an expedition."""

    kind: ClassVar[str] = "reveal_expedition"
    token: str


@dataclass(frozen=True)
class RevealDiscovery(Action):
    """Chance (Discovery variant): the next discovery token turned face up onto its space."""

    kind: ClassVar[str] = "reveal_discovery"
    token: str


@dataclass(frozen=True)
class DealMission(Action):
    """Chance (Secret Missions variant): the next mission token dealt (to the seat being dealt)."""

    kind: ClassVar[str] = "deal_mission"
    mission: str


@dataclass(frozen=True)
class ReturnMission(Action):
    """Secret Missions variant: keep three of the four dealt missions, returning this one."""

    kind: ClassVar[str] = "return_mission"
    mission: str


@dataclass(frozen=True)
class Crash(Action):
    """Travel phase: no rolled die fits and the commander declines the helpers; the rocket crashes."""

    kind: ClassVar[str] = "crash"


@dataclass(frozen=True)
class Stay(Action):
    """Landing phase: stay in the rocket."""

    kind: ClassVar[str] = "stay"


@dataclass(frozen=True)
class Land(Action):
    """Leave the rocket for a moon, a planet or deep space; `shift` is the navigator's +1/-1."""

    kind: ClassVar[str] = "land"
    place: str  # "moon" | "planet" | "deep"
    shift: int = 0
    planet: str | None = None  # named only where a space links to several planets

    def __str__(self) -> str:
        parts = ["land", self.place]
        if self.planet:
            parts.append(self.planet)
        if self.shift:
            parts.append(f"{self.shift:+d}")
        return " ".join(parts)


@dataclass(frozen=True)
class Return(Action):
    """After a crash: the parachutist does not land and returns to its owner."""

    kind: ClassVar[str] = "return"


ACTION_TYPES: dict[str, type[Action]] = {
    cls.kind: cls
    for cls in (
        Board,
        Roll,
        Travel,
        Crash,
        Stay,
        Land,
        Return,
        Reroll,
        RevealExpedition,
        RevealDiscovery,
        DealMission,
        ReturnMission,
    )
}
# Text verbs of the actions that name one token: verb -> class
_TOKEN_VERBS = {
    "reveal-expedition": RevealExpedition,
    "reveal-discovery": RevealDiscovery,
    "deal-mission": DealMission,
    "return-mission": ReturnMission,
}


def _faces(text: str) -> tuple[str, ...]:
    faces = tuple(f.strip().upper() for f in text.split(",") if f.strip())
    for face in faces:
        if face not in DIE_FACES:
            raise ValueError(f"unknown die face {face!r}; faces are {', '.join(DIE_FACES)}")
    return faces


def parse_action(text: str) -> Action:
    words = text.strip().split()
    if not words:
        raise ValueError("empty action")
    verb, args = words[0].lower(), words[1:]
    if verb in ("stay", "crash", "return", "reroll"):
        if args:
            raise ValueError(f"'{verb}' takes no arguments")
        return {"stay": Stay, "crash": Crash, "return": Return, "reroll": Reroll}[verb]()
    if verb in _TOKEN_VERBS:
        if len(args) != 1:
            raise ValueError(f"use '{verb} <token id>'")
        return _TOKEN_VERBS[verb](args[0])
    if verb == "board":
        if len(args) != 1 or args[0] not in ABILITIES:
            raise ValueError(f"use 'board <astronaut>' with one of: {', '.join(ABILITIES)}")
        return Board(args[0])
    if verb == "roll":
        if len(args) != 1:
            raise ValueError("use 'roll F,F,...' e.g. 'roll 1,2,2,A'")
        return Roll(sort_faces(_faces(args[0])))
    if verb == "travel":
        flags = {a.lower() for a in args if a.startswith("+")}
        items = [a for a in args if not a.startswith("+")]
        usage = "use 'travel G,G,...' with rolled faces and helpers, e.g. 'travel 2,A' or 'travel 1,H2', optionally +extra or +keep"
        if (
            not args
            or len(items) > 1
            or flags - {"+extra", "+keep"}
            or len(flags) != sum(a.startswith("+") for a in args)
        ):
            raise ValueError(usage)
        groups: list[str] = []
        helpers: list[int] = []
        for item in items[0].split(",") if items else []:
            item = item.strip().upper()
            if item.startswith("H") and item[1:].isdigit():
                helpers.append(int(item[1:]))
            else:
                groups.extend(_faces(item))
        if len(set(groups)) != len(groups) or len(set(helpers)) != len(helpers):
            raise ValueError("name each group of dice and each helper once")
        if not groups and not helpers and "+extra" not in flags:
            raise ValueError("travel needs at least one group of dice, a helper or +extra")
        return Travel(sort_faces(groups), tuple(sorted(helpers)), "+extra" in flags, "+keep" in flags)
    if verb == "land":
        if not args or args[0] not in ("moon", "planet", "deep"):
            raise ValueError(
                "use 'land moon', 'land planet [id]' or 'land deep', optionally followed by +1 or -1"
            )
        place, rest = args[0], args[1:]
        shift = 0
        if rest and rest[-1] in ("+1", "-1"):
            shift = int(rest[-1])
            rest = rest[:-1]
        planet = None
        if rest:
            if place != "planet" or len(rest) != 1:
                raise ValueError(f"unexpected {' '.join(rest)!r} after 'land {place}'")
            planet = rest[0]
        return Land(place, shift, planet)
    raise ValueError(f"unknown action {verb!r}; actions are: board, roll, travel, crash, stay, land, return")


def action_from_json(data: Mapping[str, Any]) -> Action:
    """JSON form -> Action: the engine checks the kind, refuses unknown fields and checks every
    field's type; the round trip through the text form then applies the same checks as text."""
    return parse_action(str(action_from_fields(ACTION_TYPES, data)))
