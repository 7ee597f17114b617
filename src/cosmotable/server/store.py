"""The table store: reading a table (its snapshot, its summary) and the one path of every change.

Every change follows the same path: lock the table row (a row lock on PostgreSQL, the write lock on
SQLite, and the row's version checked at UPDATE on both), rebuild the state from the stored record
(or a cached state of the same record), apply through the engine, resolve chance at once, store
the new actions and commit. Only after the commit is the change acknowledged and announced, so a
crash never loses an acknowledged action nor applies one twice.

The parts of the table service (`service.py`) build on this class: each adds the changes of one kind
(lobby, play, undo, bots, timers, ...) as `change(session, row)` functions run by `_change`.
"""

from __future__ import annotations

import contextlib
import json
import secrets
import threading
from collections import Counter
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import Any, cast

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.orm.exc import StaleDataError

from cosmotable import games
from cosmotable.engine import GameConfig, State
from cosmotable.server import models
from cosmotable.server.db import ActionRow, SeatRow, TableRow, utcnow
from cosmotable.server.errors import ApiError, not_found
from cosmotable.server.snapshots import LastAction, SeatSnapshot, StateCache, TableSnapshot

#: how often a change is retried when another writer changed the table first
RETRIES = 8
#: in-process locks serialising the changes of one table: a fixed set shared by hashing the table
#: id (a lock per table ever seen was a dict that only grew)
LOCK_STRIPES = 1024


@dataclass(frozen=True)
class Change:
    """What a committed change announces: the table, its new step, an undo by a seat, and the row's
    version after the commit (None: unknown, e.g. only a websocket (dis)connected), which tells a
    process whether the snapshot it holds already shows the change."""

    table_id: str
    step: int
    undo_seat: int | None = None
    version: int | None = None
    #: the table is gone: every socket on it closes
    deleted: bool = False

    def message(self) -> dict:
        message: dict[str, Any] = {"table": self.table_id, "step": self.step}
        if self.deleted:
            message["deleted"] = True
        if self.undo_seat is not None:
            message["undo"] = self.undo_seat
        if self.version is not None:
            message["version"] = self.version
        return message


class _Retry(Exception):
    """Another writer changed the table between our read and our write."""


class TableStore:
    """Tables over one database: reading them and running changes (thread-safe; call it from
    worker threads)."""

    def __init__(
        self,
        sessions: sessionmaker,
        readers: sessionmaker | None = None,
        one_writer: bool = False,
        secret_key: str = "",
        table_seed: int | None = None,
    ):
        self.sessions = sessions  # changes
        #: signs the records handed out (never sent anywhere itself)
        self.secret_key = secret_key or secrets.token_urlsafe(32)
        #: tests only (Settings.table_seed): every new table's seed; None, a secret random one each
        self.table_seed = table_seed
        self.readers = readers or sessions  # reads only (on SQLite: no write lock)
        #: SQLite has one write lock per file: threads of this process take turns here rather than
        #: in SQLite's busy handler, which sleeps up to 100 ms between tries
        self._writer = threading.Lock() if one_writer else contextlib.nullcontext()
        self.cache = StateCache()
        # re-entrant: two tables of one stripe may be changed by one thread one inside the other
        self._locks = [threading.RLock() for _ in range(LOCK_STRIPES)]
        #: what the running transaction made (per thread); cached only after the commit
        self._staged = threading.local()
        #: open websockets per (table, seat) in this process (seat None: spectators)
        self.connections: Counter[tuple[str, int | None]] = Counter()

    # ------------------------------------------------------------------ reading
    def _lock(self, table_id: str) -> threading.RLock:
        # in-process: saves the database from conflicts we can see coming; the row lock and the
        # version check make it safe across processes
        return self._locks[hash(table_id) % LOCK_STRIPES]

    def _row(self, session: Session, table_id: str, for_update: bool = False) -> TableRow:
        query = select(TableRow).where(TableRow.id == table_id)
        if for_update:
            query = query.with_for_update()
        row = session.scalars(query).first()
        if row is None:
            raise not_found(f"no table {table_id!r}; list the tables with GET /api/tables")
        return row

    def _state(self, session: Session, row: TableRow) -> State:
        """The state after the row's record: the one made earlier in this transaction or the cached
        one, brought forward if needed, else a replay of the stored actions. The returned state is
        shared: clone it before changing it."""
        work = getattr(self._staged, "work", None)
        if (
            work is not None
            and work.state is not None
            and work.epoch == row.epoch
            and len(work.state.history) == row.step
        ):
            return work.state
        cached = self.cache.get(row.id)
        if cached is not None and cached.epoch == row.epoch and len(cached.state.history) <= row.step:
            state = cached.state
            if len(state.history) == row.step:
                return state
            state = state.clone()
            start = len(state.history)
        else:
            game = games.get(row.game)
            state = game.state_from_config(GameConfig.from_json(json.loads(row.config)), int(row.seed))
            start = 0
        texts = session.scalars(
            select(ActionRow.text)
            .where(ActionRow.table_id == row.id, ActionRow.index >= start, ActionRow.index < row.step)
            .order_by(ActionRow.index)
        ).all()
        for text in texts:
            state.apply(text)
        if len(state.history) != row.step:
            raise _Retry()  # the actions we read belong to a newer version of the row
        self._stage(row, state)
        return state

    def _last_action(self, session: Session, row: TableRow) -> LastAction | None:
        if row.step == 0:
            return None
        found = session.execute(
            select(ActionRow.seat, ActionRow.source).where(
                ActionRow.table_id == row.id, ActionRow.index == row.step - 1
            )
        ).first()
        return LastAction(found.seat, found.source) if found is not None else None

    def snapshot(self, table_id: str, version: int | None = None) -> TableSnapshot:
        """The table's newest committed snapshot. `version`: a change known to be committed (from
        its announcement); a cached snapshot at least that new is used without reading the
        database. Without it, the version in the database is compared with the cached one."""
        cached = self.cache.get(table_id)
        if cached is not None and version is not None and cached.version >= version:
            return cached
        return _reread(lambda: self._read_snapshot(table_id))

    def _read_snapshot(self, table_id: str) -> TableSnapshot:
        cached = self.cache.get(table_id)
        with self.readers() as session:
            if cached is not None:
                current = session.scalar(select(TableRow.version).where(TableRow.id == table_id))
                if current == cached.version:
                    return cached
                if current is None:  # deleted (by another process): forget it here too
                    self.cache.drop(table_id)
            row = self._row(session, table_id)
            snapshot = TableSnapshot.of(row, self._state(session, row), self._last_action(session, row))
        self.cache.put(snapshot)
        return snapshot

    def summary(self, row: TableRow | TableSnapshot) -> models.TableSummary:
        result = json.loads(row.result) if row.result else {}
        config = json.loads(row.config)
        return models.TableSummary(
            id=row.id,
            game=row.game,
            config=models.TableConfig(**config),
            status=_status(row.status),
            seats=[self._seat_info(row.id, s) for s in row.seats],
            step=row.step,
            to_act=row.to_act if row.status == "running" else None,
            timer_seconds=row.timer_seconds,
            timeouts_to_bot=row.timeouts_to_bot,
            deadline=aware(row.deadline) if row.deadline else None,
            undo=row.undo,
            coach=row.coach,
            created_at=aware(row.created_at),
            updated_at=aware(row.updated_at),
            version=row.version,
            scores=result.get("scores"),
            winners=result.get("winners"),
            rematch=row.rematch,
            rematch_of=row.rematch_of,
            chat=row.chat is not False,
            rated=bool(row.rated),
        )

    def _seat_info(self, table_id: str, seat: SeatRow | SeatSnapshot) -> models.SeatInfo:
        return models.SeatInfo(
            seat=seat.seat,
            kind="bot" if seat.kind == "bot" else "human",
            bot=seat.bot,
            name=seat.name,
            claimed=seat.claimed,
            connected=self.connections[(table_id, seat.seat)] > 0,
            bot_playing=seat.bot_playing,
            bot_turn=seat.bot_turn,
            timeouts=seat.timeouts,
            account_deleted=bool(seat.account_deleted),
            rematch=cast(Any, seat.rematch) if seat.kind == "human" else None,
        )

    # ------------------------------------------------------------------ changing tables
    def _change(self, table_id: str, change):
        """Run `change(session, row)` in a transaction on the locked row, retrying when another
        process changed the table first. Returns what `change` returns, every `Change` in it
        stamped with the committed version."""
        return self._change_table(table_id, change)[0]

    def _change_table(self, table_id: str, change) -> tuple[Any, TableSnapshot]:
        """`_change`, and the snapshot the transaction committed, from which the caller builds the
        table summary of its answer. A summary built inside the change would lack the last stamp
        of `updated_at` and the version that stamp's write gives the row, and a client orders
        summaries by version; so changes return only what changed, and the answer is built once."""
        with self._lock(table_id), self._writer:
            for _attempt in range(RETRIES):
                work = self._staged.work = _Work()
                try:
                    with self.sessions.begin() as session:
                        row = self._row(session, table_id, for_update=True)
                        was = row.status
                        result = change(session, row)
                        if row.status == "finished" and was != "finished":
                            self._finished(session, row)
                        if session.new or session.dirty or session.deleted:
                            # every committed change bumps the row's version (a seat's change
                            # alone would not), so no process keeps an outdated snapshot
                            row.updated_at = utcnow()
                            session.flush()
                        snapshot = self._snapshot(session, row, work)
                except (_Retry, StaleDataError, IntegrityError):
                    self.cache.drop(table_id)
                    continue
                finally:
                    self._staged.work = None
                self.cache.put(snapshot)  # committed: now others may see it
                return _stamped(result, snapshot.version), snapshot
            raise ApiError(503, "unavailable", "the table is busy; try again in a moment")

    def _summary_and_change(self, table_id: str, change) -> tuple[models.TableSummary, Change]:
        """A change to the table's seats or status: the committed table's summary and the Change."""
        done, snapshot = self._change_table(table_id, change)
        return self.summary(snapshot), done

    def _snapshot(self, session: Session, row: TableRow, work: _Work) -> TableSnapshot:
        """The snapshot of the row as this transaction leaves it."""
        state = self._state(session, row)
        last = work.last
        if last is UNKNOWN_LAST:
            cached = self.cache.get(row.id)
            if cached is not None and cached.epoch == row.epoch and cached.step == row.step:
                last = cached.last
            else:
                last = self._last_action(session, row)
        assert last is None or isinstance(last, LastAction)
        return TableSnapshot.of(row, state, last)

    def _finished(self, session: Session, row: TableRow) -> None:
        """The table finished in this transaction (the ratings' hook: rating_store.py)."""

    def _refresh(self, row: TableRow, state: State) -> None:
        """Derived columns after a change: whose turn, the turn timer, the result."""
        for name, value in derived_columns(row, state).items():
            setattr(row, name, value)

    def _stage(self, row: TableRow, state: State, last: LastAction | None | object = None) -> None:
        """Remember the state (and, when known, the last action) this transaction made; a read
        outside a change leaves nothing (its snapshot is cached by `_read_snapshot`)."""
        work = getattr(self._staged, "work", None)
        if work is None:
            return
        work.state, work.epoch = state, row.epoch
        if last is not None:
            work.last = last


class _Work:
    """What one change's transaction made: its newest state and the table's last action."""

    def __init__(self) -> None:
        self.state: State | None = None
        self.epoch = -1
        self.last: LastAction | None | object = UNKNOWN_LAST


#: the last action is not known without reading it
UNKNOWN_LAST = object()


def _stamped(result, version: int):
    """`result` (a Change, a tuple holding Changes, or anything else) with every Change stamped with
    the version the transaction committed."""

    def stamp(item):
        return replace(item, version=version) if isinstance(item, Change) else item

    return tuple(stamp(r) for r in result) if isinstance(result, tuple) else stamp(result)


def _status(status: str) -> models.Status:
    """A table row's status column as the API's type (the column holds nothing else)."""
    if status in ("open", "running", "finished"):
        return cast(models.Status, status)
    raise ValueError(f"unknown table status {status!r} in the database")


def _reread(read):
    """A read that met a table in the middle of a change (possible on PostgreSQL's read-committed
    isolation, when an undo replaced the last action) is simply done again."""
    for _attempt in range(RETRIES):
        try:
            return read()
        except _Retry:
            continue
    raise ApiError(503, "unavailable", "the table is changing quickly; try again in a moment")


def derived_columns(table: TableRow | TableSnapshot, state: State) -> dict[str, Any]:
    """The columns a change derives from the new state: step, whose turn, the turn timer, the
    result, the time of the change."""
    now = utcnow()
    if state.is_terminal():
        return {
            "step": len(state.history),
            "updated_at": now,
            "status": "finished",
            "to_act": None,
            "deadline": None,
            "result": json.dumps({"scores": state.scores(), "winners": state.winners()}),
        }
    player = state.current_player()
    to_act = player if player >= 0 else None
    deadline = None
    if table.status == "running" and table.timer_seconds and to_act is not None:
        seat = table.seats[to_act]
        # no clock while a bot decides for the seat (for good, or for this timed-out turn)
        if seat.kind == "human" and not seat.bot_playing and not seat.bot_turn:
            if table.deadline is not None and table.to_act == to_act and table.step == len(state.history):
                # the same decision is still due (another seat left or was given to a bot): its
                # clock runs on; a fresh period would hand a turn-based player another day
                deadline = aware(table.deadline)
            else:
                deadline = now + timedelta(seconds=table.timer_seconds)
    return {"step": len(state.history), "updated_at": now, "to_act": to_act, "deadline": deadline}


def action_values(row: ActionRow) -> dict[str, Any]:
    return {
        "table_id": row.table_id,
        "index": row.index,
        "text": row.text,
        "seat": row.seat,
        "source": row.source,
        "client_action_id": row.client_action_id,
        "created_at": row.created_at,
    }


def action_rows(
    table_id: str, state: State, start: int, seat: int | None, source: str, client_action_id: str | None
) -> list[ActionRow]:
    """Rows for the actions from `start` on: the first is `seat`'s decision, the rest chance."""
    rows = []
    now = utcnow()
    for index in range(start, len(state.history)):
        first = index == start and source != "chance"
        rows.append(
            ActionRow(
                table_id=table_id,
                index=index,
                text=str(state.history[index]),
                seat=seat if first else None,
                source=source if first else "chance",
                client_action_id=client_action_id if first else None,
                created_at=now,
            )
        )
    return rows


def aware(moment: datetime) -> datetime:
    """SQLite hands back naive datetimes; they were stored in UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
