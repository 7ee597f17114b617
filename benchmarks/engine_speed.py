"""Engine speed: random playouts on one core.

    python benchmarks/engine_speed.py [GAME ...] [--seconds S] [--cpu-time]

Prints `<game>: N games/s, M steps/s` per game (a step is any applied action, chance included).
`GAME+all-variants` plays with every variant of that game switched on (e.g. `mlem+all-variants`).
`--cpu-time` times with this process's CPU time instead of wall time (on a machine shared with other
work it leaves out the time other processes hold the cores).

    python benchmarks/engine_speed.py mlem planet --seconds 2 --cpu-time --rounds 7

With `--rounds R` the games are interleaved: each round times every game once (the order reversed
every other round), so a change of machine load slows all of them alike. Each round prints its
figures; the summary gives each game's median steps/s (min-max), and each game's rate as a ratio of
the first game's in the same round (e.g. Planet/MLEM), median and spread (min-max, interquartile).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import machine

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
    parser.add_argument(
        "--rounds",
        type=int,
        default=1,
        help="interleaved rounds: medians and ratios to the first game (default 1: one pass)",
    )
    args = parser.parse_args()
    machine.report()
    if args.rounds < 1:
        parser.error(f"--rounds must be at least 1, got {args.rounds}")
    global clock
    clock = time.process_time if args.cpu_time else time.perf_counter
    names = args.games or configurations()
    if args.rounds == 1:
        for name in names:
            per_game, per_step = measure(name, args.seconds)
            print(f"{name}: {per_game:,.1f} games/s, {per_step:,.0f} steps/s", flush=True)
        return
    interleaved(names, args.seconds, args.rounds)


def spread(values: list[float], digits: int) -> str:
    """`median (min-max, IQR q1-q3)` of `values`."""
    ordered = sorted(values)
    q1, _, q3 = statistics.quantiles(ordered, n=4) if len(ordered) > 1 else (ordered[0],) * 3
    return (
        f"{statistics.median(ordered):,.{digits}f} (min-max {ordered[0]:,.{digits}f}-{ordered[-1]:,.{digits}f}, "
        f"IQR {q1:,.{digits}f}-{q3:,.{digits}f})"
    )


def interleaved(names: list[str], seconds: float, rounds: int) -> None:
    """Every game once per round, the order reversed every other round; per-round figures, then the
    medians and each game's ratio to the first game within the same round."""
    steps: dict[str, list[float]] = {name: [] for name in names}
    games_per: dict[str, list[float]] = {name: [] for name in names}
    for r in range(rounds):
        order = names if r % 2 == 0 else names[::-1]
        for name in order:
            per_game, per_step = measure(name, seconds)
            steps[name].append(per_step)
            games_per[name].append(per_game)
        row = ", ".join(f"{name} {steps[name][-1]:,.0f}" for name in names)
        print(f"round {r + 1}: steps/s {row}", flush=True)
    first = names[0]
    for name in names:
        print(f"{name}: {statistics.median(games_per[name]):,.1f} games/s, steps/s {spread(steps[name], 0)}")
    for name in names[1:]:
        ratios = [a / b for a, b in zip(steps[name], steps[first])]
        print(f"{name}/{first} steps/s ratio: {spread(ratios, 3)}")


if __name__ == "__main__":
    main()
