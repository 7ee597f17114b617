"""What a test process leaves behind, ended when the process ends, however it ends.

The throw-away PostgreSQL and Redis servers (tests/services.py) and the servers the tests start in
process groups of their own (tests/web/conftest.py, tests/server/server_helpers.py) are stopped by
their fixtures' finalizers. A run stopped half-way (Ctrl-C twice, a pytest-xdist worker killed, a
CI job cancelled) skips the finalizers: a PostgreSQL cluster, started by `pg_ctl` as a daemon, and a
server with its bot pool ran on for ever under PID 1, and their directories stayed in /tmp (issue #47).

So each test process that starts one also starts a reaper: a small child process in a session of its
own, told over a pipe what to end (`register`) and what was ended already (`forget`). It watches the
test process through a pidfd; once that process is gone (or the pipe closes), it ends whatever is
still registered: a process group killed, a PostgreSQL cluster stopped with `pg_ctl stop -m
immediate`, a directory removed. A clean run forgets each thing as its finalizer ends it.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import threading
from pathlib import Path

_reaper: subprocess.Popen | None = None
_lock = threading.Lock()


def _send(message: list) -> None:
    global _reaper
    with _lock:
        if _reaper is None or _reaper.poll() is not None:
            _reaper = subprocess.Popen(
                [sys.executable, __file__, str(os.getpid())],
                stdin=subprocess.PIPE,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,  # a Ctrl-C sent to the run's group must not end it first
                text=True,
                # not traced: coverage's subprocess patch would start in it (it runs no project code)
                env={
                    k: v
                    for k, v in os.environ.items()
                    if not k.startswith(("COV_CORE_", "COVERAGE_PROCESS_"))
                },
            )
        assert _reaper.stdin is not None
        _reaper.stdin.write(json.dumps(message) + "\n")
        _reaper.stdin.flush()


def _started(pid: int) -> str | None:
    """When process `pid` started (clock ticks after boot), or None if there is no such process."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[19]
    except (OSError, IndexError):
        return None


def register_group(pid: int) -> list:
    """End the process group led by `pid` (a process started with start_new_session) at the end."""
    return register("group", pid, _started(pid) or "")


def forget_group(pid: int) -> None:
    """The group of `register_group(pid)` was ended by its finalizer."""
    forget(["group", str(pid)])


def register(kind: str, *arguments: str | int | Path) -> list:
    """End this when the test process ends. Kinds: `group` (see `register_group`: SIGKILL to the
    group), `postgres` (pg_ctl path, data directory, then the command prefix that runs it as the test
    user), `directory` (removed). Returns the entry, for `forget`."""
    entry = [kind, *(str(a) for a in arguments)]
    _send(["register", entry])
    return entry


def forget(entry: list) -> None:
    """`entry` (or every entry it begins) was ended by its finalizer: nothing to do for it at the end."""
    _send(["forget", entry])


def _end(entry: list) -> None:
    kind, *arguments = entry
    try:
        if kind == "group":
            pid, started = arguments
            if _started(int(pid)) in (None, started):  # not a new process that took the number
                os.killpg(int(pid), signal.SIGKILL)
        elif kind == "postgres":
            pg_ctl, data, *as_user = arguments
            subprocess.run(
                [*as_user, pg_ctl, "stop", "-D", data, "-m", "immediate", "-w"],
                capture_output=True,
                check=False,
                timeout=60,
            )
        elif kind == "directory":
            shutil.rmtree(arguments[0], ignore_errors=True)
    except (OSError, subprocess.SubprocessError):
        pass  # already gone: the test process ended it


def _watch(pid: int) -> None:
    """The reaper's own loop: read entries until the watched process ends, then end what is left."""
    import selectors

    entries: list[list] = []
    selector = selectors.DefaultSelector()
    try:
        selector.register(os.pidfd_open(pid), selectors.EVENT_READ, "gone")
    except ProcessLookupError:
        pass  # gone already: the pipe is closed too, and ends the loop below
    selector.register(0, selectors.EVENT_READ, "pipe")
    pending = b""
    running = True
    while running:
        events = {key.data for key, _ in selector.select()}
        if "gone" in events:
            os.set_blocking(0, False)  # what it wrote before it ended is still read below
            running = False
        while True:
            try:
                chunk = os.read(0, 65536)
            except BlockingIOError:
                break
            if not chunk:  # the pipe closed: the test process is ending
                running = False
                break
            *lines, pending = (pending + chunk).split(b"\n")
            for line in lines:
                action, entry = json.loads(line)
                if action == "register":
                    entries.append(entry)
                else:
                    entries = [e for e in entries if e[: len(entry)] != entry]
            if running:
                break  # one read per wake-up while the process lives
    # the servers first, then the directories they were writing in
    for entry in sorted(entries, key=lambda e: e[0] == "directory"):
        _end(entry)


if __name__ == "__main__":
    _watch(int(sys.argv[1]))
