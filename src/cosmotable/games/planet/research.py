"""Planet's research configurations (data/research.toml): small games for algorithms that walk the
whole game tree (OpenSpiel's exact CFR and exploitability). NOT the rulebook game: a configuration
replaces the layout and the box (its own data files) and sets the turn cap; it allows no variants
and no other option. Chosen only by the `research` option (see RULINGS.md, "Research configurations")."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from cosmotable.engine.errors import ConfigError, DataError
from cosmotable.engine.inputs import research_problem
from cosmotable.games.planet.board import COLOURS, Box, Layout, _read, box_from_data, layout_from_data

WHERE = "cosmotable/games/planet/data/research.toml"


@dataclass(frozen=True)
class Research:
    id: str
    description: str
    layout: Layout
    box: Box
    max_turns: int
    players: tuple[int, ...]


def _count(value: Any, least: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= least


def configurations_from_data(data: dict[str, Any], where: str = WHERE) -> dict[str, Research]:
    """Every research configuration of `data`, checked with its layout and tile files (DataError
    lists every problem)."""
    problems: list[str] = []
    if data.get("format") != "planet-research":
        problems.append('format: must be "planet-research"')
    if not isinstance(data.get("source"), str):
        problems.append("'source' must say where the configurations come from")
    found: dict[str, Research] = {}
    for index, entry in enumerate(data.get("configuration", [])):
        ident = entry.get("id")
        if not isinstance(ident, str) or not ident or ident in found:
            problems.append(f"configuration #{index + 1}: 'id' must be a new non-empty string")
            continue
        at = f"configuration {ident!r}"
        players, minimum = entry.get("players"), entry.get("minimum")
        if not _count(entry.get("max_turns"), 1):
            problems.append(f"{at}: 'max_turns' must be a whole number >= 1")
            continue
        if not isinstance(players, list) or not players or not all(p in (2, 3, 4) for p in players):
            problems.append(f"{at}: 'players' must list the player counts (2-4) it is made for")
            continue
        if not isinstance(minimum, dict) or set(minimum) != set(COLOURS):
            problems.append(f"{at}: 'minimum' must give the fewest tiles of each of {', '.join(COLOURS)}")
            continue
        if not all(_count(n, 0) for n in minimum.values()):
            problems.append(f"{at}: 'minimum' counts must be whole numbers >= 0")
            continue
        try:
            box = box_from_data(_read(str(entry.get("tiles"))), f"{at} tiles {entry.get('tiles')!r}")
            layout = layout_from_data(
                _read(str(entry.get("layout"))), f"{at} layout {entry.get('layout')!r}", box, minimum
            )
        except (DataError, FileNotFoundError) as exc:
            problems.append(f"{at}: {exc}")
            continue
        missing = [n for n in players if n not in layout.ships]
        if missing:
            problems.append(f"{at}: its layout has no ship places for {missing} players")
            continue
        found[ident] = Research(
            ident, str(entry.get("description", "")), layout, box, entry["max_turns"], tuple(players)
        )
    if problems:
        raise DataError(where, problems)
    return found


@cache
def configurations() -> dict[str, Research]:
    """The packaged research configurations (data/research.toml)."""
    return configurations_from_data(_read("research.toml"))


def research_for(config: Any) -> Research | None:
    """The configuration's research configuration, None for the rulebook game."""
    name = config.options.get("research")
    return None if name is None else configurations()[name]


def check(config: Any) -> None:
    """ConfigError unless the `research` option names a configuration that fits this config."""
    problem = research_problem(config, configurations, "the layout, the box and the turn cap")
    if problem:
        raise ConfigError(problem)
