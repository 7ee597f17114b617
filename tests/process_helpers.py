"""The processes below a process, as /proc shows them, and waiting for them to end: for the tests
that kill a process and check that nothing it started outlives it (a server's bot pool, issue #50;
a simulation's worker pool, issue #47)."""

from __future__ import annotations

import time
from pathlib import Path


def children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(c) for c in (task / "children").read_text().split()]
    return found


def descendants(pid: int) -> list[int]:
    """Every process below `pid` (children, theirs, ...), as /proc shows them now."""
    found, pending = [], [pid]
    while pending:
        try:
            below = children(pending.pop())
        except (FileNotFoundError, ProcessLookupError):
            continue  # ended while we looked
        found += below
        pending += below
    return found


def alive(pid: int) -> bool:
    """Running or sleeping: not gone, and not a zombie waiting for its reaper."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError, IndexError):
        return False
    return state != "Z"


def wait_until_ended(pids: list[int], what: str, timeout: float) -> None:
    """Return once none of `pids` is alive; fail naming those left after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        left = [pid for pid in pids if alive(pid)]
        if not left:
            return
        time.sleep(0.1)
    raise AssertionError(f"{what}: processes {left} are still running")
