"""Positions met earlier in the game and the moves played in them, read from the game's record.

A Planet stand-off goes round in circles: two astronauts knock each other off one cell, a tractor
beam pulls a coin back from the carrier who took it, a seat ahead in coins steps into a crocodile
that chases it back, turn after turn (issue #19: all-bot games that ran into the 600-turn cap with
one position met up to 93 times). So does a Kosmodrom turn in which a Soldering Iron fetches the
Soldering Iron on top of the discard pile, again and again (ruling K9). A bot that meets a position
again plays a move it has not played there yet (`fresh_moves`), so a circle is left at its second
turn round.

What was met is read from the record (the seed, the configuration and the actions played: the same
for a game resumed from its save), not kept in the bot: a resumed game goes on as the uninterrupted
one would, and a hint is the move the bot would play. The record is replayed once, then followed
action by action. A *position* is the public view without its turn counters: only what every player
sees decides. A state that is not its record's replay (a hand-built test table) has no memory.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from dataclasses import dataclass, field

from cosmotable.engine import Action, IllegalAction, State

#: The public view's counters: they grow every turn, so a position that comes back differs only in them.
COUNTERS = frozenset({"total_turns", "quiet_turns"})
#: Bots avoid repeating themselves in a game whose descriptor says that its positions repeat
#: (`positions_repeat`: Planet's turns can undo each other; a Kosmodrom Soldering Iron may fetch a
#: Soldering Iron from the discard pile, ruling K9, and bots of every level went round that circle
#: up to 82 times in one turn, issue #19's 1,000-game run). MLEM moves on by its own rules (every
#: decision is followed by a roll) and keeps its bots as they are.


def avoids_repeats(state: State) -> bool:
    descriptor = state.game.descriptor
    return descriptor is not None and descriptor.positions_repeat


def position_key(state: State) -> bytes:
    """A digest of the public view without its turn counters."""
    view = {key: value for key, value in state.public_view().items() if key not in COUNTERS}
    text = json.dumps(view, sort_keys=True, default=str)
    return hashlib.blake2b(text.encode(), digest_size=16).digest()


@dataclass
class Memory:
    """The game replayed from its record so far: the moves played at each position met at a
    decision, and how often."""

    replay: State
    history: list[Action]  # the actions replayed, in order
    played: dict[bytes, Counter] = field(default_factory=dict)
    valid: bool = True  # False: the state is not its record's replay (built by hand)
    #: The position key at each length of the record where it was worked out: each position's view
    #: is built once, whether first asked for by the bot to move or by the replay catching up.
    keys: dict[int, bytes] = field(default_factory=dict)

    def key_now(self) -> bytes:
        """The key of the replay's position as it stands."""
        at = len(self.history)
        key = self.keys.get(at)
        if key is None:
            key = self.keys[at] = position_key(self.replay)
        return key

    def follow(self, state: State) -> None:
        """Replay the actions of `state`'s record not yet replayed."""
        for action in state.history[len(self.history) :]:
            if not self.replay.is_chance_node():
                self.played.setdefault(self.key_now(), Counter())[str(action)] += 1
            self.replay.apply(action)
            self.history.append(action)


_memories: dict[tuple, Memory] = {}
_MEMORIES = 8  # games followed at once (a process plays one game at a time, a test several)


def memory_of(state: State) -> Memory | None:
    """The memory of `state`'s game, caught up with its record; None once its record is known not to
    replay (an action its replay refuses, or a position that differs from the replay's)."""
    game = (state.game.id, repr(state.config), state.seed)
    memory = _memories.get(game)
    history = state.history
    if memory is None or history[: len(memory.history)] != memory.history:
        if len(_memories) >= _MEMORIES:
            _memories.pop(next(iter(_memories)))
        memory = _memories[game] = Memory(state.game.state_from_config(state.config, state.seed), [])
    if not memory.valid:
        return None
    try:
        memory.follow(state)
    except IllegalAction:  # an action its replay refuses: not the replay of this record
        memory.valid = False
        return None
    return memory


def _played_here(state: State, moves: list[Action]) -> Counter | None:
    """The moves played in this position at its earlier comings in the game (None: first time).
    The position is read from the replay; only when the replay met it before is the state's own
    position compared with it (a hand-built table differs), so that a position met for the first
    time - nearly every one - costs one view, not two."""
    if len(moves) < 2 or not avoids_repeats(state):
        return None
    memory = memory_of(state)
    if memory is None:
        return None
    key = memory.key_now()
    played = memory.played.get(key)
    if played and position_key(state) != key:
        memory.valid = False
        return None
    return played


def fresh_moves(state: State, moves: list[Action]) -> list[Action]:
    """`moves` (in the caller's order of preference) not played yet in this position when it came
    up before in the game, then the rest, least played first; `moves` unchanged for a position met
    for the first time. Met again, a bot leaves a circle instead of going round it once more."""
    played = _played_here(state, moves)
    if not played:
        return moves
    order = {id(move): rank for rank, move in enumerate(moves)}
    return sorted(moves, key=lambda move: (played[str(move)], order[id(move)]))


def unplayed(state: State, moves: list[Action]) -> list[Action]:
    """The moves a search chooses from: those played least often in this position so far (all of
    `moves` for a position met for the first time)."""
    played = _played_here(state, moves)
    if not played:
        return moves
    fewest = min(played[str(move)] for move in moves)
    return [move for move in moves if played[str(move)] == fewest]
