"""The table service: the one place where the server changes a table.

Every change follows the same path: lock the table row (a row lock on PostgreSQL, the write lock on
SQLite, and the row's version checked at UPDATE on both), rebuild the state from the stored record
(or a cached state of the same record), apply through the engine, resolve chance at once, store
the new actions and commit. Only after the commit is the change acknowledged and announced, so a
crash never loses an acknowledged action nor applies one twice.

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

import builtins
import contextlib
import hashlib
import hmac
import json
import random
import secrets
import threading
from collections import Counter, OrderedDict
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from typing import Any, cast

from sqlalchemy import delete as delete_rows
from sqlalchemy import func, insert, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.orm.exc import StaleDataError

from cosmotable import games
from cosmotable.engine import ConfigError, GameConfig, IllegalAction, State
from cosmotable.server import models
from cosmotable.server.db import ActionRow, SeatRow, TableRow, UndoneActionRow, utcnow
from cosmotable.server.errors import ApiError, bad_request, conflict, forbidden, invalid_config, not_found

#: bits of the seed drawn for each table (the issue: at least 128)
SEED_BITS = 160
#: how often a change is retried when another writer changed the table first
RETRIES = 8
#: snapshots (each with its table's state) kept in memory per process: of tables not finished ...
CACHE_SIZE = 512
#: ... and of finished tables. A finished game's snapshot holds its whole history (a few hundred
#: kilobytes of small objects for MLEM) and is rarely asked for again once its sockets saw the end:
#: kept among the others, 512 of them filled the memory for the first 512 games of a server's life
#: (+5 MiB/min in the 200-table load test) and lengthened every full garbage collection.
FINISHED_CACHE_SIZE = 16
#: in-process locks serialising the changes of one table: a fixed set shared by hashing the table
#: id (a lock per table ever seen was a dict that only grew)
LOCK_STRIPES = 1024


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> str:
    """A seat or host token: 192 random bits, URL-safe."""
    return secrets.token_urlsafe(24)


def tokens_match(token: str | None, stored_hash: str | None) -> bool:
    """Constant-time comparison of a presented token with a stored hash."""
    if not token or not stored_hash:
        return False
    return hmac.compare_digest(token_hash(token), stored_hash)


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


@dataclass(frozen=True)
class BotJob:
    """A decision a bot must take: everything a worker process needs to rebuild the state."""

    table_id: str
    epoch: int
    step: int
    seat: int
    level: str
    game: str
    config: dict
    seed: int = field(repr=False)  # never in a log line, even when a job is printed
    actions: tuple[str, ...] = ()
    #: the seed of the bot's own choices: None (always, but under Settings.table_seed) a fresh
    #: secret one per decision
    bot_seed: int | None = field(default=None, repr=False)


class _Retry(Exception):
    """Another writer changed the table between our read and our write."""


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
    undo: bool
    coach: bool
    deadline: datetime | None
    created_at: datetime
    updated_at: datetime
    seats: tuple[SeatSnapshot, ...]
    last: LastAction | None
    state: State = field(repr=False)

    @classmethod
    def of(cls, row: TableRow, state: State, last: LastAction | None) -> TableSnapshot:
        seats = tuple(
            SeatSnapshot(s.seat, s.kind, s.bot, s.name, s.token_hash, s.claimed, s.bot_playing)
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
            row.undo,
            row.coach,
            row.deadline,
            row.created_at,
            row.updated_at,
            seats,
            last,
            state,
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


#: pushes kept ready to send (one per table, version, seat, seen events and connected seats)
PUSH_MEMO = 256


class TableService:
    """Tables, seats and actions over one database (thread-safe; call it from worker threads)."""

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
        #: pushes ready to send, shared by every socket of the same seat (spectators above all)
        self._pushes: OrderedDict[tuple, tuple[str, int]] = OrderedDict()
        self._pushes_lock = threading.Lock()
        #: open websockets per (table, seat) in this process (seat None: spectators)
        self.connections: Counter[tuple[str, int | None]] = Counter()

    # ------------------------------------------------------------------ reading
    def _lock(self, table_id: str) -> threading.RLock:
        # in-process: saves the database from conflicts we can see coming; the row lock and the
        # version check make it safe across processes
        return self._locks[hash(table_id) % LOCK_STRIPES]

    def sizes(self) -> dict[str, int]:
        """How much this process holds (`GET /api/metrics`): every figure is bounded."""
        cached, finished = self.cache.sizes()
        with self._pushes_lock:
            pushes = len(self._pushes)
        return {
            "snapshots": cached,
            "snapshots_bound": self.cache.size,
            "finished_snapshots": finished,
            "finished_snapshots_bound": self.cache.finished_size,
            "pushes": pushes,
            "pushes_bound": PUSH_MEMO,
            "open_sockets": sum(self.connections.values()),
        }

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
            deadline=_aware(row.deadline) if row.deadline else None,
            undo=row.undo,
            coach=row.coach,
            created_at=_aware(row.created_at),
            updated_at=_aware(row.updated_at),
            version=row.version,
            scores=result.get("scores"),
            winners=result.get("winners"),
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
        )

    def get(self, table_id: str) -> models.TableSummary:
        return self.summary(self.snapshot(table_id))

    def list(self, status: str | None, game: str | None, page: int, page_size: int) -> models.TablePage:
        with self.readers() as session:
            query = select(TableRow)
            count = select(func.count()).select_from(TableRow)
            if status:
                query = query.where(TableRow.status == status)
                count = count.where(TableRow.status == status)
            if game:
                query = query.where(TableRow.game == game)
                count = count.where(TableRow.game == game)
            total = session.scalar(count) or 0
            rows = session.scalars(
                query.order_by(TableRow.updated_at.desc(), TableRow.id)
                .offset((page - 1) * page_size)
                .limit(page_size)
            ).all()
            return models.TablePage(
                items=[self.summary(r) for r in rows], page=page, page_size=page_size, total=total
            )

    # ------------------------------------------------------------------ identity
    def seat_of(self, session: Session, row: TableRow, token: str | None) -> int:
        """The seat whose token this is (claiming it at its first use); 403 otherwise."""
        found = self._seat_for(row, token)
        seat_row = row.seats[found]
        if not seat_row.claimed:
            seat_row.claimed = True  # the link has been used: the seat is taken
        return found

    def _seat_for(self, row: TableRow | TableSnapshot, token: str | None) -> int:
        """The seat whose token this is; 403 otherwise. Every seat is compared (constant time)."""
        found = None
        for seat in row.seats:
            if tokens_match(token, seat.token_hash) and seat.kind == "human":
                found = seat.seat
        if found is None:
            raise forbidden(
                "this request needs the seat's token in the X-Seat-Token header (from the seat's link); "
                "the token given is missing or wrong"
            )
        return found

    def check_host(self, row: TableRow, host_token: str | None) -> None:
        if not tokens_match(host_token, row.host_token_hash):
            raise forbidden(
                "only the table's host may do this: send the host token you got when creating the "
                "table in the X-Host-Token header"
            )

    def authenticate(self, table_id: str, token: str | None) -> int | None:
        """None for a spectator (no token), the seat for a valid token, 403 for a wrong one."""
        snapshot = self.snapshot(table_id)  # 404 for an unknown table, token or not
        if not token:
            return None
        seat = self._seat_for(snapshot, token)
        if snapshot.seats[seat].claimed:
            return seat
        # the first use of a seat's link claims the seat: only then is anything written
        return self._change(table_id, lambda session, row: self.seat_of(session, row, token))

    def delete(self, table_id: str, host_token: str | None) -> Change:
        """The host deletes the table: its row, seats and record. Every link to it stops working and
        every socket watching it is closed (the Change announced says so)."""
        with self._lock(table_id), self._writer:
            with self.sessions.begin() as session:
                row = self._row(session, table_id, for_update=True)
                self.check_host(row, host_token)
                # explicit rather than left to ON DELETE CASCADE, which SQLite applies only with
                # its foreign_keys pragma on
                for child in (ActionRow, UndoneActionRow, SeatRow):
                    session.execute(delete_rows(child).where(child.table_id == table_id))
                session.execute(delete_rows(TableRow).where(TableRow.id == table_id))
            self.cache.drop(table_id)
        return Change(table_id, -1, deleted=True)

    # ------------------------------------------------------------------ creating tables
    def create(self, request: models.CreateTable) -> models.CreatedTable:
        try:
            game = games.get(request.game)
        except KeyError:
            raise invalid_config(
                f"game: unknown game {request.game!r}; choose one of {', '.join(games.ids())}"
            ) from None
        num_players = len(request.seats)
        seed = secrets.randbits(SEED_BITS) if self.table_seed is None else self.table_seed
        try:
            config = game.make_config(num_players, request.variants, **request.options)
            state = game.state_from_config(config, seed)
            state.resolve_chance()  # set-up shuffles and deals happen now, on the server
        except ConfigError as exc:
            raise invalid_config(f"{_config_field(str(exc))}: {exc}") from None
        except (TypeError, ValueError, KeyError, AttributeError) as exc:
            # a malformed option (a board that is not a mat, a number given as text): the game's
            # loaders raise their own errors (DataError is a ValueError); say which option
            raise invalid_config(f"options: {_one_line(exc)}") from None
        table_id = secrets.token_hex(6)
        host_token = new_token()
        now = utcnow()
        row = TableRow(
            id=table_id,
            game=game.id,
            config=json.dumps(config.to_json()),
            seed=str(seed),
            status="open",
            step=len(state.history),
            epoch=0,
            host_token_hash=token_hash(host_token),
            timer_seconds=request.timer_seconds,
            timeout_bot=request.timeout_bot,
            undo=request.undo,
            coach=request.coach,
            created_at=now,
            updated_at=now,
        )
        links: list[models.SeatLink] = []
        for number, spec in enumerate(request.seats):
            seat = SeatRow(seat=number, kind=spec.kind, name=spec.name, claimed=False, bot_playing=False)
            if spec.kind == "bot":
                seat.bot = spec.bot or "heuristic"
                seat.claimed = True
            else:
                if spec.bot is not None:
                    raise invalid_config(
                        f"seats.{number}.bot: a human seat has no bot level; use kind 'bot' for a bot seat"
                    )
                token = new_token()
                seat.token_hash = token_hash(token)
                links.append(models.SeatLink(seat=number, token=token, url=seat_url(table_id, token)))
            row.seats.append(seat)
        self._refresh(row, state)
        with self.sessions.begin() as session:
            session.add(row)
            session.flush()
            session.add_all(_action_rows(table_id, state, 0, None, "chance", None))
        self.cache.put(TableSnapshot.of(row, state, LastAction(None, "chance") if state.history else None))
        return models.CreatedTable(table=self.summary(row), host_token=host_token, seats=links)

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
                        result = change(session, row)
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
        if last is _UNKNOWN:
            cached = self.cache.get(row.id)
            if cached is not None and cached.epoch == row.epoch and cached.step == row.step:
                last = cached.last
            else:
                last = self._last_action(session, row)
        assert last is None or isinstance(last, LastAction)
        return TableSnapshot.of(row, state, last)

    def _refresh(self, row: TableRow, state: State) -> None:
        """Derived columns after a change: whose turn, the turn timer, the result."""
        for name, value in derived_columns(row, state).items():
            setattr(row, name, value)

    def start(self, table_id: str, host_token: str | None) -> tuple[models.TableSummary, Change]:
        def change(session: Session, row: TableRow):
            self.check_host(row, host_token)
            if row.status != "open":
                raise conflict(f"the table is already {row.status}; only an open table can be started")
            state = self._state(session, row)
            row.status = "running"
            self._refresh(row, state)
            return Change(row.id, row.step)

        return self._summary_and_change(table_id, change)

    def join(self, table_id: str, request: models.JoinRequest) -> models.SeatLink:
        def change(session: Session, row: TableRow):
            free = [s for s in row.seats if s.kind == "human" and not s.claimed]
            if request.seat is not None:
                if request.seat >= len(row.seats):
                    raise bad_request(f"seat: the table has seats 0-{len(row.seats) - 1}, not {request.seat}")
                free = [s for s in free if s.seat == request.seat]
                if not free:
                    raise conflict(
                        f"seat {request.seat} is not free: it is a bot's or already taken; "
                        "join another seat or leave 'seat' out"
                    )
            if not free:
                raise conflict("the table has no free seat; watch it as a spectator instead")
            seat = free[0]
            token = new_token()
            seat.token_hash = token_hash(token)  # a link shared earlier for this seat stops working
            seat.claimed = True
            if request.name is not None:
                seat.name = request.name
            row.updated_at = utcnow()
            return models.SeatLink(seat=seat.seat, token=token, url=seat_url(row.id, token))

        link = self._change(table_id, change)
        return link

    def set_seat(
        self, table_id: str, host_token: str | None, seat: int, request: models.SeatChange
    ) -> tuple[models.TableSummary, Change]:
        def change(session: Session, row: TableRow):
            self.check_host(row, host_token)
            if not 0 <= seat < len(row.seats):
                raise not_found(f"the table has seats 0-{len(row.seats) - 1}, not {seat}")
            if row.status == "finished":
                raise conflict("the game is over; seats no longer change")
            target = row.seats[seat]
            if target.kind == "bot":
                target.bot = request.bot
            elif target.claimed:
                raise conflict(f"seat {seat} is taken by a player; only a free seat can be given to a bot")
            else:
                target.kind, target.bot, target.token_hash, target.claimed = "bot", request.bot, None, True
            state = self._state(session, row)
            self._refresh(row, state)
            return Change(row.id, row.step)

        return self._summary_and_change(table_id, change)

    def leave(self, table_id: str, token: str | None) -> tuple[models.TableSummary, Change]:
        def change(session: Session, row: TableRow):
            seat = row.seats[self.seat_of(session, row, token)]
            if row.status == "open":
                # before the start the seat is simply free again (the old link stops working)
                seat.claimed, seat.token_hash, seat.name = False, None, None
            elif row.status == "running":
                seat.bot_playing = True
            else:
                raise conflict("the game is over; there is nothing to leave")
            state = self._state(session, row)
            self._refresh(row, state)
            return Change(row.id, row.step)

        return self._summary_and_change(table_id, change)

    def takeback(self, table_id: str, token: str | None) -> tuple[models.TableSummary, Change]:
        def change(session: Session, row: TableRow):
            seat = row.seats[self.seat_of(session, row, token)]
            if row.status != "running":
                raise conflict(
                    f"the table is {row.status}; a seat is taken back from a bot only during the game"
                )
            if not seat.bot_playing:
                raise conflict("no bot is playing your seat; you have it already")
            seat.bot_playing = False
            state = self._state(session, row)
            self._refresh(row, state)
            return Change(row.id, row.step)

        return self._summary_and_change(table_id, change)

    def act(
        self, table_id: str, token: str | None, action: str | dict, client_action_id: str
    ) -> tuple[models.ActionResult, Change | None]:
        """A seat's decision (the seat comes from its token)."""
        done = self._act_on_snapshot(table_id, token, action, client_action_id)
        if done is not None:
            return done

        def change(session: Session, row: TableRow):
            seat = self.seat_of(session, row, token)
            if self._seen_action(session, row.id, client_action_id):  # a retry of an action already applied
                return None
            if row.status != "running":
                raise conflict(
                    f"the table is {row.status}: actions are taken only while it runs"
                    + (" (the host starts it)" if row.status == "open" else "")
                )
            if row.seats[seat].bot_playing:
                raise conflict(
                    "a bot plays your seat since you left or ran out of time; POST /takeback to play it again"
                )
            self._apply(session, row, seat, action, "player", client_action_id)
            return Change(row.id, row.step)

        applied, snapshot = self._change_table(table_id, change)
        result = models.ActionResult(
            applied=applied is not None, step=snapshot.step, table=self.summary(snapshot)
        )
        return result, applied

    def _seen_action(self, session: Session, table_id: str, client_action_id: str) -> bool:
        """Whether an action with this client id was applied at the table already (and is still in
        its record, or was taken back by undo: either way it must not apply again)."""
        applied = session.scalar(
            select(ActionRow.index).where(
                ActionRow.table_id == table_id, ActionRow.client_action_id == client_action_id
            )
        )
        if applied is not None:
            return True
        return session.get(UndoneActionRow, (table_id, client_action_id)) is not None

    def _act_on_snapshot(
        self, table_id: str, token: str | None, action: str | dict, client_action_id: str
    ) -> tuple[models.ActionResult, Change] | None:
        """The common case of `act`, without loading the row: a claimed seat's legal decision at a
        running table whose snapshot this process holds. The decision is applied to the snapshot's
        state and written with one UPDATE that succeeds only if the row is still at the snapshot's
        version (so a change made by another process is never overwritten) and one INSERT.
        Anything else (no snapshot, a refusal, a retried client action id, another version) returns
        None, and `act` takes the full path, which gives the authoritative answer."""
        with self._lock(table_id), self._writer:
            snapshot = self.cache.get(table_id)
            if snapshot is None or snapshot.status != "running" or not token:
                return None
            seat = next(
                (s.seat for s in snapshot.seats if s.kind == "human" and tokens_match(token, s.token_hash)),
                None,
            )
            if seat is None or not snapshot.seats[seat].claimed or snapshot.seats[seat].bot_playing:
                return None
            state = snapshot.state.clone()
            before = len(state.history)
            try:
                state.apply(action, seat=seat)
            except IllegalAction:
                return None
            state.resolve_chance()  # chance never waits for a client
            added = _action_rows(table_id, state, before, seat, "player", client_action_id)
            columns = derived_columns(snapshot, state)
            with self.sessions.begin() as session:
                if self._seen_action(session, table_id, client_action_id):
                    return None
                updated = session.execute(
                    update(TableRow)
                    .where(TableRow.id == table_id, TableRow.version == snapshot.version)
                    .values(version=snapshot.version + 1, **columns)
                    .execution_options(synchronize_session=False)
                )
                if updated.rowcount != 1:
                    session.rollback()
                    self.cache.drop(table_id)  # another process changed the table
                    return None
                session.execute(insert(ActionRow), [_action_values(a) for a in added])
            fresh = replace(
                snapshot,
                version=snapshot.version + 1,
                state=state,
                last=LastAction(added[-1].seat, added[-1].source),
                **columns,
            )
            self.cache.put(fresh)
        result = models.ActionResult(applied=True, step=fresh.step, table=self.summary(fresh))
        return result, Change(table_id, fresh.step, version=fresh.version)

    def _apply(
        self, session: Session, row: TableRow, seat: int, action, source: str, client_action_id: str | None
    ) -> State:
        state = self._state(session, row).clone()
        before = len(state.history)
        try:
            state.apply(action, seat=seat)
        except IllegalAction as exc:
            raise conflict(exc.reason) from None
        state.resolve_chance()  # chance never waits for a client
        added = _action_rows(row.id, state, before, seat, source, client_action_id)
        session.add_all(added)
        self._refresh(row, state)
        session.flush()
        self._stage(row, state, LastAction(added[-1].seat, added[-1].source))
        return state

    def _stage(self, row: TableRow, state: State, last: LastAction | None | object = None) -> None:
        """Remember the state (and, when known, the last action) this transaction made; a read
        outside a change leaves nothing (its snapshot is cached by `_read_snapshot`)."""
        work = getattr(self._staged, "work", None)
        if work is None:
            return
        work.state, work.epoch = state, row.epoch
        if last is not None:
            work.last = last

    def undo(self, table_id: str, token: str | None) -> tuple[models.UndoResult, Change]:
        """Take back the seat's own last decision, if nothing (no chance, no other seat) followed."""

        def change(session: Session, row: TableRow):
            seat = self.seat_of(session, row, token)
            last = session.scalars(
                select(ActionRow)
                .where(ActionRow.table_id == row.id)
                .order_by(ActionRow.index.desc())
                .limit(1)
            ).first()
            reason = undo_refusal(row, last, seat)
            if reason or last is None:
                raise conflict(reason or "there is no decision to take back")
            session.delete(last)
            if last.client_action_id is not None:
                # The id stays acknowledged: a client retrying it after the undo must not replay it.
                session.add(UndoneActionRow(table_id=row.id, client_action_id=last.client_action_id))
            row.epoch += 1
            row.step -= 1
            self.cache.drop(row.id)
            self._staged.work.last = _UNKNOWN  # the action before it: read back for the snapshot
            session.flush()
            state = self._state(session, row)
            self._refresh(row, state)
            return Change(row.id, row.step, seat)

        undone, snapshot = self._change_table(table_id, change)
        return models.UndoResult(step=snapshot.step, table=self.summary(snapshot)), undone

    # ------------------------------------------------------------------ bots and timers
    def bot_job(self, table_id: str, version: int | None = None) -> BotJob | None:
        """The decision a bot must take at this table now, if any."""
        snapshot = self.snapshot(table_id, version)
        level = _bot_level(snapshot)
        if level is None or snapshot.to_act is None:
            return None
        return BotJob(
            snapshot.id,
            snapshot.epoch,
            snapshot.step,
            snapshot.to_act,
            level,
            snapshot.game,
            json.loads(snapshot.config),
            int(snapshot.seed),
            tuple(str(a) for a in snapshot.state.history),
            self._bot_seed(snapshot.seed, snapshot.step),
        )

    def _bot_seed(self, table_seed: str, step: int) -> int | None:
        """Under Settings.table_seed (tests only) a bot's choice at `step` follows from the table's
        seed, so that a test replays the same game; otherwise None (a secret seed per decision)."""
        if self.table_seed is None:
            return None
        return random.Random(f"{table_seed}:{step}").getrandbits(64)

    def no_bot_due(self, table_id: str, version: int | None) -> bool:
        """True when this process's snapshot shows the change `version` (or a later one) and no
        bot is to act: then the bots need not be asked at all (a table of humans only)."""
        cached = self.cache.get(table_id)
        return (
            cached is not None
            and version is not None
            and cached.version >= version
            and _bot_level(cached) is None
        )

    def bot_act(self, job: BotJob, action: str) -> Change | None:
        """Apply a bot's decision unless the table moved on while it was thinking."""

        def change(session: Session, row: TableRow):
            if row.epoch != job.epoch or row.step != job.step or row.status != "running":
                return None
            self._apply(session, row, job.seat, action, "bot", None)
            return Change(row.id, row.step)

        return self._change(job.table_id, change)

    def expire_timers(self) -> builtins.list[Change]:
        """Seats whose time ran out are handed to the table's timeout bot."""
        now = utcnow()
        with self.readers() as session:
            due = session.scalars(
                select(TableRow.id).where(TableRow.status == "running", TableRow.deadline <= now)
            ).all()
        changes = []
        for table_id in due:

            def change(session: Session, row: TableRow):
                if row.deadline is None or _aware(row.deadline) > utcnow() or row.to_act is None:
                    return None
                row.seats[row.to_act].bot_playing = True
                self._refresh(row, self._state(session, row))
                return Change(row.id, row.step)

            try:
                result = self._change(table_id, change)
            except ApiError:
                continue
            if result is not None:
                changes.append(result)
        return changes

    def waiting_for_bots(self) -> builtins.list[str]:
        """Running tables where a bot (or the timeout bot of a seat) is to act: after a restart,
        their bots must be set going again."""
        with self.readers() as session:
            return list(
                session.scalars(
                    select(TableRow.id)
                    .join(SeatRow, (SeatRow.table_id == TableRow.id) & (SeatRow.seat == TableRow.to_act))
                    .where(TableRow.status == "running", or_(SeatRow.kind == "bot", SeatRow.bot_playing))
                ).all()
            )

    # ------------------------------------------------------------------ records, replays, coach
    def record(self, table_id: str, token: str | None) -> dict:
        """The full record once the game is over; before that, the asking seat's own history."""
        from cosmotable.server.records import full_record, seat_history

        seat = self.authenticate(table_id, token)
        with self.readers() as session:
            row = self._row(session, table_id)
            if seat is not None and (reason := revocation(row, seat, token)) is not None:
                raise forbidden(reason)  # revoked since `authenticate` read the table
            state = self._state(session, row)
            players = [
                {"name": s.name or f"Seat {s.seat}", "kind": s.kind if s.kind == "human" else s.bot}
                for s in row.seats
            ]
            if row.status == "finished":
                return full_record(state, row.id, players, self.secret_key)
            return seat_history(state, row.id, row.status, seat, players)

    def finished_record(self, table_id: str):
        """The engine record of a finished table (409 while it runs: replays would show secrets)."""
        from cosmotable.engine import GameRecord

        with self.readers() as session:
            row = self._row(session, table_id)
            if row.status != "finished":
                raise conflict(f"the table is {row.status}; replays open once the game is over")
            state = self._state(session, row)
            return GameRecord.from_state(state)

    def coach_job(self, table_id: str, token: str | None) -> BotJob:
        """What the coach must think about: the asking seat's decision now. Asking identifies the
        seat without claiming it (advice changes nothing; a refused request must change nothing)."""
        snapshot = self.snapshot(table_id)  # 404 for an unknown table, token or not
        seat = self._seat_for(snapshot, token) if token else None
        with self.readers() as session:
            row = self._row(session, table_id)
            if not row.coach:
                raise conflict("the coach is off at this table (the creator chooses it with 'coach': true)")
            if seat is None:
                raise forbidden("the coach advises a seat: send its token in the X-Seat-Token header")
            if (reason := revocation(row, seat, token)) is not None:
                raise forbidden(reason)  # revoked since the snapshot above was read
            if row.status != "running" or row.to_act != seat:
                raise conflict("the coach advises on your own decision; it is not yours to take now")
            state = self._state(session, row)
            return BotJob(
                row.id,
                row.epoch,
                row.step,
                seat,
                "normal",
                row.game,
                json.loads(row.config),
                int(row.seed),
                tuple(str(a) for a in state.history),
                self._bot_seed(row.seed, row.step),
            )

    # ------------------------------------------------------------------ what a seat sees
    def seat_state(
        self,
        table_id: str,
        seat: int | None,
        since: int = 0,
        version: int | None = None,
        token: str | None = None,
    ) -> tuple[models.SeatState, int]:
        """The SeatState of `seat` (None: a spectator) with its events from `since` on, and the
        number of events it has seen in all; 403 when `token` no longer opens `seat` in the
        snapshot it is built from. `version`: see `snapshot()`."""
        snapshot = self.snapshot(table_id, version)
        if seat is not None:
            reason = revocation(snapshot, seat, token)
            if reason is not None:
                raise forbidden(reason)
        return self._seat_state(snapshot, seat, since)

    def _seat_state(
        self, snapshot: TableSnapshot, seat: int | None, since: int
    ) -> tuple[models.SeatState, int]:
        running = snapshot.status == "running"
        can_undo = (
            seat is not None
            and snapshot.undo
            and running
            and undo_refusal(snapshot, snapshot.last, seat) is None
        )
        acting = (
            seat is not None
            and running
            and snapshot.state.current_player() == seat
            and not snapshot.seats[seat].bot_playing
        )
        return build_seat_state(snapshot.state, self.summary(snapshot), seat, since, acting, can_undo)

    def push(
        self,
        table_id: str,
        seat: int | None,
        since: int,
        version: int | None = None,
        token: str | None = None,
    ) -> tuple[str, int]:
        """The `state` message for a websocket of `seat` as JSON text, and the seat's event count.
        Built once per table version, seat, events seen and connected seats, and shared by every
        socket that needs the same (all the spectators of a table).

        A seat's socket presents its `token` at every push, checked against the very snapshot the
        message is built from: a link revoked since the socket opened (the seat left or joined
        again, given to a bot, the table deleted) gets a 403 (404) instead of the seat's secrets,
        whichever process made the change."""
        snapshot = self.snapshot(table_id, version)
        if seat is not None:
            reason = revocation(snapshot, seat, token)
            if reason is not None:
                raise forbidden(reason)
        connected = tuple(self.connections[(table_id, s.seat)] > 0 for s in snapshot.seats)
        key = (table_id, snapshot.version, seat, since, connected)
        with self._pushes_lock:
            ready = self._pushes.get(key)
        if ready is not None:
            return ready
        state, total = self._seat_state(snapshot, seat, since)
        ready = ('{"type":"state",' + state.model_dump_json(by_alias=True)[1:], total)
        with self._pushes_lock:
            self._pushes[key] = ready
            while len(self._pushes) > PUSH_MEMO:
                self._pushes.popitem(last=False)
        return ready

    def push_ready(self, table_id: str, version: int | None) -> bool:
        """Whether `push` can answer without the database (the snapshot shows `version`)."""
        cached = self.cache.get(table_id)
        return cached is not None and version is not None and cached.version >= version


class _Work:
    """What one change's transaction made: its newest state and the table's last action."""

    def __init__(self) -> None:
        self.state: State | None = None
        self.epoch = -1
        self.last: LastAction | None | object = _UNKNOWN


#: the last action is not known without reading it
_UNKNOWN = object()


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


def _bot_level(snapshot: TableSnapshot) -> str | None:
    """The level of the bot to act now at the table (None: no bot is to act)."""
    if snapshot.status != "running" or snapshot.to_act is None:
        return None
    seat = snapshot.seats[snapshot.to_act]
    if seat.kind == "bot":
        return seat.bot or "heuristic"
    if seat.bot_playing:
        return snapshot.timeout_bot
    return None


def _reread(read):
    """A read that met a table in the middle of a change (possible on PostgreSQL's read-committed
    isolation, when an undo replaced the last action) is simply done again."""
    for _attempt in range(RETRIES):
        try:
            return read()
        except _Retry:
            continue
    raise ApiError(503, "unavailable", "the table is changing quickly; try again in a moment")


def build_seat_state(
    state: State, summary: models.TableSummary, seat: int | None, since: int, acting: bool, can_undo: bool
) -> tuple[models.SeatState, int]:
    """Everything one seat may see, built from its own view and its own events only."""
    events = state.events_for(seat)
    since = max(0, min(since, len(events)))
    view = state.public_view() if seat is None else state.view(seat)
    legal = (
        [models.LegalAction(text=str(a), json=a.to_json()) for a in state.legal_actions()] if acting else []
    )
    out = models.SeatState(
        table=summary,
        seat=seat,
        step=len(state.history),
        view=view,
        events=[models.EventOut(index=i, **e.to_json()) for i, e in enumerate(events[since:], start=since)],
        legal_actions=legal,
        can_undo=can_undo,
    )
    return out, len(events)


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
        if seat.kind == "human" and not seat.bot_playing:
            deadline = now + timedelta(seconds=table.timer_seconds)
    return {"step": len(state.history), "updated_at": now, "to_act": to_act, "deadline": deadline}


def _action_values(row: ActionRow) -> dict[str, Any]:
    return {
        "table_id": row.table_id,
        "index": row.index,
        "text": row.text,
        "seat": row.seat,
        "source": row.source,
        "client_action_id": row.client_action_id,
        "created_at": row.created_at,
    }


def revocation(table: TableRow | TableSnapshot, seat: int, token: str | None) -> str | None:
    """Why `token` no longer opens `seat` at this table (None: it still does)."""
    holder = table.seats[seat]
    if holder.kind != "human":
        return f"seat {seat} is played by a bot now; this link no longer opens it"
    if not tokens_match(token, holder.token_hash):
        return (
            f"seat {seat}'s link was replaced (the seat was left, or joined with a new link); "
            "this link no longer opens it"
        )
    return None


def undo_refusal(row: TableRow | TableSnapshot, last: ActionRow | LastAction | None, seat: int) -> str | None:
    """Why `seat` may not take back the last action now (None: it may)."""
    if not row.undo:
        return "undo is turned off at this table"
    if row.status != "running":
        return f"the table is {row.status}; undo works only while the game runs"
    if last is None or last.source == "chance":
        return "a chance outcome followed your last decision; it cannot be taken back"
    if last.seat != seat:
        return "another seat has decided since your last decision; it cannot be taken back"
    if last.source != "player":
        return "your last decision was a bot's; only your own decisions can be taken back"
    return None


def _action_rows(
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


def seat_url(table_id: str, token: str) -> str:
    return f"/#/table/{table_id}?token={token}"


def _config_field(message: str) -> str:
    lowered = message.lower()
    if "variant" in lowered:
        return "variants"
    if "option" in lowered or any(k in lowered for k in ("board", "layout", "token", "max_turns")):
        return "options"
    if "player" in lowered:
        return "seats"
    return "options"


def _one_line(exc: Exception) -> str:
    text = " ".join(str(exc).split())
    return text[:400] or type(exc).__name__


def _aware(moment: datetime) -> datetime:
    """SQLite hands back naive datetimes; they were stored in UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


__all__ = ["BotJob", "Change", "TableService", "TableSnapshot", "build_seat_state"]
