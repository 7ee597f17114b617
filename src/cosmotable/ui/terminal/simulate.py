"""`cosmotable simulate` and `cosmotable report`: balance studies at scale (see sim/runner.py)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.progress import Progress

from cosmotable import games
from cosmotable.bots import BOT_NAMES
from cosmotable.sim import DEFAULT_CHUNK
from cosmotable.ui.terminal.common import progress_columns

if TYPE_CHECKING:
    from cosmotable.sim import runner

SIMULATE_HELP = """Play many games between bots and save one row per game (Parquet) for analysis.

Seats take the listed bots in turn (fewer bots than seats: they repeat; more: every combination),
each lineup in every seat rotation. The results are a directory of Parquet chunks; running the same
command again after an interruption (Ctrl-C, a crash) plays only the games still missing, and a
larger --games adds games to it. The same --seed gives the same rows whatever --processes or backend
(local processes, --ray for a local Ray, --ray-address for a cluster whose nodes have cosmotable installed).

Examples:  cosmotable simulate mlem --players 4 --bots heuristic --games 10000 --out mlem4.parquet ·
cosmotable simulate kosmodrom --players 3 --bots heuristic,random --variant quick --out k.parquet
"""


def simulate_command(
    game: Annotated[str, typer.Argument(help="Game id: mlem, kosmodrom or planet.")],
    out: Annotated[Path, typer.Option(help="Results directory (a Parquet dataset), e.g. results.parquet.")],
    players: Annotated[int, typer.Option(help="Seats at every table.")] = 2,
    bots: Annotated[
        str, typer.Option(help=f"Comma-separated bots for the seats; known: {', '.join(BOT_NAMES)}.")
    ] = "heuristic",
    variant: Annotated[list[str], typer.Option(help="Variant to switch on (repeatable).")] = [],  # noqa: B006
    games_total: Annotated[int, typer.Option("--games", help="Games in the whole run.")] = 1000,
    seed: Annotated[int, typer.Option(help="Seed of the run; every game's seed follows from it.")] = 1,
    processes: Annotated[
        int | None,
        typer.Option(
            min=1, help="Local worker processes (default 1); with --ray, the CPUs of the local Ray."
        ),
    ] = None,
    ray: Annotated[
        bool, typer.Option("--ray", help="Play on a local Ray instance instead of processes.")
    ] = False,
    ray_address: Annotated[
        str | None,
        typer.Option(help="Play on the Ray cluster at this address (e.g. ray://head:10001 or auto)."),
    ] = None,
    chunk: Annotated[
        int, typer.Option(help="Games per Parquet file (an interruption loses at most one chunk per worker).")
    ] = DEFAULT_CHUNK,
    fast: Annotated[
        bool,
        typer.Option(
            "--fast",
            help="MLEM only: the batch (compiled) engine, any --variant, with its counter-stream "
            "random and heuristic policies (--bots random, heuristic or a mixture; a larger --chunk, "
            "e.g. 20000, hands more games to each task).",
        ),
    ] = False,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="No progress bar; a summary line only.")
    ] = False,
) -> None:
    # the runner (pyarrow) is imported here, on use: not by every `cosmotable` command's start-up
    from cosmotable.sim import runner

    names = tuple(b.strip() for b in bots.split(",") if b.strip())
    plan = runner.Plan(
        game=game,
        players=players,
        bots=names,
        variants=tuple(dict.fromkeys(variant)),
        seed=seed,
        games=games_total,
        chunk=chunk,
        engine="batch" if fast else "reference",
    )
    backend = None
    where = f"{processes or 1} process(es)"
    if ray or ray_address:
        import functools

        from cosmotable.sim import ray_backend

        if ray_address and processes:
            raise typer.BadParameter(
                "a Ray cluster has its own CPUs; drop --processes", param_hint="--processes"
            )
        backend = functools.partial(ray_backend.results, address=ray_address, num_cpus=processes)
        where = f"the Ray cluster at {ray_address}" if ray_address else "a local Ray"
    run_simulation(plan, out, processes or 1, backend, quiet, where=where)


def run_simulation(plan: runner.Plan, out: Path, processes: int, backend, quiet: bool, where: str) -> None:
    """Run with a progress bar (games done, elapsed, time left) and a closing summary."""
    from cosmotable.sim import runner

    spec = games.get(plan.game)
    console = Console(stderr=True)
    columns = progress_columns()
    summary = f"{spec.name}, {plan.players} seats: {', '.join(plan.bots)}" + (
        f"; variants {', '.join(plan.variants)}" if plan.variants else ""
    )
    state: dict = {}
    with Progress(*columns, console=console, disable=quiet) as progress:

        def started(p: runner.Progress) -> None:
            if p.already and not quiet:
                # soft_wrap: a long path stays on one line (logs stay greppable)
                console.print(
                    f"resuming {out}: {p.already} of {p.total} games already played", soft_wrap=True
                )
            if plan.engine == "batch" and not quiet and not _batch_engine_cached():
                console.print(
                    "compiling the batch engine for its first use (a minute or two; cached afterwards) ..."
                )
            state["task"] = progress.add_task("games", total=p.total - p.already)

        def advanced(p: runner.Progress, n: int) -> None:
            progress.advance(state["task"], n)

        try:
            result = runner.simulate(
                plan, out, processes=processes, backend=backend, on_start=started, on_games=advanced
            )
        except KeyboardInterrupt:
            console.print(
                f"Interrupted: the finished chunks are saved in {out}; run the same command to resume.",
                soft_wrap=True,
            )
            raise typer.Exit(130) from None
    console.print(
        f"{summary}: {result.total} games in {out} ({result.done} played now on {where}, "
        f"{result.already} already there)",
        soft_wrap=True,
    )


def _batch_engine_cached() -> bool:
    from cosmotable.sim.fast import compiled_cache_ready  # numba: the `sim` extra, imported on use

    return compiled_cache_ready()


def report_command(
    results: Annotated[Path, typer.Argument(help="A results directory written by `cosmotable simulate`.")],
    html: Annotated[Path, typer.Option(help="Where to write the HTML report.")] = Path("report.html"),
) -> None:
    """An HTML report of a simulation: win rates by seat and bot (95% Wilson intervals), scores,
    game length and the game's own features, with the plots embedded (one self-contained file)."""
    from cosmotable.sim.report import write_report

    write_report(results, html)
    Console(stderr=True).print(f"report written to {html}")
