"""Pictures of the table for the adapters' `rgb_array` render mode, drawn with matplotlib (Agg).

Each game is drawn from a *view* only (`state.public_view()` or `state.view(seat)`), the same JSON
the browser client draws, so a picture cannot show what that view hides: other seats' hands are
drawn as counts of card backs, face-down Planet tiles as their backs (a tile a seat peeked at is
marked, not shown), other seats' MLEM tokens and missions as counts. A picture is a pure function of
the view: the same view gives the same pixels, and two states that differ only in hidden
information give identical pictures.

    pixels = draw_view("mlem", state.public_view(), title="MLEM: spectator's view")   # (H, W, 3) uint8

Each game draws its own table (`games/<id>/drawing.py`, the `drawing` part of its descriptor) on
the axes this module sets up. Every game's picture has a fixed size (`FIGSIZE` x `DPI`), so a video recorder's frames match.
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
    drawer = _drawer_of(game_id)
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


def _drawer_of(game_id: str) -> Callable[[Any, Mapping[str, Any]], None]:
    """The game's `draw(ax, view)`, from the `drawing` part its descriptor names."""
    from cosmotable import games

    try:
        part = games.descriptor(game_id).load("drawing")
    except KeyError:
        part = None
    if part is None:
        drawn = ", ".join(g for g in games.ids() if games.descriptor(g).has("drawing"))
        raise KeyError(f"no picture for game {game_id!r}; drawn games: {drawn}")
    return part.draw


def text(ax, x: float, y: float, text: str, size: float = 8, color: str = INK, **kw: Any) -> None:
    ax.text(x, y, text, color=color, size=size, va="center", **kw)


def to_act(view: Mapping[str, Any]) -> str:
    player = int(view.get("current_player", view.get("current", -4)))
    if player >= 0:
        return f"seat {player} to act"
    return "chance" if player == -1 else "game over"
