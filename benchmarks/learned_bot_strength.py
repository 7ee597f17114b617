"""The learned bot's strength in 2-player MLEM, with 95 % (Wilson) intervals, seats alternated.

    python benchmarks/learned_bot_strength.py                          # the shipped weights
    python benchmarks/learned_bot_strength.py --hard-games 40 --record # and store in the JSON
    python benchmarks/learned_bot_strength.py --weights runs/learned/update_0100.npz --hard-games 0

* vs `random` and `heuristic`: the greedy policy on the compiled vector env (the same observations
  and the same heuristic as the engine-API bots; fast), `--games` games each;
* vs `heuristic` again and vs `hard` (MCTSBot.level("hard")) through the engine API: the `learned`
  bot itself (`sim.arena.play`), `--engine-games` and `--hard-games` games.

A shared first place counts half (vector env: equal scores; engine: `state.winners()`, 1/k).
`--record` writes the figures into bots/data/learned_mlem.json's "results".
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import time
from contextlib import nullcontext
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import machine  # after OPENBLAS_NUM_THREADS, which numpy reads on import

from cosmotable.bots import learned
from cosmotable.bots.learned import load_params, weights_path
from cosmotable.envs.ppo import win_rate_vs
from cosmotable.sim.arena import Table, play
from cosmotable.sim.stats import wilson_interval


def figure(wins: float, games: int) -> dict:
    low, high = wilson_interval(wins, games)
    return {"games": games, "win_rate": round(wins / games, 4), "interval95": [round(low, 4), round(high, 4)]}


def use_weights(weights: str) -> None:
    """Make the `learned` bot of this process play the weights in `weights` (a run's checkpoint)."""
    params = load_params(Path(weights))
    learned.shipped_params = lambda game_id: params  # type: ignore[assignment]


def one_game(job: tuple[str, int, int, str]) -> tuple[float, str, float]:
    """Game `i` of a match: (learned's share of the win, a line about it, its CPU seconds)."""
    opponent, seed, i, weights = job
    start = time.process_time()
    if Path(weights) != weights_path("mlem"):
        use_weights(weights)
    seats = ("learned", opponent) if i % 2 == 0 else (opponent, "learned")
    result = play(Table("mlem", seats, seed * 1_000_003 + i))
    me = seats.index("learned")
    share = 1 / len(result.winners) if me in result.winners else 0.0
    line = f"seed {result.table.seed}, scores {result.scores}, winners {result.winners} (learned seat {me})"
    return share, line, time.process_time() - start


def engine_games(opponent: str, games: int, seed: int, weights: str, processes: int = 1) -> dict:
    """`games` games learned vs `opponent` through the engine API, learned in seat 0 then seat 1
    (game i is the same game whatever the number of processes)."""
    jobs = [(opponent, seed, i, weights) for i in range(games)]
    wins = cpu = 0.0
    with multiprocessing.get_context("spawn").Pool(processes) if processes > 1 else nullcontext() as pool:
        results = pool.imap(one_game, jobs) if pool is not None else map(one_game, jobs)
        for done, (share, line, seconds) in enumerate(results, start=1):
            wins += share
            cpu += seconds
            print(f"  {opponent} game {done}/{games}: {line}; learned {wins:g} of {done}", flush=True)
    return {**figure(wins, games), "cpu_seconds": round(cpu, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--weights", default=str(weights_path("mlem")))
    parser.add_argument("--games", type=int, default=4000, help="vector-env games vs random and heuristic")
    parser.add_argument("--engine-games", type=int, default=100, help="engine-API games vs heuristic")
    parser.add_argument("--hard-games", type=int, default=20, help="engine-API games vs the hard MCTS bot")
    parser.add_argument("--normal-games", type=int, default=0, help="engine-API games vs the normal MCTS bot")
    parser.add_argument("--processes", type=int, default=1, help="processes for the engine-API games")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--record", action="store_true")
    args = parser.parse_args()
    machine.report()
    params = load_params(Path(args.weights))
    results: dict[str, dict] = {}
    for opponent in ("random", "heuristic") if args.games else ():
        start = time.process_time()
        r = win_rate_vs(params, opponent, args.games, args.seed)
        results[f"vector_vs_{opponent}"] = {
            **figure(r["wins"] + r["ties"] / 2, r["games"]),
            "ties": r["ties"],
            "mean_score_difference": round(r["mean_score_difference"], 2),
            "cpu_seconds": round(time.process_time() - start, 1),
        }
        print(f"vs {opponent} (vector env): {results[f'vector_vs_{opponent}']}", flush=True)
    for opponent, games in (
        ("heuristic", args.engine_games),
        ("normal", args.normal_games),
        ("hard", args.hard_games),
    ):
        if games:
            key = f"engine_vs_{opponent}"
            results[key] = engine_games(opponent, games, args.seed, args.weights, args.processes)
            print(f"vs {opponent} (engine API): {results[key]}", flush=True)
    results["load_average_end"] = [round(x, 1) for x in os.getloadavg()]
    print(json.dumps(results, indent=1))
    if args.record:
        path = weights_path("mlem").with_suffix(".json")
        record = json.loads(path.read_text())
        record["results"] = {**record.get("results", {}), **results, "machine": machine.machine_line()}
        path.write_text(json.dumps(record, indent=1) + "\n")
        print(f"recorded in {path}")


if __name__ == "__main__":
    main()
