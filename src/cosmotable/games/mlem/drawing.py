"""MLEM's picture for the RL adapters' `rgb_array` render: the mat's track, the rocket, the crash track.

Drawn from a view only (`cosmotable.envs.drawing` sets up the figure and says why).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cosmotable.envs.drawing import ACCENT, DIM, INK, seat_colour, text, to_act


def draw(ax, view: Mapping[str, Any]) -> None:
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
        text(ax, x, y, str(space["number"]), size=6, ha="center", zorder=3)
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
            text(ax, mx, my, str(moon["points"]), size=5, ha="center", color="#0b1630", zorder=3)
        for planet in planets_at.get(i, ()):
            px, py = x, y - up * 6.5
            ax.add_artist(Circle((px, py), 2.4, facecolor="#5c4d7d", edgecolor=INK, lw=0.6, zorder=2))
            text(ax, px, py + 0.4, planet["name"][:6], size=5, ha="center", zorder=3)
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
    text(ax, dx, dy + 1.8, "deep space", size=5, ha="center")
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
    text(ax, 1, 64, f"expedition {view['expedition']}   phase {view['phase']}   {to_act(view)}", size=8)
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
    text(ax, 55 + track * 3.2 + 0.5, 64, "crashes", size=6, color=DIM)
    text(ax, 1, 59.5, f"dice {rocket['dice']}", size=8)
    for k, face in enumerate(rocket["roll"] or ()):
        ax.add_artist(Rectangle((10 + k * 3.4, 58.2), 2.8, 2.8, facecolor=INK, zorder=2))
        text(ax, 11.4 + k * 3.4, 59.6, face, size=7, ha="center", color="#0b1630", zorder=3)
    # The rocket board, top first.
    text(ax, 38, 59.5, "rocket board:", size=7, color=DIM)
    for k, entry in enumerate(rocket["board"]):
        colour = seat_colour(entry["seat"]) if entry["aboard"] else "#3a4a6b"
        ax.add_artist(Rectangle((50 + k * 9.5, 58.0), 9, 3, facecolor=colour, zorder=2))
        label = entry["astronaut"].replace("_", " ")[:11]
        text(ax, 54.5 + k * 9.5, 59.5, label, size=5, ha="center", color="#0b1630", zorder=3)

    # Seats: available astronauts, placed, the score this view shows, face-down token counts.
    for k, p in enumerate(view["players"]):
        y = 14 - k * 3.0
        ax.add_artist(Rectangle((1, y - 1.1), 2.2, 2.2, facecolor=seat_colour(p["seat"])))
        tokens = p["face_down_tokens"]
        face_down = tokens.get("ufo", 0) + tokens.get("discoveries", 0)
        winner = " WINNER" if p["seat"] in view.get("winners", ()) else ""
        text(
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
            text(ax, 62 + j * 2.6, y, astronaut[0].upper(), size=5, ha="center", color="#0b1630")
