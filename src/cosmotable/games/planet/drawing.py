"""Planet's picture for the RL adapters' `rgb_array` render: the planet and the station as grids of cells.

Drawn from a view only (`cosmotable.envs.drawing` sets up the figure and says why).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cosmotable.envs.drawing import BACKGROUND, DIM, INK, seat_colour, text, to_act

BACK_COLOURS = {"yellow": "#c9a227", "green": "#3a7d44", "grey": "#6c757d", "station": "#4361ee"}


def draw(ax, view: Mapping[str, Any]) -> None:
    """The planet and the station as grids of cells: a face-down tile is its back's colour with
    a '?' (a dot per seat that peeked at it, never the tile), a face-up tile shows its name and
    its arrows; coins and locks on cells; ships and astronauts in the ring of space around each
    area and on cells, coloured by seat."""
    from matplotlib.patches import Circle, Rectangle

    from cosmotable.games.planet.board import parse_cell

    text(
        ax,
        1,
        64,
        f"turn {view['total_turns']}/{view['max_turns']}   phase {view['phase']}   {to_act(view)}   "
        f"coins: supply {view['coins']['supply']}, delivered {view['coins']['delivered']}",
        size=8,
    )
    areas = view["areas"]
    # The planet on the left, the station on the right, each scaled into its box.
    boxes = {"p": (1.0, 4.0, 56.0), "s": (60.0, 20.0, 38.0)}  # x, y, size of the box (square)
    geometry = {}
    for aid, area in areas.items():
        x0, y0, size = boxes.get(aid, (60.0, 4.0, 30.0))
        cell = size / max(area["height"], area["width"])
        geometry[aid] = (x0, y0, cell, area["height"])
        for ring_cell in area["ring"]:
            _a, r, c = parse_cell(ring_cell)
            x, y = x0 + c * cell, y0 + (area["height"] - 1 - r) * cell
            ax.add_artist(Rectangle((x, y), cell, cell, facecolor="#111a33", edgecolor="#1d2d50", lw=0.4))
        for entry in area["cells"]:
            r, c = entry["row"], entry["col"]
            x, y = x0 + c * cell, y0 + (area["height"] - 1 - r) * cell
            back = BACK_COLOURS.get(entry["back"], DIM)
            if entry["revealed"]:
                ax.add_artist(Rectangle((x, y), cell, cell, facecolor="#e8e2cf", edgecolor=back, lw=1.2))
                text(
                    ax, x + cell / 2, y + cell * 0.72, entry["name"][:7], size=4, ha="center", color="#0b1630"
                )
                for d in entry.get("dirs", ()):
                    dx, dy = {"N": (0, 1), "S": (0, -1), "E": (1, 0), "W": (-1, 0)}.get(d, (0, 0))
                    ax.annotate(
                        "",
                        xy=(x + cell / 2 + dx * cell * 0.4, y + cell * 0.4 + dy * cell * 0.3),
                        xytext=(x + cell / 2, y + cell * 0.4),
                        arrowprops={"arrowstyle": "->", "color": "#0b1630", "lw": 0.7},
                    )
            else:
                ax.add_artist(Rectangle((x, y), cell, cell, facecolor=back, edgecolor=BACKGROUND, lw=0.6))
                text(ax, x + cell / 2, y + cell / 2, "?", size=6, ha="center", color=BACKGROUND)
                for k, s in enumerate(entry.get("peeked_by", ())):
                    ax.add_artist(
                        Circle(
                            (x + cell * (0.2 + 0.2 * k), y + cell * 0.15),
                            cell * 0.08,
                            facecolor=seat_colour(s),
                        )
                    )
            if entry.get("coins"):
                text(ax, x + cell * 0.08, y + cell * 0.2, f"${entry['coins']}", size=4.5, color="#b5651d")
            if entry.get("lock"):
                text(ax, x + cell * 0.6, y + cell * 0.2, f"L{entry['lock']}", size=4.5, color="#6a040f")

    def centre(aid: str, r: int, c: int) -> tuple[float, float, float]:
        x0, y0, cell, height = geometry[aid]
        return x0 + (c + 0.5) * cell, y0 + (height - 1 - r + 0.5) * cell, cell

    for p in view["players"]:
        seat = p["seat"]
        ship = p["ship"]
        if ship.get("cell") and ship["area"] in geometry:
            aid, r, c = parse_cell(ship["cell"])
            x, y, cell = centre(aid, r, c)
            ax.fill(
                [x - cell * 0.4, x + cell * 0.4, x],
                [y - cell * 0.35, y - cell * 0.35, y + cell * 0.45],
                color=seat_colour(seat),
                zorder=4,
            )
        for a in p["astronauts"]:
            at = a["at"]
            if at[0] == "cell":
                aid, r, c = parse_cell(at[1])
            elif at[0] == "space" and at[1] in areas:
                aid, r, c = parse_cell(areas[at[1]]["ring"][int(at[2])])
            else:
                continue  # aboard a ship: drawn with the ship
            if aid not in geometry:
                continue
            x, y, cell = centre(aid, r, c)
            offset = (a["n"] - 2) * cell * 0.22
            ax.add_artist(
                Circle(
                    (x + offset, y - cell * 0.1),
                    cell * 0.15,
                    facecolor=seat_colour(seat),
                    edgecolor=INK if not a["stunned"] else "#000000",
                    lw=0.5,
                    zorder=5,
                )
            )
    for k, p in enumerate(view["players"]):
        y = 14 - k * 3.5
        ax.add_artist(Rectangle((60, y - 1.1), 2.2, 2.2, facecolor=seat_colour(p["seat"])))
        text(
            ax,
            63.5,
            y,
            f"seat {p['seat']}: score {p['score']}  delivered {p['delivered']}  cards {len(p['cards'])}"
            f"{'  fuel' if p['ship']['fuel'] else ''}",
            size=6.5,
        )
