"""Planet play identity: one digest of random play over many seeds, to compare two versions of the
engine (a speed pass must leave play unchanged).

    PYTHONPATH=src python benchmarks/planet_identity.py [SEEDS]          (default 300)

Every fifth seed plays the teams variant (4 seats), the others 2-4 seats. At each step the digest
takes the state's snapshot, the legal actions in order (or the chance outcomes with their
probabilities), the action applied and the events it added (text, data, visibility); at the end,
every seat's view and the public view. Run it on two trees and compare the last line.
"""

from __future__ import annotations

import hashlib
import random
import sys

import machine

from cosmotable import games
from cosmotable.engine.values import canonical_json


def play(seed: int, variants: list[str] | None, digest) -> int:
    rng = random.Random(seed)
    players = 4 if variants else rng.randint(2, 4)
    state = games.get("planet").new_state(num_players=players, seed=seed, variants=variants)
    steps = digest_walk(state, rng, digest)
    digest_end(state, players, digest)
    return steps


def digest_walk(state, rng: random.Random, digest, chance_rng=None, on_decision=None) -> int:
    """Random play of `state` to its end, each step joining `digest` (the module's doc says what);
    chance is drawn with `chance_rng` (else the state's own generator), and `on_decision(state,
    steps)` may add more to the digest at each decision, before its move. Returns the steps."""
    seen = steps = 0
    while not state.is_terminal():
        digest.update(canonical_json(state.snapshot()).encode())
        if state.is_chance_node():
            digest.update(repr([(str(a), p) for a, p in state.chance_outcomes()]).encode())
            action = state.sample_chance() if chance_rng is None else state.sample_chance(chance_rng)
        else:
            legal = state.legal_actions()
            digest.update(repr([str(a) for a in legal]).encode())
            if on_decision is not None:
                on_decision(state, steps)
            action = rng.choice(legal)
            state.apply(action)
        digest.update(str(action).encode())
        seen = digest_events(state, seen, digest)
        steps += 1
    return steps


def digest_events(state, seen: int, digest) -> int:
    """Add the events after the first `seen` (text, data, visibility); returns the events' count."""
    for event in state.events[seen:]:
        shown = None if event.visible_to is None else sorted(event.visible_to)
        digest.update(canonical_json([event.to_json(), shown]).encode())
    return len(state.events)


def digest_end(state, players: int, digest) -> None:
    """Add a finished game's snapshot, every seat's view and the public view."""
    digest.update(canonical_json(state.snapshot()).encode())
    for seat in [None, *range(players)]:
        view = state.public_view() if seat is None else state.view(seat)
        digest.update(canonical_json(view).encode())


def main() -> None:
    machine.report()
    seeds = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    total = hashlib.sha256()
    steps = 0
    for seed in range(seeds):
        digest = hashlib.sha256()
        steps += play(seed, ["teams"] if seed % 5 == 4 else None, digest)
        total.update(digest.digest())
    print(f"{seeds} seeds, {steps} steps, digest {total.hexdigest()}")


if __name__ == "__main__":
    main()
