"""MCTS speed: simulations per second on one core, ours against OpenSpiel's Python MCTSBot.

    python benchmarks/mcts_speed.py                      # 7 rounds, 10 MLEM positions, 200 simulations
    python benchmarks/mcts_speed.py --rounds 9 --positions 6 --simulations 100 --games mlem,planet
    python benchmarks/mcts_speed.py --wall                # wall time instead of this process's CPU time
    python benchmarks/mcts_speed.py --games kosmodrom --level easy   # a bot level's own search

Our MCTS runs full random rollouts (rollout_depth=None), as OpenSpiel's MCTSBot does with a
RandomRolloutEvaluator(n_rollouts=1). OpenSpiel's bot searches the same MLEM positions (2 players,
no variants) through our OpenSpiel adapter (`cosmotable.envs.openspiel`), each position rebuilt by
replaying its actions.

The two sides are interleaved: each round times ours on every position, then OpenSpiel's on the
same positions (the order alternating between rounds), so a machine whose load changes during the
run slows both alike. Each round prints both rates and their ratio; the summary gives the median
ratio and its spread (min-max and the interquartile range). Kosmodrom and Planet are timed the same
way, our MCTS alone (OpenSpiel's bot runs on MLEM only here). Time is this process's CPU time by
default: on a shared machine it leaves out the time other processes hold the cores.

With `--level`, our side searches as that bot level does in each game (`mcts.search_for`: its
budget, rollout depth and estimate, the heuristic's moves for the other seats) instead of full
random rollouts: the speed the bots play at (OpenSpiel's side is then left out).
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time
from collections.abc import Callable

import machine

from cosmotable import games
from cosmotable.bots.mcts import MCTSBot
from cosmotable.engine import State

#: The runners' clock (see --wall).
clock: Callable[[], float] = time.process_time


def positions(game_id: str, count: int, seed: int = 1) -> list[State]:
    """Decision positions (more than one legal move) from random 2-player games: the same positions
    for every run and for both sides."""
    rng = random.Random(seed)
    game = games.get(game_id)
    found: list[State] = []
    while len(found) < count:
        state = game.new_state(num_players=2, seed=rng.randrange(10**9))
        while not state.is_terminal() and len(found) < count:
            if state.is_chance_node():
                state.sample_chance(rng)
                continue
            if len(state.legal_actions()) > 1 and rng.random() < 0.3:
                found.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
    return found


def ours(states: list[State], simulations: int, level: str | None = None) -> Callable[[], tuple[int, float]]:
    if level:
        bot = MCTSBot.level(level, seed=1)
    else:
        bot = MCTSBot(seed=1, simulations=simulations, rollout_depth=None)

    def run() -> tuple[int, float]:
        done, start = 0, clock()
        for state in states:
            bot.act(state)
            done += bot.last_iterations
        return done, clock() - start

    return run


def openspiel(states: list[State], simulations: int) -> Callable[[], tuple[int, float]] | None:
    """OpenSpiel's MCTSBot on the same positions, or None when OpenSpiel is not installed."""
    try:
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import mcts

        from cosmotable.envs import openspiel as adapter
    except ImportError:
        return None
    game = pyspiel.load_game("python_cosmotable_mlem(players=2)")
    spiel_states = [adapter.replay(game, state.history) for state in states]
    rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, uct_c=2, max_simulations=simulations, evaluator=evaluator, random_state=rng)

    def run() -> tuple[int, float]:
        start = clock()
        for state in spiel_states:
            bot.step(state)
        return len(spiel_states) * simulations, clock() - start

    return run


def settle() -> None:
    """After set-up and warm-up: collect, then freeze what is alive (positions, caches, imported
    modules) out of the collector's reach, so that the timed rounds' collections walk only what the
    searches themselves make - the same for every round - and not a heap left by the set-up."""
    gc.collect()
    gc.freeze()


def spread(values: list[float]) -> str:
    """min-max and the interquartile range of `values`."""
    if len(values) >= 4:
        q1, _, q3 = statistics.quantiles(values, n=4)
        iqr = f", IQR {q1:,.2f}-{q3:,.2f}"
    else:
        iqr = ""
    return f"min-max {min(values):,.2f}-{max(values):,.2f}{iqr}"


def compare_mlem(count: int, simulations: int, rounds: int) -> None:
    states = positions("mlem", count)
    mine, theirs = ours(states, simulations), openspiel(states, simulations)
    if theirs is None:
        print("OpenSpiel is not installed (pip install -e '.[rl]'): MLEM timed like the other games")
        alone("mlem", count, simulations, rounds)
        return
    mine(), theirs()  # warm-up: caches, the adapter's encoding memo
    settle()
    ratios, our_rates, their_rates = [], [], []
    print(f"mlem: {count} positions x {simulations} simulations per side per round")
    for r in range(rounds):
        sides = (mine, theirs) if r % 2 == 0 else (theirs, mine)
        timed = {side: side() for side in sides}
        ours_rate = timed[mine][0] / timed[mine][1]
        theirs_rate = timed[theirs][0] / timed[theirs][1]
        ratios.append(ours_rate / theirs_rate)
        our_rates.append(ours_rate)
        their_rates.append(theirs_rate)
        print(
            f"  round {r + 1}: ours {ours_rate:8,.0f} sims/s   OpenSpiel {theirs_rate:6,.0f} sims/s   "
            f"ratio {ratios[-1]:5.2f}",
            flush=True,
        )
    print(f"  ours: median {statistics.median(our_rates):,.0f} sims/s ({spread(our_rates)})")
    print(f"  OpenSpiel MCTSBot: median {statistics.median(their_rates):,.0f} sims/s ({spread(their_rates)})")
    print(f"  ratio ours / OpenSpiel: median {statistics.median(ratios):.2f} ({spread(ratios)})")
    print(f"  lowest round's ratio: {min(ratios):.2f}; load average now: {machine.load_average()}")


def alone(game_id: str, count: int, simulations: int, rounds: int, level: str | None = None) -> None:
    run = ours(positions(game_id, count), simulations, level)
    run()  # warm-up
    settle()
    rates = []
    for _ in range(rounds):
        done, seconds = run()
        rates.append(done / seconds)
    per_round = ", ".join(f"{rate:,.0f}" for rate in rates)
    print(f"{game_id}{f' ({level})' if level else ''}: rounds {per_round} sims/s")
    print(
        f"  median {statistics.median(rates):,.0f} sims/s ({spread(rates)}); load average now: {machine.load_average()}",
        flush=True,
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--simulations", type=int, default=200, help="simulations per move (default 200)")
    parser.add_argument("--positions", type=int, default=10, help="positions searched per round (default 10)")
    parser.add_argument("--rounds", type=int, default=7, help="interleaved rounds (default 7)")
    parser.add_argument("--games", default=",".join(games.ids()), help="comma-separated game ids")
    parser.add_argument("--wall", action="store_true", help="time with wall time instead of CPU time")
    parser.add_argument(
        "--level", choices=["easy", "normal", "hard"], help="search as this bot level (our side only)"
    )
    args = parser.parse_args(argv)
    machine.report()
    global clock
    clock = time.perf_counter if args.wall else time.process_time
    search = f"the {args.level} level's search" if args.level else "full random rollouts"
    print(f"clock: {'wall time' if args.wall else 'CPU time of this process'}; one core, {search}")
    for game_id in [g for g in args.games.split(",") if g]:
        if args.level:
            alone(game_id, args.positions, args.simulations, args.rounds, args.level)
        elif game_id == "mlem":
            compare_mlem(args.positions, args.simulations, args.rounds)
        else:
            alone(game_id, args.positions, args.simulations, args.rounds)


if __name__ == "__main__":
    main()
