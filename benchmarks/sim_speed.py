"""Simulation speed on one core: the reference MLEM engine against OpenSpiel's C++ `pig`, and the
games/s of `cosmotable simulate` with heuristic bots.

    python benchmarks/sim_speed.py [--seconds 2] [--rounds 3] [--players 2] [--sim-games 40]

* `reference`: random playouts through the engine API (`legal_actions`, `apply`, `sample_chance`);
  a step is any applied action, chance outcomes included.
* `batch`: the batch MLEM engine (`sim/batch_mlem.py`: base game, random policy) over `--batch`
  games at once; steps/s counts every game's steps (a new batch is started when one finishes).
* `pig`: OpenSpiel's C++ `pig` random playouts through pyspiel (chance outcomes sampled with
  `chance_outcomes()`), steps counted the same way.
* `simulate`: `cosmotable simulate mlem --bots heuristic --processes 2` (runner.simulate into a
  scratch folder): games/s, start-up included.

The runners alternate round by round so a machine whose load changes slows them alike; the best
round of each is printed with the ratios. Issue #22 asks for the batch engine at >= 10x pig.
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time


def reference_runner(players: int, variants: list[str]):
    from cosmotable import games

    game = games.get("mlem")
    rng = random.Random(0)
    seed = 0

    def run(seconds: float) -> tuple[int, float]:
        nonlocal seed
        steps, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            state = game.new_state(num_players=players, seed=seed, variants=variants)
            seed += 1
            while not state.is_terminal():
                if state.is_chance_node():
                    state.sample_chance()
                else:
                    state.apply(rng.choice(state.legal_actions()))
                steps += 1
        return steps, time.perf_counter() - start

    return run


def batch_runner(players: int, size: int):
    import numpy as np

    from cosmotable.sim.batch_mlem import play_batch

    first = 0

    def run(seconds: float) -> tuple[int, float]:
        nonlocal first
        steps, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            batch = play_batch(np.arange(first, first + size), players)
            first += size
            steps += int(batch.steps.sum())
        return steps, time.perf_counter() - start

    return run


def pig_runner():
    import pyspiel

    game = pyspiel.load_game("pig")
    rng = random.Random(0)

    def run(seconds: float) -> tuple[int, float]:
        steps, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
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
        return steps, time.perf_counter() - start

    return run


def simulate_games_per_second(players: int, games: int) -> float:
    from cosmotable.sim.runner import Plan, simulate

    plan = Plan("mlem", players, ("heuristic",), (), seed=1, games=games, chunk=max(1, games // 4))
    with tempfile.TemporaryDirectory() as folder:
        start = time.perf_counter()
        simulate(plan, f"{folder}/bench.parquet", processes=2)
        return games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="length of one round per runner")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--variants", default="", help="comma-separated MLEM variants for the reference")
    parser.add_argument("--batch", type=int, default=20000, help="games per batch of the batch engine")
    parser.add_argument("--sim-games", type=int, default=40, help="games for the simulate figure")
    args = parser.parse_args()
    variants = [v for v in args.variants.split(",") if v]
    runners = {
        "reference": reference_runner(args.players, variants),
        "batch": batch_runner(args.players, args.batch),
        "pig": pig_runner(),
    }
    best = dict.fromkeys(runners, 0.0)
    for _ in range(args.rounds):
        for name, run in runners.items():
            steps, elapsed = run(args.seconds)
            best[name] = max(best[name], steps / elapsed)
    label = f"MLEM {args.players}p" + (f" +{','.join(variants)}" if variants else "")
    print(f"reference engine ({label}, random playouts): {best['reference']:,.0f} steps/s")
    print(f"OpenSpiel pig (C++ via pyspiel, random playouts): {best['pig']:,.0f} steps/s")
    print(f"reference / pig: {best['reference'] / best['pig']:.3f}x")
    print(
        f"batch engine (MLEM {args.players}p base game, random policy, {args.batch} games at once): ", end=""
    )
    print(f"{best['batch']:,.0f} steps/s")
    print(f"batch / pig: {best['batch'] / best['pig']:.2f}x (goal >= 10x); batch / reference: ", end="")
    print(f"{best['batch'] / best['reference']:.1f}x")
    rate = simulate_games_per_second(args.players, args.sim_games)
    print(f"simulate mlem --bots heuristic --processes 2 ({args.sim_games} games): {rate:.1f} games/s")


if __name__ == "__main__":
    main()
