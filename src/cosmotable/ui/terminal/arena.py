"""`cosmotable arena`: a round-robin between bots with a progress bar and a results table."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from cosmotable import games
from cosmotable.bots import BOT_NAMES, has_learned_weights
from cosmotable.sim.arena import ArenaReport, run
from cosmotable.ui.terminal.common import progress_columns


def arena_command(
    game: Annotated[str, typer.Argument(help="Game id, e.g. 'mlem'.")],
    bots: Annotated[
        str, typer.Option(help=f"Comma-separated bots to compare; known: {', '.join(BOT_NAMES)}.")
    ] = "hard,normal,heuristic,random",
    games_total: Annotated[int, typer.Option("--games", min=1, help="Games to play in all.")] = 200,
    seed: Annotated[int, typer.Option(help="Seed of the first game; the rest follow from it.")] = 1,
    players: Annotated[
        int,
        typer.Option(
            help="Seats per table: the default 2 plays two-seat pairings (each "
            "table is played in every seat rotation)."
        ),
    ] = 2,
    processes: Annotated[int, typer.Option(min=1, help="Local worker processes.")] = 1,
    variant: Annotated[list[str], typer.Option(help="Variant to switch on (repeatable).")] = [],  # noqa: B006
    think: Annotated[
        float | None,
        typer.Option(help="Seconds per move for search bots (replaces their simulation budget)."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the results as JSON only.")] = False,
) -> None:
    """Round-robin between bots with seat rotation: win rates with 95% confidence intervals and Elo.

    By default every table seats two bots (two-seat pairings); --players 3 or 4 seats more at each table.
    Ctrl-C stops early and prints the results of the games finished so far.
    """
    names = [b.strip() for b in bots.split(",") if b.strip()]
    unknown = [b for b in names if b not in BOT_NAMES]
    if unknown or len(names) < 2:
        raise typer.BadParameter(
            f"need at least two bots from: {', '.join(BOT_NAMES)}"
            + (f" (unknown: {', '.join(unknown)})" if unknown else ""),
            param_hint="--bots",
        )
    spec = games.get(game)
    if "learned" in names and not has_learned_weights(spec.id):
        raise typer.BadParameter(
            f"the learned bot was trained for MLEM only: {spec.name} has no weights for it",
            param_hint="--bots",
        )
    if not spec.min_players <= players <= spec.max_players:
        raise typer.BadParameter(
            f"{spec.name} takes {spec.min_players}-{spec.max_players} players", param_hint="--players"
        )
    spec.make_config(players, variant)  # refuse unknown variants before any game is played
    console = Console(stderr=as_json)
    columns = progress_columns()
    # The report is built here from each finished game, so Ctrl-C can still show what was played.
    partial = ArenaReport(game, list(dict.fromkeys(names)))

    def finished(result) -> None:
        partial.add(result)
        progress.advance(task)

    interrupted = False
    if not as_json:
        # The title on a line of its own keeps the progress bar readable at 80 columns.
        console.print(f"[bold]{spec.name}[/]: {' vs '.join(names)} · {seating(players)}, seats rotated")
    with Progress(*columns, console=console, transient=as_json) as progress:
        task = progress.add_task("games", total=games_total)
        try:
            run(
                game,
                names,
                games_total,
                seed=seed,
                players=players,
                processes=processes,
                variants=tuple(variant),
                think=think,
                on_result=finished,
            )
        except KeyboardInterrupt:
            interrupted = True
    if as_json:
        data = partial.to_json()
        data["players_per_table"] = players
        if interrupted:
            data["interrupted"] = True
        print(json.dumps(data, indent=1))
    else:
        if interrupted:
            console.print(
                f"Interrupted (Ctrl-C) after {len(partial.results)} of {games_total} games: "
                "the results so far."
            )
        if partial.results:
            console.print(results_table(partial, spec.name, players))
    if interrupted:
        raise typer.Exit(130)


def seating(players: int) -> str:
    """`two-seat pairings` / `three-seat tables`: how many bots sit at each table."""
    words = {2: "two", 3: "three", 4: "four", 5: "five"}
    count = words.get(players, str(players))
    return f"{count}-seat pairings" if players == 2 else f"{count}-seat tables"


def results_table(report: ArenaReport, title: str, players: int = 2) -> Table:
    elo = report.elo()
    table = Table(title=f"{title}: {len(report.results)} games, {seating(players)}, seats rotated")
    for column in ("bot", "games", "win rate", "95% interval", "Elo", "mean points"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for standing in sorted(report.standings.values(), key=lambda s: -elo.get(s.bot, 0)):
        lo, hi = standing.interval()
        table.add_row(
            standing.bot,
            str(standing.games),
            f"{standing.win_rate:.1%}",
            f"{lo:.1%} – {hi:.1%}",
            f"{elo.get(standing.bot, 1500):.0f}",
            f"{standing.points / max(1, standing.games):.1f}",
        )
    return table
