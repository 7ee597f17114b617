"""The replay loop behind `cosmotable replay`: a record stepped through, each action with its events
and the table after it; interactive, every step at once (`--all`), or up to one step (`--to`)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from cosmotable.engine import GameRecord, IllegalAction, RecordError
from cosmotable.ui.terminal.common import LineReader, Seat
from cosmotable.ui.terminal.prompt import QUIT_WORDS
from cosmotable.ui.terminal.screens import screen_for


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
