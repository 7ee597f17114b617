"""All-bot games of each game over every player count and variant combination (issue #19, goal 1).

    python benchmarks/bot_games.py [GAME ...] [--games N] [--processes P] [--seed S] [--minutes M]

Seats are drawn from a mix of the heuristic and the search levels (`--mix`, default
heuristic 55 / easy 35 / normal 7 / hard 3: `hard` takes minutes a Planet game, so it gets a small
share). Prints per game: the game lengths in turns and in steps (min / quartiles / max and a
histogram of turns), the end reasons with counts, how many games hit a safety cap (goal: 0), and the
most times any position repeated within one game (goal: at most --max-repeats, default 3; a position
is the full state without its turn counters, `cosmotable.sim.bot_games.position_key`).

With --minutes, no new game starts after that many minutes and the figures cover the games finished
(the count is printed). Not a test: a 1,000-game run takes hours.

With --journal FILE, each finished game is appended to FILE (one JSON line, with the code's git commit)
as it ends, and a run started again with the same FILE and options plays only the games the file does
not hold yet, then reports on all of them: a 1,000-game Planet run can be done in pieces (stopped with
Ctrl-C or --minutes, resumed later). A journal written by other code is refused (one figure, one
version of the bots).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import machine
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from cosmotable import games
from cosmotable.sim.bot_games import (
    MIX,
    JournalError,
    Outcome,
    Summary,
    coins_report,
    histogram,
    outcome_record,
    play,
    read_journal,
    resumed,
    schedule,
    spread,
)
from cosmotable.sim.journal import append, code_version
from cosmotable.sim.workers import unordered

ROOT = Path(__file__).resolve().parent.parent


def parse_mix(text: str) -> dict[str, int]:
    mix = {}
    for part in text.split(","):
        name, _, weight = part.partition("=")
        if not weight.isdigit():
            raise argparse.ArgumentTypeError(
                f"--mix takes bot=weight pairs, e.g. heuristic=60,easy=40; got {part!r}"
            )
        mix[name.strip()] = int(weight)
    return mix


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("games", nargs="*", help="game ids (default: all)")
    parser.add_argument(
        "--games", "-n", type=int, default=1000, dest="count", help="games per game (default 1000)"
    )
    parser.add_argument("--processes", "-p", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--seed", type=int, default=1, help="run seed (default 1)")
    parser.add_argument(
        "--mix",
        type=parse_mix,
        default=MIX,
        help="seat weights, bot=weight,... (default " + ",".join(f"{b}={w}" for b, w in MIX.items()) + ")",
    )
    parser.add_argument(
        "--minutes", type=float, default=None, help="start no game after this many minutes per game"
    )
    parser.add_argument("--max-repeats", type=int, default=3, help="the repetition goal (default 3)")
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
    for game_id in args.games or games.ids():
        specs = schedule(game_id, args.count, args.seed, args.mix)
        done: list[Outcome] = []
        if args.journal is not None and args.journal.exists():
            try:
                done, specs_left = resumed(specs, read_journal(args.journal.read_text(), code))
            except JournalError as error:
                parser.error(f"--journal {args.journal}: {error}")
            console.print(f"{game_id}: {len(done)} games read from {args.journal}, {len(specs_left)} to play")
        else:
            specs_left = specs
        outcomes = done + run(game_id, specs_left, args.processes, args.minutes, console, args.journal, code)
        report(Summary(game_id, outcomes), len(specs), args.max_repeats)


def run(
    game_id: str,
    specs: list,
    processes: int,
    minutes: float | None,
    console: Console,
    journal: Path | None = None,
    code: str = "",
) -> list[Outcome]:
    deadline = None if minutes is None else time.monotonic() + 60 * minutes
    outcomes: list[Outcome] = []
    if not specs:
        return outcomes
    with Progress(
        TextColumn(f"{game_id}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("{task.fields[note]}"),
        console=console,
        transient=True,
    ) as progress:
        task = progress.add_task("games", total=len(specs), note="")
        finished = unordered(play, specs, processes)
        for outcome in finished:
            outcomes.append(outcome)
            if journal is not None:
                append(journal, outcome_record(outcome, code))
            capped = sum(o.capped for o in outcomes)
            worst = max(o.max_repeats for o in outcomes)
            progress.update(task, advance=1, note=f"capped {capped}, most repeats {worst}")
            if deadline is not None and time.monotonic() >= deadline:
                finished.close()  # the games under way are dropped: only finished ones count
                break
    return outcomes


def report(summary: Summary, scheduled: int, goal: int) -> None:
    outcomes = summary.outcomes
    print(f"\n== {summary.game}: {len(outcomes)} games played of {scheduled} scheduled")
    if not outcomes:
        return
    seats: dict[str, int] = {}
    for outcome in outcomes:
        for bot in outcome.spec.seats:
            seats[bot] = seats.get(bot, 0) + 1
    configs = {(o.spec.players, o.spec.variants) for o in outcomes}
    print(f"seats: {', '.join(f'{b} {n}' for b, n in sorted(seats.items()))}; {len(configs)} configurations")
    for label, values in (("turns", [o.turns for o in outcomes]), ("steps", [o.steps for o in outcomes])):
        low, q1, median, q3, high = spread(values)
        print(f"{label}: min {low:g} / q1 {q1:g} / median {median:g} / q3 {q3:g} / max {high:g}")
    print("turns histogram:")
    for line in histogram([o.turns for o in outcomes]):
        print("  " + line)
    ends = ", ".join(f"{reason} {n}" for reason, n in summary.ends().most_common())
    print(f"end reasons: {ends}")
    print(f"safety cap reached: {summary.capped} (goal 0)")
    for line in coins_report(outcomes):
        print(line)
    worst = max(outcomes, key=lambda o: o.max_repeats)
    repeats = ", ".join(f"{k}x: {n}" for k, n in sorted(summary.repeats().items()))
    verdict = "meets" if summary.max_repeats <= goal else "MISSES"
    print(
        f"most repeats of a position in one game: {summary.max_repeats} (goal <= {goal}: {verdict}); games by their most: {repeats}"
    )
    print(
        f"  worst: {worst.spec.players} players {list(worst.spec.variants)} seats {list(worst.spec.seats)} seed {worst.spec.seed}"
    )
    for outcome in outcomes:
        if outcome.capped:
            spec = outcome.spec
            print(
                f"  capped: {spec.players} players {list(spec.variants)} seats {list(spec.seats)} seed {spec.seed}"
            )
    minutes = sum(o.seconds for o in outcomes) / 60
    print(f"CPU-side time in games: {minutes:.1f} min", flush=True)


if __name__ == "__main__":
    main()
