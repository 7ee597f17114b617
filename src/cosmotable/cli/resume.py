"""Continuing a saved game: `cosmotable play --resume FILE`, and the offer, at a terminal, to continue
the last unfinished game of the kind asked for."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.text import Text

from cosmotable.cli.common import EXIT_ERROR, EXIT_USAGE, exit_with, fail, get_game, out
from cosmotable.engine.errors import RecordError


def unfinished_records(game_id: str, directory: Path = Path("records")) -> list[Path]:
    """Saved games of `game_id` under ./records that are not over, newest first."""
    from cosmotable.engine import GameRecord

    found = []
    for path in sorted(directory.glob(f"{game_id}-*.json"), key=lambda p: p.stat().st_mtime, reverse=True):
        try:
            record = GameRecord.load(path)
            if record.game == game_id and record.actions and not record.replay().is_terminal():
                found.append(path)
        except (RecordError, OSError):
            continue  # a damaged or foreign file is not offered
    return found


def offer_unfinished(g) -> Path | None:
    """At a terminal: offer to continue the last unfinished game of this kind (Enter = a new game,
    the end of input = leave)."""
    import sys

    from cosmotable.ui.terminal.common import LineReader

    try:
        if not sys.stdin.isatty():
            return None  # a script's input is for the game it starts
    except (AttributeError, ValueError):
        return None
    unfinished = unfinished_records(g.id)
    if not unfinished:
        return None
    console = out()
    path = unfinished[0]
    answer = LineReader(console).read(
        Text.assemble(
            f"An unfinished {g.name} game is saved in ",
            (str(path), "bold"),
            ". Continue it? [y = continue, Enter = new game]: ",
        )
    )
    if answer is None:
        # Ctrl-D (end of input) leaves, as at every other question: it started a new game (issue #48)
        console.print(Text("Nothing started.", style="dim"))
        raise typer.Exit(0)
    return path if answer.strip().lower() in ("y", "yes") else None


def resume_from(
    path: Path,
    game: str | None,
    save: Path | None,
    think: float | None,
    delay: float,
    hint: bool = False,
    hint_bot: str = "normal",
) -> None:
    """`play --resume FILE`: the record's game, replayed, with its seats (bots rebuilt by kind)."""
    from cosmotable.bots import BOT_NAMES, has_learned_weights, make_bot
    from cosmotable.engine import GameRecord
    from cosmotable.ui.terminal.common import LineReader, seats_from_record_file
    from cosmotable.ui.terminal.screens import screen_for
    from cosmotable.ui.terminal.session import PlaySession

    record = GameRecord.load(path)
    if game is not None and get_game(game).id != record.game:
        raise fail(
            f"{path} is a {record.game} game, not {game}: leave out the game name with --resume", EXIT_USAGE
        )
    state = record.replay()
    if state.is_terminal():
        raise fail(f"the game in {path} is over; step through it with: cosmotable replay {path}", EXIT_ERROR)
    seats = seats_from_record_file(path, record.config.num_players)
    for seat in seats:
        if seat.is_human:
            continue
        if seat.kind not in BOT_NAMES:
            raise fail(
                f"{path}: seat {seat.seat} is a {seat.kind!r} bot, which this version does not have "
                f"(bots: {', '.join(BOT_NAMES)})",
                EXIT_USAGE,
            )
        seat.bot = make_bot(seat.kind, record.seed * 1000 + seat.seat, think=think)
    screen_for(record.game, seats)
    console = out()
    intro = [Text(f"Resumed from {path} after {len(record.actions)} actions.", style="bold")]
    if hint_bot == "learned" and not has_learned_weights(record.game):
        raise fail(
            f"the learned bot was trained for MLEM only; {record.game} has no weights for it", EXIT_USAGE
        )
    session = PlaySession(
        state, seats, console, LineReader(console), save or path, delay, intro, hint, hint_bot
    )
    exit_with(session.run())
