"""The play session's game log: each line as each seat may see it (private lines, private additions
to public ones), and how lines are joined and repeats collapsed for the news before a prompt."""

from __future__ import annotations

from rich.text import Text


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
