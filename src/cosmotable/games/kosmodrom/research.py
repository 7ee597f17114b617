"""Kosmodrom's research configurations (data/research.toml): small games for algorithms that walk
the whole game tree (OpenSpiel's exact CFR and exploitability). NOT the rulebook game: a
configuration replaces the deck, the deal and the hand limit and sets the turn cap; it allows no
variants. Chosen only by the `research` option (see RULINGS.md, "Research configurations")."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from cosmotable.engine.errors import ConfigError, DataError
from cosmotable.engine.inputs import research_problem
from cosmotable.games.kosmodrom.cards import PADS, default_cards

WHERE = "cosmotable/games/kosmodrom/data/research.toml"


@dataclass(frozen=True)
class Research:
    id: str
    description: str
    #: card id -> count; never a launch-pad card (the game ends at its turn cap, Ruling K26)
    deck: dict[str, int]
    deal: int
    hand_limit: int
    max_turns: int
    players: tuple[int, ...]


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


def configurations_from_data(data: dict[str, Any], where: str = WHERE) -> dict[str, Research]:
    """Every research configuration of `data`, checked (DataError lists every problem)."""
    problems: list[str] = []
    if data.get("format") != "kosmodrom-research":
        problems.append('format: must be "kosmodrom-research"')
    if not isinstance(data.get("source"), str):
        problems.append("'source' must say where the configurations come from")
    cards = default_cards().cards
    found: dict[str, Research] = {}
    for index, entry in enumerate(data.get("configuration", [])):
        at = f"configuration #{index + 1}"
        ident = entry.get("id")
        if not isinstance(ident, str) or not ident or ident in found:
            problems.append(f"{at}: 'id' must be a new non-empty string")
            continue
        at = f"configuration {ident!r}"
        deck, players = entry.get("deck"), entry.get("players")
        numbers = {key: entry.get(key) for key in ("deal", "hand_limit", "max_turns")}
        bad = [key for key, value in numbers.items() if not _count(value)]
        if bad:
            problems.append(f"{at}: {', '.join(bad)} must be whole numbers >= 1")
            continue
        if not isinstance(players, list) or not players or not all(p in (2, 3, 4) for p in players):
            problems.append(f"{at}: 'players' must list the player counts (2-4) it is made for")
            continue
        if not isinstance(deck, dict) or not deck or not all(_count(n) for n in deck.values()):
            problems.append(f"{at}: 'deck' must map card ids to counts >= 1")
            continue
        unknown = sorted(c for c in deck if c not in cards)
        if unknown:
            problems.append(f"{at}: unknown cards {unknown} (cards.toml names them)")
            continue
        pads = sorted(c for c in deck if c in PADS)
        if pads:
            problems.append(
                f"{at}: launch-pad cards {pads} are not allowed (a research game ends at its turn cap)"
            )
            continue
        if numbers["deal"] > numbers["hand_limit"]:
            problems.append(
                f"{at}: deals {numbers['deal']} cards, more than the hand limit {numbers['hand_limit']}"
            )
            continue
        if sum(deck.values()) < numbers["deal"] * max(players):
            problems.append(
                f"{at}: {sum(deck.values())} cards cannot deal {numbers['deal']} to {max(players)} players"
            )
            continue
        found[ident] = Research(
            ident,
            str(entry.get("description", "")),
            dict(deck),
            numbers["deal"],
            numbers["hand_limit"],
            numbers["max_turns"],
            tuple(players),
        )
    if problems:
        raise DataError(where, problems)
    return found


@cache
def configurations() -> dict[str, Research]:
    """The packaged research configurations (data/research.toml)."""
    text = resources.files("cosmotable.games.kosmodrom").joinpath("data", "research.toml").read_text("utf-8")
    return configurations_from_data(tomllib.loads(text))


def research_for(config: Any) -> Research | None:
    """The configuration's research configuration, None for the rulebook game."""
    name = config.options.get("research")
    return None if name is None else configurations()[name]


def check(config: Any) -> None:
    """ConfigError unless the `research` option names a configuration that fits this config."""
    problem = research_problem(config, configurations, "the deck, the deal, the hand limit and the turn cap")
    if problem:
        raise ConfigError(problem)
