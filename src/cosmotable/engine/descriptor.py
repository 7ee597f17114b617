"""What a game is, said without loading it: its facts and where its parts are.

Each game package states one `GameDescriptor` in its `__init__.py` (OpenSpiel's `_GAME_TYPE` and
`_GAME_INFO` are the model) and the games registry (`cosmotable.games`) lists it. Every layer asks
the descriptor: the bots for the game's heuristic hooks, the RL adapters for its encoding, the
terminal for its screen, the simulator for its features. A part is named by a dotted path and
imported on first use, so the rules never import a bot or a screen, and a game without some part
(no terminal screen, no encoding) still works through the layer's generic fallback.

The engine defines the type because a game package may import only the engine; it knows no game.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

#: The parts a game may have, and what each is. A layer asks for its own kind only.
PART_KINDS: Mapping[str, str] = MappingProxyType(
    {
        "game": "the Game object (the rules): 'module:GAME'",
        "bots": "the heuristic bot's hooks and the search levels (cosmotable.bots)",
        "bounds": "facts of a configuration: max_game_length(config), score_bound(config)",
        "encoding": "the RL observation and action encoding (a module with encoding_for(config)), and "
        "the groups of its enumeration that docs/observations.md lists",
        "screen": "the terminal screen class (cosmotable.ui.terminal)",
        "summary": "the rules summary in Markdown: a module with summary_markdown()",
        "features": "the simulator's feature columns (FEATURES) and how a finished game ended (end_reason)",
        "report": "the game's section of the simulation report: section(table, rows, players)",
        "drawing": "the pixel drawing of a view for the RL adapters' render (matplotlib)",
        "coach": "the coach's odds for the seat to move: a function of the state",
        "batch": "a compiled batch simulator behind `simulate --fast`: batch_rows(plan, indices), with the "
        "bot levels it plays as BATCH_BOTS",
        "vector": "a compiled backend of the vector environments (cosmotable.envs.vector): VectorBackend, "
        "game_seed(seed, episode)",
        "cli": "the command line's part: APP (a typer app of the game's tools, `cosmotable <id> ...`), "
        "read_option(option, path, options) for `play`'s file options, and the variants' aliases and titles",
    }
)


@dataclass(frozen=True)
class GameDescriptor:
    """One game's facts and the dotted paths of its parts (`PART_KINDS`)."""

    id: str
    name: str
    min_players: int
    max_players: int
    #: the Game object, as 'module:attribute'
    game: str
    #: variant name -> one-line description
    variants: Mapping[str, str] = field(default_factory=dict)
    #: option name -> one-line description
    options: Mapping[str, str] = field(default_factory=dict)
    #: why a game may end, as its game-over event names it -> what that means
    end_reasons: Mapping[str, str] = field(default_factory=dict)
    #: the end reasons that are a safety cap (a truncation), not an end by the rules
    cap_reasons: frozenset[str] = frozenset()
    #: the option that caps the number of turns, if the game has one (the adapters set it)
    turn_cap_option: str | None = None
    #: the key of the public view that counts the game's turns (None: the game counts no turns, and
    #: a run of one seat's decisions is taken for a turn)
    turn_counter: str | None = None
    #: the game's turns can undo each other, so the same position comes back (the bots then avoid
    #: repeating themselves)
    positions_repeat: bool = False
    #: part kind -> 'module' or 'module:attribute'
    parts: Mapping[str, str] = field(default_factory=dict)
    #: the folder of the browser module, as 'package:folder' inside an importable package (its
    #: index.js and i18n/; the server serves it, so an installed game brings its own). None: the
    #: web client's generic page
    web: str | None = None

    def __post_init__(self) -> None:
        unknown = sorted(set(self.parts) - set(PART_KINDS))
        if unknown:
            raise ValueError(
                f"game {self.id!r}: unknown part kind(s) {unknown}; known: {', '.join(PART_KINDS)}"
            )
        if not 1 <= self.min_players <= self.max_players:
            raise ValueError(f"game {self.id!r}: players must be 1 <= min <= max")
        if not set(self.cap_reasons) <= set(self.end_reasons):
            raise ValueError(f"game {self.id!r}: every cap reason must be one of the end reasons")
        if self.web is not None and not all(self.web.partition(":")[::2]):
            raise ValueError(f"game {self.id!r}: web must be 'package:folder', not {self.web!r}")

    def has(self, kind: str) -> bool:
        """Whether the game names a part of this kind (nothing is imported)."""
        return kind in self.parts or (kind == "game" and bool(self.game))

    def load(self, kind: str) -> Any:
        """The part of this kind, imported on first use; None when the game has none."""
        path = self.game if kind == "game" else self.parts.get(kind)
        return None if path is None else load_path(path)


def load_path(path: str) -> Any:
    """'package.module' -> the module; 'package.module:name' -> that attribute of it."""
    module_name, _, attribute = path.partition(":")
    module = importlib.import_module(module_name)
    return getattr(module, attribute) if attribute else module
