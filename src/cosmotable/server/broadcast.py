"""Fan-out of table changes to every websocket that watches the table.

A message says only that a table changed ("table X is at step N", plus an undo notice): each
process builds every seat's view itself from the database, so nothing secret crosses a process
boundary. `LocalBroadcaster` serves one process; `make_broadcaster(settings)` picks the
implementation (Redis pub/sub when `COSMOTABLE_REDIS_URL` is set, for several processes).
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Protocol

from cosmotable.server.settings import Settings

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

    async def close(self) -> None:
        self._queues.clear()


async def _drain(queue: asyncio.Queue) -> AsyncIterator[dict]:
    while True:
        yield await queue.get()


def make_broadcaster(settings: Settings) -> Broadcaster:
    """The broadcaster for these settings: in-process unless a Redis URL is configured."""
    if settings.redis_url:
        raise NotImplementedError(
            "COSMOTABLE_REDIS_URL is set but Redis fan-out is not available in this build; "
            "unset it to run a single server process"
        )
    return LocalBroadcaster()
