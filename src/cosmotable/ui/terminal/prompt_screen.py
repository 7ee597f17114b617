"""The screen before a person's decision: the news since their last prompt (their own private lines
too), the table, the question and the menu - on a short terminal as one screenful that fits - and
the hand-over between hot-seat players with secrets."""

from __future__ import annotations

from rich.rule import Rule
from rich.text import Text

from cosmotable.engine import State
from cosmotable.ui.terminal import menu
from cosmotable.ui.terminal.common import LineReader, Move, Seat
from cosmotable.ui.terminal.log import LogLine, collapse_repeats
from cosmotable.ui.terminal.menu_print import MenuPrinter
from cosmotable.ui.terminal.prompt import (
    COMPACT_HEIGHT,
    COMPACT_RECENT_EVENTS,
    MAX_RECENT_EVENTS,
    QUIT_WORDS,
    Quit,
)


class PromptScreen(MenuPrinter):
    """Draws a person's prompt screen for the play session, from its state, seats and log."""

    state: State
    seats: list[Seat]
    reader: LineReader
    log: list[LogLine]
    shown: int
    private_shown: dict[int, int]
    at_keyboard: int | None
    recent: list[Text]
    hint_lines: Text | None
    notice: Text | None
    #: per line of `recent`: is it of a key kind (the game's `key_events`)
    recent_key: list[bool]
    #: a line typed at the pager that was no pager key: the prompt takes it as typed there
    pending: str | None

    @property
    def humans(self) -> int:
        return sum(1 for s in self.seats if s.is_human)

    @property
    def private(self) -> bool:
        """Hot-seat with hidden information: each person's screen is for their eyes only."""
        return self.humans > 1 and bool(getattr(self.state, "has_hidden_information", False))

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

    def hand_over(self, seat: int) -> None:
        """Before drawing `seat`'s private screen in hot-seat: hide the last one, ask for Enter."""
        if not self.private or self.at_keyboard == seat:
            return
        c = self.console
        self.last_private_news(seat)
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
        if c.is_terminal:
            # The private screen starts on a clear screen: drawn under the hand-over, whenever it was
            # shorter than the terminal the question "press Enter when only you can see the screen"
            # stayed on its top line, and an Enter typed for it (a person reading the screen, or a
            # script looking for "press Enter") reached the move prompt as "✗ Nothing was typed."
            # (issue #48, item 7).
            c.clear()
        self.at_keyboard = seat

    def last_private_news(self, seat: int) -> None:
        """Before the keyboard goes from the person at it to `seat`: what only that person has learnt
        since their last prompt (the tile an obelisk showed them, a card drawn in secret), on their
        screen still, until they press Enter. Otherwise it came only at their next turn, hidden
        under the hand-over (issue #48: the tile seen with the obelisk was never shown)."""
        before = self.at_keyboard
        if before is None or before == seat or not self.seats[before].is_human:
            return
        start = self.private_shown.get(before, len(self.log))
        lines = [entry.for_seat(before) for entry in self.log[start:] if entry.private_to(before)]
        self.private_shown[before] = len(self.log)
        news = [line for line in lines if line is not None]
        if not news:
            return
        c = self.console
        c.print()
        c.print(Rule(Text.assemble("Only for ", self.seats[before].label()), style="bold"))
        for said in news:
            c.print(said)
        answer = self.reader.read(
            Text.assemble(
                self.seats[before].label(),
                ", press Enter to hide this and pass the keyboard (or type quit): ",
            )
        )
        if answer is None:
            raise Quit("End of input")
        if answer.strip().lower() in QUIT_WORDS:
            raise Quit("Quit")

    @property
    def fitted(self) -> bool:
        """On a short terminal (80×24) each decision is drawn as one screen that fits its height:
        the table as full as the room allows, the news since the last prompt, the question, the
        menu and the prompt (issue #20: the board must not scroll away)."""
        c = self.console
        return c.is_terminal and c.height < COMPACT_HEIGHT

    def recent_lines(self, seat: int) -> list[Text]:
        """The news for `seat` since its last prompt (kept for redrawing the screen); the lines of
        the kinds the game's screen calls key (`key_events`: MLEM's crash and landings) are
        remembered in `recent_key`, for `print_news` to keep when it has no room for all."""
        new = self.unseen(seat)
        key_kinds: frozenset[str] = getattr(self.screen, "key_events", frozenset())
        key = {line.plain for kind, line in new if kind in key_kinds}
        lines = collapse_repeats([line for _, line in new])
        # a collapsed line ends in " (×N)": it is key when the line it repeats is
        self.recent_key = [line.plain.rsplit(" (×", 1)[0] in key for line in lines]
        return lines

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
            shown = self.news_to_show(lines, room - 1)
            earlier = len(lines) - len(shown)
            c.print(Rule(Text(f"{title} ({earlier} more: 'log')"), style="dim", align="left"))
        else:
            shown = self.news_to_show(lines, 1)
        for line in shown:
            c.print(line, overflow="ellipsis", no_wrap=True, crop=True)

    def news_to_show(self, lines: list[Text], room: int) -> list[Text]:
        """`room` of the news lines, in order: the key ones first (a crash after a reroll was left
        off the screen under the expedition token that followed it, issue #48), then the latest."""
        flags = getattr(self, "recent_key", [])
        if len(flags) != len(lines):  # not the news `recent_lines` marked: the latest lines
            return lines[-room:]
        chosen = {i for i, key in enumerate(flags) if key}
        chosen = set(sorted(chosen)[-room:])  # more key lines than room: the latest of them
        for i in reversed(range(len(lines))):
            if len(chosen) >= room:
                break
            chosen.add(i)
        return [lines[i] for i in sorted(chosen)]

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

    def page(self, renderable, at_end: bool = False) -> None:
        """Print a long text a screenful at a time on a terminal, and wait after the last screenful:
        the table is drawn again after it, and would scroll a short text (Planet's help, the seats)
        away before it could be read (issue #48). Enter = the next screenful (after the last: back
        to the table), p = the one before, q = stop; any other line ('quit' too) is kept as typed at
        the prompt (`pending`), so a command typed at the pager is not lost. `at_end`: open on the
        last screenful ('log': the latest events are what is looked for)."""
        c = self.console
        if not c.is_terminal:
            c.print(renderable)
            return
        lines = c.render_lines(renderable, c.options, pad=False)
        height = max(c.height - 1, 5)
        start = max(len(lines) - height, 0) if at_end else 0
        while True:
            shown = lines[start : start + height]
            for line in shown:
                for segment in line:
                    c.print(Text(segment.text, style=segment.style or ""), end="")
                c.print()
            end = start + len(shown)
            earlier = ", p = previous" if start > 0 else ""
            if end < len(lines):
                question = f"-- more ({end}/{len(lines)} lines): Enter{earlier}, q = stop -- "
            else:
                question = f"-- end: Enter = back to the table{earlier} -- "
            answer = self.reader.read(Text(question, style="reverse"))
            if answer is None:
                raise Quit("End of input")  # as at any other question (a tty's Ctrl-D comes once)
            typed = answer.strip()
            if typed.lower() == "p" and start > 0:
                start = max(start - height, 0)
            elif typed and typed.lower() != "q":  # 'quit' too: it leaves the game, as at the prompt
                self.pending = typed  # answered by the prompt, as if typed there
                return
            elif typed or end >= len(lines):
                return
            else:
                start = end
