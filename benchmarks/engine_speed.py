"""Engine speed: random playouts on one core.

    python benchmarks/engine_speed.py [GAME ...] [--seconds S] [--cpu-time]

Prints `<game>: N games/s, M steps/s` per game (a step is any applied action, chance included).
`GAME+all-variants` plays with every variant of that game switched on (e.g. `mlem+all-variants`).
`--cpu-time` times with this process's CPU time instead of wall time (on a machine shared with other
work it leaves out the time other processes hold the cores).
"""

from __future__ import annotations

import argparse
import random
import time

from cosmotable import games
from cosmotable.engine.errors import ConfigError

#: The clock (wall time, or this process's CPU time with --cpu-time).
clock = time.perf_counter


def playout(game, seed: int, variants: list[str] | None = None) -> int:
    rng = random.Random(seed)
    players = rng.randint(game.min_players, game.max_players)
    state = game.new_state(num_players=players, seed=seed, variants=variants)
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.sample_chance()
        else:
            state.apply(rng.choice(state.legal_actions()))
        steps += 1
    return steps


def configurations() -> list[str]:
    names = []
    for game_id in games.ids():
        names.append(game_id)
        if games.get(game_id).variants:
            names.append(f"{game_id}+all-variants")
    return names


def _all_compatible(game) -> list[str]:
    """Every variant that can be switched on together (a game refuses exclusive pairs)."""
    chosen: list[str] = []
    for name in game.variants:
        try:
            game.make_config(game.min_players, [*chosen, name])
        except ConfigError:  # this one cannot join the ones chosen so far
            continue
        chosen.append(name)
    return chosen


def measure(name: str, seconds: float) -> tuple[float, float]:
    game_id, _, mode = name.partition("+")
    game = games.get(game_id)
    variants = _all_compatible(game) if mode == "all-variants" else None
    playout(game, 0, variants)  # warm caches
    done = steps = 0
    start = clock()
    while clock() - start < seconds:
        steps += playout(game, done + 1, variants)
        done += 1
    elapsed = clock() - start
    return done / elapsed, steps / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "games",
        nargs="*",
        default=None,
        help="game ids, or GAME+all-variants (default: all, with and without variants)",
    )
    parser.add_argument("--seconds", type=float, default=5.0, help="time per game (default 5)")
    parser.add_argument("--cpu-time", action="store_true", help="time with CPU time instead of wall time")
    args = parser.parse_args()
    global clock
    clock = time.process_time if args.cpu_time else time.perf_counter
    for name in args.games or configurations():
        per_game, per_step = measure(name, args.seconds)
        print(f"{name}: {per_game:,.1f} games/s, {per_step:,.0f} steps/s", flush=True)


if __name__ == "__main__":
    main()
