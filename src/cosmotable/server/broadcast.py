"""Fan-out of table changes to every websocket that watches the table.

A message says only that a table changed ("table X is at step N", plus an undo notice): each
process builds every seat's view itself from the database, so nothing secret crosses a process
boundary. `LocalBroadcaster` serves one process; `make_broadcaster(settings)` picks the
implementation (Redis pub/sub when `COSMOTABLE_REDIS_URL` is set, for several processes).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections import defaultdict
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Protocol

from cosmotable.server.settings import Settings

log = logging.getLogger("cosmotable.server")

#: A subscriber that falls this far behind has its waiting change notices merged into one (views are
#: rebuilt from the database anyway, so a skipped "changed" notice loses nothing); its chat messages
#: are kept, since nothing could rebuild them (see `_make_room`).
QUEUE_LIMIT = 64


class Broadcaster(Protocol):
    async def publish(self, table_id: str, message: dict) -> None: ...

    def subscribe(self, table_id: str):  # -> async context manager yielding AsyncIterator[dict]
        ...

    async def close(self) -> None: ...

    async def start(self) -> None: ...

    def status(self) -> dict: ...


class LocalBroadcaster:
    """In-process fan-out: one asyncio queue per subscriber."""

    def __init__(self) -> None:
        self._queues: dict[str, set[asyncio.Queue]] = defaultdict(set)

    async def publish(self, table_id: str, message: dict) -> None:
        self.deliver(table_id, message)

    def deliver(self, table_id: str, message: dict) -> None:
        """Hand `message` to this process's subscribers of `table_id` (used by other
        broadcasters for messages that arrive from elsewhere)."""
        for queue in list(self._queues.get(table_id, ())):
            if queue.full():
                _make_room(queue)
            queue.put_nowait(message)

    @asynccontextmanager
    async def subscribe(self, table_id: str) -> AsyncIterator[AsyncIterator[dict]]:
        queue: asyncio.Queue = asyncio.Queue(QUEUE_LIMIT)
        self._queues[table_id].add(queue)
        try:
            yield _drain(queue)
        finally:
            subscribers = self._queues.get(table_id)
            if subscribers is not None:
                subscribers.discard(queue)
                if not subscribers:
                    del self._queues[table_id]

    def subscribers(self, table_id: str) -> int:
        return len(self._queues.get(table_id, ()))

    async def start(self) -> None:
        """Nothing to connect to (the Protocol's start, for `RedisBroadcaster`)."""

    def status(self) -> dict:
        """For the health check: one process needs no Redis."""
        return {"configured": False, "connected": None, "error": None}

    def watched_tables(self) -> list[str]:
        """The tables with at least one subscriber in this process."""
        return list(self._queues)

    async def close(self) -> None:
        self._queues.clear()


def _make_room(queue: asyncio.Queue) -> None:
    """Room for one more message in a slow subscriber's full queue, losing no chat.

    A table change only says "rebuild your view from the snapshot", so the waiting changes merge into
    their newest (which carries the newest version), keeping an undo notice or a deletion among them:
    the socket then sends the log whole, or closes. A chat message is text that exists nowhere else
    on its way to this socket, so it stays, in order (dropping the oldest message, as before, lost
    chat when a socket fell 64 changes behind: a loaded two-process run showed it). Only a queue
    that holds chat and nothing else loses its oldest message."""
    waiting = [queue.get_nowait() for _ in range(queue.qsize())]
    chat = [message for message in waiting if "chat" in message]
    changes = [message for message in waiting if "chat" not in message]
    if changes:
        merged = dict(changes[-1])
        for earlier in reversed(changes[:-1]):
            for key in ("undo", "deleted"):
                if key in earlier and key not in merged:
                    merged[key] = earlier[key]
        chat.append(merged)
    for message in chat[-(queue.maxsize - 1) :]:
        queue.put_nowait(message)


async def _drain(queue: asyncio.Queue) -> AsyncIterator[dict]:
    while True:
        yield await queue.get()


def make_broadcaster(settings: Settings) -> Broadcaster:
    """The broadcaster for these settings: in-process unless a Redis URL is configured."""
    if settings.redis_url:
        return RedisBroadcaster(settings.redis_url)
    return LocalBroadcaster()


#: The Redis channel of one table's changes is CHANNEL_PREFIX + table id.
CHANNEL_PREFIX = "cosmotable:table:"
#: Seconds between attempts to reach Redis again after the connection was lost.
RECONNECT_SECONDS = 0.5
#: Seconds a connection attempt to Redis may take (a host that drops packets, not only a refused port).
CONNECT_TIMEOUT_SECONDS = 2.0


class RedisBroadcaster:
    """Fan-out across server processes through Redis pub/sub (`COSMOTABLE_REDIS_URL`).

    `publish` sends a change to Redis only. One listener task per process receives the changes of
    every table (a pattern subscription, so watching a table costs Redis nothing) and hands them to
    this process's websockets through a `LocalBroadcaster`: the publishing process's own sockets get
    a change by the same path as everyone else's, in the order Redis delivers it.

    While Redis is unreachable (lost, or never reached since this process started) the process is
    *degraded*, not broken: a change is still delivered to this process's sockets, the listener
    keeps trying every RECONNECT_SECONDS, and once subscribed again it tells every table watched
    here to refresh (`step` -1, as for a seat (dis)connecting), since changes published elsewhere
    in between were missed. `status()` says which (the health check reports it).
    """

    def __init__(self, url: str) -> None:
        import redis.asyncio  # only a process that fans out through Redis needs the client

        # a bounded connect: an unreachable host (not just a refused port) must not hold a move's
        # publish or a socket's subscribe for the OS's minutes-long connect timeout
        self._redis = redis.asyncio.Redis.from_url(
            url, socket_connect_timeout=CONNECT_TIMEOUT_SECONDS, socket_timeout=None
        )
        self._local = LocalBroadcaster()
        self._listener: asyncio.Task | None = None
        #: set while the pattern subscription is confirmed by Redis (cleared when the link is lost)
        self._listening = asyncio.Event()
        #: set once the listener's first attempt has an outcome (subscribed, or failed)
        self._first_attempt = asyncio.Event()
        self._last_error: str | None = None

    async def start(self) -> None:
        """Start listening at the server's start, so that the log says at once whether Redis is
        reachable and the health check knows; never raises (an unreachable Redis is a degraded
        state that the listener leaves by itself)."""
        await self._ensure_listener()

    def status(self) -> dict:
        """For the health check: configured, connected now, and the last connection error."""
        return {
            "configured": True,
            "connected": self._listening.is_set(),
            "error": None if self._listening.is_set() else self._last_error,
        }

    async def publish(self, table_id: str, message: dict) -> None:
        import redis.exceptions

        await self._ensure_listener()
        if not self._listening.is_set():
            # this process's listener is not subscribed: its own sockets would not hear the change
            # back from Redis, so it is delivered here directly (still sent to Redis below, for the
            # processes that are subscribed; a rare double "changed" notice costs a rebuilt view)
            self._local.deliver(table_id, message)
        try:
            await self._redis.publish(CHANNEL_PREFIX + table_id, json.dumps(message))
        except (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError, OSError) as exc:
            # the change is committed already: it is shown here at least (above, or now if the
            # listener was subscribed a moment ago); other processes' sockets refresh when their
            # listener is back (see _listen)
            if self._listening.is_set():
                self._local.deliver(table_id, message)
            log.warning(
                "Redis unreachable (%s): change of table %s shown on this process only",
                type(exc).__name__,
                table_id,
            )

    @asynccontextmanager
    async def subscribe(self, table_id: str) -> AsyncIterator[AsyncIterator[dict]]:
        await self._ensure_listener()
        async with self._local.subscribe(table_id) as updates:
            yield updates

    def subscribers(self, table_id: str) -> int:
        return self._local.subscribers(table_id)

    async def close(self) -> None:
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._listener
            self._listener = None
        await self._local.close()
        await self._redis.aclose()

    async def _ensure_listener(self) -> None:
        """Start the listener on first use (inside the server's event loop) and wait for the outcome
        of its first attempt: when Redis is reachable, no change published from now on can be missed;
        when it is not, the caller goes on degraded (issue #50: a worker started during an outage
        raised the connection error into every websocket until Redis was back)."""
        if self._listener is None or self._listener.done():
            # done: only if it ended by an unexpected error (it never returns); start it again
            if self._listener is not None and not self._listener.cancelled():
                failure = self._listener.exception()
                if failure is not None:
                    log.error("Redis listener failed: %s; restarting it", type(failure).__name__)
            self._listening.clear()
            self._listener = asyncio.create_task(self._listen(), name="redis-fan-out")
        if self._first_attempt.is_set():
            return
        outcome = asyncio.create_task(self._first_attempt.wait())
        await asyncio.wait({outcome, self._listener}, return_when=asyncio.FIRST_COMPLETED)
        if not outcome.done():
            outcome.cancel()

    async def _listen(self) -> None:
        import redis.exceptions

        reconnecting = False
        while True:
            pubsub = self._redis.pubsub()
            try:
                await pubsub.psubscribe(CHANNEL_PREFIX + "*")
                async for message in pubsub.listen():
                    if message["type"] == "psubscribe":
                        self._listening.set()
                        self._first_attempt.set()
                        if reconnecting:
                            log.info("Redis reachable again: fan-out across processes restored")
                            for table_id in self._local.watched_tables():
                                self._local.deliver(table_id, {"table": table_id, "step": -1})
                            reconnecting = False
                    elif message["type"] == "pmessage":
                        table_id = message["channel"].decode()[len(CHANNEL_PREFIX) :]
                        self._local.deliver(table_id, json.loads(message["data"]))
            except (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError, OSError) as exc:
                self._last_error = f"{type(exc).__name__}: {exc}"
                if not reconnecting:
                    # once per outage (the retries are silent): the state, and what still works
                    log.warning(
                        "Redis unreachable (%s): DEGRADED, updates reach this process's sockets "
                        "only; retrying every %.1f s",
                        self._last_error,
                        RECONNECT_SECONDS,
                    )
                self._listening.clear()
                self._first_attempt.set()
                reconnecting = True
                await asyncio.sleep(RECONNECT_SECONDS)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
