"""MLEM's research configurations (data/research.toml): small games for algorithms that walk the
whole game tree (OpenSpiel's exact CFR and exploitability). NOT the rulebook game: a configuration
replaces the mat and each player's astronauts, and allows no variants. Chosen only by the
`research` option (see RULINGS.md, "Research configurations")."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from cosmotable.engine.errors import ConfigError, DataError
from cosmotable.engine.inputs import research_problem
from cosmotable.games.mlem.board import ABILITIES, Mat, _packaged, mat_from_data

WHERE = "cosmotable/games/mlem/data/research.toml"


@dataclass(frozen=True)
class Research:
    id: str
    description: str
    mat: Mat
    #: each player's astronauts, in the rulebook's order of ABILITIES
    astronauts: tuple[str, ...]
    players: tuple[int, ...]


@cache
def configurations() -> dict[str, Research]:
    """Every research configuration of the data file, checked (DataError lists every problem)."""
    data = _packaged("research.toml")
    problems: list[str] = []
    if data.get("format") != "mlem-research":
        problems.append('format: must be "mlem-research"')
    found: dict[str, Research] = {}
    for index, entry in enumerate(data.get("configuration", [])):
        where = f"configuration #{index + 1}"
        ident = entry.get("id")
        astronauts = entry.get("astronauts")
        players = entry.get("players")
        if not isinstance(ident, str) or not ident or ident in found:
            problems.append(f"{where}: 'id' must be a new non-empty string")
            continue
        if not isinstance(astronauts, list) or not astronauts or len(set(astronauts)) != len(astronauts):
            problems.append(f"{where}: 'astronauts' must list distinct astronaut ids")
            continue
        unknown = [a for a in astronauts if a not in ABILITIES]
        if unknown:
            problems.append(f"{where}: unknown astronauts {unknown} (known: {', '.join(ABILITIES)})")
            continue
        if not isinstance(players, list) or not players or not all(isinstance(p, int) for p in players):
            problems.append(f"{where}: 'players' must list the player counts it is made for")
            continue
        try:
            mat = mat_from_data(_packaged(str(entry.get("mat"))), f"{where} mat {entry.get('mat')!r}")
        except (DataError, FileNotFoundError) as exc:
            problems.append(f"{where}: {exc}")
            continue
        ordered = tuple(a for a in ABILITIES if a in astronauts)
        found[ident] = Research(ident, str(entry.get("description", "")), mat, ordered, tuple(players))
    if problems:
        raise DataError(WHERE, problems)
    return found


def research_for(config: Any) -> Research | None:
    """The configuration's research configuration, None for the rulebook game."""
    name = config.options.get("research")
    return None if name is None else configurations()[name]


def check(config: Any) -> None:
    """ConfigError unless the `research` option names a configuration that fits this config."""
    problem = research_problem(config, configurations, "the mat and tokens")
    if problem:
        raise ConfigError(problem)
