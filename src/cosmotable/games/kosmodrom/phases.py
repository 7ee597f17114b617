"""The phases of a turn (state.py) and which of them are chance nodes."""

# Phases. Chance phases: DEAL, DRAW_DECK, RESEARCH, REDRAW, STEAL.
DEAL_PHASE, ADVANCE, DRAW, DRAW_DECK, PLAY, RESEARCH, STEAL, FIELD, ORDER, ANSWER, REDRAW, DISCARD, OVER = (
    "deal", "advance", "draw", "draw_deck", "play", "research", "steal", "field_duty", "discard_order", "answer",
    "redraw", "discard", "over",
)
# The thief decides what to do with each stolen card: keep it (and play it now or later) or discard it.
STOLEN = "stolen"
CHANCE_PHASES = frozenset((DEAL_PHASE, DRAW_DECK, RESEARCH, REDRAW, STEAL))
#: Ruling K12: negotiation offers a player may make in one turn (bounds the game's length).
MAX_OFFERS_PER_TURN = 6
