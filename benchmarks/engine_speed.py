"""Engine speed: random playouts on one core.

    python benchmarks/engine_speed.py [GAME ...] [--seconds S]

Prints `<game>: N games/s, M steps/s` per game (a step is any applied action, chance included).
"""

from __future__ import annotations

import argparse
import random
import time

from cosmotable import games


def playout(game, seed: int) -> int:
    rng = random.Random(seed)
    state = game.new_state(num_players=rng.randint(game.min_players, game.max_players), seed=seed)
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.sample_chance()
        else:
            state.apply(rng.choice(state.legal_actions()))
        steps += 1
    return steps


def measure(game_id: str, seconds: float) -> tuple[float, float]:
    game = games.get(game_id)
    playout(game, 0)  # warm caches
    done = steps = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        steps += playout(game, done + 1)
        done += 1
    elapsed = time.perf_counter() - start
    return done / elapsed, steps / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", default=games.ids(), help="game ids (default: all)")
    parser.add_argument("--seconds", type=float, default=5.0, help="time per game (default 5)")
    args = parser.parse_args()
    for game_id in args.games:
        per_game, per_step = measure(game_id, args.seconds)
        print(f"{game_id}: {per_game:,.1f} games/s, {per_step:,.0f} steps/s")


if __name__ == "__main__":
    main()
