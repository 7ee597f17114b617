"""Long move menus built in steps: a prefix tree of the moves' own texts.

Nothing here knows a game. A move's text is cut into pieces at spaces and commas ("trade 1 fuel
metal" -> "trade", " 1", " fuel", " metal"; "travel 1,A,H0" -> "travel", " 1", ",A", ",H0"); moves
sharing their leading pieces form a group, and the player picks one level at a time: first the
card, then the seat, then what in return - whatever the games' action sets become. A level where
every move shares the next piece is skipped (nothing to choose there).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from cosmotable.ui.terminal.common import Move

#: Menus longer than this are offered as a tree of groups instead of one long list.
TREE_AFTER = 12
_PIECE = re.compile(r"[\s,]*[^\s,]+")


def pieces(text: str) -> tuple[str, ...]:
    """`travel 1,A` -> ("travel", " 1", ",A"): joined again they give the text back exactly."""
    return tuple(_PIECE.findall(text))


def steps(move: Move) -> tuple[str, ...]:
    """The pieces a move is reached by in the tree: its own `path`, else its text's pieces."""
    return move.path if move.path is not None else pieces(str(move.action))


@dataclass(frozen=True)
class Entry:
    """One line of a menu level: a move (`move`), or a group of moves sharing `prefix`."""

    prefix: tuple[str, ...]
    moves: tuple[Move, ...]

    @property
    def is_move(self) -> bool:
        return len(self.moves) == 1 and steps(self.moves[0]) == self.prefix

    @property
    def text(self) -> str:
        """A move's own text (what is typed), or the group's steps so far."""
        return str(self.moves[0].action) if self.is_move else "".join(self.prefix)


def members(moves: Sequence[Move], prefix: tuple[str, ...]) -> list[Move]:
    n = len(prefix)
    return [m for m in moves if steps(m)[:n] == prefix]


def descend(moves: Sequence[Move], prefix: tuple[str, ...]) -> tuple[str, ...]:
    """Skip levels with a single choice: while every move under `prefix` continues with the same
    piece (and none ends there), that piece is taken for the player."""
    inside = members(moves, prefix)
    while inside:
        nexts = {steps(m)[len(prefix) : len(prefix) + 1] for m in inside}
        if len(nexts) != 1 or nexts == {()} or len(inside) == 1:
            break
        prefix = prefix + next(iter(nexts))
    return prefix


def level(moves: Sequence[Move], prefix: tuple[str, ...] = ()) -> list[Entry]:
    """The entries under `prefix`, in the moves' own order: all of them when they are few (at most
    TREE_AFTER), else a move ending exactly at `prefix` first, then one entry per next piece (a single move is shown as itself; a group is descended as far as
    it has a single choice)."""
    inside = members(moves, prefix)
    if prefix and len(inside) <= TREE_AFTER:
        # a group small enough to read whole is listed whole: no more steps than needed
        return [Entry(steps(m), (m,)) for m in inside]
    entries: list[Entry] = []
    exact = [m for m in inside if steps(m) == prefix]
    for move in exact:
        entries.append(Entry(prefix, (move,)))
    order: list[str] = []
    groups: dict[str, list[Move]] = {}
    for move in inside:
        own = steps(move)
        if len(own) == len(prefix):
            continue
        nxt = own[len(prefix)]
        if nxt not in groups:
            order.append(nxt)
            groups[nxt] = []
        groups[nxt].append(move)
    for nxt in order:
        group = groups[nxt]
        if len(group) == 1:
            entries.append(Entry(steps(group[0]), (group[0],)))
        else:
            entries.append(Entry(descend(group, prefix + (nxt,)), tuple(group)))
    return entries


def _words(text: str) -> tuple[str, ...]:
    return tuple(w for w in re.split(r"[\s,]+", text.strip().lower()) if w)


def find_prefix(moves: Sequence[Move], typed: str) -> tuple[str, ...] | None:
    """A typed text that is the start of several moves (`trade 1`, `travel 2,A`, `peek planet row
    3`), as a prefix of their steps; None when no move starts with it step by step. Spaces and
    commas between words do not matter."""
    wanted = _words(typed)
    if not wanted:
        return None
    for move in moves:
        own = steps(move)
        for k in range(1, len(own)):
            if _words("".join(own[:k])) == wanted:
                return own[:k]
    return None
