"""Audits of hidden information, for any game: does a determinization leak, and does it play?

A determinization `state.resample_for(seat, rng)` must look exactly like `state` to `seat` (its
view, the spectators' view, the events it may see, the seat to act and, when `seat` acts, its legal
actions), must not change `state`, and must be a normal state that plays to the end. Whatever
differs between the two for `seat` is information the true state shows that the seat cannot
know, i.e. a leak. These pure functions say what differs; tests and benchmarks decide what to do.

    from cosmotable.engine.audit import leak_differences, play_to_end
    assert leak_differences(state, seat, random.Random(1)) == []
    play_to_end(state.resample_for(seat, random.Random(1)), random.Random(2))

The engine knows no game: only the `State` API is used.
"""

from __future__ import annotations

import json
import random
from typing import Any

from cosmotable.engine.core import State
from cosmotable.engine.values import canonical_json

#: At most this many differences are listed per compared part (a leak usually shows everywhere).
MAX_DIFFERENCES = 5


class PlayoutTooLong(RuntimeError):
    """`play_to_end` reached its step limit before the game ended."""


def leak_differences(state: State, seat: int, rng: random.Random) -> list[str]:
    """What differs between `state` and `state.resample_for(seat, rng)` for `seat`: one line per
    difference (empty: no leak seen with this rng), each naming the part and the JSON path, e.g.
    `view(1).phase: 'peek-orient' != 'peek-reveal'`. Also reports a `resample_for` that changed
    `state` itself. `state` is left as it was."""
    before = state.fingerprint()
    sample = state.resample_for(seat, rng)
    found = compare_for(state, sample, seat)
    if state.fingerprint() != before:
        found.append("resample_for changed the true state")
    return found


def compare_for(state: State, other: State, seat: int) -> list[str]:
    """The differences `seat` could observe between two states (see `leak_differences`)."""
    found: list[str] = []
    found += json_differences(f"view({seat})", state.view(seat), other.view(seat))
    found += json_differences("public_view()", state.public_view(), other.public_view())
    found += json_differences(
        f"events_for({seat})",
        [e.to_json() for e in state.events_for(seat)],
        [e.to_json() for e in other.events_for(seat)],
    )
    player = state.current_player()
    if player != other.current_player():
        found.append(f"current_player(): {player} != {other.current_player()}")
    elif player == seat:
        found += json_differences(
            "legal_actions()",
            sorted(str(a) for a in state.legal_actions()),
            sorted(str(a) for a in other.legal_actions()),
        )
    return found


def json_differences(label: str, a: Any, b: Any, limit: int = MAX_DIFFERENCES) -> list[str]:
    """Where two JSON-ready values differ, as `label.path: a != b` lines (at most `limit`).
    Values are compared by their canonical JSON text, so tuples equal lists as they would once sent."""
    text_a, text_b = canonical_json(a), canonical_json(b)
    if text_a == text_b:  # the usual case, and the cheap one
        return []
    out: list[str] = []
    _walk(label, json.loads(text_a), json.loads(text_b), out, limit)
    return out


def _walk(path: str, a: Any, b: Any, out: list[str], limit: int) -> None:
    if len(out) >= limit or a == b:
        return
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if key not in a or key not in b:
                side = "only in the second" if key not in a else "only in the first"
                out.append(f"{path}.{key}: {side}")
            else:
                _walk(f"{path}.{key}", a[key], b[key], out, limit)
            if len(out) >= limit:
                return
        return
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            _walk(f"{path}[{i}]", x, y, out, limit)
            if len(out) >= limit:
                return
        return
    out.append(f"{path}: {_short(a)} != {_short(b)}")


def _short(value: Any, width: int = 80) -> str:
    text = repr(value)
    return text if len(text) <= width else text[: width - 3] + "..."


def play_to_end(state: State, rng: random.Random, max_steps: int = 100_000) -> State:
    """Play a copy of `state` to the end: each seat picks a uniformly random legal action, chance
    outcomes are drawn from `rng` (not from the state's own seed). Returns the terminal copy;
    engine errors propagate as they are; `PlayoutTooLong` after `max_steps` actions."""
    game = state.clone()
    for _ in range(max_steps):
        if game.is_terminal():
            return game
        if game.is_chance_node():
            game.sample_chance(rng)
        else:
            legal = game.legal_actions()
            if not legal:
                raise RuntimeError(
                    f"seat {game.current_player()} must act but has no legal action "
                    f"after {len(game.history)} actions"
                )
            game.apply(rng.choice(legal))
    if game.is_terminal():
        return game
    raise PlayoutTooLong(
        f"{state.game.id}: not over after {max_steps} steps ({len(game.history)} actions in all)"
    )


def next_chance_outcome(state: State) -> str | None:
    """The outcome `state.sample_chance()` would apply next from the state's own chance source,
    as text (None if `state` is not at a chance node). `state` is left as it was. For checking
    that determinizations do not carry the true future chance (their outcomes must vary with the
    rng they were drawn from)."""
    if not state.is_chance_node():
        return None
    return str(state.clone().sample_chance())
