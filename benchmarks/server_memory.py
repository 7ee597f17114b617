"""The server's table bookkeeping alone, in one process: does its memory stay flat as games finish?

    python benchmarks/server_memory.py [--tables 8] [--minutes 3] [--no-pushes] [--tracemalloc]

Runs the app in-process (SQLite in a temporary directory, no sockets, no HTTP) and plays `--tables`
MLEM tables with random legal moves straight through `TableService.act`, building after every move
the `state` messages of both seats and of a spectator (`TableService.push`, as the websockets do;
`--no-pushes` leaves them out); a finished table is replaced by a new one. Every 30 s it prints the
resident memory before and after `malloc_trim(0)` (what the C allocator merely keeps for reuse is
not growth), the number of objects the garbage collector tracks, and what the service holds
(`TableService.sizes`). With `--tracemalloc` it ends with the source lines whose memory grew most
between the second report and the last; tracing slows the run several times and its own records
grow the process (so read the resident figures from a run without it).

It separates the tables' bookkeeping from what `server_load.py` adds (websockets, Uvicorn, worker
threads): docs/reliability.md has the figures.
"""

from __future__ import annotations

import argparse
import ctypes
import ctypes.util
import gc
import random
import tempfile
import time
import tracemalloc
import uuid
from pathlib import Path
from typing import Any

import machine
from fastapi.testclient import TestClient

from cosmotable.server import models
from cosmotable.server.app import create_app
from cosmotable.server.metrics import resident_mib
from cosmotable.server.service import TableService
from cosmotable.server.settings import Settings

REPORT_EVERY = 30.0


def trim_allocator() -> None:
    """Hand the C allocator's free memory back to the system (glibc only; elsewhere nothing)."""
    name = ctypes.util.find_library("c")
    if name:
        libc = ctypes.CDLL(name)
        if hasattr(libc, "malloc_trim"):
            libc.malloc_trim(0)


def new_table(service: TableService) -> dict[str, Any]:
    made = service.create(models.CreateTable(game="mlem", seats=[{"kind": "human"}, {"kind": "human"}]))
    table_id = made.table.id
    tokens = [link.token for link in sorted(made.seats, key=lambda link: link.seat)]
    service.start(table_id, made.host_token)
    for token in tokens:
        service.authenticate(table_id, token)  # claims the seat, as a seat's first connection does
    return {"id": table_id, "tokens": tokens, "seen": {0: 0, 1: 0, None: 0}}


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--minutes", type=float, default=3.0)
    parser.add_argument("--no-pushes", action="store_true", help="do not build the state messages")
    parser.add_argument("--tracemalloc", action="store_true", help="end with the lines that grew most")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    machine.report()
    if args.tables < 1 or args.minutes <= 0:
        parser.error("--tables must be at least 1 and --minutes above 0")
    workdir = Path(tempfile.mkdtemp(prefix="cosmotable-memory-"))
    settings = Settings(
        database_url=f"sqlite:///{workdir / 'tables.db'}",
        data_dir=workdir / "data",
        bot_workers=0,
        rate_limit=0,
    )
    app = create_app(settings)
    rng = random.Random(args.seed)
    with TestClient(app):  # runs the app's start-up (and its shutdown at the end)
        service: TableService = app.state.server.service
        tables = [new_table(service) for _ in range(args.tables)]
        if args.tracemalloc:
            tracemalloc.start(3)
        snapshots: list[tracemalloc.Snapshot] = []
        start = time.monotonic()
        next_report = start + REPORT_EVERY
        moves = games = 0
        while time.monotonic() - start < 60 * args.minutes:
            for i, table in enumerate(tables):
                snapshot = service.cache.get(table["id"])
                assert snapshot is not None  # each table here is played through this process
                state = snapshot.state
                seat = state.current_player()
                action = rng.choice(state.legal_actions())
                _result, change = service.act(
                    table["id"], table["tokens"][seat], str(action), uuid.uuid4().hex
                )
                moves += 1
                if not args.no_pushes:
                    for who in (0, 1, None):
                        _text, table["seen"][who] = service.push(
                            table["id"], who, table["seen"][who], change.version
                        )
                finished = service.cache.get(table["id"])
                if finished is not None and finished.status == "finished":
                    tables[i] = new_table(service)
                    games += 1
            if time.monotonic() >= next_report:
                next_report += REPORT_EVERY
                before = resident_mib()
                trim_allocator()
                print(
                    f"[{time.monotonic() - start:4.0f} s] resident {before} -> {resident_mib()} MiB after "
                    f"malloc_trim; {len(gc.get_objects())} objects tracked; {moves} moves, {games} games; "
                    f"holds {service.sizes()}",
                    flush=True,
                )
                if args.tracemalloc:
                    snapshots.append(tracemalloc.take_snapshot())
        if args.tracemalloc and len(snapshots) >= 3:
            print("grew most between the second report and the last:")
            for stat in snapshots[-1].compare_to(snapshots[1], "traceback")[:10]:
                print(f"  {stat.size_diff / 1024:+9.1f} KiB {stat.count_diff:+7d} blocks")
                for line in stat.traceback.format()[-6:]:
                    print(f"      {line}")


if __name__ == "__main__":
    main()
