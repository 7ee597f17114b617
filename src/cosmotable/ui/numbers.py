"""How probabilities are written for people: never "0%" for a chance that is not zero."""

from __future__ import annotations


def percent(p: float, decimals: int = 0) -> str:
    """`37%` (`37.4%` with decimals=1). A chance that is neither 0 nor 1 never reads as `0%` or
    `100%`: it gets the decimals it needs (`0.4%`, `99.6%`), at most two more, then `<0.01%`."""
    p = float(p)
    if p <= 0:
        return "0%"
    if p >= 1:
        return "100%"
    value = 100 * p
    for places in range(decimals, decimals + 3):
        text = f"{value:.{places}f}"
        if 0 < float(text) < 100:
            return f"{text}%"
    limit = f"{10 ** -(decimals + 2):.{decimals + 2}f}"
    return f"<{limit}%" if value < 50 else f">{100 - float(limit):.{decimals + 2}f}%"
