"""What the server measures about itself, for `GET /api/metrics` and benchmarks/server_load.py.

* Event-loop lag: a task asks to wake every `LoopLag.interval` seconds and records how late it
  woke. Lateness is time the loop could not run anything: a blocking call on the loop, a long
  stretch of Python holding the interpreter, a garbage-collector pause. The longest lag is the
  longest any websocket message or request waited for a loop already due to serve it.
* Garbage-collector pauses: `gc.callbacks` time every collection, per generation (CPython stops
  every thread while it collects, so a long one is a stall of the whole server).

Both keep counters and a bounded window of recent samples (their memory does not grow with the
run), and queue each sample for the Prometheus histograms (`pending`, emptied every second by
prometheus.py: a collector callback must not take the library's lock, which the collected thread
may hold). Nothing here names a table, a seat or a token.

With the server started under `PYTHONTRACEMALLOC=1` (an operator's debugging switch: it slows the
server down), `GET /api/metrics?allocations=25` also lists the source lines holding the most memory
(`top_allocations`): two reports minutes apart show what grows.
"""

from __future__ import annotations

import asyncio
import collections
import gc
import os
import time
import tracemalloc
from typing import Any

#: seconds between the lag monitor's wake-ups (the lag it cannot see is at most this)
LAG_INTERVAL = 0.05
#: recent lag samples kept for the percentiles: one minute at LAG_INTERVAL
LAG_WINDOW = 1200
#: recent collections kept per generation for the percentiles
GC_WINDOW = 512
#: samples waiting for the Prometheus histograms (a few seconds' worth; the oldest go first if nobody
#: takes them)
PENDING = 4096


def _percentile(values: list[float], fraction: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


class LoopLag:
    """How late the event loop wakes a task that sleeps `interval` seconds."""

    def __init__(self, interval: float = LAG_INTERVAL, window: int = LAG_WINDOW):
        self.interval = interval
        self.samples = 0
        self.longest = 0.0
        self.over_50ms = 0
        self.recent: collections.deque[float] = collections.deque(maxlen=window)
        self.pending: collections.deque[float] = collections.deque(maxlen=PENDING)

    def record(self, lag: float) -> None:
        lag = max(0.0, lag)
        self.samples += 1
        self.longest = max(self.longest, lag)
        self.over_50ms += lag > 0.05
        self.recent.append(lag)
        self.pending.append(lag)

    async def run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            asked = loop.time()
            await asyncio.sleep(self.interval)
            self.record(loop.time() - asked - self.interval)

    def report(self) -> dict[str, Any]:
        recent = list(self.recent)
        return {
            "interval_ms": round(1000 * self.interval, 1),
            "samples": self.samples,
            "max_ms": round(1000 * self.longest, 1),
            "over_50ms": self.over_50ms,
            "recent_samples": len(recent),
            "recent_p99_ms": round(1000 * _percentile(recent, 0.99), 1),
            "recent_max_ms": round(1000 * max(recent, default=0.0), 1),
        }


class GcPauses:
    """The duration of every garbage collection, per generation (installed in `gc.callbacks`)."""

    def __init__(self, window: int = GC_WINDOW):
        self.count = [0, 0, 0]
        self.total = [0.0, 0.0, 0.0]
        self.longest = [0.0, 0.0, 0.0]
        self.recent: list[collections.deque[float]] = [collections.deque(maxlen=window) for _ in range(3)]
        #: (generation, seconds) of each collection (deque appends are atomic: any thread may collect)
        self.pending: collections.deque[tuple[int, float]] = collections.deque(maxlen=PENDING)
        #: objects frozen at start-up: counted by the first report after the start and kept
        #: (`frozen_since_start`). `gc.get_freeze_count()` walks them all, ~90 ms for 80,000 on the
        #: busy test machine, on the event loop: once, not at every report (server_load.py asks
        #: every 5 s), and not at the start, which the tests make about once a test (a test process
        #: holds millions of objects: 0.05-0.1 s of CPU a start)
        self.frozen_objects: int | None = 0
        self._started = 0.0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._started = time.perf_counter()
            return
        generation = info.get("generation", 2)
        pause = time.perf_counter() - self._started
        self.count[generation] += 1
        self.total[generation] += pause
        self.longest[generation] = max(self.longest[generation], pause)
        self.recent[generation].append(pause)
        self.pending.append((generation, pause))

    def install(self) -> None:
        if self not in gc.callbacks:
            gc.callbacks.append(self)

    def uninstall(self) -> None:
        if self in gc.callbacks:
            gc.callbacks.remove(self)

    def frozen_since_start(self) -> None:
        """The server froze its start-up's objects: count them at the next report."""
        self.frozen_objects = None

    def report(self) -> dict[str, Any]:
        if self.frozen_objects is None:
            self.frozen_objects = gc.get_freeze_count()
        return {
            "thresholds": list(gc.get_threshold()),
            "frozen_objects": self.frozen_objects,
            "generations": [
                {
                    "generation": g,
                    "collections": self.count[g],
                    "total_ms": round(1000 * self.total[g], 1),
                    "max_ms": round(1000 * self.longest[g], 1),
                    "recent_p99_ms": round(1000 * _percentile(list(self.recent[g]), 0.99), 1),
                }
                for g in range(3)
            ],
        }


def resident_mib() -> float | None:
    """This process's resident memory (Linux /proc; None elsewhere)."""
    try:
        with open("/proc/self/statm") as statm:
            pages = int(statm.read().split()[1])
    except (OSError, ValueError, IndexError):
        return None
    return round(pages * os.sysconf("SC_PAGE_SIZE") / 2**20, 1)


def top_allocations(limit: int) -> list[dict[str, Any]] | None:
    """The source lines holding the most memory now, when tracemalloc is tracing (else None)."""
    if not tracemalloc.is_tracing():
        return None
    statistics = tracemalloc.take_snapshot().statistics("lineno")
    return [
        {"where": str(stat.traceback[0]), "kib": round(stat.size / 1024, 1), "blocks": stat.count}
        for stat in statistics[:limit]
    ]
