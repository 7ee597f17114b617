"""Bot strength goals, measured by the arena (2-player games, seat rotation).

    python benchmarks/bot_strength.py [--games N] [--processes P] [GAME ...]

Goals (issue: strong bots): `hard` beats `random` in >= 95% and `heuristic` in >= 60% of games,
for each game. Prints each win rate with its 95% interval and whether the goal is met.
"""

from __future__ import annotations

import argparse

from cosmotable import games
from cosmotable.sim.arena import run

GOALS = {"random": 0.95, "heuristic": 0.60}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", default=None, help="game ids (default: all)")
    parser.add_argument("--games-per-pair", "-n", type=int, default=60, dest="count",
                        help="games per opponent (default 60; even, for seat rotation)")
    parser.add_argument("--processes", "-p", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--level", default="hard", help="bot under test (default hard)")
    args = parser.parse_args()
    for game_id in args.games or games.ids():
        for opponent, goal in GOALS.items():
            report = run(game_id, [args.level, opponent], args.count, seed=7, processes=args.processes)
            wins, played = report.head_to_head(args.level, opponent)
            rate = wins / played
            standing = report.standings[args.level]
            lo, hi = standing.interval()
            verdict = "meets" if rate >= goal else "MISSES"
            print(f"{game_id}: {args.level} vs {opponent}: {rate:.1%} of {played} games "
                  f"(95% CI {lo:.1%}-{hi:.1%}); goal >= {goal:.0%}: {verdict}", flush=True)


if __name__ == "__main__":
    main()
