"""MLEM: Space Agency (Reiner Knizia): push-your-luck dice, 2-5 players."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from cosmotable.engine.core import Action, Game, GameConfig, canonical_json
from cosmotable.engine.errors import ConfigError
from cosmotable.games.mlem import actions
from cosmotable.games.mlem.board import Mat, default_goals, default_mat, mat_from_data, mat_problems
from cosmotable.games.mlem.state import MlemState


@lru_cache(maxsize=16)
def _mat_from_json(text: str) -> Mat:
    import json

    return mat_from_data(json.loads(text), "board option")


class MlemGame(Game):
    id = "mlem"
    name = "MLEM: Space Agency"
    min_players = 2
    max_players = 5
    variants: Mapping[str, str] = {}
    options = {"board": "a space mat (the contents of a mat file) instead of the reconstructed default"}

    def validate_config(self, config: GameConfig) -> None:
        board = config.options.get("board")
        if board is not None:
            if not isinstance(board, dict):
                raise ConfigError("option 'board' must be the contents of a mat file (a table)")
            problems = mat_problems(board)
            if problems:
                raise ConfigError("the board has problems:\n" + "\n".join(f"  - {p}" for p in problems))

    def mat(self, config: GameConfig) -> Mat:
        board = config.options.get("board")
        return default_mat() if board is None else _mat_from_json(canonical_json(board))

    def initial_state(self, config: GameConfig, seed: int) -> MlemState:
        return MlemState(self, config, seed, self.mat(config), default_goals())

    def parse_action(self, text: str) -> Action:
        return actions.parse_action(text)

    def action_from_json(self, data: Mapping[str, Any]) -> Action:
        return actions.action_from_json(data)


GAME = MlemGame()
