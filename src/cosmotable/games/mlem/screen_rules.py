"""MLEM's rules as the terminal shows them (`cosmotable rules mlem`, 'rules' at a prompt): the
summary's rules and variants with the astronauts' table, how to play in the terminal and which data
is reconstructed; and the entries 'look NAME' finds (astronauts, goals, planets, token abilities)."""

from __future__ import annotations

from importlib import resources

from rich import box
from rich.console import Group, RenderableType
from rich.markdown import Markdown
from rich.padding import Padding
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from cosmotable.games.mlem.board import default_astronauts, default_goals, default_mat
from cosmotable.games.mlem.screen_text import (
    ABILITY_TEXT,
    short_name,
)
from cosmotable.games.mlem.summary import rules_markdown, variants_markdown
from cosmotable.ui.terminal.common import LookEntry


def mlem_look_entries() -> list[LookEntry]:
    """Astronauts, goal tiles, planets, deep space and the expedition tokens' abilities, from the
    game's data files (astronauts.toml, goals.toml, mat.toml, expedition_tokens.toml)."""
    mat = default_mat()
    entries = []
    for a in default_astronauts().values():
        text = a.text
        if a.id == "helper":
            text += " In travel moves a helper is named by its owner's seat: H1 = seat 1's helper."
        entries.append(
            LookEntry((a.name, a.id, a.short, short_name(a.id)), f"{a.name} ({a.short})", text, "astronaut")
        )
    for g in default_goals():
        entries.append(
            LookEntry(
                (g.id, g.text),
                g.text,
                f"a goal tile: {g.points} points to the first player "
                "who meets it during a landing phase; no one else can take it.",
                "goal",
            )
        )
    for p in mat.planets.values():
        pts = "/".join(map(str, p.points))
        entries.append(
            LookEntry(
                (p.name, p.id),
                p.name,
                f"a planet reached from space(s) "
                f"{', '.join(map(str, p.spaces))}; at the end it pays {pts} points to the players "
                "with the most, the second most, and any other astronauts there.",
                "planet",
            )
        )
    entries.append(
        LookEntry(
            ("deep space", "comet", "galaxy"),
            "Deep space",
            f"beyond space {mat.last_space}: when the rocket gets there everyone aboard leaves it: the commander to the comet "
            f"({mat.comet_points} points), everyone else to the galaxy ({mat.galaxy_points} points).",
            "mat",
        )
    )
    for ability, text in ABILITY_TEXT.items():
        entries.append(
            LookEntry(
                (ability, text.split(" (")[0]),
                text.split(" (")[0].capitalize(),
                text,
                "expedition token ability (UFO variant)",
            )
        )
    return entries


def astronauts_table() -> Table:
    table = Table(
        title="The 8 astronauts (every player has one of each)",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        padding=(0, 1),
    )
    table.add_column("to board, type", style="bold", no_wrap=True)
    table.add_column("name", no_wrap=True)
    table.add_column("token", no_wrap=True)
    table.add_column("ability")
    for a in default_astronauts().values():
        table.add_row(f"board {a.id}", a.name, a.short, a.text)
    return table


def token_sources_text() -> Text:
    """Each variant token set's own `source` field, and the flag that replaces it."""
    from cosmotable.games.mlem.tokens import TOKEN_FILES, default_token_data

    out = Text()
    labels = {
        "expedition_tokens": "Expedition tokens (UFO)",
        "ufo_tokens": "UFO tokens (UFO)",
        "discoveries": "Discovery tokens (Discovery)",
        "missions": "Mission tokens (Secret Missions)",
    }
    for option, (name, _) in TOKEN_FILES.items():
        source = " ".join(str(default_token_data(option).get("source", "")).split())
        reconstructed = "reconstructed" in source.lower() or "not the printed" in source.lower()
        out.append(f"\n{labels.get(option, option)}: ", style="bold")
        out.append(
            "RECONSTRUCTED" if reconstructed else "not marked reconstructed (read its source)",
            style="bold red" if reconstructed else "yellow",
        )
        out.append(f" - data/{name}, replace with --{option.replace('_', '-')} FILE\n  source: ")
        out.append(source, style="italic")
    return out


def reconstructed_panel() -> Panel:
    mat = default_mat()
    path = resources.files("cosmotable.games.mlem").joinpath("data", "mat.toml")
    body = Text.assemble(
        "The space-by-space mat (which faces each space accepts, afterburner values, moons, planets and their "
        "points) is printed only on the physical component and has not been published. The mat used by default "
        "is RECONSTRUCTED. Its own 'source' field says:\n\n",
        (" ".join(mat.source.split()) + "\n\n", "italic"),
        "Default mat file: ",
        (str(path), "bold"),
        "\n\n",
        ("If you own the game, supply the real mat:\n", "bold"),
        "  1. copy the default file and type in the values printed on your mat (set 'source' too)\n",
        "  2. check it:   ",
        ("cosmotable mlem check-board my-mat.toml", "bold"),
        "   (explains every problem)\n",
        "  3. play on it: ",
        ("cosmotable play mlem --board my-mat.toml", "bold"),
        "\n\n",
        "From the rulebooks and public sources, not reconstructed: the rules, the 8 astronauts, the 4 goal tiles (5 points each), "
        "comet 7 / galaxy 5, 11 crashes, no landing on spaces 0-5, the satellite space 3, six dice with faces "
        "1, 2, 2, 3, 4, A.\n\n",
        ("Variant token sets", "bold"),
        " (printed only on the tokens; each file's own 'source' field):",
        token_sources_text(),
        "\n\nEvery decision the rulebooks leave open, and the test that pins it: ",
        ("src/cosmotable/games/mlem/RULINGS.md", "bold"),
    )
    return Panel(body, title="Which data is reconstructed", title_align="left", border_style="yellow")


def rules_renderable() -> RenderableType:
    return Group(
        Markdown(rules_markdown()),
        Text(""),
        Padding(astronauts_table(), (0, 0, 1, 0)),
        Markdown(
            "## Playing in the terminal\n"
            "`cosmotable play mlem --players 3 --bots 2`: at your turn the table is drawn and your legal moves are "
            "numbered; type a number or the move's text (`board helper`, `travel 2,A`, `travel 1,H2` = also use the "
            "helper of seat 2, `stay`, `land moon`, `land planet`, `land moon +1` for the navigator, `return`), "
            "`help` or `quit`. Every game is saved as a record; `cosmotable replay FILE` steps through it."
        ),
        Markdown(variants_markdown()),
        Text(""),
        reconstructed_panel(),
    )
