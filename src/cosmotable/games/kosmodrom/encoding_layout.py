"""Kosmodrom's observation layout: the seats, phases, variants and score parts it has a place for,
and the scales its numbers are divided by. Shared by the layout (encoding.py) and the writer of the
vector (encoding_view.py), which must agree to the number."""

from __future__ import annotations

from cosmotable.games.kosmodrom.phases import (
    ADVANCE,
    ANSWER,
    DEAL_PHASE,
    DISCARD,
    DRAW,
    DRAW_DECK,
    FIELD,
    FIRST,
    OFFER,
    ORDER,
    OVER,
    PLAY,
    REDRAW,
    RESEARCH,
    STEAL,
    STOLEN,
)

MAX_SEATS = 4

# The phases of the rules (phases.py), in the order of their one-hot slots: never reordered.
PHASES = (
    DEAL_PHASE,
    FIRST,
    ADVANCE,
    DRAW,
    DRAW_DECK,
    PLAY,
    RESEARCH,
    STEAL,
    STOLEN,
    FIELD,
    ORDER,
    OFFER,
    ANSWER,
    REDRAW,
    DISCARD,
    OVER,
)

VARIANT_NAMES = ("quick", "slow", "negotiation", "superpowers")

SCORE_PARTS = ("rockets", "astronauts", "certifications", "mission_control", "total")

SCORE_SCALE = 50.0

HAND_SCALE = 8.0
