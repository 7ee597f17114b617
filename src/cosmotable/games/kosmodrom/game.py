"""Kosmodrom's Game: config checks, parsing, and the hooks that join the state (the rules) and the views."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cosmotable.engine.core import Action, Game, GameConfig, State
from cosmotable.engine.errors import ConfigError
from cosmotable.engine.inputs import turn_cap_problem
from cosmotable.games.kosmodrom import DESCRIPTOR, actions, research, views
from cosmotable.games.kosmodrom.cards import default_cards
from cosmotable.games.kosmodrom.state import KosmodromState
from cosmotable.games.kosmodrom.table import DEFAULT_MAX_TURNS


class KosmodromGame(Game, descriptor=DESCRIPTOR):
    def validate_config(self, config: GameConfig) -> None:
        # rulebook (различная длительность игры): the quick and the slow game are two alternative
        # lengths of game (Ruling K11).
        if config.has("quick") and config.has("slow"):
            raise ConfigError(
                "the quick and the slow game are alternatives: choose one of 'quick' and 'slow'"
            )
        problem = turn_cap_problem(config.options, DEFAULT_MAX_TURNS)
        if problem:
            raise ConfigError(problem)
        research.check(config)

    def initial_state(self, config: GameConfig, seed: int) -> KosmodromState:
        return KosmodromState(self, config, seed, default_cards())

    def parse_action(self, text: str) -> Action:
        return actions.parse_action(text)

    def action_from_json(self, data: Mapping[str, Any]) -> Action:
        return actions.action_from_json(data)

    # The state holds the rules; what a seat sees and why a move is refused are views.py's.
    def view_in(self, state: State, seat: int) -> dict[str, Any]:
        return views.view(_kosmodrom(state), seat)

    def public_view_in(self, state: State) -> dict[str, Any]:
        return views.view(_kosmodrom(state), None)

    def explain_illegal_in(self, state: State, action: Action) -> str:
        return views.explain_illegal(_kosmodrom(state), action)


def _kosmodrom(state: State) -> KosmodromState:
    assert isinstance(state, KosmodromState), f"a Kosmodrom hook was given {type(state).__name__}"
    return state


GAME = KosmodromGame()
