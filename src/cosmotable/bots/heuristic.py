"""A greedy one-step heuristic bot.

It scores each legal action on a clone of the state by `Game`-specific hooks registered below; a
game without a hook falls back to random. Ties are broken at random so play is not predictable.
"""

from __future__ import annotations

import random
import weakref
from collections.abc import Callable
from typing import TypeVar

from cosmotable.bots.base import Bot
from cosmotable.bots.game_bots import load_game_bots
from cosmotable.bots.repetition import fresh_moves
from cosmotable.engine import Action, State

T = TypeVar("T")

# game id -> (state, action) -> value; higher is better for the seat to move.
HOOKS: dict[str, Callable[[State, Action], float]] = {}


# game id -> state -> the move the game's strategy makes outright (a step of a compound move it
# already chose, e.g. of an offer being built; an answer), or None to weigh the legal moves.
PLANS: dict[str, Callable[[State], Action | None]] = {}


def hook(game_id: str):
    def register(fn: Callable[[State, Action], float]):
        HOOKS[game_id] = fn
        return fn

    return register


# game id -> (state, the position a search started from or None) -> the heuristic's score of the
# position for the seat to move (its best move's value).
TURN_VALUES: dict[str, Callable[[State, State | None], float]] = {}


def turn_value(game_id: str):
    def register(fn: Callable[[State, State | None], float]):
        TURN_VALUES[game_id] = fn
        return fn

    return register


def best_value(state: State, since: State | None = None) -> float:
    """How the heuristic rates the position for the seat to move: the game's own `turn_value`, else
    its hook's value of the best legal move. A search judges the end of a round by it; `since` is
    the position the search started from, for a game whose heuristic weighs its terms by the pace
    of the game (Planet: the quiet turns), so that every position the search reaches is weighed alike."""
    value = hook_for(state.game.id)
    if value is None:
        raise ValueError(f"game {state.game.id!r} has no heuristic hook to judge a position by")
    judge = TURN_VALUES.get(state.game.id)
    if judge is not None:
        return judge(state, since)
    return max(value(state, a) for a in state.legal_actions())


def plan(game_id: str):
    def register(fn: Callable[[State], Action | None]):
        PLANS[game_id] = fn
        return fn

    return register


def planned(state: State) -> Action | None:
    """The move the game's heuristic makes outright here, or None. Search bots play it as given
    instead of searching the steps of a move the heuristic already chose."""
    game_id = state.game.id
    load_game_bots(game_id)
    fn = PLANS.get(game_id)
    return fn(state) if fn is not None else None


# game id -> state -> whether the game has stood still so long that a search plays the heuristic's
# move instead of its own (the heuristic is pulled towards progress the longer a game stands still).
STALLS: dict[str, Callable[[State], bool]] = {}


def stall(game_id: str):
    def register(fn: Callable[[State], bool]):
        STALLS[game_id] = fn
        return fn

    return register


def stalled(state: State) -> bool:
    """Whether the game's heuristic says the game has stood still for long (no game's hook: never)."""
    game_id = state.game.id
    load_game_bots(game_id)
    fn = STALLS.get(game_id)
    return fn is not None and fn(state)


class HeuristicBot(Bot):
    """`rng_for` (optional): state -> the random source of the decision in that state (its tie
    keys), instead of the bot's own stream; the simulation lab passes a counter-based stream so
    that its compiled copy of this policy draws the very same numbers (sim/counter_rng.py)."""

    name = "heuristic"

    def __init__(self, seed: int | None = None, rng_for: Callable[[State], random.Random] | None = None):
        super().__init__(seed)
        self.rng_for = rng_for

    def act(self, state: State) -> Action:
        rng = self.rng_for(state) if self.rng_for is not None else self.rng
        actions = state.legal_actions()
        if len(actions) == 1 or hook_for(state.game.id) is None:
            return rng.choice(actions)
        # A position met before in the game: a move not played there yet (bots/repetition.py).
        return fresh_moves(state, ranked(state, actions, rng))[0]


def ranked(state: State, actions: list[Action], rng: random.Random) -> list[Action]:
    """`actions` best first by the game's hook, ties in random order (a random order for a game
    without a hook). Search bots use it too: to pick root moves and to play other seats' turns.
    Moves the hook values at POINTLESS are left out (unless nothing else is left)."""
    value = hook_for(state.game.id)
    if value is None:
        return rng.sample(actions, len(actions))
    scored = [(value(state, a), rng.random(), a) for a in actions]
    scored.sort(key=lambda t: (t[0], t[1]), reverse=True)
    kept = [a for v, _, a in scored if v != POINTLESS]
    return kept or [a for _, _, a in scored]


#: What a hook returns for a move that serves no purpose here (e.g. starting an offer the bot has no
#: reason to make, only to withdraw it): `ranked` leaves it out, so no bot plays it and the search's
#: root never tries it.
POINTLESS = float("-inf")


def per_position(build: Callable[[State], T]) -> Callable[[State], T]:
    """`build(state)` worked out once per position: a hook values every legal action of one position,
    and what it needs of the position alone is the same for each (kept for the last position only, by
    a weak reference: a freed state is never mistaken for a new one)."""
    memo: list = [lambda: None, -1, None]  # weak ref to the state, its history length, build(state)

    def once(state: State) -> T:
        if memo[0]() is not state or memo[1] != len(state.history):
            memo[:] = [weakref.ref(state), len(state.history), build(state)]
        return memo[2]

    return once


_last_view: tuple = (lambda: None, -1, -1, None)  # (weak ref to the state, history length, seat, view)


def mover_view(state: State) -> dict:
    """The view of the seat to move. A hook values every legal action of one position, so the view
    is built once per position (a weak reference: a freed state is never mistaken for a new one)."""
    global _last_view
    ref, length, seat, view = _last_view
    mover = state.current_player()
    if ref() is not state or length != len(state.history) or seat != mover:
        view = state.view(mover)
        _last_view = (weakref.ref(state), len(state.history), mover, view)
    return view


def hook_for(game_id: str) -> Callable[[State, Action], float] | None:
    """The game's action-value hook (loaded on first use), or None for a game without one."""
    load_game_bots(game_id)
    return HOOKS.get(game_id)
