"""Pebbles' rules: the state, its actions and the Game (they import only the engine)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cosmotable.engine import CHANCE, TERMINAL, Action, Game, GameConfig, State
from cosmotable.engine.errors import ConfigError
from pebbles import DEFAULT_MAX_TURNS, DEFAULT_PILE, DESCRIPTOR


@dataclass(frozen=True)
class Take(Action):
    kind = "take"
    count: int


@dataclass(frozen=True)
class Gust(Action):
    kind = "gust"
    pebbles: int


class PebblesState(State):
    has_hidden_information = False

    def __init__(self, game: Game, config: GameConfig, seed: int):
        super().__init__(game, config, seed)
        self.pile = int(config.options.get("pile", DEFAULT_PILE))
        self.max_turns = int(config.options.get("max_turns", DEFAULT_MAX_TURNS))
        self.taken = [0] * config.num_players
        self.seat = 0
        self.turn = 0
        self.gusting = False
        self.end: str | None = None
        self._legal_cache = None

    def current_player(self) -> int:
        if self.end is not None:
            return TERMINAL
        return CHANCE if self.gusting else self.seat

    def _legal_actions(self) -> list[Action]:
        return [Take(n) for n in (1, 2) if n <= self.pile]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return [(Gust(0), 2 / 3), (Gust(1), 1 / 3)]

    def _apply(self, action: Action) -> None:
        if isinstance(action, Take):
            self.pile -= action.count
            self.taken[self.seat] += action.count
            self.emit("take", f"seat {self.seat} takes {action.count}", self.seat, count=action.count)
            self.gusting = self.pile > 0 and not self.config.has("calm")
            if not self.gusting:
                self._end_turn()
        else:
            assert isinstance(action, Gust)
            self.pile += action.pebbles
            self.gusting = False
            if action.pebbles:
                self.emit("gust", "a gust blows a pebble back", pebbles=action.pebbles)
            self._end_turn()

    def _end_turn(self) -> None:
        self.turn += 1
        self.seat = (self.seat + 1) % len(self.taken)
        if self.pile == 0 or self.turn >= self.max_turns:
            self.end = "empty" if self.pile == 0 else "cap"
            self.emit("game-over", f"game over ({self.end}): {self.taken}", code=self.end)

    def scores(self) -> list[int]:
        return list(self.taken)

    def public_view(self) -> dict[str, Any]:
        return {
            "pile": self.pile,
            "taken": list(self.taken),
            "turn": self.turn,
            "max_turns": self.max_turns,
            "current_player": self.current_player(),
            "scores": self.scores(),
            "winners": self.winners() if self.end else [],
        }

    def view(self, seat: int) -> dict[str, Any]:
        return {**self.public_view(), "seat": seat}

    def snapshot(self) -> dict[str, Any]:
        return {**self.public_view(), "seat": self.seat, "gusting": self.gusting, "end": self.end}

    def _copy_into(self, new: State) -> None:
        assert isinstance(new, PebblesState)
        new.pile, new.max_turns, new.taken = self.pile, self.max_turns, list(self.taken)
        new.seat, new.turn, new.gusting, new.end = self.seat, self.turn, self.gusting, self.end
        new._legal_cache = None


class PebblesGame(Game, descriptor=DESCRIPTOR):
    def validate_config(self, config: GameConfig) -> None:
        for option in ("pile", "max_turns"):
            value = config.options.get(option, 1)
            if type(value) is not int or value < 1:
                raise ConfigError(f"option {option!r} must be a whole number >= 1, got {value!r}")

    def initial_state(self, config: GameConfig, seed: int) -> PebblesState:
        return PebblesState(self, config, seed)

    def parse_action(self, text: str) -> Action:
        word, _, number = text.partition(" ")
        if word in ("take", "gust") and number.isdigit():
            return Take(int(number)) if word == "take" else Gust(int(number))
        raise ValueError(f"{text!r} is not a move: 'take 1', 'take 2' (or a gust, 'gust 0', 'gust 1')")

    def action_from_json(self, data) -> Action:
        return self.parse_action(f"{data.get('kind')} {data.get('count', data.get('pebbles'))}")


GAME = PebblesGame()
