"""The `cosmotable` command: play, serve, replay, rules, games, arena, simulate, report, and each
game's own tools (`cosmotable mlem ...`), which its `cli` part brings (`games/<id>/cli.py`).

Every error the program raises on purpose (`CosmotableError`, an unknown game) ends in a one-line
message and a non-zero exit code, never a traceback (`cli/common.py`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from cosmotable import __version__, games
from cosmotable.cli.common import CONTEXT, clean_errors, exit_with, get_game, out
from cosmotable.cli.play import play
from cosmotable.ui.terminal.arena import arena_command
from cosmotable.ui.terminal.simulate import SIMULATE_HELP, report_command, simulate_command

app = typer.Typer(
    name="cosmotable",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="markdown",
    context_settings=CONTEXT,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"cosmotable {__version__}")
        raise typer.Exit()


@app.callback()
def main(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Show the version and exit.")
    ] = False,
) -> None:
    """Play, replay and study space-themed tabletop games in the terminal.

    Start with:  cosmotable play mlem --players 3 --bots 2
    """


app.command()(clean_errors(play))


# ------------------------------------------------------------------------------ serve
@app.command()
@clean_errors
def serve(
    host: Annotated[
        str, typer.Option("--host", help="Address to listen on (0.0.0.0: every interface).")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=0, max=65535, help="Port to listen on.")] = 8000,
    database_url: Annotated[
        str | None,
        typer.Option(
            "--database-url",
            help="SQLAlchemy URL, e.g. postgresql+psycopg://user@host/db "
            "(default: COSMOTABLE_DATABASE_URL, else SQLite in the data directory).",
        ),
    ] = None,
    data_dir: Annotated[
        Path | None,
        typer.Option(
            "--data-dir",
            help="Where the SQLite file and the server's key live "
            "(default: COSMOTABLE_DATA_DIR, else ./data).",
        ),
    ] = None,
    workers: Annotated[
        int,
        typer.Option(
            "--workers",
            min=1,
            max=64,
            help="Server processes on the one port (more than 1 needs COSMOTABLE_REDIS_URL, which "
            "carries table changes between them).",
        ),
    ] = 1,
) -> None:
    """Run the game server: online tables in the browser, with bots, saved in a database."""
    from cosmotable.server.run import serve_workers
    from cosmotable.server.settings import Settings

    settings = Settings.from_env(database_url=database_url, data_dir=data_dir)
    if workers > 1 and not settings.redis_url:
        raise typer.BadParameter(
            f"{workers} workers need Redis to pass table changes between them: set COSMOTABLE_REDIS_URL "
            "(e.g. redis://127.0.0.1:6379/0), or serve with one worker",
            param_hint="--workers",
        )
    exit_with(serve_workers(settings, host, port, workers))


# ------------------------------------------------------------------------------ replay
@app.command()
@clean_errors
def replay(
    file: Annotated[Path, typer.Argument(help="A record saved by 'cosmotable play' (records/*.json).")],
    to: Annotated[
        int | None, typer.Option("--to", min=0, help="Show the state after this many actions (0 = set-up).")
    ] = None,
    show_all: Annotated[
        bool,
        typer.Option(
            "--all",
            help="Print every step without stopping (with --to: up to that step): "
            "each action, its events and a one-line summary; the whole table after each "
            "expedition and at the end.",
        ),
    ] = False,
    full: Annotated[
        bool, typer.Option("--full", help="With --all: draw the whole table after every step.")
    ] = False,
) -> None:
    """Step through a saved game: each action with its events, and the table after it.

    Interactive keys: Enter = next step, a number = jump to that step, q = quit.
    A corrupt or edited record is refused with the reason (exit code 2).
    """
    from cosmotable.ui.terminal.common import LineReader, seats_from_record_file
    from cosmotable.ui.terminal.replay import replay_file

    console = out()
    exit_with(replay_file(file, console, LineReader(console), to, show_all, seats_from_record_file, full))


# ------------------------------------------------------------------------------ rules, games
@app.command()
@clean_errors
def rules(game: Annotated[str, typer.Argument(help="Game id, e.g. 'mlem'.")]) -> None:
    """A readable rules summary of the game, and which of its data is reconstructed."""
    from cosmotable.ui.terminal.screens import rules_for

    out().print(rules_for(get_game(game).id))


@app.command("games")
@clean_errors
def list_games() -> None:
    """List the games you can play."""
    table = Table(box=None, padding=(0, 2), pad_edge=False)
    table.add_column("id", style="bold")
    table.add_column("name")
    table.add_column("players", justify="center")
    table.add_column("variants (--variant NAME)")
    for game_id in games.ids():
        g = games.get(game_id)
        variants = "\n".join(f"{name}: {text}" for name, text in g.variants.items()) or "-"
        table.add_row(g.id, g.name, f"{g.min_players}-{g.max_players}", variants)
    console = out()
    console.print(table)
    console.print(Text("Play one with:  cosmotable play <id> --players 3 --bots 2", style="dim"))


# ------------------------------------------------------------------------------ arena, simulate, report
app.command("arena")(clean_errors(arena_command))
app.command("simulate", help=SIMULATE_HELP)(clean_errors(simulate_command))
app.command("report")(clean_errors(report_command))


# ------------------------------------------------------------------------------ the server's database
def add_db_tools() -> None:
    from cosmotable.cli.db import APP as db_app

    app.add_typer(db_app, name="db")


add_db_tools()


def add_rating_tools() -> None:
    from cosmotable.cli.ratings import APP as ratings_app

    app.add_typer(ratings_app, name="ratings")


add_rating_tools()


# ------------------------------------------------------------------------------ the games' own tools
def add_game_tools() -> None:
    """`cosmotable <id> ...` for each game whose descriptor names a `cli` part (its `APP`)."""
    for game_id in games.ids():
        part = games.descriptor(game_id).load("cli")
        if part is not None:
            app.add_typer(part.APP, name=game_id)


add_game_tools()
