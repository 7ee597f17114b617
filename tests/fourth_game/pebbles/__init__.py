"""Pebbles, a throwaway fourth game that exists only in the tests: its descriptor.

Two or three seats take one or two pebbles from a pile in turn; after each take a gust may blow a
pebble back onto the pile. The pile empty, the seat with the most pebbles wins. It proves that a
game is one folder and one registration: nothing outside this folder names it.
"""

from cosmotable.engine.descriptor import GameDescriptor

#: The pile at the start and the turns a game may last, unless the options say otherwise.
DEFAULT_PILE = 7
DEFAULT_MAX_TURNS = 30

DESCRIPTOR = GameDescriptor(
    id="pebbles",
    name="Pebbles",
    min_players=2,
    max_players=3,
    game="pebbles.game:GAME",
    variants={"calm": "no gusts: the pile only shrinks"},
    options={
        "pile": f"pebbles on the pile at the start (default {DEFAULT_PILE})",
        "max_turns": f"safety cap on the number of turns (default {DEFAULT_MAX_TURNS})",
    },
    end_reasons={"empty": "the pile is empty", "cap": "the safety cap on turns was reached"},
    cap_reasons=frozenset({"cap"}),
    turn_cap_option="max_turns",
    turn_counter="turn",
    # Only the parts it has: every other layer falls back to its generic behaviour (random and
    # search bots without hooks, the generic terminal screen, no simulation features of its own).
    parts={"encoding": "pebbles.encoding"},
)
