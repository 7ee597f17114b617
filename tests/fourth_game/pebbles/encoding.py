"""Pebbles for the RL adapters: two decisions, two chance outcomes, a five-number observation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from cosmotable import games
from cosmotable.engine import GameConfig, State
from cosmotable.envs.encodings import Encoding, ObservationBuilder, last_game_over

#: Seats in the observation, the game's most (fewer are padded with zeros).
SEATS = 3


class PebblesEncoding(Encoding):
    game_id = "pebbles"

    def __init__(self, config: GameConfig):
        layout = ObservationBuilder()
        layout.add("pile", 1, "pebbles on the pile / the pile at the start")
        layout.add("taken", SEATS, "per relative seat: pebbles taken / the pile at the start")
        layout.add("turn", 1, "turns played / the cap")
        self.builder = layout
        self.start = int(config.options.get("pile", 7))
        super().__init__(
            games.get("pebbles"), config, ("take 1", "take 2"), ("gust 0", "gust 1"), layout.segments
        )

    def observe(self, view: Mapping[str, Any], seat: int) -> np.ndarray:
        vec = np.zeros(self.observation_size, dtype=np.float32)
        self.builder.slot(vec, "pile")[0] = view["pile"] / self.start
        taken = view["taken"]
        for r in range(len(taken)):
            self.builder.slot(vec, "taken")[r] = taken[(seat + r) % len(taken)] / self.start
        self.builder.slot(vec, "turn")[0] = view["turn"] / view["max_turns"]
        return vec

    def cap_reason(self, state: State) -> str | None:
        event = last_game_over(state) if state.is_terminal() else None
        return event.text if event is not None and event.data.get("code") == "cap" else None

    def max_game_length(self) -> int:
        # a decision and a gust a turn
        return 2 * int(self.config.options.get("max_turns", 30))

    def utility_bound(self) -> float:
        # every gust puts a pebble back that someone may take again
        return float(self.start + int(self.config.options.get("max_turns", 30)))


def encoding_for(config: GameConfig) -> PebblesEncoding:
    return PebblesEncoding(config)
