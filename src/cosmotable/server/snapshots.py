"""Each process's memory of the tables: the newest committed snapshot of recently used tables.

Each process keeps the newest committed snapshot of recently used tables (`TableSnapshot`: the row's
columns, its seats and the State) keyed by the row's version, which every committed change bumps. The
websocket pushes that follow a change are built from that snapshot without reading the database; a
read that cannot tell whether another process changed the table compares the version in the
database first (one small query), so several processes sharing PostgreSQL stay correct. Nothing is
acknowledged before its commit, so a process killed at any moment loses only its cache.

Cached states are never changed in place: a change works on a clone and then replaces the cache
entry, so reading a view needs no lock.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from datetime import datetime

from cosmotable.engine import State
from cosmotable.server.db import TableRow

#: snapshots (each with its table's state) kept in memory per process: of tables not finished ...
CACHE_SIZE = 512
#: ... and of finished tables. A finished game's snapshot holds its whole history (a few hundred
#: kilobytes of small objects for MLEM) and is rarely asked for again once its sockets saw the end:
#: kept among the others, 512 of them filled the memory for the first 512 games of a server's life
#: (+5 MiB/min in the 200-table load test) and lengthened every full garbage collection.
FINISHED_CACHE_SIZE = 16


@dataclass(frozen=True)
class SeatSnapshot:
    """A seat's columns as committed (the same names as SeatRow's)."""

    seat: int
    kind: str
    bot: str | None
    name: str | None
    token_hash: str | None = field(repr=False)
    claimed: bool
    bot_playing: bool
    bot_turn: bool = False
    timeouts: int = 0
    account_deleted: bool = False
    rematch: str | None = None


@dataclass(frozen=True)
class LastAction:
    """Who took the table's last action, and how (what undo needs to know)."""

    seat: int | None
    source: str


@dataclass(frozen=True)
class TableSnapshot:
    """A table as committed at one version: its columns (the same names as TableRow's, so
    `summary()` and `undo_refusal()` read either), its seats, its last action and its State.

    Shared between threads: never changed; the State inside is never changed in place either."""

    id: str
    version: int
    epoch: int
    game: str
    config: str
    seed: str = field(repr=False)
    status: str
    step: int
    to_act: int | None
    result: str | None
    timer_seconds: int | None
    timeout_bot: str
    timeouts_to_bot: int
    undo: bool
    coach: bool
    deadline: datetime | None
    created_at: datetime
    updated_at: datetime
    seats: tuple[SeatSnapshot, ...]
    last: LastAction | None
    state: State = field(repr=False)
    rematch: str | None = None
    rematch_of: str | None = None
    chat: bool = True
    rated: bool = False

    @classmethod
    def of(cls, row: TableRow, state: State, last: LastAction | None) -> TableSnapshot:
        seats = tuple(
            SeatSnapshot(
                s.seat,
                s.kind,
                s.bot,
                s.name,
                s.token_hash,
                s.claimed,
                s.bot_playing,
                s.bot_turn,
                s.timeouts,
                bool(s.account_deleted),
                s.rematch,
            )
            for s in row.seats
        )
        return cls(
            row.id,
            row.version,
            row.epoch,
            row.game,
            row.config,
            row.seed,
            row.status,
            row.step,
            row.to_act,
            row.result,
            row.timer_seconds,
            row.timeout_bot,
            row.timeouts_to_bot,
            row.undo,
            row.coach,
            row.deadline,
            row.created_at,
            row.updated_at,
            seats,
            last,
            state,
            rematch=row.rematch,
            rematch_of=row.rematch_of,
            chat=row.chat is not False,
            rated=bool(row.rated),
        )


class StateCache:
    """The newest known snapshot of recently used tables, least recently used out: at most `size`
    of tables not finished and `finished_size` of finished ones (`FINISHED_CACHE_SIZE`)."""

    def __init__(self, size: int = CACHE_SIZE, finished_size: int = FINISHED_CACHE_SIZE):
        self.size = size
        self.finished_size = finished_size
        self._entries: OrderedDict[str, TableSnapshot] = OrderedDict()
        self._finished: OrderedDict[str, TableSnapshot] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, table_id: str) -> TableSnapshot | None:
        with self._lock:
            for entries in (self._entries, self._finished):
                entry = entries.get(table_id)
                if entry is not None:
                    entries.move_to_end(table_id)
                    return entry
            return None

    def put(self, snapshot: TableSnapshot) -> None:
        with self._lock:
            current = self._entries.get(snapshot.id) or self._finished.get(snapshot.id)
            # never replace a newer snapshot by an older one (a read finishing after a commit): the
            # row's version only grows
            if current is not None and current.version > snapshot.version:
                return
            self._entries.pop(snapshot.id, None)
            self._finished.pop(snapshot.id, None)
            finished = snapshot.status == "finished"
            entries = self._finished if finished else self._entries
            entries[snapshot.id] = snapshot
            bound = self.finished_size if finished else self.size
            while len(entries) > bound:
                entries.popitem(last=False)

    def drop(self, table_id: str) -> None:
        with self._lock:
            self._entries.pop(table_id, None)
            self._finished.pop(table_id, None)

    def sizes(self) -> tuple[int, int]:
        """(snapshots of tables not finished, of finished tables)."""
        with self._lock:
            return len(self._entries), len(self._finished)
