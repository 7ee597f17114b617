"""The screen of a game that has none of its own (no `screen` part in its descriptor).

It knows nothing of the game: the board is the seat's view printed key by key, a move is its text
form, an event its own text. Enough to play, replay and test a new game in the terminal before it
gets a screen drawn for it.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from cosmotable.engine import Action, Event, State
from cosmotable.ui.terminal.common import Move, SeatScreen

#: A value of the view longer than this is cut short on the board ('show' has no more to show).
VALUE_CHARS = 100


class GenericScreen(SeatScreen):
    def rewrite(self, text: str) -> Text:
        return self._seat_text(text)

    def event(self, event: Event, after: dict[str, Any] | None = None, viewer: int | None = None) -> Text:
        return self.rewrite(event.text)

    def silent_move(self, view: dict[str, Any], seat: int, action: Action | None) -> Text | None:
        return None

    def board(self, view: dict[str, Any], width: int) -> RenderableType:
        table = Table(show_header=False, box=None, padding=(0, 1))
        table.add_column(style="bold")
        table.add_column()
        for key, value in view.items():
            text = str(value)
            table.add_row(str(key), text if len(text) <= VALUE_CHARS else text[: VALUE_CHARS - 1] + "…")
        return table

    def status(self, view: dict[str, Any]) -> Text:
        scores = view.get("scores")
        return Text(f"scores {scores}" if scores is not None else "")

    def headline(self, view: dict[str, Any], seat: int) -> Text:
        return Text.assemble(self.name(seat), " to move")

    def moves(self, state: State, seat: int) -> list[Move]:
        return [Move(action, Text(str(action))) for action in state.legal_actions()]

    def final_table(self, view: dict[str, Any]) -> RenderableType:
        """The scores and winners, when the view names them as most games' views do."""
        scores, winners = view.get("scores"), set(view.get("winners") or ())
        if not isinstance(scores, list):
            return self.board(view, 80)
        table = Table(title="Final scores", title_justify="left", padding=(0, 1))
        table.add_column("player")
        table.add_column("score", justify="right")
        for seat, score in enumerate(scores):
            label = self.name(seat)
            table.add_row(
                Text.assemble(("★ ", "bold yellow"), label) if seat in winners else label, str(score)
            )
        return Group(table)

    def help(self) -> RenderableType:
        return Text("This game has no screen of its own: the board is its view, a move its text form.")
