"""The server's clock: every time the server stores or compares (turn deadlines, the times of actions,
session expiry) comes from `now()`.

It is the real UTC time, unless the server was started with a test clock (`Settings.test_clock`,
COSMOTABLE_TEST_CLOCK): a file holding a number of seconds added to the real time. A test of a
turn-based table (24 hours a move) writes "86400" there and the server lives on the next day at once,
in every process that shares the file and across restarts, without anyone waiting a day. The file is
read at every call, so a change is seen at once (only tests set it: the cost is theirs).
"""

from __future__ import annotations

import math
import os
import threading
from datetime import UTC, datetime, timedelta
from pathlib import Path


class TestClock:
    """The real time plus the offset in seconds written in `path` (a missing file: no offset)."""

    __test__ = False  # not a pytest test class, whatever its name

    def __init__(self, path: Path | str):
        self.path = Path(path)
        self._lock = threading.Lock()

    def offset(self) -> float:
        try:
            text = self.path.read_text(encoding="utf-8").strip()
        except FileNotFoundError:
            return 0.0
        return parse_offset(text or "0", self.path)

    def now(self) -> datetime:
        return datetime.now(UTC) + timedelta(seconds=self.offset())

    def advance(self, seconds: float) -> None:
        """Move the clock on by `seconds` (written whole: no process ever reads half a number)."""
        with self._lock:
            tmp = self.path.with_name(self.path.name + f".{os.getpid()}.tmp")
            tmp.write_text(f"{self.offset() + seconds}\n", encoding="utf-8")
            tmp.replace(self.path)


def parse_offset(text: str, path: Path | str) -> float:
    """The offset a test clock file holds: seconds, a finite number."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value):
        raise ValueError(
            f"the test clock {path} must hold a number of seconds to add to the time, got {text!r}"
        )
    return value


_clock: TestClock | None = None


def now() -> datetime:
    """The server's time now (UTC, aware)."""
    clock = _clock
    return datetime.now(UTC) if clock is None else clock.now()


def now_text() -> str:
    """The server's time as the client is told it (ISO 8601, UTC, to the millisecond)."""
    return now().isoformat(timespec="milliseconds")


def use_test_clock(path: Path | str | None) -> None:
    """Make `now()` the test clock kept in `path` (None: the real time again). The clock is the
    process's: a server sets it at its start and gives it back at its stop."""
    global _clock
    if path is None:
        _clock = None
        return
    clock = TestClock(path)
    clock.offset()  # a file that holds no number fails now, at start-up, not at the first move
    _clock = clock
