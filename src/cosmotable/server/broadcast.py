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

#: A subscriber that falls this far behind gets only the newest message (views are rebuilt from the
#: database anyway, so a skipped "changed" notice loses nothing).
QUEUE_LIMIT = 64


class Broadcaster(Protocol):
    async def publish(self, table_id: str, message: dict) -> None: ...

    def subscribe(self, table_id: str):  # -> async context manager yielding AsyncIterator[dict]
        ...

    async def close(self) -> None: ...


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
                try:
                    queue.get_nowait()
                except asyncio.QueueEmpty:
                    pass
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

    def watched_tables(self) -> list[str]:
        """The tables with at least one subscriber in this process."""
        return list(self._queues)

    async def close(self) -> None:
        self._queues.clear()


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


class RedisBroadcaster:
    """Fan-out across server processes through Redis pub/sub (`COSMOTABLE_REDIS_URL`).

    `publish` sends a change to Redis only. One listener task per process receives the changes of
    every table (a pattern subscription, so watching a table costs Redis nothing) and hands them to
    this process's websockets through a `LocalBroadcaster`: the publishing process's own sockets get
    a change by the same path as everyone else's, in the order Redis delivers it.

    When the connection to Redis is lost, the listener reconnects and then tells every table watched
    here to refresh (`step` -1, as for a seat (dis)connecting), since changes published in between
    were missed; while Redis is unreachable, a change is still delivered to this process's sockets.
    """

    def __init__(self, url: str) -> None:
        import redis.asyncio  # only a process that fans out through Redis needs the client

        self._redis = redis.asyncio.Redis.from_url(url)
        self._local = LocalBroadcaster()
        self._listener: asyncio.Task | None = None
        self._listening = asyncio.Event()

    async def publish(self, table_id: str, message: dict) -> None:
        import redis.exceptions

        try:
            await self._ensure_listener()
            await self._redis.publish(CHANNEL_PREFIX + table_id, json.dumps(message))
        except (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError) as exc:
            # the change is committed already: show it here at least; other processes' sockets
            # refresh when their listener is back (see _listen)
            log.warning(
                "Redis unreachable (%s): change of table %s shown on this process only",
                type(exc).__name__,
                table_id,
            )
            self._local.deliver(table_id, message)

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
        """Start the listener on first use (inside the server's event loop) and wait until Redis has
        confirmed its subscription, so that no change published from now on can be missed."""
        if self._listener is None or self._listener.done():
            self._listening.clear()
            self._listener = asyncio.create_task(self._listen(), name="redis-fan-out")
        if self._listening.is_set():
            return
        confirmed = asyncio.create_task(self._listening.wait())
        await asyncio.wait({confirmed, self._listener}, return_when=asyncio.FIRST_COMPLETED)
        if not confirmed.done():
            confirmed.cancel()
            self._listener.result()  # the listener could not reach Redis at all: raise why

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
                        if reconnecting:
                            for table_id in self._local.watched_tables():
                                self._local.deliver(table_id, {"table": table_id, "step": -1})
                            reconnecting = False
                    elif message["type"] == "pmessage":
                        table_id = message["channel"].decode()[len(CHANNEL_PREFIX) :]
                        self._local.deliver(table_id, json.loads(message["data"]))
            except (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError, OSError) as exc:
                if not self._listening.is_set():
                    raise  # never connected: the caller waiting in _ensure_listener reports it
                log.warning("lost the connection to Redis (%s); reconnecting", type(exc).__name__)
                reconnecting = True
                await asyncio.sleep(RECONNECT_SECONDS)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
