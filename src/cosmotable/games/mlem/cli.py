"""MLEM's command-line part (`cli` in its descriptor): its tools, `cosmotable mlem check-board` and
`cosmotable mlem odds`, and what `cosmotable play mlem` asks of it - the mat and token files read and
checked, the variants' other names and titles, and which options a variant uses."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.text import Text

from cosmotable.cli.common import EXIT_ERROR, clean_errors, command_group, out
from cosmotable.engine.errors import DataError
from cosmotable.games.mlem.cli_files import read_board, read_tokens
from cosmotable.games.mlem.cli_odds import ODDS_HELP, odds

APP = command_group("Tools for MLEM: Space Agency: check a mat file (check-board), exact travel odds (odds).")

#: variant names people type -> the game's variant names ("all" = every variant)
VARIANT_ALIASES = {
    "secret-missions": "secret_missions",
    "missions": "secret_missions",
    "secret": "secret_missions",
    "discoveries": "discovery",
}
VARIANT_TITLES = {"ufo": "UFO", "discovery": "Discovery", "secret_missions": "Secret Missions"}
#: token option -> the variant that uses it
OPTION_VARIANT = {
    "expedition_tokens": "ufo",
    "ufo_tokens": "ufo",
    "discoveries": "discovery",
    "missions": "secret_missions",
}


def read_option(option: str, path: Path, options: dict) -> dict:
    """A file option of `cosmotable play mlem`: the mat, or a token set (checked against that mat)."""
    if option == "board":
        return read_board(path)
    board = options.get("board")
    assert board is None or isinstance(board, dict)
    return read_tokens(option, path, board)


def variants_note(chosen: list[str], options: dict) -> str | None:
    """Which token sets the chosen variants play with: the files given, else the defaults."""
    if not any(variant in chosen for variant in OPTION_VARIANT.values()):
        return None
    files = [
        f"--{opt.replace('_', '-')}" for opt, v in OPTION_VARIANT.items() if v in chosen and opt in options
    ]
    return (
        "  ·  token sets: "
        + ("your files for " + ", ".join(files) + ", else " if files else "")
        + "the reconstructed defaults (see 'cosmotable rules mlem')"
    )


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

    console = out()
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


APP.command("check-board")(clean_errors(check_board))
APP.command("odds", help=ODDS_HELP)(clean_errors(odds))
