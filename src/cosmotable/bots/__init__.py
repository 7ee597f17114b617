"""Bots that play any Cosmotable game through the engine API only.

`make_bot("random" | "heuristic" | "easy" | "normal" | "hard" | "mcts" | "learned", seed=1, think=None)`.
A bot's `act(state)` returns one of `state.legal_actions()` for the seat to move; search bots see
hidden information only through `state.resample_for(seat, rng)` (a determinization consistent with
that seat's view). `learned` plays a policy network trained on the compiled vector env (bots/learned.py;
MLEM only: on another game it raises `LearnedBotUnavailable`, `has_learned_weights` says beforehand).
"""

from __future__ import annotations

from cosmotable.bots.base import Bot, RandomBot
from cosmotable.bots.heuristic import HeuristicBot
from cosmotable.bots.learned import LearnedBot, LearnedBotUnavailable, has_learned_weights
from cosmotable.bots.mcts import LEVELS, MCTSBot

BOT_NAMES = ("random", "heuristic", *LEVELS, "mcts", "learned")


def make_bot(name: str, seed: int | None = None, think: float | None = None) -> Bot:
    """A bot by name: random, heuristic, a search level (easy/normal/hard), mcts (= normal), or
    learned. `think` (seconds per move) replaces a search bot's simulation budget."""
    if name == "random":
        return RandomBot(seed=seed)
    if name == "heuristic":
        return HeuristicBot(seed=seed)
    if name in LEVELS:
        return MCTSBot.level(name, seed=seed, think=think)
    if name == "mcts":
        return MCTSBot.level("normal", seed=seed, think=think)
    if name == "learned":
        return LearnedBot(seed=seed)
    raise ValueError(f"unknown bot {name!r}; bots: {', '.join(BOT_NAMES)}")


__all__ = [
    "BOT_NAMES",
    "Bot",
    "HeuristicBot",
    "LearnedBot",
    "LearnedBotUnavailable",
    "MCTSBot",
    "RandomBot",
    "has_learned_weights",
    "make_bot",
]
