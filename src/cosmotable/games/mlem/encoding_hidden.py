"""MLEM's hidden information in the action history: what of a secret mission's deal or choice each
seat may see (the redacted text), and the history a determinization replays (the OpenSpiel
adapter's resample)."""

from __future__ import annotations

from cosmotable.engine import Action, State
from cosmotable.envs.encodings import Encoding
from cosmotable.games.mlem.actions import DealMission, ReturnMission
from cosmotable.games.mlem.variants import MISSIONS_DEALT


class HiddenHistory(Encoding):
    """What a seat may know of a history: the redacted actions and a determinization's history."""

    def redact(self, state: State, action: Action, seat: int) -> str:
        """What `seat` learns when `action` is applied to `state`: dealt missions are seen only by
        their recipient, the returned mission only by the seat returning it."""
        if isinstance(action, DealMission):
            dealt = state.public_view()["variant_state"]["missions"]["dealt"]
            recipient = next((s for s, count in enumerate(dealt) if count < MISSIONS_DEALT), None)
            return str(action) if recipient == seat else f"deal-mission ? to seat {recipient}"
        if isinstance(action, ReturnMission):
            actor = state.current_player()
            return str(action) if actor == seat else f"return-mission ? by seat {actor}"
        return str(action)

    def redact_all(self, state: State, action: Action) -> list[str]:
        n = state.config.num_players
        if isinstance(action, DealMission | ReturnMission):
            return [self.redact(state, action, seat) for seat in range(n)]
        return [str(action)] * n

    def resampled_history(self, state: State, resampled: State, seat: int | None = None) -> list[Action]:
        """`resample_for` redraws the other seats' missions without touching the history: rewrite
        each `deal-mission` / `return-mission` from the resampled hands (deals go seat by seat,
        four each; returns in seat order), read from the resampled state's views."""
        if "secret_missions" not in state.config.variants:
            return list(resampled.history)
        n = state.config.num_players
        hands = {}
        for s in range(n):
            hand = resampled.view(s)["variant_state"]["missions"]["hands"][str(s)]
            hands[s] = ([m["id"] for m in hand["dealt"]], hand["returned"])
        dealt = [0] * n
        returned = 0
        history: list[Action] = []
        for action in state.history:
            if isinstance(action, DealMission):
                seat = next(s for s in range(n) if dealt[s] < MISSIONS_DEALT)
                action = DealMission(hands[seat][0][dealt[seat]])
                dealt[seat] += 1
            elif isinstance(action, ReturnMission):
                action = ReturnMission(hands[returned][1])
                returned += 1
            history.append(action)
        return history
