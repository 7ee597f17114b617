"""What the adapters' `render()` returns in each render mode, for the PettingZoo and Gymnasium envs.

* `ansi`: the text picture of the view (`Encoding.render_view`);
* `rgb_array`: a drawing of the table from the same view (`cosmotable.envs.drawing`: track and
  rocket, zones and rockets, tile grid and ships), an `(height, width, 3)` uint8 array, the shape
  video recorders expect;
* `human`: the text printed to the terminal (the player's screen), returning None.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

import numpy as np


def render_as(
    mode: str | None, text: Callable[[], str], picture: Callable[[], np.ndarray]
) -> str | np.ndarray | None:
    """`text` and `picture` are called only for the mode that needs them; without a mode, a
    warning naming the modes."""
    if mode is None:
        import gymnasium

        gymnasium.logger.warn(
            "render() called without a render_mode; pass render_mode='ansi', 'rgb_array' or 'human'"
        )
        return None
    if mode == "ansi":
        return text()
    if mode == "rgb_array":
        return picture()
    print(text(), end="\n\n", file=sys.stdout)
    return None
