"""The values the engine passes around: actions, events, a game's configuration, and the two
special players (`CHANCE`, `TERMINAL`). Frozen or plain data with their JSON forms; the Game and
the State that use them are core.py's.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

from cosmotable.engine.errors import ConfigError
from cosmotable.engine.inputs import field_problem, quoted

#: `current_player()` while a chance outcome (roll, shuffle, draw) is due.
CHANCE = -1
#: `current_player()` once the game is over.
TERMINAL = -4


class Action:
    """Base class of every game's actions.

    Subclasses are frozen dataclasses with a class-level `kind`. `str(action)` is the stable short
    text form (`travel 2,A`); `to_json()` the JSON form. Each game's `parse_action` and
    `action_from_json` invert them.
    """

    kind: ClassVar[str] = "action"

    def field_problem(self) -> str | None:
        """What is wrong with this action's field values (judged by the annotations), or None."""
        return field_problem(self)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):  # type: ignore[arg-type]
            value = getattr(self, f.name)
            data[f.name] = list(value) if isinstance(value, tuple) else value
        return data

    def __str__(self) -> str:
        """The default text form: the kind (underscores as hyphens), then each field's value
        (`board helper`, `deal-mission s07`, `stay`). Actions with a richer form override it."""
        return " ".join([self.kind.replace("_", "-"), *(str(getattr(self, f.name)) for f in fields(self))])  # type: ignore[arg-type]


@dataclass(frozen=True)
class Event:
    """Something that happened, for logs and UIs.

    `visible_to` is None when every seat may see the event, else the seats that may.
    """

    kind: str
    text: str
    seat: int | None = None
    data: Mapping[str, Any] = field(default_factory=dict)
    visible_to: frozenset[int] | None = None

    def visible(self, seat: int | None) -> bool:
        """True if `seat` (None = a spectator) may see this event."""
        return self.visible_to is None or (seat is not None and seat in self.visible_to)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text, "seat": self.seat, "data": dict(self.data)}


@dataclass(frozen=True)
class GameConfig:
    """What a game was started with: player count, enabled variants, game options."""

    num_players: int
    variants: frozenset[str] = frozenset()
    options: Mapping[str, Any] = field(default_factory=dict)

    def has(self, variant: str) -> bool:
        return variant in self.variants

    def to_json(self) -> dict[str, Any]:
        return {
            "num_players": self.num_players,
            "variants": sorted(self.variants),
            "options": dict(self.options),
        }

    @classmethod
    def from_json(cls, data: Any) -> GameConfig:
        if not isinstance(data, dict):
            raise ConfigError("config must be an object with num_players, variants and options")
        unknown = sorted(set(data) - {"num_players", "variants", "options"})
        if unknown:
            raise ConfigError(
                f"config has unknown field(s) {quoted(', '.join(map(str, unknown)), 80)}; "
                "its fields are num_players, variants and options"
            )
        num = data.get("num_players")
        if not isinstance(num, int) or isinstance(num, bool):
            raise ConfigError(f"config.num_players must be an integer, got {quoted(num)}")
        variants = data.get("variants", [])
        if not isinstance(variants, list) or not all(isinstance(v, str) for v in variants):
            raise ConfigError(f"config.variants must be a list of names, got {quoted(variants)}")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise ConfigError(f"config.options must be an object, got {quoted(options)}")
        return cls(num, frozenset(variants), options)


def canonical_json(data: Any) -> str:
    """Deterministic JSON text (sorted keys, no spaces) for digests and equality checks."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest(data: Any) -> str:
    return hashlib.sha256(canonical_json(data).encode("utf-8")).hexdigest()


_new_event = object.__new__


def new_event(
    kind: str,
    text: str,
    seat: int | None = None,
    data: Mapping[str, Any] | None = None,
    visible_to: Iterable[int] | None = None,
) -> Event:
    """Event(kind, text, seat, data, visible_to), filled in directly: a frozen dataclass's __init__
    sets each field through object.__setattr__, half the cost of an event, and a game makes one or
    more at every step (State.emit, or a game that words its events later)."""
    event = _new_event(Event)
    event.__dict__.update(
        kind=kind,
        text=text,
        seat=seat,
        data={} if data is None else data,
        visible_to=None if visible_to is None else frozenset(visible_to),
    )
    return event
