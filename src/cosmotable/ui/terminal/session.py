"""The play and replay loops: game-agnostic, drawing through a game's screen (the `screen` part of
its descriptor; `GenericScreen` for a game without one)."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from rich.columns import Columns
from rich.console import Console, Group
from rich.padding import Padding
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from cosmotable import games
from cosmotable.engine import CHANCE, Action, GameRecord, IllegalAction, RecordError, State
from cosmotable.ui import numbers
from cosmotable.ui.terminal import menu
from cosmotable.ui.terminal.common import LineReader, Move, Seat, save_record
from cosmotable.ui.terminal.generic import GenericScreen

if TYPE_CHECKING:
    from cosmotable.bots.base import Bot

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


class LogLine:
    """One line of the game log, as each seat may see it.

    A private line (`visible_to`: a dealt mission, a UFO token's value) is shown only to its owners
    (`owner_text`); a public line may carry a private addition for some seats (`owners`, `owner_text`:
    "Ann is dealt a secret mission — it is s04 ..."). With no human at the table (seat None) every
    line is shown in full (`full_text`), labelled with whose it is."""

    __slots__ = ("full_text", "kind", "owner_text", "owners", "text", "visible_to")

    def __init__(
        self,
        kind: str,
        text: Text,
        visible_to: frozenset[int] | None = None,
        owner_text: Text | None = None,
        owners: frozenset[int] = frozenset(),
        full_text: Text | None = None,
    ):
        self.kind, self.text, self.visible_to = kind, text, visible_to
        self.owner_text, self.owners, self.full_text = owner_text, owners, full_text

    def private_to(self, seat: int | None) -> bool:
        """Does this line hold something only `seat` (among the people) may see?"""
        return seat is not None and seat in (self.visible_to or self.owners)

    def for_seat(self, seat: int | None) -> Text | None:
        """The line as `seat` may see it (None: not for it); seat None = everything."""
        if seat is None:
            return self.full_text or self.text
        if self.visible_to is None:
            return self.owner_text if seat in self.owners and self.owner_text is not None else self.text
        return (self.owner_text or self.text) if seat in self.visible_to else None


def join_lines(first: Text, second: Text) -> Text:
    """`• A` + `• B` -> `• A — B` (one log line from two)."""
    rest = second.copy()
    if rest.plain.startswith("• "):
        rest = rest[2:]
    return Text.assemble(first, (" — ", "dim"), rest)


def collapse_repeats(lines: list[Text]) -> list[Text]:
    """Consecutive identical lines (four "X is dealt a secret mission") become one line with `(×4)`."""
    out: list[Text] = []
    count = 0
    for i, line in enumerate(lines):
        count += 1
        if i + 1 < len(lines) and lines[i + 1].plain == line.plain:
            continue
        if count > 1:
            line = line.copy()
            line.append(f" (×{count})", style="dim")
        out.append(line)
        count = 0
    return out


class Quit(Exception):
    """The person at the keyboard asked to stop (quit, end of input)."""

    def __init__(self, why: str):
        super().__init__(why)
        self.why = why


def rules_for(game_id: str):
    """The rules summary of a game (a Rich renderable): its screen's own (`rules_renderable`, with
    what only the terminal shows), else its Markdown summary."""
    screen = games.descriptor(game_id).load("screen")
    found = getattr(sys.modules.get(screen.__module__), "rules_renderable", None) if screen else None
    if found is not None:
        return found()
    from rich.markdown import Markdown

    from cosmotable.ui.rules import summary_markdown

    return Markdown(summary_markdown(game_id))


def screen_for(game_id: str, seats: Sequence[Seat]):
    """The game's screen (the `screen` part of its descriptor), or the generic one. KeyError for
    a game the registry does not know."""
    screen = games.descriptor(game_id).load("screen")
    return (screen or GenericScreen)(seats)


# ------------------------------------------------------------------------------ play
class PlaySession:
    def __init__(
        self,
        state: State,
        seats: Sequence[Seat],
        console: Console,
        reader: LineReader,
        save_path: Path,
        delay: float = 0.0,
        intro: Sequence[Text] = (),
        hint: bool = False,
    ):
        self.state = state
        #: `play --hint`: the best moves are shown at every decision of a person
        self.auto_hint = hint
        self.hint_lines: Text | None = None
        self._hinter: Bot | None = None
        self.seats = list(seats)
        self.console = console
        self.reader = reader
        self.save_path = save_path
        self.delay = delay
        self.intro = list(intro)
        self.screen = screen_for(state.game.id, self.seats)
        self.log: list[LogLine] = []  # engine events + silent moves, in order
        self.shown = 0  # public log lines already shown to the people at the table
        self.private_shown: dict[int, int] = {}  # seat -> log lines already scanned for its private lines
        self.watch = not any(s.is_human for s in self.seats)
        self.at_keyboard: int | None = None  # the human whose private screen was drawn last (hot-seat)
        # Per action in state.history: who took it (CHANCE for chance), whether the session took it
        # alone (the seat's only legal move), and how long the log was before it (for undo).
        self.actors: list[tuple[int, bool]] = actors_of(state, self.forced_step)
        self.log_marks: list[int] = [0] * len(state.history)
        self.recent: list[Text] = []  # the news shown at the current prompt (a fitted screen redraws it)
        self.notice: Text | None = None  # a refusal to show under a fitted screen's menu

    @property
    def one_line(self) -> bool:
        """Messages stay one line in a pipe or file (a transcript greps well); a terminal wraps them
        at word boundaries instead of cutting words at the edge."""
        return not self.console.is_terminal

    @property
    def compact(self) -> bool:
        c = self.console
        return c.width < COMPACT_WIDTH or (c.is_terminal and c.height < COMPACT_HEIGHT)

    # -------------------------------------------------------------- main loop
    def run(self) -> int:
        c = self.console
        try:
            c.print(Rule(Text(f"{self.state.game.name}  ·  seed {self.state.seed}", style="bold")))
            c.print(self.seating())
            for line in self.intro:
                c.print(line)
            if self.watch:
                c.print(Text("Every seat is a bot: watching the game.", style="dim"))
            while not self.state.is_terminal():
                player = self.state.current_player()
                if player == CHANCE:
                    self.apply(None)
                    self.after_bot_or_chance()
                elif not self.seats[player].is_human:
                    self.apply(self.bot_move(player))
                    self.after_bot_or_chance()
                else:
                    moves = self.screen.moves(self.state, player)
                    if len(moves) == 1 and not self.needs_confirmation(moves[0]):
                        # A forced step (the only legal move: draw the card, end the step) is taken
                        # for the player; its events show at their next prompt, and undo takes it
                        # back together with the decision before it.
                        self.apply(moves[0].action, forced=True)
                        continue
                    try:
                        self.apply(self.ask(player, moves))
                    except Undone:
                        continue
        except Quit as stop:
            path = self.save()
            c.print()
            c.print(Text.assemble((f"{stop.why}", "bold"), ": the game so far is saved." if path else "."))
            self.print_saved(path)
            return 0
        except KeyboardInterrupt:
            path = self.save()
            c.print()
            c.print(Text("Interrupted" + (": the game so far is saved." if path else "."), style="bold"))
            self.print_saved(path)
            return 130
        except (SystemExit, Exception):
            # e.g. the output pipe closed (Rich exits), or a bug: keep the game played so far anyway
            self.save()
            raise
        try:
            self.finish()
        except SystemExit:
            self.save()
            raise
        return 0

    def seating(self) -> Text:
        out = Text("Players: ")
        for i, seat in enumerate(self.seats):
            if i:
                out.append("  ·  ")
            out.append(f"seat {seat.seat} ")
            out.append_text(seat.long_label())
        return out

    def bot_move(self, seat: int) -> Action:
        """The bot's choice; on a terminal a "thinking…" indicator runs while it searches."""
        bot = self.seats[seat].bot
        bot.reseed_for(self.state)  # a resumed game's bots play on as in the uninterrupted game
        if not self.console.is_terminal:
            return bot.act(self.state)
        label = Text.assemble(self.seats[seat].label(), " is thinking…")
        with self.console.status(label, spinner="dots"):
            return bot.act(self.state)

    def apply(self, action: Action | None, forced: bool = False) -> None:
        """Apply a move (None: sample the chance outcome) and log what it did. Moves the engine
        reports no event for (staying aboard, a parachutist going home) get a line of their own."""
        seat = self.state.current_player()
        self.actors.append((seat, forced))
        self.log_marks.append(len(self.log))
        before = len(self.state.events)
        silent = self.screen.silent_move(self.state.view(seat), seat, action) if action is not None else None
        if action is None:
            self.state.sample_chance()
        else:
            self.state.apply(action)
        new = self.state.events[before:]
        if not new and silent is not None:
            self.log.append(LogLine("move", silent))
        after = self.state.view(max(self.state.current_player(), 0)) if new else None
        index = 0
        while index < len(new):
            event = new[index]
            following = new[index + 1] if index + 1 < len(new) else None
            line = self.screen.event(event, after)
            if event.visible_to is not None:
                owner = min(event.visible_to)
                self.log.append(
                    LogLine(event.kind, line, event.visible_to, self.screen.event(event, after, viewer=owner))
                )
            elif (
                following is not None
                and following.visible_to is not None
                and event.seat is not None
                and following.seat == event.seat
                and event.seat in following.visible_to
            ):
                # "Ann is dealt a secret mission" + what only Ann sees: one line, completed for Ann.
                owner_part = self.screen.event(following, after, viewer=event.seat)
                full_part = self.screen.event(following, after)
                self.log.append(
                    LogLine(
                        event.kind,
                        line,
                        None,
                        join_lines(line, owner_part),
                        following.visible_to,
                        join_lines(line, full_part),
                    )
                )
                index += 1
            else:
                self.log.append(LogLine(event.kind, line))
            index += 1

    def unseen(self, seat: int | None = None) -> list[tuple[str, Text]]:
        """Log lines not yet shown: public ones since the last prompt, plus `seat`'s own private ones
        since its last prompt. seat None (bots only, or the game is over): every line, labelled."""
        start = self.shown if seat is None else min(self.shown, self.private_shown.get(seat, 0))
        new = []
        for index in range(start, len(self.log)):
            entry = self.log[index]
            if index < self.shown and not entry.private_to(seat):
                continue
            text = entry.for_seat(seat)
            if text is not None:
                new.append((entry.kind, text))
        self.shown = len(self.log)
        if seat is not None:
            self.private_shown[seat] = len(self.log)
        return new

    def after_bot_or_chance(self) -> None:
        if not self.watch:
            return  # shown at the next prompt, as "since your last move"
        new = self.unseen()
        for kind, line in new:
            self.console.print(line)
            if kind == "expedition":
                self.console.print(self.board())
        if self.delay > 0 and new:
            time.sleep(self.delay)

    def board(self):
        seat = max(self.state.current_player(), 0)
        return self.screen.board(self.state.view(seat), self.console.width)

    def finish(self) -> None:
        c = self.console
        new = self.unseen()
        if new and not self.watch:
            c.print(Rule("Last moves", style="dim"))
        for _, line in new:
            c.print(line)
        c.print(Rule(Text("Game over", style="bold")))
        revealed = getattr(self.screen, "revealed_at_end", None)
        if self.state.has_hidden_information and revealed:
            c.print(Text(revealed, style="dim"))
        view = self.state.view(0)
        c.print(self.screen.board(view, c.width))
        c.print()
        c.print(self.screen.final_table(view))
        self.print_saved(self.save())

    def save(self) -> Path | None:
        """Save the record (None: nothing was played, so nothing is saved; a record resumed from a
        file is saved again to it)."""
        if not self.state.history and not self.save_path.exists():
            return None
        return save_record(self.state, self.save_path, self.seats)

    def print_saved(self, path: Path | None) -> None:
        if path is None:
            self.console.print(Text("No move was played: no record saved.", style="dim"))
            return
        self.console.print(Text.assemble("Record saved: ", (str(path), "bold")))
        self.console.print(Text(f"Replay it with:  cosmotable replay {path}", style="dim"))
        if not self.state.is_terminal():
            self.console.print(Text(f"Continue it with: cosmotable play --resume {path}", style="dim"))

    # -------------------------------------------------------------- a person's turn
    @property
    def private(self) -> bool:
        """Hot-seat with hidden information: each person's screen is for their eyes only."""
        return self.humans > 1 and bool(getattr(self.state, "has_hidden_information", False))

    def hand_over(self, seat: int) -> None:
        """Before drawing `seat`'s private screen in hot-seat: hide the last one, ask for Enter."""
        if not self.private or self.at_keyboard == seat:
            return
        c = self.console
        if c.is_terminal:
            c.clear()
            c.file.write("\x1b[3J")  # the scrollback too, where the terminal allows it
            c.file.flush()
        c.print()
        c.print(Rule(Text.assemble("Pass the keyboard to ", self.seats[seat].long_label()), style="bold"))
        secrets = getattr(self.screen, "private_things", "private information")
        c.print(
            Text.assemble(
                "The next screen shows ",
                self.seats[seat].label(),
                f"'s {secrets}: everyone else, look away.",
            )
        )
        line = self.reader.read(
            Text.assemble(
                self.seats[seat].label(), ", press Enter when only you can see the screen (or type quit): "
            )
        )
        if line is None:
            raise Quit("End of input")
        if line.strip().lower() in QUIT_WORDS:
            raise Quit("Quit")
        self.at_keyboard = seat

    def show_prompt_screen(self, seat: int, moves: list[Move]) -> None:
        c = self.console
        self.hand_over(seat)
        self.at_keyboard = seat
        view = self.state.view(seat)
        c.print()
        c.print(Rule(Text.assemble(self.seats[seat].label(), "'s turn" if self.humans > 1 else " to move")))
        c.print(self.screen.board(view, c.width))
        self.print_recent(seat)
        c.print(self.screen.headline(view, seat))
        if self.hint_lines is not None:
            c.print(self.hint_lines)

    @property
    def humans(self) -> int:
        return sum(1 for s in self.seats if s.is_human)

    # -------------------------------------------------------------- a screen that fits the terminal
    @property
    def fitted(self) -> bool:
        """On a short terminal (80×24) each decision is drawn as one screen that fits its height:
        the table as full as the room allows, the news since the last prompt, the question, the
        menu and the prompt (issue #20: the board must not scroll away)."""
        c = self.console
        return c.is_terminal and c.height < COMPACT_HEIGHT

    def recent_lines(self, seat: int) -> list[Text]:
        """The news for `seat` since its last prompt (kept for redrawing the screen)."""
        return collapse_repeats([line for _, line in self.unseen(seat)])

    def lines_of(self, renderable) -> int:
        return len(self.console.render_lines(renderable, self.console.options, pad=False))

    def menu_screen(self, seat: int, moves: list[Move], path: list[tuple[str, ...]]) -> list[menu.Entry]:
        """Print the menu at the current level (and, on a fitted screen, the whole screen again)."""
        nested = len(path) > 1
        if not self.fitted:
            return self.print_moves(moves, path[-1], nested)
        return self.draw_fitted(seat, moves, path[-1], nested)

    def draw_fitted(
        self, seat: int, moves: list[Move], prefix: tuple[str, ...], nested: bool
    ) -> list[menu.Entry]:
        """Choose the fullest table and menu layout that leave room for the news, then draw.

        The screen's `boards(view, width)` gives its tables from the fullest to the tightest (one
        line per seat, the variants in a line; 'show' prints what they leave out); the menu is one
        entry a line, else two entries a line (glosses cut: '?N' prints one in full)."""
        c = self.console
        view = self.state.view(seat)
        headlines = [self.screen.headline(view, seat)]
        if hasattr(self.screen, "brief_headline"):
            headlines.append(self.screen.brief_headline(view, seat))
        boards_of = getattr(self.screen, "boards", None)
        boards = boards_of(view, c.width) if boards_of else [self.screen.board(view, c.width)]
        news = self.recent
        wanted = min(len(news) + 1, 3) if news else 0  # a heading and at least a couple of lines
        layouts = []
        for pairs in (False, True):
            with c.capture() as captured:
                entries = self.print_moves(moves, prefix, nested, pairs=pairs)
            layouts.append((captured.get(), entries))
        board_lines = [self.lines_of(board) for board in boards]
        choice = None
        hint = self.lines_of(self.hint_lines) if self.hint_lines is not None else 0
        notice, self.notice = self.notice, None
        hint += self.lines_of(notice) if notice is not None else 0
        for headline in headlines:
            fixed = self.lines_of(headline) + 1 + hint  # the question, the hint and the prompt line
            for text, entries in layouts:
                for board, lines in zip(boards, board_lines):
                    room = c.height - fixed - text.count("\n") - lines
                    if room >= 1 + wanted:
                        choice = (headline, board, text, entries, room - 1, True)
                        break
                if choice:
                    break
            if choice:
                break
        if choice is None:  # nothing fits: the tightest of each, no heading rule
            headline, (text, entries) = headlines[-1], layouts[-1]
            room = c.height - self.lines_of(headline) - 1 - hint - text.count("\n") - board_lines[-1]
            choice = (headline, boards[-1], text, entries, max(room, 0), False)
        headline, board, text, entries, room, rule = choice
        c.print()
        if rule:
            c.print(
                Rule(Text.assemble(self.seats[seat].label(), "'s turn" if self.humans > 1 else " to move"))
            )
        c.print(board)
        self.print_news(news, room)
        c.print(headline)
        if self.hint_lines is not None:
            c.print(self.hint_lines)
        c.print(Text.from_ansi(text.rstrip("\n")), no_wrap=True, overflow="ignore", crop=False)
        if notice is not None:
            c.print(notice)
        return entries

    def print_news(self, lines: list[Text], room: int) -> None:
        """The news in `room` lines: all of it under a heading if it fits, else the latest lines
        with a count of the earlier ones ('log' shows them)."""
        if not lines or room <= 0:
            return
        c = self.console
        title = "Since the last prompt" if self.humans > 1 else "Since your last move"
        if len(lines) + 1 <= room:
            c.print(Rule(Text(title), style="dim", align="left"))
            shown = lines
        elif room >= 2:
            shown = lines[-(room - 1) :]
            earlier = len(lines) - len(shown)
            c.print(Rule(Text(f"{title} ({earlier} earlier: 'log')"), style="dim", align="left"))
        else:
            shown = lines[-1:]
        for line in shown:
            c.print(line, overflow="ellipsis", no_wrap=True, crop=True)

    def print_recent(self, seat: int | None = None) -> None:
        new = self.unseen(seat)
        if not new:
            return
        title = "Since the last prompt" if self.humans > 1 else "Since your last move"
        self.console.print(Rule(Text(title), style="dim", align="left"))
        lines = collapse_repeats([line for _, line in new])
        keep = COMPACT_RECENT_EVENTS if self.compact else MAX_RECENT_EVENTS
        if len(lines) > keep:
            self.console.print(Text(f"  ({len(lines) - keep} earlier events: type 'log')", style="dim"))
            lines = lines[-keep:]
        for line in lines:
            self.console.print(line, overflow="ellipsis", no_wrap=self.compact, crop=True)

    # -------------------------------------------------------------- menus
    def print_moves(
        self, moves: list[Move], prefix: tuple[str, ...] = (), nested: bool = False, pairs: bool = False
    ) -> list[menu.Entry]:
        """Print the menu (a long one one level at a time: `prefix` is the level) and return its
        numbered entries."""
        if len(moves) <= menu.TREE_AFTER and not prefix:
            entries = [menu.Entry(menu.pieces(str(m.action)), (m,)) for m in moves]
        else:
            entries = menu.level(moves, prefix)
        if prefix:
            back = " · 0 = back" if nested else ""
            self.console.print(
                Text.assemble(
                    ("▸ ", "dim"),
                    ("".join(prefix).strip() + " …", "bold cyan"),
                    (f"  {len(menu.members(moves, prefix))} moves{back}", "dim"),
                )
            )
        elif len(entries) < len(moves):
            self.console.print(
                Text(f"{len(moves)} moves in groups: pick a group, then the move (or type it)", style="dim")
            )
        if (
            len(entries) > menu.TREE_AFTER
            and all(e.is_move for e in entries)
            and all(m.group is not None for m in moves)
            and not prefix
            and len(entries) == len(moves)
        ):
            self.print_moves_grouped(moves)
            return entries
        wide = len(entries) > menu.TREE_AFTER
        if wide:
            self.print_entries_in_columns(entries)
            return entries
        texts = [e.text + ("" if e.is_move else " …") for e in entries]
        glosses = [
            Text.assemble(("— ", "dim"), e.moves[0].gloss) if e.is_move else self.group_note(e)
            for e in entries
        ]
        if pairs and len(entries) > 3:
            self.print_entry_pairs(texts, glosses)
            return entries
        if self.compact:
            # One line per entry: the number and the move's text are never cut, the gloss is cut to
            # the line ('?N' prints it in full).
            digits, width = len(str(len(entries))), max(map(len, texts), default=1)
            for number, (text, gloss) in enumerate(zip(texts, glosses), start=1):
                line = Text.assemble(
                    (f"{number:>{digits}})", "bold"), " ", (text.ljust(width), "bold cyan"), " ", gloss
                )
                self.console.print(line, no_wrap=True, overflow="ellipsis", crop=True)
            return entries
        table = Table.grid(padding=(0, 1))
        table.add_column(justify="right", style="bold")
        table.add_column(style="bold cyan", no_wrap=True)
        table.add_column()
        for number, (text, gloss) in enumerate(zip(texts, glosses), start=1):
            table.add_row(f"{number})", text, gloss)
        self.console.print(table)
        return entries

    def print_entry_pairs(self, texts: list[str], glosses: list[Text]) -> None:
        """Two entries a line, numbered down the first column then the second (a short screen):
        the move's text whole, its gloss cut to the column ('?N' prints it in full)."""
        digits = len(str(len(texts)))
        half = (len(texts) + 1) // 2
        column = (self.console.width - 2) // 2
        grid = Table.grid(padding=(0, 2))
        grid.add_column(width=column, no_wrap=True, overflow="ellipsis")
        grid.add_column(width=column, no_wrap=True, overflow="ellipsis")
        widths = [max(map(len, texts[:half])), max(map(len, texts[half:]), default=0)]
        cells = [
            Text.assemble(
                (f"{number:>{digits}})", "bold"),
                " ",
                (text.ljust(widths[(number - 1) // half]), "bold cyan"),
                " ",
                gloss,
            )
            for number, (text, gloss) in enumerate(zip(texts, glosses), start=1)
        ]
        for row in range(half):
            right = cells[row + half] if row + half < len(cells) else Text("")
            grid.add_row(cells[row], right)
        self.console.print(grid)

    def group_note(self, entry: menu.Entry) -> Text:
        """What a group holds: how many moves, and the first of them."""
        # the group's own move in full, the others by what they add ("…,H1", "…swift")
        first = ", ".join(
            "…" + str(m.action)[len(entry.text) :].lstrip(" ") if str(m.action) != entry.text else entry.text
            for m in entry.moves[:3]
        )
        more = ", …" if len(entry.moves) > 3 else ""
        return Text(f"— {len(entry.moves)} moves: {first}{more}", style="dim")

    def print_entries_in_columns(self, entries: list[menu.Entry]) -> None:
        digits = len(str(len(entries)))
        cells = []
        for number, entry in enumerate(entries, start=1):
            cell = Text.assemble((f"{number:>{digits}})", "bold"), " ", (entry.text, "bold cyan"))
            if entry.is_move:
                brief = entry.moves[0].brief
                if brief is not None and brief.plain:
                    cell.append("  ")
                    cell.append_text(brief)
            else:
                cell.append(f" … ({len(entry.moves)})", style="dim")
            cells.append(cell)
        self.console.print(Padding(Columns(cells, padding=(0, 3), equal=True), (0, 0, 0, 1)))

    def print_moves_grouped(self, moves: list[Move]) -> None:
        """Moves sharing a heading (e.g. the same destination) listed side by side under it."""
        groups: list[tuple[Text, list[tuple[int, Move]]]] = []
        for number, move in enumerate(moves, start=1):
            group = move.group or Text()  # a move without a heading groups with the others without one
            if not groups or groups[-1][0].plain != group.plain:
                groups.append((group, []))
            groups[-1][1].append((number, move))
        legend = getattr(self.screen, "menu_legend", None)
        if legend is not None:
            self.console.print(legend)
        digits = len(str(len(moves)))
        for heading, members in groups:
            width = max(len(str(m.action)) for _, m in members)
            entries = []
            for number, move in members:
                entry = Text.assemble(
                    (f"{number:>{digits}})", "bold"), " ", (str(move.action).ljust(width), "bold cyan")
                )
                if move.brief is not None and move.brief.plain:
                    entry.append("  ")
                    entry.append_text(move.brief)
                entries.append(entry)
            self.console.print(Text.assemble(("▸ ", "dim"), heading))
            self.console.print(Padding(Columns(entries, padding=(0, 3), equal=True), (0, 0, 0, 4)))

    def accepted(self, count: int, nested: bool = False) -> str:
        numbers = "1 (or just Enter)" if count == 1 else f"a number 1-{count}"
        back = ", 0 to go back" if nested else ""
        return f'Type {numbers}{back}, a move as listed (e.g. "{self.example}"), help or quit.'

    def refuse(self, what: str, count: int, nested: bool = False) -> None:
        line = Text("✗ ", style="bold red")
        line.append_text(self.screen.rewrite(what))
        line.append(" " + self.accepted(count, nested), style="")
        self.say(line)

    def say(self, line: Text) -> None:
        """A refusal or an answer at the prompt. On a fitted screen it is drawn under the menu
        when the screen is drawn again (before the next prompt), so the table stays in view."""
        if self.fitted:
            self.notice = line
        else:
            self.console.print(line, soft_wrap=self.one_line)

    # -------------------------------------------------------------- paging
    def page(self, renderable) -> None:
        """Print a long text a screenful at a time on a terminal (Enter = more, q = stop)."""
        c = self.console
        if not c.is_terminal:
            c.print(renderable)
            return
        lines = c.render_lines(renderable, c.options, pad=False)
        height = max(c.height - 1, 5)
        for start in range(0, len(lines), height):
            for line in lines[start : start + height]:
                for segment in line:
                    c.print(Text(segment.text, style=segment.style or ""), end="")
                c.print()
            if start + height < len(lines):
                more = self.reader.read(
                    Text(
                        f"-- more ({start + height}/{len(lines)} lines): Enter, q = stop -- ", style="reverse"
                    )
                )
                if more is None or more.strip().lower() in QUIT_WORDS:
                    return

    # -------------------------------------------------------------- a person's decision
    def forced_step(self, state: State, seat: int) -> bool:
        """Is this a step the session takes for a person alone: their only legal move, asking no
        "are you sure?" (the play loop's rule; bots' steps count as decisions)."""
        if not self.seats[seat].is_human:
            return False
        moves = self.screen.moves(state, seat)
        return len(moves) == 1 and not self.needs_confirmation(moves[0], state)

    def needs_confirmation(self, move: Move, state: State | None = None) -> str | None:
        """Why this move asks "are you sure?": it ends the game, or the game's screen says it cannot
        be taken back (e.g. Planet's claim). None: no question."""
        if move.confirm:
            return move.confirm
        after = (state or self.state).clone()
        after.apply(move.action)
        if after.is_terminal():
            return "it ends the game"
        return None

    def confirm(self, seat: int, move: Move) -> bool:
        why = self.needs_confirmation(move)
        if why is None:
            return True
        self.console.print(
            Text.assemble(
                ("! ", "bold yellow"), (str(move.action), "bold cyan"), ": ", self.screen.rewrite(why), "."
            ),
            soft_wrap=self.one_line,
        )
        answer = self.reader.read(
            Text.assemble(self.seats[seat].label(), ", are you sure? [yes / anything else = choose again]: ")
        )
        if answer is None:
            raise Quit("End of input")
        if answer.strip().lower() in YES_WORDS:
            return True
        self.console.print(Text("Not played: choose again.", style="dim"))
        return False

    def undo(self, seat: int) -> str | None:
        """Take back `seat`'s last decision (with the forced steps taken for it after it). Allowed
        only while no chance outcome and no other seat's decision followed it; returns why not."""
        k = len(self.actors)
        while k and self.actors[k - 1] == (seat, True):
            k -= 1
        if k == 0:
            return "There is nothing to take back: no move of yours has been played yet."
        who, _ = self.actors[k - 1]
        if who != seat:
            if any(actor == seat for actor, _ in self.actors[:k]):
                since = (
                    "a chance outcome (a roll, a draw, a revealed tile) came"
                    if who == CHANCE
                    else f"seat {who} has moved"
                )
                return f"Your last move cannot be taken back: {since} after it."
            return "There is nothing to take back: no move of yours has been played yet."
        taken = [str(a) for a in self.state.history[k - 1 :]]
        record = GameRecord.from_state(self.state)
        record.actions = record.actions[: k - 1]
        self.state = record.replay()
        del self.log[self.log_marks[k - 1] :]
        del self.actors[k - 1 :]
        del self.log_marks[k - 1 :]
        self.shown = min(self.shown, len(self.log))
        self.private_shown = {s: min(n, len(self.log)) for s, n in self.private_shown.items()}
        self.console.print(Text.assemble(("↶ Taken back: ", "bold"), (" then ".join(taken), "bold cyan")))
        return None

    def hinter(self):
        """The search bot that gives hints; seeded from the game's seed (and, per decision, the
        actions played: `reseed_for`), so a hint is the move that bot would play here."""
        if self._hinter is None:
            from cosmotable.bots import make_bot

            self._hinter = make_bot(HINT_LEVEL, seed=self.state.seed * 1000 + 999)
        return self._hinter

    def hints(self) -> list[dict]:
        """The hint bot's rating of every legal move (`Bot.explain`), its choice first. It searches
        determinizations of the mover's own view only, so a hint reveals nothing hidden."""
        bot = self.hinter()
        bot.reseed_for(self.state)
        state = self.state.clone()
        if not self.console.is_terminal:
            return bot.explain(state)
        with self.console.status(Text(f"The {HINT_LEVEL} bot is thinking…"), spinner="dots"):
            return bot.explain(state)

    def hint_text(self, rated: list[dict]) -> Text:
        """`Hint (normal bot): ★ travel 3,A  win 62% (41 of 60 searches) / ...`, best first."""
        total = sum(m["visits"] for m in rated)
        out = Text.assemble(("Hint", "bold magenta"), (f" ({HINT_LEVEL} bot, your chance to win):", "dim"))
        width = max((len(str(m["action"])) for m in rated[:HINT_TOP]), default=0)
        for rank, move in enumerate(rated[:HINT_TOP]):
            out.append("\n  ")
            out.append("★ " if rank == 0 else "  ", style="bold magenta")
            out.append(str(move["action"]).ljust(width), style="bold cyan")
            out.append(f"  {numbers.percent(move['win_chance'])}")
            if total:
                out.append(f" ({move['visits']} of {total} searches)", style="dim")
            else:
                out.append(" (estimate)", style="dim")
        return out

    def look(self, name: str) -> None:
        """`look NAME`: what a card, tile, ability or token does, from the game's data."""
        finder = getattr(self.screen, "look", None)
        found = finder(name) if finder and name else None
        if found is not None:
            self.page(found)
            return
        names: list[str] = getattr(self.screen, "look_names", list)()
        what = f'Nothing called "{name}" to look at.' if name else "Look at what?"
        self.console.print(
            Text.assemble(
                ("✗ ", "bold red"), what + " Try 'look NAME' with one of: ", (", ".join(names) or "-", "cyan")
            ),
            soft_wrap=self.one_line,
        )

    def ask(self, seat: int, moves: list[Move] | None = None) -> Action:
        if moves is None:
            moves = self.screen.moves(self.state, seat)
        self.example = str(moves[0].action) if moves else "stay"
        path: list[tuple[str, ...]] = [menu.descend(moves, ()) if len(moves) > menu.TREE_AFTER else ()]
        if self.fitted:
            self.hand_over(seat)
            self.at_keyboard = seat
            self.recent = self.recent_lines(seat)
        self.hint_lines = self.hint_text(self.hints()) if self.auto_hint and len(moves) > 1 else None
        if not self.fitted:
            self.show_prompt_screen(seat, moves)
        entries = self.menu_screen(seat, moves, path)
        while True:
            if self.notice is not None:
                entries = self.menu_screen(seat, moves, path)  # with the refusal under the menu
            nested = len(path) > 1
            choice = "1 or Enter" if len(entries) == 1 else f"1-{len(entries)}"
            extra = ", 0 = back" if len(path) > 1 else ""
            # short enough for 80 columns; 'help' lists the other commands (undo, look NAME, ...)
            prompt = Text.assemble(
                self.seats[seat].label(), f", your move [{choice}{extra}, a move's text, help, quit]: "
            )
            line = self.reader.read(prompt)
            if line is None:
                raise Quit("End of input")
            text = line.strip()
            low = text.lower()
            action: Action | None = None
            if not text:
                if len(entries) == 1 and entries[0].is_move:
                    action = entries[0].moves[0].action
                else:
                    self.refuse("Nothing was typed.", len(entries), nested)
                    continue
            elif low in QUIT_WORDS:
                raise Quit("Quit")
            elif low in HELP_WORDS:
                self.page(Group(self.screen.help(), SESSION_HELP))
                if not self.fitted:
                    self.console.print(self.screen.headline(self.state.view(seat), seat))
                entries = self.menu_screen(seat, moves, path)
                continue
            elif low in BACK_WORDS and len(path) > 1:
                path.pop()
                entries = self.menu_screen(seat, moves, path)
                continue
            elif low in SHOW_WORDS:
                view = self.state.view(seat)
                details = getattr(self.screen, "details", None)
                board = self.screen.board(view, self.console.width)
                self.page(
                    Group(board, details(view, self.console.width)) if details and self.compact else board
                )
                entries = self.menu_screen(seat, moves, path)
                continue
            elif low == "log":
                lines = [t for t in (entry.for_seat(seat) for entry in self.log) if t is not None]
                self.page(
                    Text("\n").join(lines) if lines else Text("(nothing has happened yet)", style="dim")
                )
                if self.fitted:
                    entries = self.menu_screen(seat, moves, path)
                continue
            elif low == "rules":
                self.page(rules_for(self.state.game.id))
                entries = self.menu_screen(seat, moves, path)
                continue
            elif low == "hint":
                self.hint_lines = self.hint_text(self.hints())
                if self.fitted:
                    entries = self.menu_screen(seat, moves, path)
                else:
                    self.console.print(self.hint_lines)
                continue
            elif low == "undo":
                why = self.undo(seat)
                if why is None:
                    raise Undone()
                self.say(Text.assemble(("✗ ", "bold red"), self.screen.rewrite(why)))
                continue
            elif low == "look" or low.startswith("look ") or (low.startswith("?") and not low[1:].isdigit()):
                self.look(text[5:].strip() if low.startswith("look") else text[1:].strip())
                continue
            elif low.startswith("?") and low[1:].isdigit():
                n = int(low[1:])
                if 1 <= n <= len(entries):
                    entry = entries[n - 1]
                    gloss = entry.moves[0].gloss if entry.is_move else self.group_note(entry)
                    self.console.print(
                        Text.assemble((entry.text, "bold cyan"), " ", gloss), soft_wrap=self.one_line
                    )
                else:
                    self.refuse(
                        f"There is no entry {n}: the entries are numbered 1 to {len(entries)}.",
                        len(entries),
                        nested,
                    )
                continue
            if action is None:
                number = low.rstrip(").")
                if number.isdigit() or (number.startswith("-") and number[1:].isdigit()):
                    n = int(number)
                    if not 1 <= n <= len(entries):
                        self.refuse(
                            f"There is no move {number}: the moves are numbered 1 to {len(entries)}.",
                            len(entries),
                            nested,
                        )
                        continue
                    entry = entries[n - 1]
                    if not entry.is_move:
                        path.append(entry.prefix)
                        entries = self.menu_screen(seat, moves, path)
                        continue
                    action = entry.moves[0].action
            if action is None:
                try:
                    action = self.state.to_action(text)
                except IllegalAction as exc:
                    prefix = menu.find_prefix(moves, text)
                    if prefix is not None:
                        path.append(menu.descend(moves, prefix))
                        entries = self.menu_screen(seat, moves, path)
                        continue
                    reason = exc.reason.replace(f"cannot be read as a {self.state.game.id} action: ", "")
                    self.refuse(f'"{text}" is not a move: {reason}.', len(entries), nested)
                    continue
                if not self.state.is_legal(action):
                    prefix = menu.find_prefix(moves, text)
                    if prefix is not None:
                        path.append(menu.descend(moves, prefix))
                        entries = self.menu_screen(seat, moves, path)
                        continue
                    self.refuse(
                        f'"{text}" is not possible now: {self.state.explain_illegal(action)}.',
                        len(entries),
                        nested,
                    )
                    continue
            chosen = next((m for m in moves if m.action == action), None) or Move(action, Text(""))
            if not self.confirm(seat, chosen):
                entries = self.menu_screen(seat, moves, path)
                continue
            return action


def actors_of(state: State, forced: Callable[[State, int], bool]) -> list[tuple[int, bool]]:
    """Who took each action of `state`'s history (CHANCE for chance outcomes) and whether it was a
    forced step (`forced(position, seat)`: the session would have taken it alone), found by
    replaying the record from the set-up. A resumed game thus knows its whole history, and undo
    takes back a decision made before the resume by the same rule as one made after it."""
    if not state.history:
        return []
    record = GameRecord.from_state(state)
    replay = record.initial_state()
    out = []
    for action in record.actions:
        seat = replay.current_player()
        out.append((seat, seat != CHANCE and forced(replay, seat)))
        replay.apply(action)
    return out


# ------------------------------------------------------------------------------ replay
class ReplaySession:
    """Steps through a record: step 0 is the set-up, step n the state after n actions."""

    def __init__(self, record: GameRecord, seats: Sequence[Seat], console: Console, reader: LineReader):
        self.record = record
        self.seats = list(seats)
        self.console = console
        self.reader = reader
        self.screen = screen_for(record.game, self.seats)
        self.total = len(record.actions)
        self._restart()

    @property
    def one_line(self) -> bool:
        """Messages stay one line in a pipe or file (a transcript greps well); a terminal wraps them
        at word boundaries instead of cutting words at the edge."""
        return not self.console.is_terminal

    def _restart(self) -> None:
        self.state = self.record.initial_state()
        self.step = 0
        self.actor: int | None = None
        self.step_events: list = []

    def advance(self) -> None:
        """Apply the next action, remembering who took it and the events it caused."""
        number = self.step + 1
        text = self.record.actions[self.step]
        self.actor = self.state.current_player()
        before = len(self.state.events)
        try:
            self.state.apply(text)
        except IllegalAction as exc:
            raise RecordError(f"action #{number} {text!r} cannot be replayed: {exc.reason}") from None
        self.step = number
        self.step_events = self.state.events[before:]

    def goto(self, step: int) -> None:
        if step < self.step:
            self._restart()
        while self.step < step:
            self.advance()

    def show(self, full: bool = True) -> None:
        """The step's action and events, then the table (`full`) or a one-line summary."""
        c = self.console
        if self.step == 0:
            c.print(Rule(Text(f"Step 0/{self.total}: set-up", style="bold")))
        else:
            action = self.record.actions[self.step - 1]
            who = (
                Text("chance", style="italic")
                if self.actor is None or self.actor < 0
                else self.seats[self.actor].label()
            )
            header = Text.assemble(
                (f"Step {self.step}/{self.total}: ", "bold"), who, ": ", (action, "bold cyan")
            )
            c.print(Rule(header) if full else header)
        seat = max(self.state.current_player(), 0)
        view = self.state.view(seat)
        if self.step:
            for event in self.step_events:
                c.print(self.screen.event(event, view))
        if full:
            c.print(self.screen.board(view, c.width))
        else:
            c.print(self.screen.status(view))
        if self.state.is_terminal():
            c.print(self.screen.final_table(view))

    def run_all(self, upto: int | None = None, full: bool = False) -> int:
        """Every step without stopping. The whole table is drawn at the set-up, after each expedition
        and at the end (after every step with `full`); other steps get a one-line summary."""
        last = self.total if upto is None else upto
        self.show(full=True)
        while self.step < last:
            self.advance()
            boundary = any(e.kind in ("expedition", "game-over") for e in self.step_events)
            self.show(full=full or boundary or self.step == last)
        return 0

    def run_to(self, step: int) -> int:
        self.goto(step)
        self.show()
        return 0

    def run_interactive(self) -> int:
        self.show()
        while True:
            at_end = self.step >= self.total
            prompt = Text(
                f"[step {self.step}/{self.total}] "
                + (
                    "End of the record: q = quit, a number = jump to that step: "
                    if at_end
                    else f"Enter = next step, a number (0-{self.total}) = jump there, q = quit: "
                ),
                style="bold",
            )
            line = self.reader.read(prompt)
            if line is None:
                return 0
            text = line.strip().lower()
            if text in QUIT_WORDS:
                return 0
            if text == "":
                if at_end:
                    return 0
                self.advance()
                self.show()
                continue
            if text.isdigit() and 0 <= int(text) <= self.total:
                self.goto(int(text))
                self.show()
                continue
            if text.lstrip("-").isdigit():
                self.console.print(
                    Text(
                        f"✗ There is no step {text}: the record has {self.total} actions, so the steps are 0 (the "
                        f"set-up) to {self.total} (the end). Type a number in that range, Enter or q.",
                        style="red",
                    ),
                    soft_wrap=self.one_line,
                )
                continue
            self.console.print(
                Text(
                    f'✗ "{line.strip()}" is not understood: press Enter for the next step, type a step number '
                    f"from 0 to {self.total}, or q to quit.",
                    style="red",
                ),
                soft_wrap=self.one_line,
            )


def replay_file(
    path: str | Path,
    console: Console,
    reader: LineReader,
    to: int | None,
    show_all: bool,
    seats_from_file,
    full: bool = False,
) -> int:
    record = GameRecord.load(path)
    record.replay()  # every action must replay before anything is shown (RecordError otherwise)
    seats = seats_from_file(path, record.config.num_players)
    session = ReplaySession(record, seats, console, reader)
    if to is not None and not 0 <= to <= session.total:
        raise RecordError(
            f"--to {to}: there is no step {to}; the record has {session.total} actions, so "
            f"--to takes 0 (the set-up) to {session.total} (the end)"
        )
    if show_all:
        return session.run_all(to, full)
    if to is not None:
        return session.run_to(to)
    return session.run_interactive()
