"""The menu of a person's moves as the play session prints it: a short one numbered, a long one a
level at a time (the tree of `menu.py`), grouped under shared headings, in columns or in pairs."""

from __future__ import annotations

from typing import Any

from rich.columns import Columns
from rich.console import Console
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from cosmotable.ui.terminal import menu
from cosmotable.ui.terminal.common import Move
from cosmotable.ui.terminal.prompt import COMPACT_HEIGHT, COMPACT_WIDTH


class MenuPrinter:
    """Prints menus on `console` (the play session is one; `screen` is its game's screen)."""

    console: Console
    screen: Any

    @property
    def one_line(self) -> bool:
        """Messages stay one line in a pipe or file (a transcript greps well); a terminal wraps them
        at word boundaries instead of cutting words at the edge."""
        return not self.console.is_terminal

    @property
    def compact(self) -> bool:
        c = self.console
        return c.width < COMPACT_WIDTH or (c.is_terminal and c.height < COMPACT_HEIGHT)

    def print_moves(
        self, moves: list[Move], prefix: tuple[str, ...] = (), nested: bool = False, pairs: bool = False
    ) -> list[menu.Entry]:
        """Print the menu (a long one one level at a time: `prefix` is the level) and return its
        numbered entries."""
        if len(moves) <= menu.TREE_AFTER and not prefix:
            entries = [menu.Entry(menu.steps(m), (m,)) for m in moves]
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
            "…" + "".join(menu.steps(m)[len(entry.prefix) :]).lstrip(" ")
            if menu.steps(m) != entry.prefix
            else str(m.action)
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
