"""Simulation speed on one core: the reference MLEM engine against OpenSpiel's C++ `pig`, and the
games/s of `cosmotable simulate` with heuristic bots.

    python benchmarks/sim_speed.py [--seconds 2] [--rounds 3] [--players 2] [--sim-games 40]

* `reference`: random playouts through the engine API (`legal_actions`, `apply`, `sample_chance`);
  a step is any applied action, chance outcomes included.
* `batch`: the batch MLEM engine (`sim/batch_mlem/`, compiled with numba; random policy, the
  `--variants` given) over `--batch` games per call; steps/s counts every game's steps. It is
  compiled (or loaded from numba's cache) before the first round, outside the timing.
* `heuristic`: the batch engine with its heuristic policy on every seat (`--batch` / 10 games per
  call): games/s, printed beside the random policy's figure (no ratio: the heuristic values each
  legal action by a one-step look-ahead).
* `pig`: OpenSpiel's C++ `pig` random playouts through pyspiel (chance outcomes sampled with
  `chance_outcomes()`), steps counted the same way.
* `simulate`: `cosmotable simulate mlem --bots heuristic --processes 2` (runner.simulate into a
  scratch folder), on the reference engine and with `--fast` (the batch engine's heuristic
  policy, its numba cache loaded by each process): games/s, start-up included.

The runners alternate round by round so a machine whose load changes slows them alike; each figure
is the median of the rounds with their range, and the ratios are taken round by round. Issues #22
and #47 ask for the batch engine at >= 10x pig (2 players, and 4 players with every variant). The
machine, library versions and load average are printed first (benchmarks/machine.py).
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time

import machine

#: the runners' clock: wall time, or this process's CPU time with --cpu-time (a CPU-bound runner's
#: CPU time hardly changes with the machine's load, so ratios are steadier on a shared machine)
CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}
_clock = [CLOCKS["wall"]]


def clock() -> float:
    return _clock[0]()


def reference_runner(players: int, variants: list[str]):
    from cosmotable import games

    game = games.get("mlem")
    rng = random.Random(0)
    seed = 0

    def run(seconds: float) -> tuple[int, float]:
        nonlocal seed
        steps, start = 0, clock()
        while clock() - start < seconds:
            state = game.new_state(num_players=players, seed=seed, variants=variants)
            seed += 1
            while not state.is_terminal():
                if state.is_chance_node():
                    state.sample_chance()
                else:
                    state.apply(rng.choice(state.legal_actions()))
                steps += 1
        return steps, clock() - start

    return run


def batch_runner(
    players: int, size: int, variants: tuple[str, ...], policy: str = "random", unit: str = "steps"
):
    """The batch engine, `policy` on every seat: steps (or with unit="games", games) per round."""
    import numpy as np

    from cosmotable.sim.batch_mlem import play_batch

    play_batch([0], players, variants, policy)  # compile (or load numba's cache) outside the timing
    first = 0

    def run(seconds: float) -> tuple[int, float]:
        nonlocal first
        steps, start = 0, clock()
        while clock() - start < seconds:
            batch = play_batch(np.arange(first, first + size), players, variants, policy)
            first += size
            steps += int(batch.steps.sum()) if unit == "steps" else size
        return steps, clock() - start

    return run


def pig_runner():
    import pyspiel

    game = pyspiel.load_game("pig")
    rng = random.Random(0)

    def run(seconds: float) -> tuple[int, float]:
        steps, start = 0, clock()
        while clock() - start < seconds:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    r, acc = rng.random(), 0.0
                    for action, p in outcomes:
                        acc += p
                        if r < acc:
                            break
                    state.apply_action(action)
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
                steps += 1
        return steps, clock() - start

    return run


def simulate_games_per_second(players: int, games: int, engine: str = "reference") -> float:
    from cosmotable.sim.runner import Plan, simulate

    plan = Plan(
        "mlem", players, ("heuristic",), (), seed=1, games=games, chunk=max(1, games // 4), engine=engine
    )
    with tempfile.TemporaryDirectory() as folder:
        start = time.perf_counter()
        simulate(plan, f"{folder}/bench.parquet", processes=2)
        return games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="length of one round per runner")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--variants", default="", help="comma-separated MLEM variants (reference and batch)")
    parser.add_argument("--batch", type=int, default=1000, help="games per call of the batch engine")
    parser.add_argument(
        "--cpu-time", action="store_true", help="time the runners by CPU time, not wall time (simulate: wall)"
    )
    parser.add_argument("--sim-games", type=int, default=40, help="games for the simulate figure")
    parser.add_argument("--sim-fast-games", type=int, default=20000, help="games for the --fast figure")
    args = parser.parse_args()
    machine.report()
    variants = [v for v in args.variants.split(",") if v]
    _clock[0] = CLOCKS["cpu" if args.cpu_time else "wall"]
    runners = {
        "reference": reference_runner(args.players, variants),
        "batch": batch_runner(args.players, args.batch, tuple(variants)),
        "pig": pig_runner(),
        # games/s, not a ratio to pig: the heuristic values every legal action by a look-ahead
        "heuristic": batch_runner(
            args.players, max(1, args.batch // 10), tuple(variants), "heuristic", "games"
        ),
    }
    rates: dict[str, list[float]] = {name: [] for name in runners}
    ratios: dict[str, list[float]] = {"reference": [], "batch": []}
    for _ in range(args.rounds):
        # Interleaved: a round's three figures share the machine's load of that moment.
        for name, run in runners.items():
            steps, elapsed = run(args.seconds)
            rates[name].append(steps / elapsed)
        for name, values in ratios.items():
            values.append(rates[name][-1] / rates["pig"][-1])

    def figure(values: list[float], unit: str = " steps/s", fmt: str = ",.0f") -> str:
        return (
            f"{statistics.median(values):{fmt}}{unit} (median of {len(values)}; "
            f"range {min(values):{fmt}}-{max(values):{fmt}})"
        )

    label = f"MLEM {args.players}p" + (f" +{','.join(variants)}" if variants else " base game")
    print(f"clock: {'CPU' if args.cpu_time else 'wall'}")
    print(f"reference engine ({label}, random playouts): {figure(rates['reference'])}")
    print(f"OpenSpiel pig (C++ via pyspiel, random playouts): {figure(rates['pig'])}")
    print(f"batch engine ({label}, random policy, {args.batch} games per call): {figure(rates['batch'])}")
    print(
        f"batch engine ({label}, heuristic policy, {max(1, args.batch // 10)} games per call): "
        f"{figure(rates['heuristic'], ' games/s')}"
    )
    print(f"reference / pig, per round: {figure(ratios['reference'], 'x', '.3f')}")
    print(f"batch / pig, per round: {figure(ratios['batch'], 'x', '.2f')} (goal >= 10x)")
    rate = simulate_games_per_second(args.players, args.sim_games)
    print(f"simulate mlem --bots heuristic --processes 2 ({args.sim_games} games): {rate:.1f} games/s")
    rate = simulate_games_per_second(args.players, args.sim_fast_games, engine="batch")
    print(
        f"simulate mlem --fast --bots heuristic --processes 2 ({args.sim_fast_games} games): {rate:,.0f} games/s"
    )


if __name__ == "__main__":
    main()
