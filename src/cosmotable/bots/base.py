"""The bot interface and the uniformly random bot."""

from __future__ import annotations

import random

from cosmotable.engine import Action, State

#: Determinizations a bot without a search averages to estimate each move's win chance (`explain`).
EXPLAIN_SAMPLES = 8
#: ... each playing on this many steps (chance and random moves) before the position is judged.
EXPLAIN_DEPTH = 6


class Bot:
    """Chooses an action for the seat to move. Subclasses implement `act`."""

    name = "bot"

    def __init__(self, seed: int | None = None):
        self.seed = seed
        self.rng = random.Random(seed)

    def act(self, state: State) -> Action:
        raise NotImplementedError

    def reseed_for(self, state: State) -> None:
        """Draw this decision's randomness from (the bot's seed, the number of actions played): a
        pure function of what a game record holds, so a game resumed from its record goes on as
        the uninterrupted one would (the engine's chance works the same way, `State.chance_rng`).
        The count of actions is public, so nothing hidden steers the bot. A bot without a seed
        keeps its free-running stream."""
        if self.seed is not None:
            self.rng = random.Random(f"bot:{self.seed}:{len(state.history)}")

    def explain(self, state: State) -> list[dict]:
        """Per legal move `{action, win_chance, visits}`: how this bot rates each move for the seat
        to act, the move it would play first. A bot without a search (visits 0) estimates each
        move's win chance by short playouts after it (`estimated_chances`)."""
        legal = state.legal_actions()
        chosen = self.act(state)
        chances = estimated_chances(state, legal, self.rng)
        others = sorted((a for a in legal if a != chosen), key=lambda a: chances[str(a)], reverse=True)
        return [{"action": a, "win_chance": chances[str(a)], "visits": 0} for a in [chosen, *others]]

    def __repr__(self) -> str:
        return f"<{self.name} bot>"


def estimated_chances(
    state: State,
    legal: list[Action],
    rng: random.Random,
    samples: int = EXPLAIN_SAMPLES,
    depth: int = EXPLAIN_DEPTH,
) -> dict[str, float]:
    """Each move's win chance for the seat to act: over `samples` determinizations drawn from the
    seat's own information (`resample_for`, so no hidden card or tile decides the figure), the move
    is played, then chance and random moves for up to `depth` steps (the roll that may crash the
    rocket, the card drawn), and the position is judged: a finished game by the seat's (team's) share
    of the win, else by the game's estimate (`bots.evaluation.standing`)."""
    from cosmotable.bots.evaluation import payoff, standing

    seat = state.current_player()
    totals = {str(a): 0.0 for a in legal}
    for _ in range(samples):
        table = state.resample_for(seat, rng)
        for action in legal:
            after = table.clone()
            after.apply(action)
            for _step in range(depth):
                if after.is_terminal():
                    break
                if after.is_chance_node():
                    after.sample_chance(rng)
                else:
                    after.apply(rng.choice(after.legal_actions()))
            if after.is_terminal():
                totals[str(action)] += payoff(after, seat)[seat]
            else:
                totals[str(action)] += standing(after)[seat]
    return {text: total / samples for text, total in totals.items()}


class RandomBot(Bot):
    """Picks uniformly among the legal actions."""

    name = "random"

    def act(self, state: State) -> Action:
        return self.rng.choice(state.legal_actions())
