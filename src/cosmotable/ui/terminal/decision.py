"""A person's decision in the play session: the prompt and what may be typed at it (a move by number
or text, a menu level, help, show, log, rules, hint, undo, look), the "are you sure?" of a move that
cannot be taken back, and the refusals that say why a move is not possible."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.console import Group
from rich.text import Text

from cosmotable.engine import CHANCE, Action, GameRecord, IllegalAction, State
from cosmotable.ui import numbers
from cosmotable.ui.terminal import menu
from cosmotable.ui.terminal.common import Move
from cosmotable.ui.terminal.prompt import (
    BACK_WORDS,
    HELP_WORDS,
    HINT_TOP,
    QUIT_WORDS,
    SESSION_HELP,
    SHOW_WORDS,
    YES_WORDS,
    Quit,
    Undone,
)
from cosmotable.ui.terminal.prompt_screen import PromptScreen
from cosmotable.ui.terminal.screens import rules_for

if TYPE_CHECKING:
    from cosmotable.bots.base import Bot


@dataclass
class Asking:
    """One decision's prompt: whose it is, the legal moves, the menu level shown (`path`, a long
    menu's levels from the top) and the numbered entries on screen."""

    seat: int
    moves: list[Move]
    path: list[tuple[str, ...]]
    entries: list[menu.Entry]

    @property
    def nested(self) -> bool:
        return len(self.path) > 1


#: A typed line is quoted in a refusal up to this many characters: 3,000 typed characters were
#: repeated in full under their own echo (issue #48).
TYPED_QUOTE_LIMIT = 40


def typed(text: str) -> str:
    """A typed line as a refusal quotes it: whole when short, else its start and its length."""
    if len(text) <= TYPED_QUOTE_LIMIT:
        return f'"{text}"'
    return f'"{text[:TYPED_QUOTE_LIMIT]}…" ({len(text)} characters)'


class Decision(PromptScreen):
    """Asks a person for their move; the play session is one."""

    auto_hint: bool
    hint_level: str
    _hinter: Bot | None
    actors: list[tuple[int, bool]]
    log_marks: list[int]
    example: str

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

            self._hinter = make_bot(self.hint_level, seed=self.state.seed * 1000 + 999)
        return self._hinter

    def hints(self) -> list[dict]:
        """The hint bot's rating of every legal move (`Bot.explain`), its choice first. It searches
        determinizations of the mover's own view only, so a hint reveals nothing hidden."""
        bot = self.hinter()
        bot.reseed_for(self.state)
        state = self.state.clone()
        if not self.console.is_terminal:
            return bot.explain(state)
        with self.console.status(Text(f"The {self.hint_level} bot is thinking…"), spinner="dots"):
            return bot.explain(state)

    def hint_text(self, rated: list[dict]) -> Text:
        """`Hint (normal bot): ★ travel 3,A  win 62% (41 of 60 searches) / ...`, best first. The
        learned bot judges moves by its policy, not by a search: `★ stay  71% (policy)`, and its
        value of the position (the same for every move) once, after the moves."""
        policy = bool(rated) and "probability" in rated[0]
        total = sum(m["visits"] for m in rated)
        if policy:
            title, figure, source = "how likely it plays each", "probability", lambda m: " (policy)"
        else:
            title, figure = "your chance to win", "win_chance"

            def source(m: dict) -> str:
                return f" ({m['visits']} of {total} searches)" if total else " (estimate)"

        out = Text.assemble(("Hint", "bold magenta"), (f" ({self.hint_level} bot, {title}):", "dim"))
        width = max((len(str(m["action"])) for m in rated[:HINT_TOP]), default=0)
        for rank, move in enumerate(rated[:HINT_TOP]):
            out.append("\n  ")
            out.append("★ " if rank == 0 else "  ", style="bold magenta")
            out.append(str(move["action"]).ljust(width), style="bold cyan")
            out.append(f"  {numbers.percent(move[figure])}")
            out.append(source(move), style="dim")
        if policy:
            chance = numbers.percent(rated[0]["win_chance"])
            out.append(f"\n  your chance to win from here: {chance}", style="dim")
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
        """The person's move: the prompt screen, then line after line until one is a move they
        confirm. Commands (help, show, log, undo, ...) are answered on the way."""
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
        at = Asking(seat, moves, path, self.menu_screen(seat, moves, path))
        while True:
            if self.notice is not None:
                self.redraw(at)  # with the refusal under the menu
            text = self.read_line(at)
            if not text:
                if not (len(at.entries) == 1 and at.entries[0].is_move):
                    self.refuse("Nothing was typed.", len(at.entries), at.nested)
                    continue
                action = at.entries[0].moves[0].action
            elif text.lower() in QUIT_WORDS:
                raise Quit("Quit")
            elif self.command(at, text):
                continue
            else:
                found = self.chosen_action(at, text)
                if found is None:
                    continue
                action = found
            chosen = next((m for m in moves if m.action == action), None) or Move(action, Text(""))
            if not self.confirm(seat, chosen):
                self.redraw(at)
                continue
            return action

    def redraw(self, at: Asking) -> None:
        """Print the menu at its current level again (on a fitted screen, the whole screen)."""
        at.entries = self.menu_screen(at.seat, at.moves, at.path)

    def read_line(self, at: Asking) -> str:
        """The next line typed at the prompt, stripped; the end of input quits."""
        choice = "1 or Enter" if len(at.entries) == 1 else f"1-{len(at.entries)}"
        extra = ", 0 = back" if at.nested else ""
        # short enough for 80 columns; 'help' lists the other commands (undo, look NAME, ...)
        prompt = Text.assemble(
            self.seats[at.seat].label(), f", your move [{choice}{extra}, a move's text, help, quit]: "
        )
        line, self.pending = self.pending, None
        if line is not None:  # typed at the pager just closed: answered as if typed here
            self.console.print(prompt, Text(line), sep="")
        else:
            line = self.reader.read(prompt)
        if line is None:
            raise Quit("End of input")
        return line.strip()

    def command(self, at: Asking, text: str) -> bool:
        """Answer a command typed at the prompt (help, back, show, log, rules, hint, undo, look,
        ?N); False: the line is no command."""
        seat, low = at.seat, text.lower()
        if low in HELP_WORDS:
            self.page(Group(self.screen.help(), SESSION_HELP))
            if not self.fitted:
                self.console.print(self.screen.headline(self.state.view(seat), seat))
            self.redraw(at)
        elif low in BACK_WORDS and at.nested:
            at.path.pop()
            self.redraw(at)
        elif low in SHOW_WORDS:
            view = self.state.view(seat)
            details = getattr(self.screen, "details", None)
            board = self.screen.board(view, self.console.width)
            self.page(Group(board, details(view, self.console.width)) if details and self.compact else board)
            self.redraw(at)
        elif low == "log":
            lines = [t for t in (entry.for_seat(seat) for entry in self.log) if t is not None]
            # opened at the end: the latest events are what is looked for (issue #48)
            self.page(
                Text("\n").join(lines) if lines else Text("(nothing has happened yet)", style="dim"),
                at_end=True,
            )
            if self.fitted:
                self.redraw(at)
        elif low == "rules":
            self.page(rules_for(self.state.game.id))
            self.redraw(at)
        elif low == "hint":
            self.hint_lines = self.hint_text(self.hints())
            if self.fitted:
                self.redraw(at)
            else:
                self.console.print(self.hint_lines)
        elif low == "undo":
            why = self.undo(seat)
            if why is None:
                raise Undone()
            self.say(Text.assemble(("✗ ", "bold red"), self.screen.rewrite(why)))
        elif low == "look" or low.startswith("look ") or (low.startswith("?") and not low[1:].isdigit()):
            self.look(text[5:].strip() if low.startswith("look") else text[1:].strip())
        elif low.startswith("?") and low[1:].isdigit():
            self.print_entry(at, int(low[1:]))
        else:
            return False
        return True

    def print_entry(self, at: Asking, n: int) -> None:
        """`?N`: menu entry N in full (a fitted screen cuts its gloss)."""
        if 1 <= n <= len(at.entries):
            entry = at.entries[n - 1]
            gloss = entry.moves[0].gloss if entry.is_move else self.group_note(entry)
            self.console.print(Text.assemble((entry.text, "bold cyan"), " ", gloss), soft_wrap=self.one_line)
        else:
            self.refuse(
                f"There is no entry {n}: the entries are numbered 1 to {len(at.entries)}.",
                len(at.entries),
                at.nested,
            )

    def chosen_action(self, at: Asking, text: str) -> Action | None:
        """The move a line names, by its number in the menu or by its text; None when the line is
        refused or opens a level of the menu."""
        number = text.lower().rstrip(").")
        if number.isdigit() or (number.startswith("-") and number[1:].isdigit()):
            n = int(number)
            if not 1 <= n <= len(at.entries):
                self.refuse(
                    f"There is no move {number}: the moves are numbered 1 to {len(at.entries)}.",
                    len(at.entries),
                    at.nested,
                )
                return None
            entry = at.entries[n - 1]
            if not entry.is_move:
                at.path.append(entry.prefix)
                self.redraw(at)
                return None
            return entry.moves[0].action
        try:
            action = self.state.to_action(text)
        except IllegalAction as exc:
            if not self.opened_level(at, text):
                reason = exc.reason.replace(f"cannot be read as a {self.state.game.id} action: ", "")
                if len(reason) > 2 * TYPED_QUOTE_LIMIT and text in reason:  # it may quote the line again
                    reason = reason.replace(text, typed(text).strip('"'))
                self.refuse(f"{typed(text)} is not a move: {reason}.", len(at.entries), at.nested)
            return None
        if not self.state.is_legal(action):
            if not self.opened_level(at, text):
                why = f"{typed(text)} is not possible now: {self.state.explain_illegal(action)}."
                self.refuse(why, len(at.entries), at.nested)
            return None
        return action

    def opened_level(self, at: Asking, text: str) -> bool:
        """Open the menu level a line that is no legal move starts (`travel 2` of `travel 2,A`),
        if there is one."""
        prefix = menu.find_prefix(at.moves, text)
        if prefix is None:
            return False
        at.path.append(menu.descend(at.moves, prefix))
        self.redraw(at)
        return True
