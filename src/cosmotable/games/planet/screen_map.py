"""Planet's maps in the terminal: the planet and the station as grids of four-character cells, with
row and column labels and a short legend (issue #48: cells ran into each other, `·R 1⊙Y 1→`).

Every cell has the same four columns, so a digit has one meaning wherever it stands:

    1  the tile: its glyph, `░` face down, `·` empty; on the ring of space ` ` (or `[` for a ship)
    2  who stands there: a seat letter, `*` for several seats (a ship: its owner's letter)
    3  how many astronauts stand there (a plain digit, only when more than one; a ship: aboard)
    4  coins lying there: `$` for one, a raised digit `²`-`⁹` for more (never a plain digit)

A face-down tile that only this seat has seen (an obelisk's peek) is `░` followed by the tile's
glyph: still face down for everyone, known to this seat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.table import Table
from rich.text import Text

from cosmotable.games.planet.glyphs import ARROW_GLYPHS, GLYPHS

#: characters per map cell (tile, who, how many, coins)
CELL_WIDTH = 4
BACK_STYLES = {"yellow": "yellow", "green": "green", "grey": "white", "station": "cyan"}
RAISED = dict(zip(range(2, 10), "²³⁴⁵⁶⁷⁸⁹", strict=True))
#: the legend kept on screen beside the maps (under the station, which is shorter than the planet),
#: each line at most as wide as the station's grid
MAP_LEGEND = (
    "[R2 red's ship, 2 aboard, * fuel",
    "·R2 two red astronauts, *3 mixed",
    "·R $ red with a coin, ³ 3 coins",
    "░ face down  ░♣ seen by you only",
)


def coins_mark(count: int) -> str:
    """Column 4 of a cell: ' ', '$' or a raised digit (a plain digit is always astronauts)."""
    if count <= 0:
        return " "
    return "$" if count == 1 else RAISED.get(count, "+")


def tile_mark(entry: dict[str, Any]) -> tuple[str, str]:
    """The glyph and style of a face-up (or peeked) tile."""
    kid = entry["tile"]
    if kid == "flower":
        return ARROW_GLYPHS[frozenset(entry["dirs"])], "bold magenta"
    if entry.get("dirs"):
        return ARROW_GLYPHS.get(frozenset(entry["dirs"]), "*"), "bold"
    glyph, style = GLYPHS.get(kid, ("?", ""))
    if kid.startswith("locked"):
        glyph = "#" if entry.get("lock") else "·"
    return glyph[0], style


class MapDrawing:
    """The maps of PlanetScreen (`letter(seat)` and `seat(seat)` come from the screen)."""

    if TYPE_CHECKING:

        def seat(self, seat: int | None) -> Any: ...

        def letter(self, seat: int) -> Text: ...

    def people_at(self, view: dict[str, Any], area_id: str, cell: str | None, ring_index: int | None) -> dict:
        people: dict[int, int] = {}
        for p in view["players"]:
            for a in p["astronauts"]:
                at = a["at"]
                if (at[0] == "cell" and cell is not None and at[1] == cell) or (
                    at[0] == "space" and at[1] == area_id and ring_index is not None and at[2] == ring_index
                ):
                    people[p["seat"]] = people.get(p["seat"], 0) + 1
        return people

    def who(self, people: dict[int, int]) -> Text:
        """Columns 2 and 3: the seat letter (or `*`) and the count when more than one."""
        if not people:
            return Text("  ")
        total = sum(people.values())
        out = Text("*", style="bold") if len(people) > 1 else self.letter(next(iter(people)))
        out.append(str(total) if total > 1 else " ", style="bold" if len(people) > 1 else "")
        return out

    def cell_text(self, view: dict[str, Any], area_id: str, r: int, c: int, cells: dict, ring: dict) -> Text:
        entry = cells.get((r, c))
        idx = ring.get((r, c))
        if entry is None:  # the ring of space around the area (or a corner outside it)
            people = self.people_at(view, area_id, None, idx)
            ship = None
            if idx is not None:
                ship = next(
                    (p for p in view["players"] if p["ship"]["area"] == area_id and p["ship"]["ring"] == idx),
                    None,
                )
            if ship is not None:
                aboard = sum(
                    1 for p in view["players"] for a in p["astronauts"] if a["at"] == ["ship", ship["seat"]]
                )
                owner = self.seat(ship["seat"])
                style = owner.style if owner else "bold"
                fuel = ship["ship"]["fuel"]
                out = Text("[", style=style)
                out.append(self.letter(ship["seat"]).plain, style=f"{style} reverse")
                out.append(str(aboard) if aboard else ("*" if fuel else "]"), style=style)
                out.append("*" if fuel and aboard else " ", style=style)
                return out
            if people:
                return Text.assemble(" ", self.who(people), " ")
            corner = idx is not None and idx in view["areas"][area_id]["corners"]
            return Text(" ·  " if idx is not None and not corner else "    ", style="dim")
        if "tile" in entry and not entry["revealed"]:
            # seen by this seat only (an obelisk's peek): face down for everyone else
            glyph, style = tile_mark(entry)
            back = BACK_STYLES.get(entry["back"], "")
            return Text.assemble(("░", back), (glyph, f"{style} underline"), "  ")
        out = Text()
        if "tile" in entry:
            glyph, style = tile_mark(entry)
            out.append(glyph, style=style)
        else:
            out.append("░", style=BACK_STYLES.get(entry["back"], ""))
        out.append_text(self.who(self.people_at(view, area_id, entry["cell"], None)))
        out.append(coins_mark(entry.get("coins", 0)), style="bold yellow")
        return out

    def grid(self, view: dict[str, Any], area_id: str, title: str | None) -> Table:
        """An area as a grid, its columns lettered and its rows numbered (the names moves use:
        `d5` on the planet, `s:d5` on the station)."""
        from cosmotable.games.planet.board import parse_cell  # names -> coordinates, no rules

        area = view["areas"][area_id]
        cells = {(e["row"], e["col"]): e for e in area["cells"]}
        ring = {parse_cell(name)[1:]: i for i, name in enumerate(area["ring"])}
        table = Table.grid(padding=(0, 0))
        table.title = title
        table.add_column(justify="right", style="dim", no_wrap=True)
        for _ in range(area["width"]):
            table.add_column(no_wrap=True)
        corner = "s:" if area_id == "s" else ""
        table.add_row(
            Text(corner, style="dim"), *[Text(f"{chr(97 + c)}   ", style="dim") for c in range(area["width"])]
        )
        for r in range(area["height"]):
            row = [Text(f"{r + 1:>2} ", style="dim")]
            for c in range(area["width"]):
                row.append(self.cell_text(view, area_id, r, c, cells, ring))
            table.add_row(*row)
        return table

    def legend_block(self) -> Text:
        return Text("\n".join(MAP_LEGEND), style="dim")
