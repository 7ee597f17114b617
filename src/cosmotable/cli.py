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
    help="Tools for MLEM: Space Agency: check a mat file (check-board), exact travel odds (odds).",
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},
)
app.add_typer(mlem_app, name="mlem")
planet_app = typer.Typer(
    help="Tools for Planet (custom planet layouts).",
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},
)
app.add_typer(planet_app, name="planet")


class BotKind(str, enum.Enum):
    heuristic = "heuristic"
    random = "random"
    easy = "easy"
    normal = "normal"
    hard = "hard"


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
        except (typer.Exit, typer.BadParameter):
            raise  # usage errors keep click's own message and exit code 2
        except RecordError as exc:
            raise fail(str(exc), EXIT_USAGE) from None
        except CosmotableError as exc:
            raise fail(str(exc), EXIT_ERROR) from None
        except KeyError as exc:
            raise fail(str(exc.args[0]) if exc.args else "unknown name", EXIT_USAGE) from None
        except Exception as exc:  # a bug: say so plainly; the traceback only on request
            if os.environ.get("COSMOTABLE_DEBUG"):
                raise
            raise fail(
                f"internal error ({type(exc).__name__}: {exc}). This is a bug in cosmotable; "
                "run again with COSMOTABLE_DEBUG=1 to see the traceback.",
                EXIT_BUG,
            ) from None

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
    game: Annotated[
        str | None,
        typer.Argument(help="Game to play, e.g. 'mlem' (list: cosmotable games); not needed with --resume."),
    ] = None,
    players: Annotated[int, typer.Option("--players", "-p", help="Number of players, bots included.")] = 3,
    bots: Annotated[
        int,
        typer.Option(
            "--bots",
            "-b",
            help="How many of the players are bots; they take the last seats. "
            "Equal to --players to watch bots play.",
        ),
    ] = 2,
    seed: Annotated[
        int | None,
        typer.Option(
            min=0,
            help="Seed for the dice (same seed + same moves = same game). "
            "Random if omitted; it is printed and saved.",
        ),
    ] = None,
    bot: Annotated[
        BotKind,
        typer.Option(
            help="The kind of bot in the bot seats: heuristic, random, or a "
            "search level easy / normal / hard (MCTS; IS-MCTS where cards or "
            "tiles are hidden)."
        ),
    ] = BotKind.heuristic,
    think: Annotated[
        float | None,
        typer.Option(
            min=0.01,
            help="Seconds each search bot (easy/normal/hard) may think per "
            "move, instead of its level's simulation budget.",
        ),
    ] = None,
    layout: Annotated[
        Path | None,
        typer.Option(
            help="Planet: a custom planet layout file (TOML/JSON); check it first with "
            "'cosmotable planet check-layout FILE'."
        ),
    ] = None,
    max_turns: Annotated[
        int | None,
        typer.Option(
            min=1, help="Planet, Kosmodrom: the safety cap on turns (the game ends with a logged reason)."
        ),
    ] = None,
    board: Annotated[
        Path | None,
        typer.Option(
            help="A space mat file (TOML or JSON) instead of the reconstructed "
            "default; check it first with 'cosmotable mlem check-board FILE'."
        ),
    ] = None,
    save: Annotated[
        Path | None,
        typer.Option(help="Where to save the game record (default: ./records/GAME-DATE-TIME-seedN.json)."),
    ] = None,
    name: Annotated[
        list[str] | None,
        typer.Option(
            "--name", "-n", help="Name of a human player; repeat it for hot-seat players, in seat order."
        ),
    ] = None,
    delay: Annotated[
        float,
        typer.Option(min=0, help="Seconds to pause after each bot move and roll while watching bots only."),
    ] = 0.0,
    variant: Annotated[
        list[str] | None,
        typer.Option(
            "--variant",
            "-V",
            help="An advanced variant to add: ufo, discovery, "
            "secret-missions, or all. Repeat it to combine variants.",
        ),
    ] = None,
    variants: Annotated[
        str | None,
        typer.Option(
            "--variants",
            help="Variants as one comma-separated list, e.g. 'ufo,discovery,secret_missions' or 'all'.",
        ),
    ] = None,
    expedition_tokens: Annotated[
        Path | None,
        typer.Option(
            "--expedition-tokens",
            help="UFO variant: an expedition token file "
            "(TOML/JSON, like data/expedition_tokens.toml) instead of the reconstructed set.",
        ),
    ] = None,
    ufo_tokens: Annotated[
        Path | None,
        typer.Option("--ufo-tokens", help="UFO variant: a UFO token file instead of the default."),
    ] = None,
    discoveries: Annotated[
        Path | None,
        typer.Option(
            "--discoveries",
            help="Discovery variant: a discovery token file instead of the reconstructed set.",
        ),
    ] = None,
    missions: Annotated[
        Path | None,
        typer.Option(
            "--missions",
            help="Secret Missions variant: a mission token file instead of the reconstructed set.",
        ),
    ] = None,
    hint: Annotated[
        bool,
        typer.Option(
            "--hint",
            help="Show the best moves at each of your decisions, with a search bot's estimate of "
            "your chance to win after each ('hint' at any prompt shows them once).",
        ),
    ] = False,
    resume: Annotated[
        Path | None,
        typer.Option(
            "--resume",
            help="Continue an unfinished game from its record file (game, "
            "seed, variants and seats come from it; it is saved there again).",
        ),
    ] = None,
) -> None:
    """Play a game in the terminal: you (and friends, hot-seat) against bots.

    Seats 0 to players-bots-1 are people, the rest are bots. At your turn the table is drawn and your
    legal moves are numbered: type a number, the move's text (e.g. 'travel 2,A'), 'help' or 'quit'.
    The game is saved as a record at the end, on 'quit' and at the end of input; 'undo' takes back your
    last decision while no roll, draw or other player's move followed it.

    Example:  cosmotable play mlem --players 3 --bots 2 --seed 7 --name Ann

    Hints:  --hint shows the best moves at each of your decisions with a search bot's estimate of
    your chance to win ('hint' at any prompt shows them once).

    Continue a saved game:  cosmotable play --resume records/mlem-20260101-120000-seed7.json
    (at a terminal, 'cosmotable play GAME' also offers to continue the last unfinished game).

    Advanced variants (MLEM):  --variant ufo --variant discovery --variant secret-missions, or --variants all.
    In hot-seat games with variants the next person is asked to press Enter before their private screen
    (secret missions, face-down tokens) is drawn.
    """
    from cosmotable.bots import make_bot
    from cosmotable.ui.terminal.common import LineReader, default_record_path, make_seats
    from cosmotable.ui.terminal.session import PlaySession, screen_for

    if resume is not None:
        return _resume(resume, game, save, think, delay, hint)
    if game is None:
        raise fail(
            "give the game to play (e.g. cosmotable play mlem; 'cosmotable games' lists them), "
            "or --resume RECORD to continue a saved game",
            EXIT_USAGE,
        )
    g = _game(game)
    if not g.min_players <= players <= g.max_players:
        raise fail(
            f"{g.name} takes {g.min_players}-{g.max_players} players, got --players {players}", EXIT_USAGE
        )
    if not 0 <= bots <= players:
        raise fail(f"--bots must be between 0 and --players ({players}), got {bots}", EXIT_USAGE)
    names = [n.strip() for n in (name or [])]
    humans = players - bots
    if len(names) > humans:
        raise fail(
            f"{len(names)} --name given but only {humans} human player(s) "
            f"(--players {players} --bots {bots})",
            EXIT_USAGE,
        )
    if any(not n for n in names):
        raise fail("--name must not be empty", EXIT_USAGE)
    options: dict[str, object] = {}
    intro = []
    if "board" in g.options:  # a game played on a mat (MLEM's): say which one
        intro.append(
            Text(
                f"Mat: the reconstructed default, not the printed mat (see 'cosmotable rules {g.id}')"
                if board is None
                else f"Mat: {board}",
                style="dim",
            )
        )
    if board is not None:
        if "board" not in g.options:
            raise fail(f"{g.name} takes no --board", EXIT_USAGE)
        options["board"] = _read_board(board)
    if layout is not None:
        if "layout" not in g.options:
            raise fail(f"{g.name} takes no --layout (a Planet option)", EXIT_USAGE)
        options["layout"] = _read_layout(layout)
    if max_turns is not None:
        if "max_turns" not in g.options:
            raise fail(f"{g.name} takes no --max-turns (an option of Planet and Kosmodrom)", EXIT_USAGE)
        options["max_turns"] = max_turns
    chosen = _parse_variants(g, variant or [], variants)
    token_files = {
        "expedition_tokens": expedition_tokens,
        "ufo_tokens": ufo_tokens,
        "discoveries": discoveries,
        "missions": missions,
    }
    ignored = []
    for option, file in token_files.items():
        if file is None:
            continue
        if option not in g.options:
            raise fail(f"{g.name} takes no --{option.replace('_', '-')}", EXIT_USAGE)
        board_data = options.get("board")
        assert board_data is None or isinstance(board_data, dict)
        data = _read_tokens(option, file, board_data)  # checked even if unused: say so early
        if TOKEN_VARIANT[option] in chosen:
            options[option] = data
        else:
            ignored.append(f"--{option.replace('_', '-')}")
    if chosen:
        intro.append(_variants_line(g, chosen, options))
    if ignored:
        intro.append(
            Text(
                f"{', '.join(ignored)} given, but its variant is not in play: ignored "
                "(add e.g. --variant ufo)",
                style="yellow",
            )
        )
    if save is None and players > bots:
        unfinished = _offer_resume(g)
        if unfinished is not None:
            return _resume(unfinished, g.id, None, think, delay, hint)
    if seed is None:
        seed = secrets.randbelow(1_000_000)
    seats = make_seats(
        players, bots, names, bot.value, lambda kind, bot_seed: make_bot(kind, bot_seed, think=think), seed
    )
    screen_for(g.id, seats)  # fail early if the game has no terminal screen
    state = g.new_state(num_players=players, seed=seed, variants=chosen, **options)
    path = save if save is not None else default_record_path(g.id, seed)
    console = _out()
    code = PlaySession(state, seats, console, LineReader(console), path, delay, intro, hint).run()
    if code:
        raise typer.Exit(code)


def _unfinished_records(game_id: str, directory: Path = Path("records")) -> list[Path]:
    """Saved games of `game_id` under ./records that are not over, newest first."""
    from cosmotable.engine import GameRecord

    found = []
    for path in sorted(directory.glob(f"{game_id}-*.json"), key=lambda p: p.stat().st_mtime, reverse=True):
        try:
            record = GameRecord.load(path)
            if record.game == game_id and record.actions and not record.replay().is_terminal():
                found.append(path)
        except (RecordError, OSError):
            continue  # a damaged or foreign file is not offered
    return found


def _offer_resume(g) -> Path | None:
    """At a terminal: offer to continue the last unfinished game of this kind (Enter = a new game)."""
    import sys

    from cosmotable.ui.terminal.common import LineReader

    try:
        if not sys.stdin.isatty():
            return None  # a script's input is for the game it starts
    except (AttributeError, ValueError):
        return None
    unfinished = _unfinished_records(g.id)
    if not unfinished:
        return None
    console = _out()
    path = unfinished[0]
    answer = LineReader(console).read(
        Text.assemble(
            f"An unfinished {g.name} game is saved in ",
            (str(path), "bold"),
            ". Continue it? [y = continue, Enter = new game]: ",
        )
    )
    return path if answer is not None and answer.strip().lower() in ("y", "yes") else None


def _resume(
    path: Path, game: str | None, save: Path | None, think: float | None, delay: float, hint: bool = False
) -> None:
    """`play --resume FILE`: the record's game, replayed, with its seats (bots rebuilt by kind)."""
    from cosmotable.bots import BOT_NAMES, make_bot
    from cosmotable.engine import GameRecord
    from cosmotable.ui.terminal.common import LineReader, seats_from_record_file
    from cosmotable.ui.terminal.session import PlaySession, screen_for

    record = GameRecord.load(path)
    if game is not None and _game(game).id != record.game:
        raise fail(
            f"{path} is a {record.game} game, not {game}: leave out the game name with --resume", EXIT_USAGE
        )
    state = record.replay()
    if state.is_terminal():
        raise fail(f"the game in {path} is over; step through it with: cosmotable replay {path}", EXIT_ERROR)
    seats = seats_from_record_file(path, record.config.num_players)
    for seat in seats:
        if seat.is_human:
            continue
        if seat.kind not in BOT_NAMES:
            raise fail(
                f"{path}: seat {seat.seat} is a {seat.kind!r} bot, which this version does not have "
                f"(bots: {', '.join(BOT_NAMES)})",
                EXIT_USAGE,
            )
        seat.bot = make_bot(seat.kind, record.seed * 1000 + seat.seat, think=think)
    screen_for(record.game, seats)
    console = _out()
    intro = [Text(f"Resumed from {path} after {len(record.actions)} actions.", style="bold")]
    code = PlaySession(state, seats, console, LineReader(console), save or path, delay, intro, hint).run()
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
        raise fail(
            f"{path} is not a valid mat ({len(problems)} problem(s)):\n{lines}\n"
            f"(cosmotable mlem check-board {path} lists them too)",
            EXIT_ERROR,
        )
    return data


#: variant names people type -> the game's variant names ("all" = every variant)
VARIANT_ALIASES = {
    "secret-missions": "secret_missions",
    "missions": "secret_missions",
    "secret": "secret_missions",
    "discoveries": "discovery",
}
#: token option -> the variant that uses it
TOKEN_VARIANT = {
    "expedition_tokens": "ufo",
    "ufo_tokens": "ufo",
    "discoveries": "discovery",
    "missions": "secret_missions",
}


def _parse_variants(g, repeated: list[str], listed: str | None) -> list[str]:
    """`--variant ufo --variant secret-missions` and `--variants ufo,discovery` (or `all`) -> names."""
    words = [
        w for item in [*repeated, *([listed] if listed else [])] for w in item.replace(" ", ",").split(",")
    ]
    chosen: list[str] = []
    for word in (w.strip().lower() for w in words):
        if not word:
            continue
        if word == "all":
            names = list(g.variants)
        else:
            name = VARIANT_ALIASES.get(word, word.replace("-", "_"))
            if name not in g.variants:
                known = ", ".join(v.replace("_", "-") for v in g.variants) or "none"
                raise fail(f"unknown variant {word!r} for {g.name}; variants: {known}, or all", EXIT_USAGE)
            names = [name]
        chosen.extend(n for n in names if n not in chosen)
    return chosen


def _read_tokens(option: str, path: Path, board: dict | None) -> dict:
    from cosmotable.games.mlem.board import default_mat, mat_from_data, read_data_file
    from cosmotable.games.mlem.tokens import token_problems

    flag = "--" + option.replace("_", "-")
    try:
        data = read_data_file(path)
    except DataError as exc:
        raise fail(f"{flag} {path}: " + "; ".join(exc.problems), EXIT_ERROR) from None
    mat = default_mat() if board is None else mat_from_data(board, "board")
    problems = token_problems(option, data, mat)
    if problems:
        lines = "\n".join(f"  - {p}" for p in problems)
        raise fail(
            f"{flag} {path} is not a valid token file ({len(problems)} problem(s)):\n{lines}", EXIT_ERROR
        )
    return data


def _variants_line(g, chosen: list[str], options: dict) -> Text:
    names = {"ufo": "UFO", "discovery": "Discovery", "secret_missions": "Secret Missions"}
    line = Text.assemble(("Variants: ", "bold"), ", ".join(names.get(v, v) for v in chosen))
    # Only MLEM's variants use token sets (UFO, discovery and mission tokens).
    if any(TOKEN_VARIANT[opt] in chosen for opt in TOKEN_VARIANT if opt in g.options):
        files = [
            f"--{opt.replace('_', '-')}" for opt, v in TOKEN_VARIANT.items() if v in chosen and opt in options
        ]
        line.append(
            "  ·  token sets: "
            + ("your files for " + ", ".join(files) + ", else " if files else "")
            + f"the reconstructed defaults (see 'cosmotable rules {g.id}')",
            style="dim",
        )
    return line


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
    code = serve_workers(settings, host, port, workers)
    if code:
        raise typer.Exit(code)


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
    from cosmotable.ui.terminal.session import replay_file

    console = _out()
    code = replay_file(file, console, LineReader(console), to, show_all, seats_from_record_file, full)
    if code:
        raise typer.Exit(code)


# ------------------------------------------------------------------------------ rules, games
@app.command()
@clean_errors
def rules(game: Annotated[str, typer.Argument(help="Game id, e.g. 'mlem'.")]) -> None:
    """A readable rules summary of the game, and which of its data is reconstructed."""
    from cosmotable.ui.terminal.session import rules_for

    _out().print(rules_for(_game(game).id))


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
    console = _out()
    console.print(table)
    console.print(Text("Play one with:  cosmotable play <id> --players 3 --bots 2", style="dim"))


# ------------------------------------------------------------------------------ mlem tools
@mlem_app.command("check-board")
@clean_errors
def check_board(
    file: Annotated[
        Path,
        typer.Argument(
            help="A MLEM space mat file (TOML or JSON), e.g. a corrected copy of the default data/mat.toml."
        ),
    ],
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
            console.print(
                Text("The file must be TOML (like data/mat.toml) or JSON (if it ends in .json).", style="dim")
            )
        raise typer.Exit(EXIT_ERROR) from None
    problems = mat_problems(data)
    if problems:
        for problem in problems:
            console.print(Text(f"{file}: {problem}"), soft_wrap=True)
        console.print(Text(f"{len(problems)} problem(s).", style="bold red"))
        raise typer.Exit(EXIT_ERROR)
    mat = mat_from_data(data, str(file))
    planets = ", ".join(f"{p.name} ({','.join(map(str, p.spaces))})" for p in mat.planets.values())
    console.print(
        Text(
            f"OK: {len(mat.spaces)} spaces (0-{mat.last_space}) + deep space, {len(mat.moons)} moons, "
            f"{len(mat.planets)} planets [{planets}], {mat.dice_count} dice, crash track {mat.crash_track_length}; "
            f"source: {' '.join(mat.source.split())}"
        ),
        soft_wrap=True,
    )


ODDS_HELP = """Exact odds of one travel phase: the chance that the rocket crashes, and how far it can get.

Every multiset of the commander's dice is enumerated with its exact probability (no sampling: with 6 dice
there are 210 different rolls of the faces 1, 2, 2, 3, 4, A), and the game's own rules list the moves each
roll allows, so the numbers are exact fractions. Printed: P(crash); for each space the rocket could reach, P(reachable) = the chance some
legal choice of dice groups gets there and P(farthest) = the chance it is the farthest one; and the expected
farthest advance (a crash counts as 0).

Helpers (--helpers H) are unused Helper astronauts aboard, each usable as a die showing 1 where the space
accepts 1. An expedition token (--variant-token, UFO variant) is unused: 'extra' dice count whatever was
rolled; 'keep' does not change this phase's odds; with 'reroll' the commander rerolls exactly when the first
roll would crash (the only reroll that can lower the crash odds) and must use the second roll.

Examples:  cosmotable mlem odds --space 5 --dice 2 · cosmotable mlem odds --space 9 --dice 3 --variant-token
extra:1+2 · cosmotable mlem odds --all --png odds.png
"""


@mlem_app.command("odds", help=ODDS_HELP)
@clean_errors
def odds(
    space: Annotated[
        int | None, typer.Option("--space", "-s", min=0, help="The rocket's space (0 = start).")
    ] = None,
    dice: Annotated[
        int | None,
        typer.Option(
            "--dice",
            "-d",
            min=1,
            help="Dice the commander holds (1-6). With a token id "
            "from the token file, defaults to the token's dice.",
        ),
    ] = None,
    helpers: Annotated[
        int, typer.Option("--helpers", min=0, max=4, help="Unused helper astronauts aboard.")
    ] = 0,
    variant_token: Annotated[
        str | None,
        typer.Option(
            "--variant-token",
            "-t",
            help="An unused expedition token: its id in the "
            "expedition token file (e.g. x03), or extra:A, extra:1+2, keep, reroll.",
        ),
    ] = None,
    board: Annotated[
        Path | None, typer.Option(help="A space mat file instead of the reconstructed default.")
    ] = None,
    expedition_tokens: Annotated[
        Path | None,
        typer.Option(
            "--expedition-tokens",
            help="The expedition token file that token ids refer to (default: the reconstructed set).",
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print only the odds as JSON (TravelOdds.to_json).")
    ] = False,
    all_spaces: Annotated[
        bool,
        typer.Option(
            "--all",
            help="The crash table for every space and 1-6 dice (no helpers, no token), "
            "and a PNG heat map of it.",
        ),
    ] = False,
    png: Annotated[Path, typer.Option("--png", help="With --all: where to write the heat map.")] = Path(
        "mlem-crash-odds.png"
    ),
) -> None:
    import json
    from fractions import Fraction

    from cosmotable.games.mlem.board import default_mat, mat_from_data
    from cosmotable.games.mlem.odds import crash_table, travel_odds

    g = _game("mlem")
    board_data = _read_board(board) if board is not None else None
    mat = default_mat() if board_data is None else mat_from_data(board_data, str(board))
    console = _out()

    from cosmotable.ui.numbers import percent

    def pct(p: Fraction) -> str:
        return percent(float(p), decimals=1)

    if all_spaces:
        if space is not None or dice is not None or helpers or variant_token:
            raise fail(
                "--all prints every space and dice count; leave out --space, --dice, --helpers and "
                "--variant-token",
                EXIT_USAGE,
            )
        from cosmotable.ui.plots import crash_heatmap

        _check_png_path(png)
        crash_rows = crash_table(g, board=board_data)
        if as_json:
            typer.echo(json.dumps({"crash": [[str(p) for p in row] for row in crash_rows]}))
        else:
            out = Table(
                title="P(crash) by space and dice held (exact; no helpers, no token)",
                title_justify="left",
                box=None,
                padding=(0, 1),
            )
            out.add_column("space", justify="right", style="bold")
            out.add_column("accepts", no_wrap=True)
            for d in range(len(crash_rows[0])):
                out.add_column(f"{d + 1} {'die' if d == 0 else 'dice'}", justify="right")
            for s, row in enumerate(crash_rows):
                faces = " ".join(
                    f"A{mat.spaces[s].afterburner}" if f == "A" else f
                    for f in sorted(mat.spaces[s].faces, key="1234A".index)
                )
                out.add_row(
                    str(s),
                    faces,
                    *[Text(pct(p), style="bold red" if p >= Fraction(1, 3) else "") for p in row],
                )
            console.print(out)
        try:
            path = crash_heatmap(crash_rows, png)
        except OSError as exc:
            raise fail(
                f"--png {png}: cannot write the heat map there ({exc.strerror or exc}); "
                "give a path in a folder you can write to",
                EXIT_ERROR,
            ) from None
        (console if not as_json else _out_err()).print(
            Text.assemble("Heat map written: ", (str(path), "bold"))
        )
        return
    if space is None:
        raise fail("give --space S (and --dice K), or --all for every space", EXIT_USAGE)
    if space > mat.last_space:
        raise fail(f"--space must be 0..{mat.last_space} (deep space never crashes), got {space}", EXIT_USAGE)
    token = None
    if variant_token is not None:
        token = _odds_token(variant_token, dice, expedition_tokens, board_data, mat)
        if dice is None and token.dice:
            dice = token.dice
    if dice is None:
        raise fail("give --dice K, the number of dice the commander holds", EXIT_USAGE)
    if dice > mat.dice_count:
        raise fail(f"--dice must be 1..{mat.dice_count}, got {dice}", EXIT_USAGE)
    result = travel_odds(g, space=space, dice=dice, helpers=helpers, token=token, board=board_data)
    if as_json:
        typer.echo(json.dumps(result.to_json(mat.deep_space)))
        return
    sp = mat.spaces[space]
    faces = " ".join(f"A(={sp.afterburner})" if f == "A" else f for f in sorted(sp.faces, key="1234A".index))
    what = [f"{dice} {'die' if dice == 1 else 'dice'}"]
    if helpers:
        what.append(f"{helpers} helper{'s' if helpers > 1 else ''}")
    if token is not None:
        what.append(f"token {token.id} ({token.describe().split(', ')[-1]})")
    console.print(
        Text.assemble(
            ("Travel odds", "bold"), f" from space {space} (accepts {faces}) with ", ", ".join(what)
        )
    )
    crash = Text.assemble(
        ("P(crash) = ", "bold"),
        (str(result.crash), "bold red" if result.crash else "bold green"),
        f"  = {pct(result.crash)}",
    )
    console.print(crash)
    table = Table(box=None, padding=(0, 2), title_justify="left")
    table.add_column("space", justify="right", style="bold")
    table.add_column("advance", justify="right")
    table.add_column("P(reachable)", justify="right")
    table.add_column("P(farthest)", justify="right")
    table.add_column("there", style="dim")
    for s in sorted(result.reachable):
        name = "deep" if s >= mat.deep_space else str(s)
        p, f = result.reachable[s], result.farthest.get(s, Fraction(0))
        table.add_row(
            name, f"+{s - space}", f"{p!s:>7} {pct(p):>6}", f"{f!s:>7} {pct(f):>6}", _odds_space_note(mat, s)
        )
    console.print(table)
    expected = result.expected_farthest()
    console.print(
        Text(f"Expected farthest advance: {float(expected):.2f} spaces ({expected}; a crash counts as 0).")
    )
    if token is not None and token.ability == "reroll":
        console.print(
            Text("Reroll policy: the commander rerolls only when the first roll would crash.", style="dim")
        )


def _check_png_path(png: Path) -> None:
    """The heat map is a PNG file: refuse a directory or another extension before any work, so the
    path printed afterwards is exactly the file written."""
    if png.is_dir():
        raise fail(
            f"--png {png} is a directory; give a file name in it, e.g. --png {png / 'mlem-crash-odds.png'}",
            EXIT_USAGE,
        )
    if png.suffix.lower() != ".png":
        raise fail(
            f"--png {png}: the heat map is written as PNG, so the file name must end in .png "
            f"(e.g. --png {png.with_suffix('.png')})",
            EXIT_USAGE,
        )
    folder = png.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise fail(
            f"--png {png}: cannot create the folder {folder} ({exc.strerror or exc}); give a path in a "
            "folder you can write to",
            EXIT_ERROR,
        ) from None
    if not os.access(folder, os.W_OK):
        raise fail(
            f"--png {png}: the folder {folder} is not writable; give a path in a folder you can write to",
            EXIT_ERROR,
        )


def _out_err():
    from cosmotable.ui.terminal.common import make_console

    return make_console(stderr=True)


def _odds_space_note(mat, s: int) -> str:
    if s >= mat.deep_space:
        return f"comet {mat.comet_points} / galaxy {mat.galaxy_points}"
    space = mat.spaces[s]
    parts = [f"planet {mat.planets[p].name}" for p in space.planets]
    if space.moons:
        parts.append(
            "moon"
            + ("s " if len(space.moons) > 1 else " ")
            + ", ".join(str(p) for p in sorted(mat.moons[m].points for m in space.moons))
        )
    return "; ".join(parts)


def _odds_token(spec: str, dice: int | None, tokens_file: Path | None, board_data: dict | None, mat):
    """`x03` (an id in the token file), `extra:A`, `extra:1+2`, `keep`, `reroll` -> ExpeditionToken."""
    from cosmotable.games.mlem.board import DIE_FACES
    from cosmotable.games.mlem.tokens import ExpeditionToken, default_token_data

    text = spec.strip()
    low = text.lower()
    if low in ("keep", "reroll"):
        return ExpeditionToken(low, 0, dice or 0, low)
    if low.startswith("extra"):
        faces = [f.strip().upper() for f in low.partition(":")[2].replace(",", "+").split("+") if f.strip()]
        bad = [f for f in faces if f not in DIE_FACES]
        if not faces or bad:
            raise fail(
                f"--variant-token {spec!r}: write extra:FACES with faces from {', '.join(DIE_FACES)}, "
                "e.g. extra:A or extra:1+2",
                EXIT_USAGE,
            )
        return ExpeditionToken("extra:" + "+".join(faces), 0, dice or 0, "extra", tuple(faces))
    data = (
        _read_tokens("expedition_tokens", tokens_file, board_data)
        if tokens_file is not None
        else default_token_data("expedition_tokens")
    )
    for t in data["token"]:
        if t["id"].lower() == low:
            return ExpeditionToken(
                t["id"], t["ufo_move"], t["dice"], t["ability"], tuple(t.get("extra_dice", ()))
            )
    ids = ", ".join(t["id"] for t in data["token"])
    raise fail(
        f"--variant-token {spec!r}: not a token id ({ids}) nor extra:FACES, keep or reroll", EXIT_USAGE
    )


if __name__ == "__main__":  # pragma: no cover
    app()


# ------------------------------------------------------------------------------ planet tools
def _read_layout(path: Path) -> dict:
    from cosmotable.games.planet.board import read_layout_file

    return read_layout_file(str(path))


@planet_app.command("check-layout")
@clean_errors
def check_layout(
    file: Annotated[
        Path,
        typer.Argument(
            help="A planet layout file (TOML or JSON), like src/cosmotable/games/planet/data/layout.toml."
        ),
    ],
) -> None:
    """Check a custom planet layout against the rulebook's constraints; explain every problem.

    Minimum 3 grey / 12 green / 20 yellow tiles, grey in the centre, yellow on the edge, ships on the
    edge touching only yellow tiles and equally spaced. Exit code 0 if valid, 1 otherwise.
    """
    from cosmotable.games.planet.board import layout_from_data, read_layout_file

    try:
        data = read_layout_file(str(file))
    except DataError as exc:
        console = _out()
        console.print(Text(f"{file}: {len(exc.problems)} problem(s)", style="bold red"))
        for problem in exc.problems:
            console.print(f"  - {problem}")
        raise typer.Exit(EXIT_ERROR) from None
    layout = layout_from_data(data, str(file))
    _out().print(
        f"OK: {file}: planet {len(layout.planet.cells)} cells, station {len(layout.station.cells)} cells, "
        f"ship places for {', '.join(str(n) for n in sorted(layout.ships))} players; source: {layout.source}"
    )


# ------------------------------------------------------------------------------ arena
from cosmotable.ui.terminal.arena import arena_command

app.command("arena")(clean_errors(arena_command))

# ------------------------------------------------------------------------------ simulate, report
from cosmotable.ui.terminal.simulate import SIMULATE_HELP, report_command, simulate_command

app.command("simulate", help=SIMULATE_HELP)(clean_errors(simulate_command))
app.command("report")(clean_errors(report_command))
