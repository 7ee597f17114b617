"""Kosmodrom's observation layout: the seats, phases, variants and score parts it has a place for,
and the scales its numbers are divided by. Shared by the layout (encoding.py) and the writer of the
vector (encoding_view.py), which must agree to the number."""

from __future__ import annotations

MAX_SEATS = 4

PHASES = (
    "deal",
    "first",
    "advance",
    "draw",
    "draw_deck",
    "play",
    "research",
    "steal",
    "stolen",
    "field_duty",
    "discard_order",
    "offer",
    "answer",
    "redraw",
    "discard",
    "over",
)

VARIANT_NAMES = ("quick", "slow", "negotiation", "superpowers")

SCORE_PARTS = ("rockets", "astronauts", "certifications", "mission_control", "total")

SCORE_SCALE = 50.0

HAND_SCALE = 8.0
