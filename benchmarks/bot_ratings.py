"""The bot levels rated on the players' scale: a round-robin of the levels, per game (issue #46).

    python benchmarks/bot_ratings.py [--game mlem] [--games 20] [--processes 2] [--write]

Plays every pair of levels `--games` times (seats swapped every other game) and rates the games in
order with the server's arithmetic (`cosmotable.server.ratings`, openskill's Plackett-Luce), as
`cosmotable ratings calibrate` does; prints each level's ordinal (mu - 3 sigma), mu and sigma, each
pair's wins and whether the levels came out in the expected order (random < heuristic < easy <
normal < hard), with the machine line and the load average. `--write` stores the result in the data
file the server reads (src/cosmotable/server/data/bot_ratings.json). Nothing here is a pass/fail
threshold: the figures go in docs/ratings.md.
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time

import machine

from cosmotable.cli.ratings import calibrate, lines, write
from cosmotable.server.ratings import RATED_LEVELS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="a game (repeatable; default mlem)")
    parser.add_argument("--games", type=int, default=20, help="games per pair of levels")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--write", action="store_true", help="store the result for the server")
    args = parser.parse_args()
    machine.report()
    for game in args.game or ["mlem"]:
        total = args.games * len(RATED_LEVELS) * (len(RATED_LEVELS) - 1) // 2
        done = 0
        started = time.perf_counter()

        def progress(_result, game=game, total=total):
            nonlocal done
            done += 1
            print(f"\r{game}: {done}/{total} games", end="", file=sys.stderr, flush=True)

        result = calibrate(game, args.games, args.seed, args.processes, on_result=progress)
        print(file=sys.stderr)
        for line in lines(result):
            print(line)
        print(f"  {total} games in {time.perf_counter() - started:.0f} s on {args.processes} processes")
        if args.write:
            write(result, command=shlex.join(["python", "benchmarks/bot_ratings.py", *sys.argv[1:]]))


if __name__ == "__main__":
    main()
