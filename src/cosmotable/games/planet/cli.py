"""Planet's command-line part (`cli` in its descriptor): `cosmotable planet check-layout`, and the
layout file that `cosmotable play planet --layout FILE` reads."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.text import Text

from cosmotable.cli.common import EXIT_ERROR, clean_errors, command_group, out
from cosmotable.engine.errors import DataError

APP = command_group("Tools for Planet (custom planet layouts).")


def read_option(option: str, path: Path, options: dict) -> dict:
    """`--layout FILE` of `cosmotable play planet` (the game checks it as it sets up)."""
    from cosmotable.games.planet.board import read_layout_file

    return read_layout_file(str(path))


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
        console = out()
        console.print(Text(f"{file}: {len(exc.problems)} problem(s)", style="bold red"))
        for problem in exc.problems:
            console.print(f"  - {problem}")
        raise typer.Exit(EXIT_ERROR) from None
    layout = layout_from_data(data, str(file))
    out().print(
        f"OK: {file}: planet {len(layout.planet.cells)} cells, station {len(layout.station.cells)} cells, "
        f"ship places for {', '.join(str(n) for n in sorted(layout.ships))} players; source: {layout.source}"
    )


APP.command("check-layout")(clean_errors(check_layout))
