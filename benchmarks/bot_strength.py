"""Bot strength goals, measured by the arena (2-player games, seat rotation).

    python benchmarks/bot_strength.py [--games-per-pair N] [--processes P] [--level L] [GAME ...]

Goals (issue: strong bots): `hard` beats `random` in >= 95% and `heuristic` in >= 60% of games,
for each game. Prints each win rate with its 95% interval, whether the goal is met, and the
wall-clock minutes the pairing took (a Planet game between search bots takes minutes).

With --journal FILE, each finished game is appended to FILE (one JSON line, with the code's git
commit), and a run started again with the same FILE and options plays only the games the file lacks:
a Planet run of hours can be done in pieces. A journal written by other code is refused.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import machine
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from cosmotable import games
from cosmotable.sim.arena import GameResult, read_journal, result_record, run, schedule
from cosmotable.sim.journal import JournalError, append, code_version

ROOT = Path(__file__).resolve().parent.parent

GOALS = {"random": 0.95, "heuristic": 0.60}


def share(result: GameResult, bot: str) -> float:
    """The bot's part of the game's victory (a shared victory counts 1/k)."""
    ours = [seat for seat in result.winners if result.table.seats[seat] == bot]
    return len(ours) / len(result.winners)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("games", nargs="*", default=None, help="game ids (default: all)")
    parser.add_argument(
        "--games-per-pair",
        "-n",
        type=int,
        default=60,
        dest="count",
        help="games per opponent (default 60; even, for seat rotation)",
    )
    parser.add_argument("--processes", "-p", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--level", default="hard", help="bot under test (default hard)")
    parser.add_argument("--seed", type=int, default=7, help="arena seed (default 7)")
    parser.add_argument("--quiet", "-q", action="store_true", help="no line per finished game")
    parser.add_argument(
        "--against", default=",".join(GOALS), help=f"opponents, comma-separated (default {','.join(GOALS)})"
    )
    parser.add_argument(
        "--journal",
        type=Path,
        default=None,
        help="append each finished game to this file and skip the games it already holds (resume a run)",
    )
    args = parser.parse_args()
    machine.report()
    console = Console(stderr=True)
    code = code_version(ROOT)
    already: list[GameResult] = []
    if args.journal is not None and args.journal.exists():
        try:
            already = read_journal(args.journal.read_text(), code)
        except JournalError as error:
            parser.error(f"--journal {args.journal}: {error}")
        console.print(f"{len(already)} games read from {args.journal}")
    for game_id in args.games or games.ids():
        for opponent in args.against.split(","):
            goal = GOALS.get(opponent)
            started = time.perf_counter()
            with Progress(
                TextColumn(f"{game_id}: {args.level} vs {opponent}"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                console=console,
                transient=True,
            ) as progress:
                tables = set(schedule(game_id, [args.level, opponent], args.count, args.seed))
                resumed = [r for r in already if r.table in tables]
                task = progress.add_task("games", total=args.count, completed=len(resumed))
                tally = {"games": len(resumed), "wins": sum(share(r, args.level) for r in resumed)}

                def finished(result, task=task, progress=progress, tally=tally):
                    # One line per game, so that a long run (minutes a game) can be followed in a log.
                    progress.advance(task)
                    tally["games"] += 1
                    tally["wins"] += share(result, args.level)
                    if args.journal is not None:
                        append(args.journal, result_record(result, code))
                    if args.quiet:
                        return
                    seats = " vs ".join(
                        f"{bot} {score}" for bot, score in zip(result.table.seats, result.scores)
                    )
                    winners = ", ".join(result.table.seats[w] for w in result.winners)
                    so_far = f"{args.level} so far {tally['wins']:g} of {tally['games']}"
                    progress.console.print(
                        f"  {seats}: won by {winners} ({result.steps} steps, table seed "
                        f"{result.table.seed}); {so_far}",
                        highlight=False,
                        soft_wrap=True,
                    )

                report = run(
                    game_id,
                    [args.level, opponent],
                    args.count,
                    seed=args.seed,
                    processes=args.processes,
                    on_result=finished,
                    already=already,
                )
            wins, played = report.head_to_head(args.level, opponent)
            rate = wins / played
            lo, hi = report.standings[args.level].interval()
            verdict = "" if goal is None else f"; goal >= {goal:.0%}: {'meets' if rate >= goal else 'MISSES'}"
            minutes = (time.perf_counter() - started) / 60
            print(
                f"{game_id}: {args.level} vs {opponent}: {rate:.1%} of {played} games "
                f"(95% CI {lo:.1%}-{hi:.1%}){verdict}  [{minutes:.1f} min on {args.processes} processes]",
                flush=True,
            )


if __name__ == "__main__":
    main()
