"""The `cosmotable` command: play, replay, rules, games, and per-game tools (`cosmotable mlem ...`).

Every error the program raises on purpose (`CosmotableError`, an unknown game) ends in a one-line
message and a non-zero exit code, never a traceback.
"""

from __future__ import annotations

import enum
import functools
import os
import secrets
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from cosmotable import __version__, games
from cosmotable.engine.errors import CosmotableError, DataError, RecordError

EXIT_ERROR = 1  # the command could not do its job (bad board file, bad configuration)
EXIT_USAGE = 2  # the command line or the input file is wrong (unknown game, corrupt record)
EXIT_BUG = 3  # an unexpected error inside cosmotable (COSMOTABLE_DEBUG=1 shows the traceback)

app = typer.Typer(
    name="cosmotable",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="markdown",
    context_settings={"help_option_names": ["-h", "--help"]},
)
mlem_app = typer.Typer(
    help="Tools for MLEM: Space Agency (the space mat data).",
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},
)
app.add_typer(mlem_app, name="mlem")


class BotKind(str, enum.Enum):
    heuristic = "heuristic"
    random = "random"


def _out():
    from cosmotable.ui.terminal.common import make_console

    return make_console()


def fail(message: str, code: int = EXIT_ERROR) -> typer.Exit:
    """Print `error: message` on stderr; raise the returned Exit."""
    from cosmotable.ui.terminal.common import make_console

    err = make_console(stderr=True)
    err.print(Text.assemble(("error: ", "bold red"), message))
    return typer.Exit(code)


def clean_errors(fn):
    """Turn the program's own errors into a message and an exit code instead of a traceback."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except typer.Exit:
            raise
        except RecordError as exc:
            raise fail(str(exc), EXIT_USAGE) from None
        except CosmotableError as exc:
            raise fail(str(exc), EXIT_ERROR) from None
        except KeyError as exc:
            raise fail(str(exc.args[0]) if exc.args else "unknown name", EXIT_USAGE) from None
        except Exception as exc:  # a bug: say so plainly; the traceback only on request
            if os.environ.get("COSMOTABLE_DEBUG"):
                raise
            raise fail(f"internal error ({type(exc).__name__}: {exc}). This is a bug in cosmotable; "
                       "run again with COSMOTABLE_DEBUG=1 to see the traceback.", EXIT_BUG) from None

    return wrapper


def _game(game_id: str):
    try:
        return games.get(game_id)
    except KeyError as exc:
        raise fail(str(exc.args[0]), EXIT_USAGE) from None


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


# ------------------------------------------------------------------------------ play
@app.command()
@clean_errors
def play(
    game: Annotated[str, typer.Argument(help="Game to play, e.g. 'mlem' (list: cosmotable games).")],
    players: Annotated[int, typer.Option("--players", "-p", help="Number of players, bots included.")] = 3,
    bots: Annotated[
        int, typer.Option("--bots", "-b", help="How many of the players are bots; they take the last seats. "
                          "Equal to --players to watch bots play.")
    ] = 2,
    seed: Annotated[
        int | None, typer.Option(min=0, help="Seed for the dice (same seed + same moves = same game). "
                                 "Random if omitted; it is printed and saved.")
    ] = None,
    bot: Annotated[BotKind, typer.Option(help="The kind of bot in the bot seats.")] = BotKind.heuristic,
    board: Annotated[
        Path | None, typer.Option(help="A space mat file (TOML or JSON) instead of the reconstructed "
                                  "default; check it first with 'cosmotable mlem check-board FILE'.")
    ] = None,
    save: Annotated[
        Path | None, typer.Option(help="Where to save the game record "
                                  "(default: ./records/GAME-DATE-TIME-seedN.json).")
    ] = None,
    name: Annotated[
        list[str] | None, typer.Option("--name", "-n", help="Name of a human player; repeat it for "
                                       "hot-seat players, in seat order.")
    ] = None,
    delay: Annotated[
        float, typer.Option(min=0, help="Seconds to pause after each bot move and roll while watching "
                            "bots only.")
    ] = 0.0,
) -> None:
    """Play a game in the terminal: you (and friends, hot-seat) against bots.

    Seats 0 to players-bots-1 are people, the rest are bots. At your turn the table is drawn and your
    legal moves are numbered: type a number, the move's text (e.g. 'travel 2,A'), 'help' or 'quit'.
    The game is saved as a record at the end, on 'quit' and at the end of input.

    Example:  cosmotable play mlem --players 3 --bots 2 --seed 7 --name Ann
    """
    from cosmotable.bots import make_bot
    from cosmotable.ui.terminal.common import LineReader, default_record_path, make_seats
    from cosmotable.ui.terminal.session import PlaySession, screen_for

    g = _game(game)
    if not g.min_players <= players <= g.max_players:
        raise fail(f"{g.name} takes {g.min_players}-{g.max_players} players, got --players {players}", EXIT_USAGE)
    if not 0 <= bots <= players:
        raise fail(f"--bots must be between 0 and --players ({players}), got {bots}", EXIT_USAGE)
    names = [n.strip() for n in (name or [])]
    humans = players - bots
    if len(names) > humans:
        raise fail(f"{len(names)} --name given but only {humans} human player(s) "
                   f"(--players {players} --bots {bots})", EXIT_USAGE)
    if any(not n for n in names):
        raise fail("--name must not be empty", EXIT_USAGE)
    options = {}
    intro = []
    if g.id == "mlem":
        intro.append(Text("Mat: the reconstructed default, not the printed mat (see 'cosmotable rules mlem')"
                          if board is None else f"Mat: {board}", style="dim"))
    if board is not None:
        if "board" not in g.options:
            raise fail(f"{g.name} takes no --board", EXIT_USAGE)
        options["board"] = _read_board(board)
    if seed is None:
        seed = secrets.randbelow(1_000_000)
    seats = make_seats(players, bots, names, bot.value, make_bot, seed)
    screen_for(g.id, seats)  # fail early if the game has no terminal screen
    state = g.new_state(num_players=players, seed=seed, **options)
    path = save if save is not None else default_record_path(g.id, seed)
    console = _out()
    code = PlaySession(state, seats, console, LineReader(console), path, delay, intro).run()
    if code:
        raise typer.Exit(code)


def _read_board(path: Path) -> dict:
    from cosmotable.games.mlem.board import mat_problems, read_data_file

    try:
        data = read_data_file(path)
    except DataError as exc:
        raise fail(f"{path}: " + "; ".join(exc.problems), EXIT_ERROR) from None
    problems = mat_problems(data)
    if problems:
        lines = "\n".join(f"  - {p}" for p in problems)
        raise fail(f"{path} is not a valid mat ({len(problems)} problem(s)):\n{lines}\n"
                   f"(cosmotable mlem check-board {path} lists them too)", EXIT_ERROR)
    return data


# ------------------------------------------------------------------------------ replay
@app.command()
@clean_errors
def replay(
    file: Annotated[Path, typer.Argument(help="A record saved by 'cosmotable play' (records/*.json).")],
    to: Annotated[
        int | None, typer.Option("--to", min=0, help="Show the state after this many actions (0 = set-up).")
    ] = None,
    show_all: Annotated[
        bool, typer.Option("--all", help="Print every step without stopping (with --to: up to that step): "
                           "each action, its events and a one-line summary; the whole table after each "
                           "expedition and at the end.")
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
    from cosmotable.ui.terminal.session import replay_file

    console = _out()
    code = replay_file(file, console, LineReader(console), to, show_all, seats_from_record_file, full)
    if code:
        raise typer.Exit(code)


# ------------------------------------------------------------------------------ rules, games
@app.command()
@clean_errors
def rules(game: Annotated[str, typer.Argument(help="Game id, e.g. 'mlem'.")]) -> None:
    """A readable rules summary, the astronauts, and which game data is reconstructed."""
    g = _game(game)
    if g.id != "mlem":
        raise fail(f"no rules summary for {g.name} yet", EXIT_USAGE)
    from cosmotable.ui.terminal.mlem import rules_renderable

    _out().print(rules_renderable())


@app.command("games")
@clean_errors
def list_games() -> None:
    """List the games you can play."""
    table = Table(box=None, padding=(0, 2), pad_edge=False)
    table.add_column("id", style="bold")
    table.add_column("name")
    table.add_column("players", justify="center")
    for game_id in games.ids():
        g = games.get(game_id)
        table.add_row(g.id, g.name, f"{g.min_players}-{g.max_players}")
    console = _out()
    console.print(table)
    console.print(Text("Play one with:  cosmotable play <id> --players 3 --bots 2", style="dim"))


# ------------------------------------------------------------------------------ mlem tools
@mlem_app.command("check-board")
@clean_errors
def check_board(
    file: Annotated[Path, typer.Argument(help="A MLEM space mat file (TOML or JSON), e.g. a corrected copy "
                                          "of the default data/mat.toml.")],
) -> None:
    """Check a space mat file: prints OK and a summary, or every problem, one per line (exit 1).

    Use it before 'cosmotable play mlem --board FILE'.
    """
    from cosmotable.games.mlem.board import mat_from_data, mat_problems, read_data_file

    console = _out()
    try:
        data = read_data_file(file)
    except DataError as exc:
        for problem in exc.problems:
            console.print(Text(f"{file}: {problem}"), soft_wrap=True)
        if any("TOML" in p or "JSON" in p for p in exc.problems):
            console.print(Text("The file must be TOML (like data/mat.toml) or JSON (if it ends in .json).",
                               style="dim"))
        raise typer.Exit(EXIT_ERROR) from None
    problems = mat_problems(data)
    if problems:
        for problem in problems:
            console.print(Text(f"{file}: {problem}"), soft_wrap=True)
        console.print(Text(f"{len(problems)} problem(s).", style="bold red"))
        raise typer.Exit(EXIT_ERROR)
    mat = mat_from_data(data, str(file))
    planets = ", ".join(f"{p.name} ({','.join(map(str, p.spaces))})" for p in mat.planets.values())
    console.print(Text(
        f"OK: {len(mat.spaces)} spaces (0-{mat.last_space}) + deep space, {len(mat.moons)} moons, "
        f"{len(mat.planets)} planets [{planets}], {mat.dice_count} dice, crash track {mat.crash_track_length}; "
        f"source: {' '.join(mat.source.split())}"
    ), soft_wrap=True)


if __name__ == "__main__":  # pragma: no cover
    app()
