"""The bot levels rated on the players' scale: a round-robin of the levels, per game (issue #46).

    python benchmarks/bot_ratings.py [--game mlem] [--games 20] [--processes 2] [--write]
                                     [--journal FILE] [--from-journal FILE]

Plays every pair of levels `--games` times (seats swapped every other game) and rates the games in
order with the server's arithmetic (`cosmotable.server.ratings`, openskill's Plackett-Luce), as
`cosmotable ratings calibrate` does; prints each level's ordinal (mu - 3 sigma), mu and sigma, each
pair's wins and whether the levels came out in the expected order (random < heuristic < easy <
normal < hard), with the machine line and the load average. `--write` stores the result in the data
file the server reads (src/cosmotable/server/data/bot_ratings.json). Nothing here is a pass/fail
threshold: the figures go in docs/ratings.md.

`--journal FILE` appends each game as it finishes (one JSON line, with the code's git commit); a run
started again with the same FILE and options plays only the games the file lacks (a journal written by
other code is refused), so a Kosmodrom or Planet round-robin of hours can be done in pieces.
`--from-journal FILE` rates the first complete rounds of such a journal (every pair played as often),
at most `--games` of them, without playing: a run cut short on a busy machine still gives a smaller
round-robin, and a journal that went on after a calibration was written still gives it; `--write`
then stores the journal's commit, not the checkout's. With `--by-rounds` it also lists each number of
rounds, from 1 on, after which the levels' order by ordinal was not the expected one (the journal's
first rounds rated alone): whether the order holds wherever the round-robin had stopped.
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from pathlib import Path

import machine

from cosmotable.cli.ratings import (
    PAIRS,
    calibrate,
    complete_rounds,
    lines,
    orders_by_rounds,
    rate_results,
    write,
)
from cosmotable.server.ratings import RATED_LEVELS
from cosmotable.sim.arena import read_journal, result_record
from cosmotable.sim.journal import JournalError, append, code_version

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="a game (repeatable; default mlem)")
    parser.add_argument("--games", type=int, default=20, help="games per pair of levels")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--write", action="store_true", help="store the result for the server")
    parser.add_argument("--journal", help="append each finished game to this file (JSON lines)")
    parser.add_argument("--from-journal", help="rate this journal's complete rounds; play nothing")
    parser.add_argument(
        "--by-rounds",
        action="store_true",
        help="with --from-journal: also the round counts after which the order was not the expected one",
    )
    args = parser.parse_args()
    machine.report()
    command = shlex.join(["python", "benchmarks/bot_ratings.py", *sys.argv[1:]])
    if args.from_journal:
        for game in args.game or ["mlem"]:
            played, rounds, code = complete_rounds(game, args.seed, args.from_journal, most=args.games)
            if not rounds:
                print(f"{game}: no complete round in {args.from_journal}")
                continue
            result = rate_results(game, RATED_LEVELS, rounds, args.seed, played)
            for line in lines(result):
                print(line)
            print(f"  played by code {code}")
            if args.by_rounds:
                wrong = [
                    (n, order)
                    for n, order in orders_by_rounds(game, args.seed, played, rounds)
                    if order != list(RATED_LEVELS)
                ]
                print(f"  out of the expected order after {len(wrong)} of the {rounds} round counts:")
                for n, order in wrong:
                    print(f"    {n:>4} rounds: {' < '.join(order)}")
            if args.write:
                write(result, command=command, commit=code[:7] if len(code) >= 40 else code)
        return
    code = code_version(ROOT)
    already = []
    if args.journal and Path(args.journal).exists():
        try:
            already = read_journal(Path(args.journal).read_text(encoding="utf-8"), code)
        except JournalError as error:
            parser.error(f"--journal {args.journal}: {error}")
        print(f"{len(already)} games read from {args.journal}", file=sys.stderr)
    for game in args.game or ["mlem"]:
        total = args.games * PAIRS
        done = 0
        started = time.perf_counter()

        def progress(result, game=game, total=total):
            nonlocal done
            done += 1
            print(f"\r{game}: {done}/{total} games", end="", file=sys.stderr, flush=True)
            if args.journal:
                append(Path(args.journal), result_record(result, code))

        result = calibrate(game, args.games, args.seed, args.processes, on_result=progress, already=already)
        print(file=sys.stderr)
        for line in lines(result):
            print(line)
        print(f"  {total} games in {time.perf_counter() - started:.0f} s on {args.processes} processes")
        if args.write:
            write(result, command=command)


if __name__ == "__main__":
    main()
