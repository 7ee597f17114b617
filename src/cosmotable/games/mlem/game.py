"""MLEM's Game: config checks, parsing, and the hooks that join the state (the rules) and the views."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from cosmotable.engine.core import Action, Game, GameConfig, State
from cosmotable.engine.errors import ConfigError, DataError
from cosmotable.engine.inputs import problem_list
from cosmotable.engine.values import canonical_json
from cosmotable.games.mlem import DESCRIPTOR, actions, moves, research, views
from cosmotable.games.mlem.board import (
    ABILITIES,
    Mat,
    default_goals,
    default_mat,
    mat_from_data,
    mat_problems,
)
from cosmotable.games.mlem.state import MlemState
from cosmotable.games.mlem.tokens import TOKEN_FILES, TokenSets, token_problems, token_sets

#: A research configuration plays no variant, so it has no tokens (its small mat fits none).
NO_TOKENS = TokenSets(expedition={}, ufo_points=(), discoveries={}, missions={}, mission_points=(0, 0, 0, 0))


@lru_cache(maxsize=16)
def _mat_from_json(text: str) -> Mat:
    import json

    return mat_from_data(json.loads(text), "board option")


@lru_cache(maxsize=16)
def _tokens_from_json(board_text: str, text: str) -> TokenSets:
    import json

    board = json.loads(board_text)
    mat = default_mat() if board is None else _mat_from_json(board_text)
    return token_sets(mat, json.loads(text))


class MlemGame(Game, descriptor=DESCRIPTOR):
    def validate_config(self, config: GameConfig) -> None:
        research.check(config)
        if research.research_for(config) is not None:
            return  # a research configuration's mat is checked when its data file is read
        board = config.options.get("board")
        if board is not None:
            if not isinstance(board, dict):
                raise ConfigError("option 'board' must be the contents of a mat file (a table)")
            problems = mat_problems(board)
            if problems:
                raise ConfigError("the board has problems:\n" + problem_list(problems))
        mat = self.mat(config)
        for option in TOKEN_FILES:
            data = config.options.get(option)
            if data is not None:
                problems = token_problems(option, data, mat)
                if problems:
                    raise ConfigError(f"option {option!r} has problems:\n" + problem_list(problems))
        try:
            self.tokens(config)
        except DataError as exc:  # a custom board without a space or planet the default tokens name
            raise ConfigError(
                "the token sets do not fit this board (pass token options made for it):\n"
                + problem_list(exc.problems)
            ) from None
        if config.has("secret_missions"):
            needed = 4 * config.num_players
            available = len(self.tokens(config).missions)
            if available < needed:
                raise ConfigError(
                    f"{config.num_players} players need {needed} mission tokens, the set has {available}"
                )

    def mat(self, config: GameConfig) -> Mat:
        chosen = research.research_for(config)
        if chosen is not None:
            return chosen.mat
        board = config.options.get("board")
        return default_mat() if board is None else _mat_from_json(canonical_json(board))

    def tokens(self, config: GameConfig) -> TokenSets:
        if research.research_for(config) is not None:
            return NO_TOKENS
        overrides = {opt: config.options[opt] for opt in TOKEN_FILES if config.options.get(opt) is not None}
        return _tokens_from_json(canonical_json(config.options.get("board")), canonical_json(overrides))

    def initial_state(self, config: GameConfig, seed: int) -> MlemState:
        chosen = research.research_for(config)
        astronauts = ABILITIES if chosen is None else chosen.astronauts
        return MlemState(
            self, config, seed, self.mat(config), default_goals(), self.tokens(config), astronauts
        )

    def parse_action(self, text: str) -> Action:
        return actions.parse_action(text)

    def action_from_json(self, data: Mapping[str, Any]) -> Action:
        return actions.action_from_json(data)

    # The state holds the table; the rules are moves.py's (and the modules it runs); what a seat
    # sees and why a move is refused are views.py's.
    def legal_actions_in(self, state: State) -> list[Action]:
        return moves.legal_actions(_mlem(state))

    def apply_in(self, state: State, action: Action) -> None:
        # Straight to the rule for the action's class (moves.apply's look-up, one call less): every
        # step of every rollout comes through here. Only MLEM states reach MLEM's hooks (the engine
        # calls a state's own game's).
        rule = moves.RULES.get(type(action))
        if rule is None:
            moves.apply_variant_setup(_mlem(state), action)
        else:
            rule(state, action)

    def view_in(self, state: State, seat: int) -> dict[str, Any]:
        return views.seat_view(_mlem(state), seat)

    def public_view_in(self, state: State) -> dict[str, Any]:
        return views.public_view(_mlem(state))

    def explain_illegal_in(self, state: State, action: Action) -> str:
        return views.explain_illegal(_mlem(state), action)


def _mlem(state: State) -> MlemState:
    assert isinstance(state, MlemState), f"an MLEM hook was given {type(state).__name__}"
    return state


GAME = MlemGame()
