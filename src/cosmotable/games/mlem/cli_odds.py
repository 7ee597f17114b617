"""`cosmotable mlem odds`: the exact odds of one travel phase, or the crash table of every space and
dice count with its heat map."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from cosmotable.cli.common import EXIT_ERROR, EXIT_USAGE, fail, get_game, out, out_err
from cosmotable.games.mlem.cli_files import read_board, read_tokens

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

    g = get_game("mlem")
    board_data = read_board(board) if board is not None else None
    mat = default_mat() if board_data is None else mat_from_data(board_data, str(board))
    console = out()

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
            grid = Table(
                title="P(crash) by space and dice held (exact; no helpers, no token)",
                title_justify="left",
                box=None,
                padding=(0, 1),
            )
            grid.add_column("space", justify="right", style="bold")
            grid.add_column("accepts", no_wrap=True)
            for d in range(len(crash_rows[0])):
                grid.add_column(f"{d + 1} {'die' if d == 0 else 'dice'}", justify="right")
            for s, row in enumerate(crash_rows):
                faces = " ".join(
                    f"A{mat.spaces[s].afterburner}" if f == "A" else f
                    for f in sorted(mat.spaces[s].faces, key="1234A".index)
                )
                grid.add_row(
                    str(s),
                    faces,
                    *[Text(pct(p), style="bold red" if p >= Fraction(1, 3) else "") for p in row],
                )
            console.print(grid)
        try:
            path = crash_heatmap(crash_rows, png)
        except OSError as exc:
            raise fail(
                f"--png {png}: cannot write the heat map there ({exc.strerror or exc}); "
                "give a path in a folder you can write to",
                EXIT_ERROR,
            ) from None
        (console if not as_json else out_err()).print(
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
        read_tokens("expedition_tokens", tokens_file, board_data)
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
