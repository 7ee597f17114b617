"""Planet's Game: config checks, parsing, and the hooks that join the state, the rules and the views."""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from cosmotable.engine.core import Action, Game, GameConfig, State
from cosmotable.engine.errors import ConfigError
from cosmotable.engine.inputs import problem_list, turn_cap_problem
from cosmotable.engine.values import canonical_json
from cosmotable.games.planet import DESCRIPTOR, actions, effects, moves, research, views
from cosmotable.games.planet.board import (
    Layout,
    default_box,
    default_cards,
    default_layout,
    layout_from_data,
    layout_problems,
)
from cosmotable.games.planet.state import DEFAULT_MAX_TURNS, PlanetState


@lru_cache(maxsize=16)
def _layout_from_json(text: str) -> Layout:
    return layout_from_data(json.loads(text), "layout option")


class PlanetGame(Game, descriptor=DESCRIPTOR):
    def validate_config(self, config: GameConfig) -> None:
        if config.has("teams") and config.num_players != 4:
            raise ConfigError(f"the teams variant needs 4 players (2 vs 2), got {config.num_players}")
        problem = turn_cap_problem(config.options, DEFAULT_MAX_TURNS)
        if problem:
            raise ConfigError(problem)
        research.check(config)
        if research.research_for(config) is not None:
            return  # its layout and box are checked data (research.py)
        layout = config.options.get("layout")
        if layout is not None:
            if not isinstance(layout, dict):
                raise ConfigError("option 'layout' must be the contents of a layout file (a table)")
            problems = layout_problems(layout)
            ships = layout.get("ships")
            ships = ships if isinstance(ships, dict) else {}
            if not problems and str(config.num_players) not in {str(k) for k in ships}:
                problems.append(f"layout: ships has no entry for {config.num_players} players")
            if problems:
                raise ConfigError("the layout has problems:\n" + problem_list(problems))
        elif config.num_players not in default_layout().ships:
            raise ConfigError(f"the default layout has no ship places for {config.num_players} players")

    def layout(self, config: GameConfig) -> Layout:
        chosen = research.research_for(config)
        if chosen is not None:
            return chosen.layout
        layout = config.options.get("layout")
        return default_layout() if layout is None else _layout_from_json(canonical_json(layout))

    def initial_state(self, config: GameConfig, seed: int) -> PlanetState:
        chosen = research.research_for(config)
        box = default_box() if chosen is None else chosen.box
        return PlanetState(self, config, seed, box, self.layout(config), default_cards())

    def parse_action(self, text: str) -> Action:
        return actions.parse_action(text)

    def action_from_json(self, data: Mapping[str, Any]) -> Action:
        return actions.action_from_json(data)

    # The state holds the table; the rules and the views are functions of it, in their own modules.
    # The two hooks asked at every step are the rules' functions themselves: this game's states are
    # all PlanetStates (initial_state makes them), so no check and no call in between is needed.
    legal_actions_in = staticmethod(moves.legal_actions)  # type: ignore[assignment]
    apply_in = staticmethod(effects.apply)  # type: ignore[assignment]

    def explain_illegal_in(self, state: State, action: Action) -> str:
        return moves.explain_illegal(_planet(state), action)

    def view_in(self, state: State, seat: int) -> dict[str, Any]:
        return views.build_view(_planet(state), seat)

    def public_view_in(self, state: State) -> dict[str, Any]:
        return views.build_view(_planet(state), None)


def _planet(state: State) -> PlanetState:
    assert isinstance(state, PlanetState), f"a Planet hook was given {type(state).__name__}"
    return state


GAME = PlanetGame()
