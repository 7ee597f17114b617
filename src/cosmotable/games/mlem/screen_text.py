"""How the MLEM terminal screens name and style things: styles, astronaut names, die faces,
crash risk and token texts, shared by the drawing (`mlem.py`) and the move glosses
(`mlem_glosses.py`). Everything comes from view dicts."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.table import Table
from rich.text import Text

from cosmotable.games.mlem.board import default_astronauts
from cosmotable.ui.numbers import percent

#: Below this width the table is drawn compact (an 80-column terminal).
COMPACT_WIDTH = 100

CELL = 6  # width of one space on the track
AFTERBURNER_STYLE = "bold cyan"
PLANET_STYLE = "bold bright_white"
ROCKET_STYLE = "bold black on yellow"
EVENT_STYLES = {
    "crash": "bold red",
    "goal": "bold yellow",
    "goal-due": "yellow",
    "end-triggered": "bold yellow",
    "game-over": "bold",
    "land": "green",
    "roll": "",
    "commander": "italic",
    "discard": "italic",
    "satellite": "italic",
    "ufo-contact": "bold magenta",
    "ufo-token": "magenta",
    "expedition-token": "bold magenta",
    "reroll": "magenta",
    "discovery": "bold cyan",
    "mission": "bold green",
    "choose": "italic",
    "deal": "dim",
}
UFO_STYLE = "bold magenta"
WORMHOLE_JUMP = 4  # rulebook (discovery, wormhole): the rocket moves 4 spaces at once
DISCOVERY_STYLE = "bold cyan"
VARIANT_NAMES = {"ufo": "UFO", "discovery": "Discovery", "secret_missions": "Secret Missions"}
ABILITY_TEXT = {
    "extra": "extra dice",
    "keep": "keep dice (the dice used in one travel phase are not set aside)",
    "reroll": "reroll (roll all the dice again once; the new roll must be used)",
}


def astronaut_name(ident: str) -> str:
    astronaut = default_astronauts().get(ident)
    return astronaut.name if astronaut else ident


def faces_text(space: dict[str, Any], styled: bool = True) -> Text:
    """`1 3 A2`: the faces a space accepts; A2 = the afterburner, worth 2 here."""
    out = Text()
    for i, face in enumerate(space["faces"]):
        if i:
            out.append(" ")
        if face == "A":
            out.append(f"A{space['afterburner']}", style=AFTERBURNER_STYLE if styled else "")
        else:
            out.append(face)
    return out


def face_value(space: dict[str, Any], face: str) -> int:
    return space["afterburner"] if face == "A" else int(face)


def crash_risk(mat: dict[str, Any], position: int, dice: int) -> float:
    """P(no die of a roll of `dice` dice fits `position`): each die independent."""
    if position >= mat["deep_space"]:
        return 0.0
    space = mat["spaces"][position]
    faces = mat["die_faces"]
    miss = sum(1 for f in faces if f not in space["faces"]) / len(faces)
    return miss ** max(dice, 1)


def helper_can_save(mat: dict[str, Any], position: int, helper_ready: bool) -> bool:
    return helper_ready and position < mat["deep_space"] and "1" in mat["spaces"][position]["faces"]


def risk_text(mat: dict[str, Any], position: int, dice: int, helper_ready: bool, brief: bool = False) -> Text:
    """`12% crash risk` (+ `(a helper can save it)` where an unused helper could be used there);
    brief: `risk 12%*`."""
    risk = crash_risk(mat, position, dice)
    style = "bold red" if risk >= 0.3 else ""
    saved = risk >= 0.005 and helper_can_save(mat, position, helper_ready)
    if brief:
        return Text.assemble(("risk ", ""), (percent(risk), style), ("*" if saved else "", "bold"))
    out = Text(f"{percent(risk)} crash risk", style=style)
    if saved:
        out.append(" (a helper can save it)", style="")
    return out


def astronaut_short(ident: str, seat: int | None = None) -> str:
    """The astronaut's mark (SAT, x2M...). A helper is marked with its owner's seat, `H1` = seat 1's
    helper, as the travel moves name it (`travel A,H1`), so two players' helpers never look alike."""
    if ident == "helper" and seat is not None:
        return f"H{seat}"
    astronaut = default_astronauts().get(ident)
    return astronaut.short if astronaut else ""


def short_name(ident: str) -> str:
    """Compact astronaut name for tables: Satellite, Navigator, Moon x2, Deep x2, Ballast..."""
    name = astronaut_name(ident)
    return name.replace(" engineer", "").replace("Deep-space expert", "Deep x2").replace(" expert", " x2")


def planet_standing(planet: dict[str, Any]) -> list[tuple[int, int]]:
    """[(seat, points if the game ended now)] from first place down (ties: earlier arrival first)."""
    rows = planet["rows"]
    order = sorted(range(len(rows)), key=lambda i: (-len(rows[i]["astronauts"]), i))
    standing = []
    for place, index in enumerate(order):
        row = rows[index]
        points = planet["points"][min(place, 2)]
        if "planet_expert" in row["astronauts"]:
            points *= 2
        standing.append((row["seat"], points))
    return standing


def projected_planet_points(view: dict[str, Any]) -> list[int]:
    totals = [0] * view["num_players"]
    for planet in view["planets"]:
        for seat, points in planet_standing(planet):
            totals[seat] += points
    return totals


def discovery_cell(token: dict[str, Any], brief: bool = True) -> Text:
    """A face-up discovery token: `◆+3` (points), `◆die` (die return), `◆worm` (wormhole)."""
    if token["kind"] == "points":
        body = (
            f"+{token['points']}"
            if brief
            else f"{token['points']} point{'s' if token['points'] != 1 else ''}"
        )
    elif token["kind"] == "die_return":
        body = "die" if brief else "die return"
    else:
        body = "worm" if brief else "wormhole (+4)"
    return Text("◆" + body, style=DISCOVERY_STYLE)


def token_text(token: dict[str, Any]) -> Text:
    """`x03: UFO moves 1 · 5 dice · reroll`, the extra dice faces spelled out."""
    ability = token["ability"]
    if ability == "extra":
        ability = f"extra dice {'+'.join(token['extra_dice'])}"
    return Text.assemble(
        (token["id"], "bold"), f": UFO moves {token['ufo_move']} · {token['dice']} dice · ", (ability, "bold")
    )


def ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def section_table(title: str | Text) -> Table:
    """The frame of each of the table's sections (planets, goals, rocket, players, missions): its
    title on the left above a light head rule, no outer edge."""
    return Table(
        title=title,
        title_justify="left",
        box=box.SIMPLE_HEAD,
        padding=(0, 1),
        pad_edge=False,
        show_edge=False,
    )
