"""The play loop: game-agnostic, drawing through a game's screen (the `screen` part of its descriptor;
`GenericScreen` for a game without one). A person's decision is `decision.py`, the screen before it
`prompt_screen.py` and its menu `menu_print.py`; the replay loop is `replay.py`."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from pathlib import Path

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from cosmotable.engine import CHANCE, Action, GameRecord, State
from cosmotable.ui.terminal.common import LineReader, Seat, save_record
from cosmotable.ui.terminal.decision import Decision
from cosmotable.ui.terminal.log import LogLine, join_lines
from cosmotable.ui.terminal.prompt import HINT_LEVEL, Quit, Undone
from cosmotable.ui.terminal.screens import screen_for


class PlaySession(Decision):
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
        hint_level: str = HINT_LEVEL,
    ):
        self.state = state
        #: `play --hint`: the best moves are shown at every decision of a person
        self.auto_hint = hint
        #: `play --hint-bot`: the bot level that gives them
        self.hint_level = hint_level
        self.hint_lines: Text | None = None
        self._hinter = None
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
        self.recent_key: list[bool] = []  # which news lines print_news keeps when short of room
        self.pending: str | None = None  # a line typed at the pager, for the prompt

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
