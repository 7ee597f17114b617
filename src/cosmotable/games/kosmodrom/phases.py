"""The phases of a turn (state.py) and which of them are chance nodes."""

# Phases. Chance phases: DEAL, FIRST, DRAW_DECK, RESEARCH, REDRAW, STEAL.
DEAL_PHASE, ADVANCE, DRAW, DRAW_DECK, PLAY, RESEARCH, STEAL, FIELD, ORDER, ANSWER, REDRAW, DISCARD, OVER = (
    "deal",
    "advance",
    "draw",
    "draw_deck",
    "play",
    "research",
    "steal",
    "field_duty",
    "discard_order",
    "answer",
    "redraw",
    "discard",
    "over",
)
# The thief decides what to do with each stolen card: keep it (and play it now or later) or discard it.
STOLEN = "stolen"
# Ruling K1: after the deal, chance picks the seat that takes the first turn.
FIRST = "first"
CHANCE_PHASES = frozenset((DEAL_PHASE, FIRST, DRAW_DECK, RESEARCH, REDRAW, STEAL))
# Negotiation: an offer being built step by step (`give`, `want`, `propose`, `withdraw`).
OFFER = "offer"
