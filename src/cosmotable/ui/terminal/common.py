"""Terminal plumbing shared by every game's screen: consoles, seats, line input, record files.

Nothing here knows a game's rules; game screens (`games/mlem/screen.py`) draw from `state.view(seat)`.
"""

from __future__ import annotations

import json
import os
import re
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console, RenderableType
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    ProgressColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from cosmotable.engine import Action, GameRecord, State

#: Seat colours, as in the box: (colour name, one-letter tag, Rich style).
SEAT_COLOURS: tuple[tuple[str, str, str], ...] = (
    ("red", "R", "bold red"),
    ("blue", "B", "bold bright_blue"),
    ("yellow", "Y", "bold yellow"),
    ("green", "G", "bold green"),
    ("purple", "P", "bold magenta"),
)
#: Bots get cat names (the astronauts of MLEM are cats).
BOT_NAMES = ("Felix", "Luna", "Oscar", "Misty", "Tiger")

#: Width used when output is not a terminal (pipes, files, tests) and COLUMNS is not set.
NON_TTY_WIDTH = 120


@dataclass
class Seat:
    """Who sits at one seat: a person (hot-seat) or a bot."""

    seat: int
    name: str
    kind: str = "human"  # "human", or the bot's name ("heuristic", "random")
    bot: Any = None

    @property
    def is_human(self) -> bool:
        return self.kind == "human"

    @property
    def colour(self) -> str:
        return SEAT_COLOURS[self.seat % len(SEAT_COLOURS)][0]

    @property
    def letter(self) -> str:
        return SEAT_COLOURS[self.seat % len(SEAT_COLOURS)][1]

    @property
    def style(self) -> str:
        return SEAT_COLOURS[self.seat % len(SEAT_COLOURS)][2]

    def tag(self) -> Text:
        """The one-letter marker used on the mat (R, B, Y, G, P)."""
        return Text(self.letter, style=self.style)

    def label(self) -> Text:
        """The name in the seat's colour."""
        return Text(self.name, style=self.style)

    def long_label(self) -> Text:
        """`Felix (B, heuristic bot)` / `Ann (R)`."""
        kind = "" if self.is_human else f", {self.kind} bot"
        return Text.assemble(self.label(), (f" ({self.letter}{kind})", "dim"))

    def short_label(self) -> Text:
        """`Felix (B, bot)` / `Ann (R)`."""
        kind = "" if self.is_human else ", bot"
        return Text.assemble(self.label(), (f" ({self.letter}{kind})", "dim"))

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "name": self.name, "kind": self.kind}


@dataclass
class Move:
    """A legal move as a menu entry: its plain-English gloss and, for long menus, a heading shared
    by similar moves (`group`) with a short remainder (`brief`). `confirm`: why the player is asked
    "are you sure?" before it is played (a move that cannot be taken back), else None. `path`: the
    steps a long menu reaches it by, when its own words are not good steps (Planet's 51 obelisk
    peeks: area and row, then the cell; `menu.py` cuts the move's text at spaces otherwise)."""

    action: Action
    gloss: Text
    group: Text | None = None
    brief: Text | None = None
    confirm: str | None = None
    path: tuple[str, ...] | None = None


def make_seats(
    num_players: int,
    num_bots: int,
    names: Sequence[str] = (),
    bot_kind: str = "heuristic",
    make_bot: Callable[[str, int], Any] | None = None,
    seed: int = 0,
) -> list[Seat]:
    """Seats 0..humans-1 are people (named from `names`, else Player 1, 2...); the rest are bots."""
    humans = num_players - num_bots
    seats = []
    for seat in range(num_players):
        if seat < humans:
            name = names[seat] if seat < len(names) else f"Player {seat + 1}"
            seats.append(Seat(seat, name))
        else:
            bot = make_bot(bot_kind, seed * 1000 + seat) if make_bot else None
            seats.append(Seat(seat, BOT_NAMES[(seat - humans) % len(BOT_NAMES)], bot_kind, bot))
    return seats


def seats_from_record_file(path: str | Path, num_players: int) -> list[Seat]:
    """Names saved beside a record by `play` ("players" is outside the digest); else Seat 0, 1..."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        players = data.get("players")
        if isinstance(players, list) and len(players) == num_players:
            seats = []
            for seat, entry in enumerate(players):
                name, kind = entry.get("name"), entry.get("kind", "human")
                if not isinstance(name, str) or not name.strip() or not isinstance(kind, str):
                    raise ValueError
                seats.append(Seat(seat, name.strip()[:24], kind))
            return seats
    except (OSError, ValueError, AttributeError):
        pass
    return [Seat(seat, f"Seat {seat}") for seat in range(num_players)]


class ScoreTable(Table):
    """The game-over table, fitted to the width it is drawn at: Rich shrank every column alike, so at
    80 columns the headings were cut ('moo… goa… pla…') and the names wrapped over four lines
    (issue #48). Here a score column is as wide as its longest heading word or value (a
    heading of two words takes two lines), the player column gets the rest (a name cut with '…'
    only when even that is too narrow), and the cells lose their padding when that gives the
    names room."""

    def __rich_console__(self, console, options):
        scores = self.columns[1:]
        for column in scores:
            words = [len(word) for word in str(column.header).split()]
            cells = [
                Text.from_markup(c).cell_len if isinstance(c, str) else len(str(c)) for c in column._cells
            ]
            column.width = max([*words, *cells, 1])
        rules = len(self.columns) + 1
        need = sum(column.width or 0 for column in scores) + rules
        padding = 2  # a space each side of every cell
        if options.max_width - need - padding * len(self.columns) < NAME_ROOM:
            self.padding, padding = (0, 0), 0
        self.columns[0].max_width = max(options.max_width - need - padding * len(self.columns), 8)
        yield from super().__rich_console__(console, options)


#: the width the names need in the game-over table before its cells give up their padding
NAME_ROOM = 16


# ------------------------------------------------------------------------------ console and input
def make_console(stderr: bool = False) -> Console:
    """A console that keeps a readable width when the output is not a terminal."""
    console = Console(stderr=stderr, highlight=False, emoji=False)
    if not console.is_terminal and not os.environ.get("COLUMNS"):
        console = Console(stderr=stderr, highlight=False, emoji=False, width=NON_TTY_WIDTH)
    return console


#: piped input is echoed up to this many characters
ECHO_LIMIT = 200


class LineReader:
    """Reads one line per prompt from stdin, terminal or not. `None` means end of input (EOF)."""

    def __init__(self, console: Console):
        self.console = console

    def read(self, prompt: Text | str) -> str | None:
        self.console.print(prompt, end="")
        stdin = sys.stdin
        interactive = False
        try:
            interactive = stdin.isatty()
        except (AttributeError, ValueError):
            pass
        if interactive:
            try:
                return input()
            except EOFError:
                self.console.print()
                return None
        line = stdin.readline()
        if not line:
            self.console.print()
            return None
        line = line.rstrip("\r\n")
        # Echo piped input so a transcript reads like the session it was (a very long line cut:
        # the refusal that follows says how long it was).
        self.console.print(Text(line if len(line) <= ECHO_LIMIT else line[:ECHO_LIMIT] + "…"))
        return line


def seat_rewriter(seats: Sequence[Seat]) -> Callable[[str], Text]:
    """Turn engine text ("seat 2 boards ...") into Text with each seat's name in its colour."""
    pattern = re.compile(r"\bseat (\d+)\b")

    def rewrite(text: str) -> Text:
        out = Text()
        last = 0
        for match in pattern.finditer(text):
            seat = int(match.group(1))
            out.append(text[last : match.start()])
            if 0 <= seat < len(seats):
                out.append_text(seats[seat].label())
            else:
                out.append(match.group(0))
            last = match.end()
        out.append(text[last:])
        return out

    return rewrite


# ------------------------------------------------------------------------------ record files
def default_record_path(game_id: str, seed: int, directory: str | Path = "records") -> Path:
    """records/<game>-YYYYmmdd-HHMMSS-seed<N>.json under the current directory, never overwriting."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    base = Path(directory) / f"{game_id}-{stamp}-seed{seed}.json"
    path, n = base, 2
    while path.exists():
        path = base.with_name(f"{base.stem}-{n}{base.suffix}")
        n += 1
    return path


def save_record(state: State, path: str | Path, seats: Sequence[Seat] = ()) -> Path:
    """Save the game record (engine format + digest) and, outside the digest, who sat where."""
    data = GameRecord.from_state(state).to_json()
    if seats:
        data["players"] = [seat.to_json() for seat in seats]
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    tmp.replace(path)  # atomic, like GameRecord.save
    return path


# ---------------------------------------------------------------------------- look NAME
@dataclass(frozen=True)
class LookEntry:
    """Something a player may ask about by name (`look swift`, `?crocodile`): a card, a tile, an
    ability, a token. `names` are the words it answers to; `text` comes from the game's data."""

    names: tuple[str, ...]
    title: str
    text: str
    kind: str = ""


def _key(word: str) -> str:
    """`Moon expert`, `moon_expert`, `moon-expert` -> `moonexpert`."""
    return re.sub(r"[^0-9a-zа-яёіїєґ]", "", word.lower())


def look_up(entries: Sequence[LookEntry], name: str) -> list[LookEntry]:
    """The entries `name` means: an exact name first; else every entry whose name starts with it or
    contains it (`look arrow` -> all arrows)."""
    key = _key(name)
    if not key:
        return []
    exact = [e for e in entries if any(_key(n) == key for n in e.names)]
    if exact:
        return exact
    starts = [e for e in entries if any(_key(n).startswith(key) for n in e.names)]
    if starts:
        return starts
    return [e for e in entries if any(key in _key(n) for n in e.names)]


def look_renderable(found: Sequence[LookEntry]):
    """The entries as `Title (kind): text` paragraphs."""
    out = Text()
    for i, entry in enumerate(found):
        if i:
            out.append("\n")
        out.append(entry.title, style="bold")
        if entry.kind:
            out.append(f" ({entry.kind})", style="dim")
        out.append(": " + entry.text)
    return out


class Lookable:
    """Mixed into a game's screen: `look(name)` and `look_names()` from its `look_entries()`."""

    def look_entries(self) -> list[LookEntry]:
        return []

    def look(self, name: str):
        found = look_up(self.look_entries(), name)
        return look_renderable(found) if found else None

    def look_names(self) -> list[str]:
        return [e.names[0] for e in self.look_entries()]


class SeatScreen(Lookable):
    """What every game's screen shares: the seats at the table, their names in text, and `look`."""

    def __init__(self, seats: Sequence[Seat]):
        self.seats = list(seats)
        self._seat_text = seat_rewriter(self.seats)

    def seat(self, seat: int | None) -> Seat | None:
        return self.seats[seat] if seat is not None and 0 <= seat < len(self.seats) else None

    def name(self, seat: int | None) -> Text:
        s = self.seat(seat)
        return s.label() if s else Text("?")

    # The parts of a log line and of the game-over screen that every game's screen draws alike.
    @staticmethod
    def log_line(line: Text, style: str = "") -> Text:
        """An event's log line: in its kind's style (none: as it is), after a dim bullet."""
        if style:
            line.stylize(style)
        return Text.assemble(("• ", "dim"), line)

    @staticmethod
    def score_table(headings: Sequence[str]) -> Table:
        """The game-over table's frame: "Final scores", the player column and a right-aligned column
        for each of `headings` (the score's parts, the total last)."""
        table = ScoreTable(title="Final scores", title_justify="left", box=box.HEAVY_HEAD, padding=(0, 1))
        table.add_column("player", no_wrap=True, overflow="ellipsis")
        for heading in headings:
            table.add_column(heading, justify="right")
        return table

    def winner_label(self, seat: int, winners: set[int]) -> Text:
        """A seat's full label in the game-over table, starred for a winner."""
        s = self.seat(seat)
        label = s.long_label() if s else Text(f"seat {seat}")
        return Text.assemble(("★ ", "bold yellow"), label) if seat in winners else label

    def names_text(self, seats: Sequence[int], between: str = " and ", last: str = " and ") -> Text:
        """The seats' names in a row: `between` them, `last` before the last one."""
        out = Text()
        for i, seat in enumerate(seats):
            if i:
                out.append(last if i == len(seats) - 1 else between)
            out.append_text(self.name(seat))
        return out

    @classmethod
    def rules_renderable(cls, game_id: str) -> RenderableType:
        """The game's rules as the terminal shows them (`cosmotable rules GAME`, 'rules' at a prompt):
        its rules summary, the descriptor's `summary` part. A game's screen that shows more (a list
        of the cards, a table of the astronauts) extends this."""
        from rich.markdown import Markdown

        from cosmotable.ui.rules import summary_markdown

        return Markdown(summary_markdown(game_id))


def progress_columns() -> tuple[ProgressColumn, ...]:
    """The progress bar of the long commands (arena, simulate): what runs, the bar, games done of all,
    time spent and time left."""
    return (
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
    )
