"""Pictures of the table for the adapters' `rgb_array` render mode, drawn with matplotlib (Agg).

Each game is drawn from a *view* only (`state.public_view()` or `state.view(seat)`), the same JSON
the browser client draws, so a picture cannot show what that view hides: other seats' hands are
drawn as counts of card backs, face-down Planet tiles as their backs (a tile a seat peeked at is
marked, not shown), other seats' MLEM tokens and missions as counts. A picture is a pure function of
the view: the same view gives the same pixels, and two states that differ only in hidden
information give identical pictures.

    pixels = draw_view("mlem", state.public_view(), title="MLEM: spectator's view")   # (H, W, 3) uint8

Every game's picture has a fixed size (`FIGSIZE` x `DPI`), so a video recorder's frames match.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

DPI = 80
FIGSIZE = (10.0, 7.0)  # inches: 800 x 560 pixels
BACKGROUND = "#0b1630"  # the browser client's night sky
INK = "#e8eefc"
DIM = "#7f8db0"
ACCENT = "#ffd166"
#: One colour per seat (seat 0 first), the same in every game's picture.
SEAT_COLOURS = ("#ef476f", "#118ab2", "#06d6a0", "#ffd166", "#c77dff")


def seat_colour(seat: int | None) -> str:
    return DIM if seat is None or seat < 0 else SEAT_COLOURS[int(seat) % len(SEAT_COLOURS)]


def draw_view(game_id: str, view: Mapping[str, Any], title: str = "") -> np.ndarray:
    """The table as `view` shows it, as an (height, width, 3) uint8 RGB array."""
    drawer = _DRAWERS.get(game_id)
    if drawer is None:
        raise KeyError(f"no picture for game {game_id!r}; drawn games: {', '.join(_DRAWERS)}")
    import matplotlib

    matplotlib.use("Agg", force=False)
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=FIGSIZE, dpi=DPI)
    canvas = FigureCanvasAgg(fig)
    fig.patch.set_facecolor(BACKGROUND)
    ax = fig.add_axes((0, 0, 1, 1))
    # fixed limits: the drawers add their shapes with `add_artist`, not `add_patch`, which would
    # also grow the data limits for autoscaling that never happens here (a quarter of a picture's
    # time in tests/envs/test_drawing.py's profile; the pixels are the same)
    ax.set_xlim(0, 100)
    ax.set_ylim(0, 70)
    ax.set_aspect("equal")
    ax.axis("off")
    ax.set_facecolor(BACKGROUND)
    if title:
        ax.text(1, 68, title, color=ACCENT, weight="bold", size=11, va="center")
    drawer(ax, view)
    canvas.draw()
    pixels = np.asarray(canvas.buffer_rgba())[..., :3]
    return np.ascontiguousarray(pixels, dtype=np.uint8)


def _text(ax, x: float, y: float, text: str, size: float = 8, color: str = INK, **kw: Any) -> None:
    ax.text(x, y, text, color=color, size=size, va="center", **kw)


# ---------------------------------------------------------------------- MLEM
def _draw_mlem(ax, view: Mapping[str, Any]) -> None:
    """The mat's track as a winding line of spaces (moons above, planets below), the rocket and
    its board, the crash track, deep space, and each seat's astronauts and visible score."""
    from matplotlib.patches import Circle, FancyBboxPatch, Rectangle

    spaces = view["mat"]["spaces"]
    rocket = view["rocket"]
    count = len(spaces)
    # Two rows of spaces: 0..half-1 left to right, then the rest right to left (a U-turn).
    half = (count + 1) // 2

    def place(i: int) -> tuple[float, float]:
        if i < half:
            return 6 + i * (86 / max(1, half - 1)), 50
        return 92 - (i - half) * (86 / max(1, half - 1)), 30

    for i in range(count - 1):
        (x0, y0), (x1, y1) = place(i), place(i + 1)
        ax.plot([x0, x1], [y0, y1], color=DIM, lw=1, zorder=1)
    occupants = {}
    for moon in view["moons"]:
        for sp in moon["spaces"]:
            occupants.setdefault(sp, []).append(moon)
    planets_at = {}
    for planet in view["planets"]:
        for sp in planet["spaces"]:
            planets_at.setdefault(sp, []).append(planet)
    for i, space in enumerate(spaces):
        x, y = place(i)
        ax.add_artist(Circle((x, y), 1.9, facecolor="#1d2d50", edgecolor=DIM, lw=1, zorder=2))
        _text(ax, x, y, str(space["number"]), size=6, ha="center", zorder=3)
        up = 1 if i < half else -1  # moons outside the U, planets inside it
        for k, moon in enumerate(occupants.get(i, ())):
            mx, my = x - 1.6 + 3.2 * k, y + up * 4.2
            occ = moon["occupant"]
            ax.add_artist(
                Circle(
                    (mx, my),
                    1.3,
                    facecolor=seat_colour(occ["seat"]) if occ else "#3a4a6b",
                    edgecolor=INK if occ else DIM,
                    lw=0.6,
                    zorder=2,
                )
            )
            _text(ax, mx, my, str(moon["points"]), size=5, ha="center", color="#0b1630", zorder=3)
        for planet in planets_at.get(i, ()):
            px, py = x, y - up * 6.5
            ax.add_artist(Circle((px, py), 2.4, facecolor="#5c4d7d", edgecolor=INK, lw=0.6, zorder=2))
            _text(ax, px, py + 0.4, planet["name"][:6], size=5, ha="center", zorder=3)
            # one small bar per row of astronauts, in arrival order, its length the astronauts there
            for order, row in enumerate(planet["rows"]):
                ax.add_artist(
                    Rectangle(
                        (px - 2.4, py - up * (3 + 1.1 * order) - 0.45),
                        min(5.0, 0.9 * len(row["astronauts"])),
                        0.9,
                        facecolor=seat_colour(row["seat"]),
                        zorder=3,
                    )
                )
    # Deep space beyond the last space (below it): astronauts on the comet and in the galaxy.
    lx, ly = place(count - 1)
    dx, dy = lx, ly - 12
    ax.plot([lx, dx], [ly - 1.9, dy + 3], color=DIM, lw=1, zorder=1)
    deep = FancyBboxPatch(
        (dx - 3, dy - 3), 6, 6, boxstyle="round,pad=0.3", facecolor="#2b1d4d", edgecolor=DIM
    )
    ax.add_artist(deep)
    _text(ax, dx, dy + 1.8, "deep space", size=5, ha="center")
    for k, d in enumerate(view["deep_space"]):
        ax.add_artist(
            Circle(
                (dx - 2.2 + (k % 5) * 1.1, dy - 0.5 - (k // 5) * 1.1), 0.45, facecolor=seat_colour(d["seat"])
            )
        )
    # The rocket: a triangle at its space (in deep space: in the deep-space box).
    if rocket["in_deep_space"]:
        rx, ry = dx, dy - 2
    else:
        rx, ry = place(min(int(rocket["position"]), count - 1))
    ax.fill([rx - 1.3, rx + 1.3, rx], [ry + 2.2, ry + 2.2, ry + 5.0], color=ACCENT, zorder=5)

    # Header: expedition, crash track, dice and the roll.
    _text(ax, 1, 64, f"expedition {view['expedition']}   phase {view['phase']}   {_to_act(view)}", size=8)
    track = int(view["crash_track_length"])
    for k in range(track):
        ax.add_artist(
            Rectangle(
                (55 + k * 3.2, 62.8),
                2.8,
                2.4,
                facecolor="#d62828" if k < view["crashes"] else "#1d2d50",
                edgecolor=DIM,
                lw=0.5,
            )
        )
    _text(ax, 55 + track * 3.2 + 0.5, 64, "crashes", size=6, color=DIM)
    _text(ax, 1, 59.5, f"dice {rocket['dice']}", size=8)
    for k, face in enumerate(rocket["roll"] or ()):
        ax.add_artist(Rectangle((10 + k * 3.4, 58.2), 2.8, 2.8, facecolor=INK, zorder=2))
        _text(ax, 11.4 + k * 3.4, 59.6, face, size=7, ha="center", color="#0b1630", zorder=3)
    # The rocket board, top first.
    _text(ax, 38, 59.5, "rocket board:", size=7, color=DIM)
    for k, entry in enumerate(rocket["board"]):
        colour = seat_colour(entry["seat"]) if entry["aboard"] else "#3a4a6b"
        ax.add_artist(Rectangle((50 + k * 9.5, 58.0), 9, 3, facecolor=colour, zorder=2))
        label = entry["astronaut"].replace("_", " ")[:11]
        _text(ax, 54.5 + k * 9.5, 59.5, label, size=5, ha="center", color="#0b1630", zorder=3)

    # Seats: available astronauts, placed, the score this view shows, face-down token counts.
    for k, p in enumerate(view["players"]):
        y = 14 - k * 3.0
        ax.add_artist(Rectangle((1, y - 1.1), 2.2, 2.2, facecolor=seat_colour(p["seat"])))
        tokens = p["face_down_tokens"]
        face_down = tokens.get("ufo", 0) + tokens.get("discoveries", 0)
        winner = " WINNER" if p["seat"] in view.get("winners", ()) else ""
        _text(
            ax,
            4.5,
            y,
            f"seat {p['seat']}: score {view['scores'][p['seat']]}  placed {p['placed']}/8  "
            f"face-down tokens {face_down}  available {len(p['available'])}{winner}",
            size=7,
        )
        for j, astronaut in enumerate(p["available"]):
            ax.add_artist(
                Circle((62 + j * 2.6, y), 0.9, facecolor=seat_colour(p["seat"]), edgecolor=INK, lw=0.4)
            )
            _text(ax, 62 + j * 2.6, y, astronaut[0].upper(), size=5, ha="center", color="#0b1630")


def _to_act(view: Mapping[str, Any]) -> str:
    player = int(view.get("current_player", view.get("current", -4)))
    if player >= 0:
        return f"seat {player} to act"
    return "chance" if player == -1 else "game over"


# ---------------------------------------------------------------------- Kosmodrom
ZONES = ("assembly", "test", "launch")


def _draw_kosmodrom(ax, view: Mapping[str, Any]) -> None:
    """Three zones (assembly, test, launch) holding the rockets in play, coloured by owner, with
    their metal and fuel; the deck and discard; each seat's hand as a count of card backs (the
    cards themselves only in the viewing seat's own hand), experts, upgrades and score."""
    from matplotlib.patches import Rectangle

    _text(
        ax,
        1,
        64,
        f"turn {view['turn']} (seat {view['turn_seat']})   phase {view['phase']}   {_to_act(view)}",
        size=8,
    )
    deck = view["deck"]
    _text(
        ax,
        1,
        60.5,
        f"deck {deck['count']}   discard {len(view['discard'])} (top: {view['discard_top'] or '-'})   "
        f"launch-pad area {len(view['launch_pad_area'])}/4"
        + (f"   countdown {view['countdown']['turns_left']}" if view.get("countdown") else ""),
        size=7,
    )
    by_zone: dict[str, list[Mapping[str, Any]]] = {z: [] for z in ZONES}
    for rocket in view["rockets"]:
        by_zone.setdefault(rocket["zone"], []).append(rocket)
    for zi, zone in enumerate(ZONES):
        x0 = 1 + zi * 33
        ax.add_artist(Rectangle((x0, 27), 31.5, 30, facecolor="#13213f", edgecolor=DIM, lw=0.8))
        _text(ax, x0 + 1, 55.5, zone, size=8, color=ACCENT)
        for k, rocket in enumerate(by_zone.get(zone, ())[:14]):
            col, row = k % 2, k // 2
            x, y = x0 + 1 + col * 15.5, 51 - row * 3.4
            ax.add_artist(
                Rectangle(
                    (x, y - 1.4),
                    14.5,
                    2.8,
                    facecolor=seat_colour(rocket["owner"]),
                    edgecolor=INK if rocket["complete"] else BACKGROUND,
                    lw=1.0,
                )
            )
            label = f"{rocket['card'][:9]} M{rocket['metal']}/{rocket['needs_metal']} F{rocket['fuel']}/{rocket['needs_fuel']}"
            _text(ax, x + 0.4, y, label, size=5, color="#0b1630")
        extra = len(by_zone.get(zone, ())) - 14
        if extra > 0:
            _text(ax, x0 + 1, 28.2, f"+{extra} more", size=6, color=DIM)
    own = view.get("hand")
    for k, p in enumerate(view["players"]):
        y = 23 - k * 5.5
        seat = p["seat"]
        ax.add_artist(Rectangle((1, y - 1.2), 2.4, 2.4, facecolor=seat_colour(seat)))
        experts = ", ".join(e for e in p["experts"].values() if e) or "-"
        winner = " WINNER" if seat in view.get("winners", ()) else ""
        _text(
            ax,
            4.5,
            y + 0.8,
            f"seat {seat}: score {p['score']['total']}   experts {experts}   "
            f"upgrades {', '.join(p['upgrades']) or '-'}{winner}",
            size=6.5,
        )
        # the hand: card backs, one per card; only the viewing seat's own cards are named
        mine = own is not None and view.get("seat") == seat
        for j in range(min(int(p["hand_count"]), 16)):
            ax.add_artist(
                Rectangle((4.5 + j * 2.2, y - 2.2), 1.8, 2.2, facecolor="#5c4d7d", edgecolor=INK, lw=0.3)
            )
        hand_text = f"hand {p['hand_count']}" + (f": {', '.join(sorted(own))}" if mine else "")
        _text(ax, 4.5 + min(int(p["hand_count"]), 16) * 2.2 + 1, y - 1.1, hand_text[:90], size=6, color=DIM)


# ---------------------------------------------------------------------- Planet
BACK_COLOURS = {"yellow": "#c9a227", "green": "#3a7d44", "grey": "#6c757d", "station": "#4361ee"}


def _draw_planet(ax, view: Mapping[str, Any]) -> None:
    """The planet and the station as grids of cells: a face-down tile is its back's colour with
    a '?' (a dot per seat that peeked at it, never the tile), a face-up tile shows its name and
    its arrows; coins and locks on cells; ships and astronauts in the ring of space around each
    area and on cells, coloured by seat."""
    from matplotlib.patches import Circle, Rectangle

    from cosmotable.games.planet.board import parse_cell

    _text(
        ax,
        1,
        64,
        f"turn {view['total_turns']}/{view['max_turns']}   phase {view['phase']}   {_to_act(view)}   "
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
                _text(
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
                _text(ax, x + cell / 2, y + cell / 2, "?", size=6, ha="center", color=BACKGROUND)
                for k, s in enumerate(entry.get("peeked_by", ())):
                    ax.add_artist(
                        Circle(
                            (x + cell * (0.2 + 0.2 * k), y + cell * 0.15),
                            cell * 0.08,
                            facecolor=seat_colour(s),
                        )
                    )
            if entry.get("coins"):
                _text(ax, x + cell * 0.08, y + cell * 0.2, f"${entry['coins']}", size=4.5, color="#b5651d")
            if entry.get("lock"):
                _text(ax, x + cell * 0.6, y + cell * 0.2, f"L{entry['lock']}", size=4.5, color="#6a040f")

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
        _text(
            ax,
            63.5,
            y,
            f"seat {p['seat']}: score {p['score']}  delivered {p['delivered']}  cards {len(p['cards'])}"
            f"{'  fuel' if p['ship']['fuel'] else ''}",
            size=6.5,
        )


_DRAWERS: dict[str, Callable[[Any, Mapping[str, Any]], None]] = {
    "mlem": _draw_mlem,
    "kosmodrom": _draw_kosmodrom,
    "planet": _draw_planet,
}
