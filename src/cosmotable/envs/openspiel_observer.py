"""The OpenSpiel adapter's observer: observation and information-state tensors and strings.

* Observation (`perfect_recall=False`): the encoding's vector of `state.view(player)` (or of the
  public view for a public observer) and a text picture of that view.
* Information state (`perfect_recall=True`): perfect recall. The string is the configuration plus
  every action so far as the player may know it (hidden outcomes such as another seat's secret
  missions shown as `?`). The tensor is the observation vector followed by the same history as
  one code per step the player noticed (`history_size` = the game's `max_game_length` entries):
  0 = no step yet, `1 + a` for a decision `a` the player saw, `1 + num_actions + c` for a chance
  outcome `c` it saw, and `HIDDEN = 1 + num_actions + num_chance_outcomes` for a step it saw happen
  without its value (a card another seat drew). Two histories a player can tell apart differ in
  some step it noticed, so their tensors differ; histories it cannot tell apart have equal ones.
  The codes are exact integers in float32 (below 2**24), not scaled: a learner should embed them.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel


def history_codes(num_actions: int, num_chance: int) -> tuple[int, int]:
    """(offset of the chance codes, the code of a hidden step) for an encoding's sizes."""
    return 1 + num_actions, 1 + num_actions + num_chance


class CosmotableObserver:
    """Observation/information-state tensors and strings (see the module doc)."""

    def __init__(self, game: Any, iig_obs_type, params):
        if params:
            raise ValueError(f"observation parameters not supported; passed {params}")
        self.encoding = game.encoding
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.public = bool(iig_obs_type.public_info)
        size = self.encoding.observation_size
        self.history_size = self.encoding.max_game_length() if self.perfect_recall else 0
        self.tensor = np.zeros(size + self.history_size, np.float32)
        self.dict = {"observation": self.tensor[:size]}
        if self.perfect_recall:
            self.dict["history"] = self.tensor[size:]
        self._prefix = f"{game.game_id} {game.get_parameters()}"

    def _view(self, state, player: int) -> dict[str, Any]:
        engine_state = state.engine_state
        return engine_state.view(player) if self.private else engine_state.public_view()

    def _seat(self, player: int) -> int:
        """Whose list of seen actions: the player's, or a spectator's (the last list)."""
        return player if self.private else -1

    def set_from(self, state, player: int) -> None:
        if not self.public and not self.private:
            self.tensor.fill(0.0)
            return
        size = self.encoding.observation_size
        self.tensor[:size] = self.encoding.observe(self._view(state, player), player)
        if self.perfect_recall:
            history = self.tensor[size:]
            history.fill(0.0)
            codes = state._seen.codes[self._seat(player)]
            history[: len(codes)] = codes

    def string_from(self, state, player: int) -> str:
        if self.perfect_recall:
            seen = state._seen.lists[self._seat(player)]
            return f"{self._prefix} p{player}: " + " | ".join(seen)
        if not self.public and not self.private:
            return ""
        return f"p{player}\n" + self.encoding.render_view(self._view(state, player))
