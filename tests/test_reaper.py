"""tests/reaper.py: a test process killed before its finalizers ran leaves no server behind (issue #47).

A child Python process starts a throw-away PostgreSQL and Redis (tests/services.py) and a process
group of its own as a server would, then is killed with SIGKILL: no finalizer, no atexit. The
reaper it started must end the PostgreSQL daemon, Redis and the group, and remove the directories."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from process_helpers import wait_until_ended

TESTS = Path(__file__).resolve().parent

CHILD = """
import json, subprocess, sys, time
sys.path.insert(0, sys.argv[1])
import reaper, services
pg = services.start_postgres()
redis = services.start_redis()
sleeper = subprocess.Popen(["sleep", "600"], start_new_session=True)
reaper.register_group(sleeper.pid)
postmaster = int((pg.directory / "data" / "postmaster.pid").read_text().split()[0])
print(json.dumps({"pids": [postmaster, redis.process.pid, sleeper.pid],
                  "dirs": [str(pg.directory), str(redis.directory)]}), flush=True)
time.sleep(600)
"""


def test_a_killed_test_process_leaves_no_service_running():
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(TESTS)], stdout=subprocess.PIPE, text=True, start_new_session=True
    )
    try:
        assert child.stdout is not None
        started = json.loads(child.stdout.readline())
    finally:
        os.kill(child.pid, signal.SIGKILL)  # no finalizer, no atexit: only the reaper is left
        child.wait()
    wait_until_ended(started["pids"], "PostgreSQL, Redis and a process group of the killed process", 90)
    # the reaper removes the directories once the servers are gone
    deadline = time.monotonic() + 30
    while (left := [d for d in started["dirs"] if Path(d).exists()]) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not left, f"directories left: {left}"
