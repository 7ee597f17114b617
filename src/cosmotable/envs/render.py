"""Pictures for the adapters' `rgb_array` render mode: a table's text picture drawn into an image.

The text picture (`Encoding.render_view` of the public view or a seat's view) is what every
adapter already shows in `ansi` mode; `rgb_array` draws those same lines with matplotlib (Agg,
no display needed) as an `(height, width, 3)` uint8 array, the shape video recorders expect.
"""

from __future__ import annotations

import sys

import numpy as np

#: Pixels per inch of the drawn picture, and its size in inches per character and per line.
DPI = 80
CHAR_WIDTH_IN = 0.09
LINE_HEIGHT_IN = 0.2
MAX_COLUMNS = 140


def text_picture(text: str, title: str = "") -> np.ndarray:
    """`text` (monospaced, long lines cut at `MAX_COLUMNS`) under a bold `title`, as RGB pixels."""
    import matplotlib

    matplotlib.use("Agg", force=False)
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    lines = [
        line if len(line) <= MAX_COLUMNS else line[: MAX_COLUMNS - 1] + "…" for line in text.splitlines()
    ]
    rows = len(lines) + (2 if title else 1)
    columns = max([len(title), *(len(line) for line in lines), 20])
    fig = Figure(figsize=(columns * CHAR_WIDTH_IN + 0.4, rows * LINE_HEIGHT_IN + 0.3), dpi=DPI)
    canvas = FigureCanvasAgg(fig)
    fig.patch.set_facecolor("#0b1630")  # the browser client's night-sky background
    step = 1.0 / rows
    y = 1.0 - step / 2
    if title:
        fig.text(0.02, y, title, family="monospace", weight="bold", color="#ffd166", va="center", size=11)
        y -= step
    for line in lines:
        fig.text(0.02, y, line, family="monospace", color="#e8eefc", va="center", size=10)
        y -= step
    canvas.draw()
    pixels = np.asarray(canvas.buffer_rgba())[..., :3]
    return np.ascontiguousarray(pixels, dtype=np.uint8)


def render_as(mode: str | None, text: str, title: str) -> str | np.ndarray | None:
    """What `render()` returns in each render mode, for the PettingZoo and Gymnasium envs alike:
    the text (`ansi`), its picture (`rgb_array`), or nothing after printing it (`human`, the terminal
    is the player's screen); without a mode, a warning naming the modes."""
    if mode is None:
        import gymnasium

        gymnasium.logger.warn(
            "render() called without a render_mode; pass render_mode='ansi', 'rgb_array' or 'human'"
        )
        return None
    if mode == "ansi":
        return text
    if mode == "rgb_array":
        return text_picture(text, title=title)
    print(text, end="\n\n", file=sys.stdout)
    return None
