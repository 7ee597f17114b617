"""How probabilities are written for people: never "0%" for a chance that is not zero."""

from __future__ import annotations


def percent(p: float) -> str:
    """`37%`; below 1% and above 99% one decimal (`0.4%`, `99.6%`), and `<0.1%` / `>99.9%` at the
    extremes, so a small but real risk never reads as `0%` nor a near-certainty as `100%`."""
    p = float(p)
    if p <= 0:
        return "0%"
    if p >= 1:
        return "100%"
    value = 100 * p
    if value < 0.1:
        return "<0.1%"
    if value > 99.9:
        return ">99.9%"
    if value < 1 or value > 99:
        return f"{value:.1f}%"
    return f"{value:.0f}%"
