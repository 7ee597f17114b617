"""A game's options from `cosmotable play`'s command line: its files (a mat, a layout, token sets),
the turn cap and the variants, checked against what the game takes, and the lines that tell the
player what was chosen.

The command line knows no game: a file option is read by the game's `cli` part (`read_option`), the
variants' other names and titles come from there too (`VARIANT_ALIASES`, `VARIANT_TITLES`), and so do
the options that only a variant uses (`OPTION_VARIANT`) and the note on its files (`variants_note`).
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text

from cosmotable import games
from cosmotable.cli.common import EXIT_USAGE, fail

#: file options whose refusal for a game says whose option it is (the text players know)
OWNERS = {"layout": " (a Planet option)"}


def flag(option: str) -> str:
    return "--" + option.replace("_", "-")


def cli_part(g):
    """The game's command-line part (a module), or None."""
    return games.descriptor(g.id).load("cli")


def read_file_option(g, option: str, path: Path, options: dict[str, object]):
    """The data of a file option, read and checked by the game (`options`: those read before it)."""
    part = cli_part(g)
    if part is None:
        raise fail(f"{g.name} reads no {flag(option)} file", EXIT_USAGE)
    return part.read_option(option, path, options)


def game_options(
    g, files: dict[str, Path | None], max_turns: int | None, repeated: list[str], listed: str | None
) -> tuple[dict[str, object], list[str], list[Text]]:
    """(the options of `new_state`, the chosen variants, the intro lines) from the command line.
    `files`: option -> the file given for it; the mat and layout first, then the token files."""
    options: dict[str, object] = {}
    intro = []
    if "board" in g.options:  # a game played on a mat (MLEM's): say which one
        board = files.get("board")
        intro.append(
            Text(
                f"Mat: the reconstructed default, not the printed mat (see 'cosmotable rules {g.id}')"
                if board is None
                else f"Mat: {board}",
                style="dim",
            )
        )
    for option in ("board", "layout"):
        path = files.get(option)
        if path is not None:
            if option not in g.options:
                raise fail(f"{g.name} takes no {flag(option)}{OWNERS.get(option, '')}", EXIT_USAGE)
            options[option] = read_file_option(g, option, path, options)
    if max_turns is not None:
        if "max_turns" not in g.options:
            raise fail(f"{g.name} takes no --max-turns (an option of Planet and Kosmodrom)", EXIT_USAGE)
        options["max_turns"] = max_turns
    chosen = parse_variants(g, repeated, listed)
    ignored = variant_files(g, files, chosen, options)
    if chosen:
        intro.append(variants_line(g, chosen, options))
    if ignored:
        intro.append(
            Text(
                f"{', '.join(ignored)} given, but its variant is not in play: ignored "
                "(add e.g. --variant ufo)",
                style="yellow",
            )
        )
    return options, chosen, intro


def variant_files(
    g, files: dict[str, Path | None], chosen: list[str], options: dict[str, object]
) -> list[str]:
    """Read the files of the options a variant uses into `options`; returns the flags of those whose
    variant is not in play (read and checked all the same, so a bad file is told at once)."""
    part = cli_part(g)
    option_variant = getattr(part, "OPTION_VARIANT", {})
    ignored = []
    for option, path in files.items():
        if path is None or option in ("board", "layout"):
            continue
        if option not in g.options:
            raise fail(f"{g.name} takes no {flag(option)}", EXIT_USAGE)
        data = read_file_option(g, option, path, options)
        if option_variant.get(option) in chosen:
            options[option] = data
        else:
            ignored.append(flag(option))
    return ignored


def parse_variants(g, repeated: list[str], listed: str | None) -> list[str]:
    """`--variant ufo --variant secret_missions` (or secret-missions) and `--variants ufo,discovery` (or `all`) -> names."""
    aliases = getattr(cli_part(g), "VARIANT_ALIASES", {})
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
            name = aliases.get(word, word.replace("-", "_"))
            if name not in g.variants:
                # spelled as the game, its records and its screen spell them (secret-missions is
                # still accepted): the help and this message had two spellings (issue #48)
                known = ", ".join(g.variants) or "none"
                raise fail(f"unknown variant {word!r} for {g.name}; variants: {known}, or all", EXIT_USAGE)
            names = [name]
        chosen.extend(n for n in names if n not in chosen)
    return chosen


def variants_line(g, chosen: list[str], options: dict[str, object]) -> Text:
    part = cli_part(g)
    titles = getattr(part, "VARIANT_TITLES", {})
    line = Text.assemble(("Variants: ", "bold"), ", ".join(titles.get(v, v) for v in chosen))
    note = part.variants_note(chosen, options) if hasattr(part, "variants_note") else None
    if note:
        line.append(note, style="dim")
    return line
