"""The 140 Kosmodrom cards as data (`data/cards.toml`): loading and validation.

Counts, points and component requirements come from the rulebook's card overview ("Обзор карт");
validation collects every problem and names the offending entry.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache, cached_property
from importlib import resources
from typing import Any, TypeGuard

from cosmotable.engine.errors import DataError

CARD_TYPES = ("rocket", "component", "expert", "advantage", "launch_pad", "action", "upgrade")
#: rulebook (схема игрового поля): the three zones of every player, in the order rockets advance.
ZONES = ("assembly", "test", "launch")
ZONE_NAMES = {"assembly": "assembly shop", "test": "test stand", "launch": "launch table"}
ZONE_AT = {"assembly": "in the assembly shop", "test": "on the test stand", "launch": "on the launch table"}
DECK_SIZE = 140
#: rulebook (ход игры, шаг 3): the hand limit; Warehouse raises it to 8.
HAND_LIMIT, WAREHOUSE_LIMIT = 6, 8
#: rulebook (подготовка, шаг 5): six cards each.
DEAL = 6
TARGETS = (
    "rocket",
    "launch_pad",
    "upgrade",
    "own_rocket",
    "none",
    "expert",
    "rocket_component",
    "discard",
    "opponents",
    "oxygen",
)


@dataclass(frozen=True)
class Card:
    id: str
    type: str
    name_ru: str
    name_en: str
    count: int
    points: int
    requirements: dict[str, Any]
    text: str

    # Read once per card: the rules ask them at every step (is a rocket complete, where may a card go),
    # a few million times in a search.
    @cached_property
    def metal(self) -> int:
        return self.requirements.get("metal", 0)

    @cached_property
    def fuel(self) -> int:
        return self.requirements.get("fuel", 0)

    @cached_property
    def zone(self) -> str | None:
        return self.requirements.get("zone")

    @property
    def name(self) -> str:
        return f"{self.name_en} ({self.name_ru})"


@dataclass(frozen=True)
class CardSet:
    source: str
    version: int
    cards: dict[str, Card]

    def of_type(self, kind: str) -> tuple[str, ...]:
        return tuple(c.id for c in self.cards.values() if c.type == kind)

    @property
    def total(self) -> int:
        return sum(c.count for c in self.cards.values())

    @cached_property
    def tradeable(self) -> tuple[str, ...]:
        """The card kinds that may change hands in an offer: all but the launch-pad cards (which
        never leave the deck for a hand). Listed once: a search asks at every offer step."""
        return tuple(c.id for c in self.cards.values() if c.type != "launch_pad")


def _int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def card_problems(data: dict[str, Any]) -> list[str]:
    """Every problem in a card file; an empty list means it is valid."""
    problems: list[str] = []
    if data.get("format") != "kosmodrom-cards":
        problems.append(f'format: must be "kosmodrom-cards", got {data.get("format")!r}')
    if not _int(data.get("version")):
        problems.append(f"version: must be an integer, got {data.get('version')!r}")
    if not isinstance(data.get("source"), str) or not data["source"].strip():
        problems.append("source: say where the values come from (e.g. the rulebook's card overview)")
    entries = data.get("card")
    if not isinstance(entries, list) or not entries:
        problems.append("card: the file needs [[card]] entries")
        return problems
    seen: set[str] = set()
    total = 0
    for index, entry in enumerate(entries):
        where = f"card #{index + 1}"
        if not isinstance(entry, dict):
            problems.append(f"{where}: must be a table")
            continue
        ident = entry.get("id")
        if not isinstance(ident, str) or not ident.replace("_", "").isalnum() or not ident.islower():
            problems.append(f"{where}: 'id' must be a lower-case word (letters, digits, _), got {ident!r}")
        else:
            where = f"card {ident!r}"
            if ident in seen:
                problems.append(f"{where}: duplicate id")
            seen.add(ident)
        kind = entry.get("type")
        if kind not in CARD_TYPES:
            problems.append(f"{where}: 'type' must be one of {', '.join(CARD_TYPES)}, got {kind!r}")
        for key in ("name_ru", "name_en", "text"):
            if not isinstance(entry.get(key), str) or not entry[key].strip():
                problems.append(f"{where}: '{key}' must be a non-empty string")
        count = entry.get("count")
        if not _int(count) or count < 1:
            problems.append(f"{where}: 'count' must be a positive integer, got {count!r}")
        else:
            total += count
        if not _int(entry.get("points")) or entry["points"] < 0:
            problems.append(f"{where}: 'points' must be a non-negative integer, got {entry.get('points')!r}")
        req = entry.get("requirements", {})
        if not isinstance(req, dict):
            problems.append(f"{where}: 'requirements' must be a table")
            continue
        if kind == "rocket":
            for part in ("metal", "fuel"):
                if not _int(req.get(part)) or req[part] < 1:
                    problems.append(
                        f"{where}: a rocket needs requirements.{part} >= 1, got {req.get(part)!r}"
                    )
            if _int(entry.get("points")) and entry["points"] < 1:
                problems.append(f"{where}: a rocket must be worth points")
        elif kind in ("component", "advantage"):
            if req.get("zone") not in ZONES:
                problems.append(
                    f"{where}: requirements.zone must be one of {', '.join(ZONES)}, got {req.get('zone')!r}"
                )
        elif kind == "expert":
            if req.get("zone") not in (*ZONES, "any"):
                problems.append(
                    f'{where}: requirements.zone must be a zone or "any", got {req.get("zone")!r}'
                )
        elif kind == "action" and req.get("target") not in TARGETS:
            problems.append(
                f"{where}: requirements.target must be one of {', '.join(TARGETS)}, got {req.get('target')!r}"
            )
    if total != DECK_SIZE and not any("count" in p for p in problems):
        problems.append(f"card: the counts add up to {total}, but the game has {DECK_SIZE} cards")
    kinds = {e.get("type") for e in entries if isinstance(e, dict)}
    for kind in CARD_TYPES:
        if kind not in kinds:
            problems.append(f"card: no card of type {kind!r}")
    return problems


def cards_from_data(data: dict[str, Any], where: str = "cards") -> CardSet:
    problems = card_problems(data)
    if problems:
        raise DataError(where, problems)
    cards = {
        e["id"]: Card(
            e["id"],
            e["type"],
            e["name_ru"],
            e["name_en"],
            e["count"],
            e["points"],
            dict(e.get("requirements", {})),
            e["text"],
        )
        for e in data["card"]
    }
    return CardSet(data["source"], data["version"], cards)


@cache
def default_cards() -> CardSet:
    text = resources.files("cosmotable.games.kosmodrom").joinpath("data", "cards.toml").read_text("utf-8")
    return cards_from_data(tomllib.loads(text), "cosmotable/games/kosmodrom/data/cards.toml")


#: The card ids the rules refer to by name (checked against the data at import of state.py).
ROCKETS = ("swift", "rapid", "intrepid", "fearless")
COMPONENTS = ("metal", "fuel")
EXPERTS = ("engineer", "inspector", "mission_control", "jack")
ADVANTAGES = ("certification", "astronaut", "oxygen", "top_secret")
PADS = ("pad_tl", "pad_tr", "pad_bl", "pad_br")
ACTIONS = (
    "scrub",
    "key_to_start",
    "budget_cut",
    "top_priority",
    "research",
    "retest",
    "headhunting",
    "brainstorm",
    "sabotage",
    "soldering_iron",
    "field_duty",
    "espionage",
    "vacuum",
)
UPGRADES = ("labor_contract", "overtime", "security_system", "warehouse")
