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

    def explain(self, state: State) -> list[dict]:
        """Per legal move `{action, win_chance, visits}`: how this bot rates each move for the seat
        to act. Bots without a search give no estimate (`win_chance` None, 0 visits) and list the
        move they would play first."""
        legal = state.legal_actions()
        chosen = self.act(state)
        ordered = [chosen] + [a for a in legal if a != chosen]
        return [{"action": a, "win_chance": None, "visits": 0} for a in ordered]

    def __repr__(self) -> str:
        return f"<{self.name} bot>"


class RandomBot(Bot):
    """Picks uniformly among the legal actions."""

    name = "random"

    def act(self, state: State) -> Action:
        return self.rng.choice(state.legal_actions())
