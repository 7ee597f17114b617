"""What share of Planet's random play each part of listing the legal moves takes (issue #47).

    python benchmarks/planet_listing_share.py [--games N] [--repeats R]

Plays the same random games as `engine_speed.py planet` (seeds 1..N) several ways: as they are, then
with one part of the listing asked a second time at every action node (its answer unused, so the
games are the same). The CPU time each second asking adds is that part's share of a game. A
profiler's figures are skewed towards code with many small calls; this costs nothing per call.
The whole listing's share bounds what any speed-up of the listing alone can give: with a listing
of share f made free, random play runs 1 / (1 - f) times as fast. The second asking finds the
shape's and the ships' memos (aboard plans, drifts, sails, flights) filled by the first, so the
memoized parts' shares are somewhat low: read the figures as lower bounds.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import machine

from cosmotable import games
from cosmotable.games.planet import moves, reach
from cosmotable.games.planet.state import PlanetState


def _plans(s: PlanetState) -> None:
    seat = s.seat
    for i, p in enumerate(s.pos[seat]):
        if s.stun[seat][i] < s.turns[seat]:
            moves.astronaut_plan(s, seat, p)


def _carriers(s: PlanetState) -> None:
    seat = s.seat
    for p in s.pos[seat]:
        if p[0] == "cell" and p[2] != 1 and s.coins.get(p[1]):
            area, r, c = p[1]
            moves.carry_steps(s, seat, p, moves.steps_from(s, seat, area, r, c))


PARTS: dict[str, Callable[[PlanetState], object]] = {
    "astronauts' moves (carriers included)": _plans,
    "carriers' walks": _carriers,
    "ship's sails and flights": lambda s: moves.ship_moves(s, s.seat),
    "ability plays": lambda s: reach.ability_moves(s, s.seat),
    "whole listing": moves.legal_actions,
}


def run(n_games: int, extra: Callable[[PlanetState], object] | None) -> float:
    game = games.get("planet")
    start = time.process_time()
    for seed in range(1, n_games + 1):
        # engine_speed.playout's game, with the extra question at each action node
        rng = random.Random(seed)
        players = rng.randint(game.min_players, game.max_players)
        s = game.new_state(num_players=players, seed=seed)
        while not s.is_terminal():
            if s.is_chance_node():
                s.sample_chance()
                continue
            legal = s.legal_actions()
            if extra is not None and s.phase == "act":
                extra(s)
            s.apply(rng.choice(legal))
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=80, help="random games per timing (default 80)")
    parser.add_argument("--repeats", type=int, default=3, help="timings of each kind, the least kept")
    args = parser.parse_args()
    machine.report()
    run(2, None)  # warm the shape's memos
    base = min(run(args.games, None) for _ in range(args.repeats))
    print(f"{args.games} random Planet games: {base:.3f} s CPU time")
    for name, part in PARTS.items():
        extra = min(run(args.games, part) for _ in range(args.repeats)) - base
        share = extra / base
        print(f"{name}: {share:.1%} of the time (made free: {1 / max(1 - share, 1e-9):.2f}x)", flush=True)


if __name__ == "__main__":
    main()
