"""What a Planet heuristic decision costs (issue #19: "a decision should not cost seconds").

    python benchmarks/planet_heuristic_speed.py [--players N] [--games G] [--decisions D] [--seed S]

Plays `G` all-heuristic games (`N` players, seeds S, S+1, ...) for at most `D` decisions each and
times every decision of more than one legal move (`HeuristicBot.act`, CPU time of this process).
Prints the median, 90th and 99th percentile and the slowest decision, in milliseconds, and the
median per legal move. Not a test: the figures depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import statistics
import time

import machine

from cosmotable import games
from cosmotable.bots import make_bot


def timings(players: int, seed: int, decisions: int) -> list[tuple[float, int]]:
    """(CPU seconds, legal moves) of each decision with a choice, in one game from `seed`."""
    state = games.get("planet").new_state(num_players=players, seed=seed)
    bots = [make_bot("heuristic", seed=seed * 8 + seat) for seat in range(players)]
    out: list[tuple[float, int]] = []
    while not state.is_terminal() and len(out) < decisions:
        if state.is_chance_node():
            state.sample_chance()
            continue
        legal = len(state.legal_actions())
        started = time.process_time()
        action = bots[state.current_player()].act(state)
        if legal > 1:
            out.append((time.process_time() - started, legal))
        state.apply(action)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--players", type=int, default=4, help="players per game (default 4)")
    parser.add_argument("--games", type=int, default=2, help="games (default 2)")
    parser.add_argument("--decisions", type=int, default=300, help="decisions per game at most (default 300)")
    parser.add_argument("--seed", type=int, default=1, help="first game's seed (default 1)")
    args = parser.parse_args()
    machine.report()
    samples: list[tuple[float, int]] = []
    for game in range(args.games):
        samples += timings(args.players, args.seed + game, args.decisions)
    times = sorted(1000 * t for t, _ in samples)
    if not times:
        print("no decision with a choice was played")
        return
    cut = statistics.quantiles(times, n=100) if len(times) > 1 else [times[0]] * 99
    per_move = statistics.median(1000 * t / n for t, n in samples)
    print(
        f"{len(times)} decisions ({args.games} games, {args.players} players): median {statistics.median(times):.0f} ms, "
        f"p90 {cut[89]:.0f} ms, p99 {cut[98]:.0f} ms, slowest {times[-1]:.0f} ms; "
        f"median per legal move {per_move:.1f} ms; {sum(times) / 1000:.1f} s in all"
    )


if __name__ == "__main__":
    main()
