"""`cosmotable ratings calibrate`: the bot levels rated on the players' scale (docs/ratings.md).

The levels play a round-robin of two-seat games (every pair of levels, each level in each seat in
turn), on local worker processes; the games are then rated in their scheduled order with the same
arithmetic the server applies to a finished rated table (`server/ratings.py`), each level one
player. `--write` stores the result in the data file the server reads (with the command, the
commit and the date), so that a fresh server shows the levels on the scale.
"""

from __future__ import annotations

import itertools
import json
import shlex
import subprocess
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated

import typer

from cosmotable.cli.common import clean_errors, command_group, get_game, out
from cosmotable.server.ratings import CALIBRATION, RATED_LEVELS, Skill, new_skill, ranks_of, rate, sides_of
from cosmotable.sim.arena import GameResult, Table, result_from_record, table_seed
from cosmotable.sim.stats import wilson_interval

APP = command_group("Ratings: the bot levels calibrated on the players' rating scale.")


@dataclass
class Calibration:
    """The levels' skills after the round-robin, and each pair's wins."""

    game: str
    games_per_pair: int
    seed: int
    skills: dict[str, Skill]
    #: (a, b) -> [a's wins, b's wins, shared]
    wins: dict[tuple[str, str], list[int]] = field(default_factory=dict)

    def ordered(self) -> list[str]:
        """The levels, lowest ordinal first."""
        return sorted(self.skills, key=lambda level: self.skills[level].ordinal)


#: the games of one round of a round-robin: each pair of rated levels once
PAIRS = len(RATED_LEVELS) * (len(RATED_LEVELS) - 1) // 2


def round_robin(game: str, levels: tuple[str, ...], games_per_pair: int, seed: int) -> list[Table]:
    """`games_per_pair` games for each pair of levels, interleaved (pair by pair, then again), each
    pair's seats swapped every other game."""
    pairs = list(itertools.combinations(levels, 2))
    tables: list[Table] = []
    for round_number in range(games_per_pair):
        for a, b in pairs:
            seats = (a, b) if round_number % 2 == 0 else (b, a)
            tables.append(Table(game, seats, table_seed(seed, len(tables))))
    return tables


def rate_results(
    game: str, levels: tuple[str, ...], games_per_pair: int, seed: int, results: list[GameResult]
) -> Calibration:
    """Rate the games in their scheduled order (the order matters a little to an online rating)."""
    skills = {level: new_skill() for level in levels}
    wins: dict[tuple[str, str], list[int]] = {pair: [0, 0, 0] for pair in itertools.combinations(levels, 2)}
    order = {table.seed: index for index, table in enumerate(round_robin(game, levels, games_per_pair, seed))}
    for result in sorted(results, key=lambda r: order[r.table.seed]):
        seats = result.table.seats
        sides = sides_of(len(seats), None)
        ranks = ranks_of(sides, result.scores, result.winners)
        after = rate([[skills[seats[s]] for s in side] for side in sides], ranks)
        for side, new in zip(sides, after, strict=True):
            skills[seats[side[0]]] = new[0]
        pair = tuple(sorted(seats, key=levels.index))
        first = seats.index(pair[0])
        tally = wins[(pair[0], pair[1])]
        if len(result.winners) != 1:
            tally[2] += 1
        else:
            tally[0 if result.winners[0] == first else 1] += 1
    return Calibration(game, games_per_pair, seed, skills, wins)


def calibrate(
    game: str,
    games_per_pair: int,
    seed: int = 1,
    processes: int = 1,
    levels: tuple[str, ...] = RATED_LEVELS,
    on_result: Callable[[GameResult], None] | None = None,
    already: Iterable[GameResult] = (),
) -> Calibration:
    """Play the round-robin and rate it. Tables found in `already` (a resumed run's journal) count
    without being played again; `on_result` follows only the tables played now."""
    from cosmotable.sim.arena import results as play_all

    tables = round_robin(game, levels, games_per_pair, seed)
    known = {result.table: result for result in already}
    played = [known[table] for table in tables if table in known]
    for result in play_all([table for table in tables if table not in known], processes):
        played.append(result)
        if on_result:
            on_result(result)
    return rate_results(game, levels, games_per_pair, seed, played)


def complete_rounds(
    game: str, seed: int, path: str | Path, most: int | None = None
) -> tuple[list[GameResult], int, str]:
    """The journal's games of its first complete rounds (a round: every pair of levels once), at most
    `most` of them, how many, and the code that played them (one commit, else "mixed"). A journal
    that went on after a calibration was written still gives that calibration's rounds."""
    found: dict[Table, GameResult] = {}
    codes: set[str] = set()
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        data = json.loads(line)
        result = result_from_record(data)
        if result.table.game == game:
            found[result.table] = result
            codes.add(str(data.get("code")))
    # no more rounds than the journal has games for (a schedule's rounds do not depend on its length)
    limit = len(found) // PAIRS if most is None else min(most, len(found) // PAIRS)
    schedule = round_robin(game, RATED_LEVELS, limit, seed)
    rounds = 0
    while rounds < limit and all(table in found for table in schedule[rounds * PAIRS : (rounds + 1) * PAIRS]):
        rounds += 1
    code = codes.pop() if len(codes) == 1 else "mixed"
    return [found[table] for table in schedule[: rounds * PAIRS]], rounds, code


def orders_by_rounds(
    game: str, seed: int, played: list[GameResult], rounds: int
) -> list[tuple[int, list[str]]]:
    """The levels' order by ordinal after each number of rounds from 1 to `rounds` (the games of a
    `complete_rounds`, rated from the start each time): whether an order holds wherever the
    round-robin had stopped, or only where it did."""
    return [
        (n, rate_results(game, RATED_LEVELS, n, seed, played[: n * PAIRS]).ordered())
        for n in range(1, rounds + 1)
    ]


def lines(calibration: Calibration) -> list[str]:
    """The figures as printed (and quoted in docs/ratings.md)."""
    rows = [
        f"{calibration.game}: {calibration.games_per_pair} games per pair of levels, seed {calibration.seed}"
    ]
    for level in calibration.ordered():
        skill = calibration.skills[level]
        rows.append(
            f"  {level:<10} ordinal {skill.ordinal:6.2f}   mu {skill.mu:6.2f}   sigma {skill.sigma:5.2f}"
        )
    for (a, b), (wa, wb, shared) in calibration.wins.items():
        played = wa + wb + shared
        low, high = wilson_interval(wb + shared / 2, played)
        rows.append(
            f"  {a} vs {b}: {wa}-{wb}"
            + (f" ({shared} shared)" if shared else "")
            + (
                f"; {b} scores {(wb + shared / 2) / played:.0%} (95% CI {low:.0%}-{high:.0%})"
                if played
                else ""
            )
        )
    # Is the order settled? By each adjacent pair's head-to-head score, not by the sigmas: openskill
    # adds its dynamics term (tau, 1/12) to every sigma at every game, so a sigma stops near 1.5
    # however many games are played, and the interval of a gap of 2-3 mu never excludes 0.
    levels = [level for level in RATED_LEVELS if level in calibration.skills]
    for below, above in itertools.pairwise(levels):
        _, won, shared = calibration.wins.get((below, above), [0, 0, 0])
        played = sum(calibration.wins.get((below, above), [0, 0, 0]))
        low, high = wilson_interval(won + shared / 2, played)
        verdict = "settled" if low > 0.5 else "NOT settled"
        gap = calibration.skills[above].ordinal - calibration.skills[below].ordinal
        rows.append(
            f"  {above} over {below}: ordinal {gap:+.2f}; head to head {above} scores "
            f"{(won + shared / 2) / max(1, played):.0%} of {played} (95% CI {low:.0%}-{high:.0%}): {verdict}"
        )
    ordered = calibration.ordered()
    expected = [level for level in RATED_LEVELS if level in calibration.skills]
    ordinals = [calibration.skills[level].ordinal for level in ordered]
    if any(low >= high for low, high in itertools.pairwise(ordinals)):
        expected = []  # a tie (no game played, or levels that never met) is no order at all
    rows.append(
        "  order: "
        + " < ".join(ordered)
        + ("  (as expected)" if ordered == expected else "  (NOT the expected order)")
    )
    return rows


def _commit() -> str:
    try:
        found = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True, timeout=10
        )
        return found.stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "unknown"


def write(
    calibration: Calibration, path: Path = CALIBRATION, command: str | None = None, commit: str | None = None
) -> None:
    """Store the calibration of one game in the data file (the other games' stay); `commit`: the code
    that played the games (default: this checkout's)."""
    data = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    data.setdefault("about", "bot levels rated by a round-robin; see docs/ratings.md")
    data.setdefault("games", {})
    data["games"][calibration.game] = {
        "command": command or shlex.join(["cosmotable", *sys.argv[1:]]),
        "commit": commit or _commit(),
        "date": datetime.now(UTC).strftime("%Y-%m-%d"),
        "games_per_pair": calibration.games_per_pair,
        "seed": calibration.seed,
        "levels": {
            level: {"mu": round(skill.mu, 4), "sigma": round(skill.sigma, 4)}
            for level, skill in calibration.skills.items()
        },
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")


@APP.command("calibrate")
@clean_errors
def calibrate_command(
    game: Annotated[str, typer.Option("--game", help="The game: mlem, kosmodrom or planet.")] = "mlem",
    games: Annotated[int, typer.Option("--games", min=1, help="Games per pair of levels.")] = 20,
    seed: Annotated[int, typer.Option("--seed", help="The seed of the games' deals.")] = 1,
    processes: Annotated[int, typer.Option("--processes", min=1, help="Worker processes.")] = 1,
    levels: Annotated[
        str, typer.Option("--levels", help="Comma-separated levels (default: all, weakest first).")
    ] = ",".join(RATED_LEVELS),
    write_file: Annotated[
        bool, typer.Option("--write", help=f"Store the result in {CALIBRATION.name}, which the server reads.")
    ] = False,
) -> None:
    """Play a round-robin of the bot levels and print their ratings (ordinal = mu - 3 sigma)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    get_game(game)
    chosen = tuple(level.strip() for level in levels.split(",") if level.strip())
    unknown = [level for level in chosen if level not in RATED_LEVELS]
    if unknown or len(chosen) < 2:
        raise typer.BadParameter(f"choose two or more of {', '.join(RATED_LEVELS)}", param_hint="--levels")
    total = games * len(chosen) * (len(chosen) - 1) // 2
    console = out()
    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=True,
    ) as progress:
        task = progress.add_task(f"{game} round-robin", total=total)
        result = calibrate(game, games, seed, processes, chosen, on_result=lambda _r: progress.advance(task))
    for line in lines(result):
        console.print(line, highlight=False)
    if write_file:
        write(result)
        console.print(f"written to {CALIBRATION}", highlight=False)
