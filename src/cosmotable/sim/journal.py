"""Journals of long benchmark runs (`benchmarks/bot_games.py`, `benchmarks/bot_strength.py`): one JSON
line per finished game, with the version of the code that played it, appended as the game ends. A run
started again with the same journal plays only what the journal lacks, so a run of hours can be done
in pieces (stopped by Ctrl-C, a deadline, or the end of a working session) and still give one figure
- as long as every piece ran the same code: a journal written by other code is refused."""

from __future__ import annotations

import hashlib
import json
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

Record = TypeVar("Record")


class JournalError(ValueError):
    """A journal that cannot be resumed: another code's, another schedule's, or damaged."""


def code_version(root: Path) -> str:
    """The git commit of the checkout at `root`, marked with a digest of any uncommitted change to
    its src/ (the code that plays; a changed benchmark script or document does not count)."""

    def git(*args: str) -> str:
        return subprocess.run(["git", *args], cwd=root, capture_output=True, text=True, check=True).stdout

    try:
        commit = git("rev-parse", "HEAD").strip()
        changes = git("diff", "HEAD", "--", "src")
    except (OSError, subprocess.CalledProcessError):
        return "unknown (not a git checkout)"
    if changes:
        return f"{commit}+changes-{hashlib.blake2b(changes.encode(), digest_size=6).hexdigest()}"
    return commit


def read_lines(text: str, code: str, parse: Callable[[dict], Record]) -> list[Record]:
    """The records a journal holds, each parsed by `parse`. A run stopped while writing leaves its
    last line cut short: that line (no newline at its end) is left out, its game is played again.
    Any other damage, or a line written by other code (a figure must come from one version of the
    bots), is refused."""
    records = []
    lines = text.split("\n")
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
            record = parse(data)
        except (ValueError, KeyError, TypeError) as error:
            if number == len(lines):
                break  # the last line, cut short when the run was stopped
            raise JournalError(f"line {number} is not a finished game's record ({error})") from None
        if data.get("code") != code:
            raise JournalError(
                f"line {number} was written by code {data.get('code')!r}, this is {code!r}: a run's "
                "figures must come from one version of the bots; run the journal's code (a git "
                "worktree at its commit) or start a new journal"
            )
        records.append(record)
    return records


def append(path: Path, record: dict) -> None:
    """One finished game's line, written as it ends (a whole line at a time)."""
    with path.open("a", encoding="utf-8") as out:
        out.write(json.dumps(record) + "\n")
