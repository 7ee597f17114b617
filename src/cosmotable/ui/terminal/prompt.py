"""What a person may type at a play session's prompt besides a move, and how much a prompt's screen
shows; the two ways a decision ends without a move (quit, undo)."""

from __future__ import annotations

from rich.text import Text

#: At most this many events are listed before a prompt; `log` shows them all.
MAX_RECENT_EVENTS = 40
#: Longer menus are printed grouped under shared headings (`Move.group`), several moves per line.
COMPACT_MENU_AFTER = 14
#: The bot that gives hints ('hint', `play --hint`) and how many of its best moves are shown.
HINT_LEVEL = "normal"
HINT_TOP = 3
QUIT_WORDS = ("quit", "q", "exit")
HELP_WORDS = ("help", "h", "?")
BACK_WORDS = ("back", "b", "0", "..")
YES_WORDS = ("yes", "y")
#: Below this width (or this height, on a terminal) screens are drawn compact: one line per menu entry,
#: the last few events only; long texts (log, rules, look) are paged.
COMPACT_WIDTH = 100
COMPACT_HEIGHT = 40
#: Events listed before a prompt on a compact screen (the rest: 'log').
COMPACT_RECENT_EVENTS = 6
#: Words that print the whole table with what a fitted screen leaves out (the seats in full, the
#: variants' panels, MLEM's planets and goals), paged.
SHOW_WORDS = ("show", "board?", "redraw", "board", "more", "seats")


SESSION_HELP = Text(
    "In every game: a number or a move's text plays it (a long menu opens in steps: 0 = back); "
    "'undo' takes back your last decision while no roll, draw or other player's move followed it; "
    "'look NAME' or '?NAME' explains a card, tile, astronaut or token; '?N' prints menu entry N in full; "
    "'hint' the best moves by a search bot with their estimated win chances; "
    "'show' (or 'more', 'seats') the whole table, 'log' every event, 'rules', "
    "'quit' (saved: 'cosmotable play --resume FILE').",
    style="dim",
)


class Undone(Exception):
    """The player took back their last decision: the turn loop starts again from the new state."""


class Quit(Exception):
    """The person at the keyboard asked to stop (quit, end of input)."""

    def __init__(self, why: str):
        super().__init__(why)
        self.why = why
