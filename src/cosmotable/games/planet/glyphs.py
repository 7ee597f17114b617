"""Planet's tile glyphs: one character per tile kind, shared by the terminal's maps and the rules
text (the browser's rules page lists the tiles with the same marks the terminal draws)."""

from __future__ import annotations

from collections.abc import Iterable

ARROW_GLYPHS = {
    frozenset({"N"}): "↑",
    frozenset({"E"}): "→",
    frozenset({"S"}): "↓",
    frozenset({"W"}): "←",
    frozenset({"NE"}): "↗",
    frozenset({"SE"}): "↘",
    frozenset({"SW"}): "↙",
    frozenset({"NW"}): "↖",
    frozenset({"N", "S"}): "↕",
    frozenset({"E", "W"}): "↔",
    frozenset({"NE", "SW"}): "⤢",
    frozenset({"NW", "SE"}): "⤡",
    frozenset({"N", "E", "S", "W"}): "✜",
}
GLYPHS = {
    "empty": ("·", "dim"),
    "tree": ("♣", "bold red"),
    "knight": ("♞", "bold"),
    "energy": ("»", "bold cyan"),
    "obelisk": ("▲", "magenta"),
    "artifact": ("✦", "magenta"),
    "meteorite": ("☄", "red"),
    "trampoline": ("⌒", "green"),
    "crocodile": ("≈", "bold red"),
    "canyon": ("∪", "yellow"),
    "beam": ("⊙", "cyan"),
    "dragonfly": ("ж", "green"),
    "pyramid": ("Δ", "bold yellow"),
    "fuel": ("F", "bold cyan"),
    "portal": ("◎", "bold magenta"),
    "coins1": ("$", "yellow"),
    "coins2": ("$", "yellow"),
    "coins3": ("$", "yellow"),
    "locked2": ("#", ""),
    "locked3": ("#", ""),
    "locked4": ("#", ""),
}


def tile_glyph(kind_id: str, dirs: Iterable[str]) -> str:
    """The glyph of a tile kind: its own mark, else the arrow of its directions (the circular
    flower turns, so its printed arrow points up)."""
    if kind_id == "flower":
        return "↑"
    return GLYPHS.get(kind_id, (ARROW_GLYPHS.get(frozenset(dirs), ""), ""))[0]
