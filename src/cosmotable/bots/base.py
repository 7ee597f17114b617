"""The bot interface and the uniformly random bot."""

from __future__ import annotations

import random

from cosmotable.engine import Action, State


class Bot:
    """Chooses an action for the seat to move. Subclasses implement `act`."""

    name = "bot"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def act(self, state: State) -> Action:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{self.name} bot>"


class RandomBot(Bot):
    """Picks uniformly among the legal actions."""

    name = "random"

    def act(self, state: State) -> Action:
        return self.rng.choice(state.legal_actions())
