"""MLEM's observation layout: the seats, phases, variants, score parts and token kinds it has a
place for, and the scales its numbers are divided by. Shared by the layout (encoding.py) and the two
writers of the vector (encoding_view.py, encoding_state.py), which must agree to the number."""

from __future__ import annotations

from cosmotable.games.mlem.state import (
    CHOOSE,
    DEAL,
    LANDING,
    LAUNCH,
    OVER,
    PARACHUTE,
    REVEAL_DISCOVERY,
    REVEAL_EXPEDITION,
    ROLL,
    TRAVEL,
)

MAX_SEATS = 5
# The phases of the rules (state.py), in the order of their one-hot slots: never reordered.
PHASES = (
    LAUNCH,
    ROLL,
    TRAVEL,
    LANDING,
    PARACHUTE,
    OVER,
    DEAL,
    CHOOSE,
    REVEAL_DISCOVERY,
    REVEAL_EXPEDITION,
)
VARIANT_NAMES = ("ufo", "discovery", "secret_missions")
SCORE_PARTS = ("moons", "deep_space", "goals", "planets", "ufo", "discoveries", "missions")
TOKEN_ABILITIES = ("extra", "keep", "reroll")
DISCOVERY_KINDS = ("points", "die_return", "wormhole")
# Scales that keep every value of the observation roughly within [0, 1].
SCORE_SCALE = 100.0
PART_SCALE = 50.0
EXPEDITION_SCALE = 50.0


def variant_of(part: str) -> str:
    return {"ufo": "ufo", "discoveries": "discovery", "missions": "secret_missions"}[part]
