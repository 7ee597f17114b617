"""What every `cosmotable` command shares: the exit codes, the consoles, one-line errors instead of
tracebacks, and the typer settings of a command group. A game's own tools (its `cli` part,
`games/<id>/cli.py`) build on this module too."""

from __future__ import annotations

import functools
import os

import typer
from rich.text import Text

from cosmotable import games
from cosmotable.engine.errors import CosmotableError, RecordError

EXIT_ERROR = 1  # the command could not do its job (bad board file, bad configuration)
EXIT_USAGE = 2  # the command line or the input file is wrong (unknown game, corrupt record)
EXIT_BUG = 3  # an unexpected error inside cosmotable (COSMOTABLE_DEBUG=1 shows the traceback)

#: -h as well as --help, in every group and command
CONTEXT = {"help_option_names": ["-h", "--help"]}


def command_group(help: str) -> typer.Typer:
    """A group of subcommands (`cosmotable mlem ...`): its help when called bare."""
    return typer.Typer(help=help, no_args_is_help=True, context_settings=CONTEXT)


def out():
    """The console of a command's output (stdout)."""
    from cosmotable.ui.terminal.common import make_console

    return make_console()


def out_err():
    """The console of what is not the command's output (stderr): notes beside JSON output, errors."""
    from cosmotable.ui.terminal.common import make_console

    return make_console(stderr=True)


def fail(message: str, code: int = EXIT_ERROR) -> typer.Exit:
    """Print `error: message` on stderr; raise the returned Exit."""
    out_err().print(Text.assemble(("error: ", "bold red"), message))
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


def get_game(game_id: str):
    """The Game with this id; an unknown id ends the command with the known ids (exit 2)."""
    try:
        return games.get(game_id)
    except KeyError as exc:
        raise fail(str(exc.args[0]), EXIT_USAGE) from None


def exit_with(code: int) -> None:
    """End the command with a session's exit code (0: return normally)."""
    if code:
        raise typer.Exit(code)
