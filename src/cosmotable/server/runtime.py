"""The running server: what the routes share (settings, the table service, fan-out, the bots), how a
change is announced once committed, its start and stop, and its background sweeps (turn timers,
bots to set going)."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import hashlib
import logging
from concurrent.futures import ThreadPoolExecutor

from cosmotable.server import clock, prometheus
from cosmotable.server.bots import BotRunner
from cosmotable.server.broadcast import Broadcaster, make_broadcaster
from cosmotable.server.chat import CHAT_BURST, CHAT_RATE, ChatMessage, ChatPost, chat_broadcast
from cosmotable.server.db import make_engine, make_sessionmaker, migrate
from cosmotable.server.errors import ApiError, database_unavailable, is_database_outage
from cosmotable.server.limits import SIGN_IN_BURST, SIGN_IN_RATE, RateLimiter, retry_after
from cosmotable.server.metrics import GcPauses, LoopLag
from cosmotable.server.service import Change, TableService
from cosmotable.server.settings import Settings

#: Argon2 computations at once per process: each takes 64 MiB and most of a core for a tenth of a
#: second or more, so a burst of sign-ins waits here instead of filling the worker threads the
#: tables' calls need (and the memory)
HASHING_AT_ONCE = 2

log = logging.getLogger("cosmotable.server")
#: threads for the table service's calls
THREADS = 16
#: allocations between collections of the youngest generation (Python's default: 700)
GC_YOUNG = 10_000
#: the seconds between sweeps for tables whose bots should be playing (after a restart or a failure)
BOT_SWEEP_SECONDS = 5.0


class Server:
    """What the routes share: settings, the table service, fan-out and the bots."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self.engine = make_engine(settings.database_url)
        self.read_engine = (
            make_engine(settings.database_url, writer=False)
            if settings.database_url.startswith("sqlite")
            else self.engine
        )
        sqlite = settings.database_url.startswith("sqlite")
        if settings.table_seed is not None:
            # Whoever knows the seed knows every deck order and face-down tile: said loudly, so that
            # a test setting that found its way into a real deployment shows in the first log lines.
            log.warning(
                "COSMOTABLE_TABLE_SEED is set: every new table is dealt with the same known seed."
                " For tests only; unset it wherever people play."
            )
        self.service = TableService(
            make_sessionmaker(self.engine),
            make_sessionmaker(self.read_engine),
            one_writer=sqlite,
            secret_key=settings.secret_key,
            table_seed=settings.table_seed,
        )
        self.broadcaster: Broadcaster = make_broadcaster(settings)
        self.bots = BotRunner(self.service, self.announce, settings.bot_workers)
        #: per-client request limits (None: off)
        self.limiter = (
            RateLimiter(settings.rate_limit, settings.rate_burst) if settings.rate_limit > 0 else None
        )
        #: sign-in and sign-up attempts per name and per address (always on: account_routes.py)
        self.sign_in_attempts = RateLimiter(SIGN_IN_RATE, SIGN_IN_BURST)
        #: Argon2 computations at once in this process (account_routes.py)
        self.hashing = asyncio.Semaphore(HASHING_AT_ONCE)
        #: chat messages per seat (its token) or spectator connection, in this process (chat.py)
        self.chat_limiter = RateLimiter(CHAT_RATE, CHAT_BURST)
        self._background: list[asyncio.Task] = []
        self.loop_lag = LoopLag()
        self.gc_pauses = GcPauses()
        self.metrics = prometheus.instruments()
        self._gc_threshold = gc.get_threshold()

    async def call(self, fn, *args):
        """Run a service call in a worker thread. A database that cannot be reached is a 503 (the
        call's transaction did not commit: nothing changed); the engine's pool reconnects by itself
        once the database is back (pool_pre_ping), so the server needs no restart."""
        try:
            return await asyncio.to_thread(fn, *args)
        except Exception as exc:
            if is_database_outage(exc):
                log.warning(
                    "database unavailable during %s: %s", getattr(fn, "__name__", fn), type(exc).__name__
                )
                raise database_unavailable() from None
            raise

    async def change(self, fn, *args):
        """Run a service call that changes a table (it returns (result, change)), announce the
        change once committed, and return the result."""
        result, change = await self.call(fn, *args)
        await self.announce(change)
        return result

    async def act(self, table_id: str, token: str | None, action, client_action_id: str):
        """A seat's decision (HTTP or websocket), counted once applied."""
        result = await self.change(self.service.act, table_id, token, action, client_action_id)
        if result.applied:
            self.metrics.actions.labels(result.table.game).inc()
        return result

    async def chat(self, table_id: str, token: str | None, post: ChatPost, connection: str) -> ChatMessage:
        """A chat message (HTTP or websocket): rate-limited per seat token, or per spectator
        `connection` (its socket, or its address over HTTP); stored, then fanned out through the
        broadcaster as table changes are, so every process's sockets get it."""
        key = "token:" + hashlib.sha256(token.encode("utf-8", "replace")).hexdigest() if token else connection
        wait = self.chat_limiter.take(f"chat:{table_id}:{key}")
        if wait:
            raise ApiError(
                429,
                "rate_limited",
                f"at most {CHAT_BURST} chat messages at once, then one every {1 / CHAT_RATE:g} s; "
                f"retry after {retry_after(wait)} s",
                headers={"Retry-After": str(retry_after(wait))},
            )
        message, finished = await self.call(self.service.post_chat, table_id, token, post)
        await self.broadcaster.publish(table_id, chat_broadcast(table_id, message, finished))
        return message

    def export(self) -> bytes:
        """The Prometheus text of the whole server (in a worker thread: it reads every worker's files)."""
        self._update_metrics()
        return self.metrics.exposition()

    def _update_metrics(self) -> None:
        redis = self.broadcaster.status()
        prometheus.update(
            self.metrics, self.loop_lag, self.gc_pauses, bool(redis["configured"] and not redis["connected"])
        )

    async def change_announced(self, fn, *args) -> None:
        """Run a service call that returns only the Change it committed, and announce it."""
        await self.announce(await self.call(fn, *args))

    async def announce(self, change: Change | None) -> None:
        if change is None:
            return
        await self.broadcaster.publish(change.table_id, change.message())
        if change.step >= 0:  # -1: only who sits or is connected changed
            self.bots.kick(change.table_id, change.version)

    async def start(self) -> None:
        # the service's calls (database, engine) run in threads: enough of them that every seat's
        # update can be built while others wait on the database
        asyncio.get_running_loop().set_default_executor(
            ThreadPoolExecutor(THREADS, thread_name_prefix="cosmotable")
        )
        if self.settings.test_clock is not None:
            # said loudly, as the table seed is: a server on a clock of its own times turns out wrong
            log.warning(
                "COSMOTABLE_TEST_CLOCK is set: the server's time is the real time plus the seconds in %s."
                " For tests only; unset it wherever people play.",
                self.settings.test_clock,
            )
            clock.use_test_clock(self.settings.test_clock)
        await asyncio.to_thread(migrate, self.settings.database_url)
        # never raises: a Redis down at start leaves this process degraded, not failing (issue #50)
        await self.broadcaster.start()
        for table_id in await self.call(self.service.waiting_for_bots):
            self.bots.kick(table_id)
        self._background.append(asyncio.create_task(self._timers()))
        self._background.append(asyncio.create_task(self._bot_sweep()))
        self._background.append(asyncio.create_task(self.loop_lag.run()))
        self._background.append(asyncio.create_task(self._metrics_updates()))
        self.gc_pauses.install()
        # Everything made while starting (modules, the app, schemas, the games' tables: over a
        # hundred thousand objects that live as long as the process) leaves the collector's sight,
        # so a full collection walks only the tables' objects: it was the server's longest pause.
        # (No collection first: it would cost every start a full pass, and what little garbage
        # the start-up left is kept only until `stop`.)
        gc.freeze()
        self.gc_pauses.frozen_since_start()  # counted once, by the first report (metrics.GcPauses)
        # A table's state is replaced by a new one at every move and lives a few seconds: with
        # the default threshold (700 allocations) it was promoted to the oldest generation before
        # it died, and a full collection followed every ~20 s. Collecting the youngest only every
        # GC_YOUNG allocations lets most of them die young (a young collection stays a few ms).
        self._gc_threshold = gc.get_threshold()
        gc.set_threshold(GC_YOUNG, *self._gc_threshold[1:])

    async def stop(self) -> None:
        self.gc_pauses.uninstall()
        # an app stopped inside a longer-lived process (tests) leaves nothing frozen or changed
        gc.unfreeze()
        gc.set_threshold(*self._gc_threshold)
        for task in self._background:
            task.cancel()
        for task in self._background:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await self.bots.close()
        await self.broadcaster.close()
        self.engine.dispose()
        self.read_engine.dispose()
        if self.settings.test_clock is not None:
            clock.use_test_clock(None)  # the process's time is real again (a test's next server)

    async def _timers(self) -> None:
        """Hand a seat whose time ran out to the table's timeout bot."""
        while True:
            await asyncio.sleep(self.settings.timer_poll_seconds)
            try:
                for change in await self.call(self.service.expire_timers):
                    await self.announce(change)
            except ApiError as exc:  # the database is away (Server.call logged it): try again later
                log.debug("turn timer sweep skipped: %s", exc.message)
            except Exception as exc:  # keep the timers running whatever one sweep met
                log.error("turn timer sweep failed: %s", type(exc).__name__, exc_info=exc)

    async def _metrics_updates(self) -> None:
        """This process's gauges and queued samples, every second: another worker may answer the
        next scrape, and it reads what this one last wrote."""
        while True:
            try:
                await asyncio.to_thread(self._update_metrics)
            except Exception as exc:  # a failed update must not stop the next ones
                log.error("metrics update failed: %s", type(exc).__name__, exc_info=exc)
            await asyncio.sleep(prometheus.SAMPLE_SECONDS)

    async def _bot_sweep(self) -> None:
        while True:
            await asyncio.sleep(BOT_SWEEP_SECONDS)
            try:
                for table_id in await self.call(self.service.waiting_for_bots):
                    self.bots.kick(table_id)
            except ApiError as exc:  # the database is away (Server.call logged it): next sweep
                log.debug("bot sweep skipped: %s", exc.message)
            except Exception as exc:
                log.error("bot sweep failed: %s", type(exc).__name__, exc_info=exc)
