"""Fan-out through Redis (`RedisBroadcaster`): a change published by one server process reaches the
websockets of every process watching that table, in order, and nothing else (issue: "Several server
processes ... fan out updates through Redis pub/sub")."""

from __future__ import annotations

import asyncio

import redis
from server_helpers import run_coroutine

import services
from cosmotable.server.broadcast import QUEUE_LIMIT, LocalBroadcaster, RedisBroadcaster, make_broadcaster
from cosmotable.server.settings import Settings

WAIT = 30.0  # stops a hung test only


async def next_message(updates) -> dict:
    return await asyncio.wait_for(anext(updates), WAIT)


def test_a_change_published_by_one_process_reaches_the_watchers_on_every_process(redis_url):
    async def scenario():
        process_a, process_b = RedisBroadcaster(redis_url), RedisBroadcaster(redis_url)
        try:
            async with (
                process_a.subscribe("t1") as on_a,
                process_b.subscribe("t1") as on_b,
                process_b.subscribe("t2") as other_table_on_b,
            ):
                for step in (1, 2, 3):
                    await process_a.publish("t1", {"table": "t1", "step": step})
                await process_b.publish("t2", {"table": "t2", "step": 9, "undo": 1})
                got_a = [await next_message(on_a) for _ in range(3)]
                got_b = [await next_message(on_b) for _ in range(3)]
                other = await next_message(other_table_on_b)
                assert process_a.subscribers("t1") == 1 and process_b.subscribers("t2") == 1
            assert process_b.subscribers("t1") == 0
        finally:
            await process_a.close()
            await process_b.close()
        return got_a, got_b, other

    got_a, got_b, other = run_coroutine(scenario())
    expected = [{"table": "t1", "step": step} for step in (1, 2, 3)]
    assert got_a == expected and got_b == expected
    assert other == {"table": "t2", "step": 9, "undo": 1}


def test_a_process_that_loses_redis_reconnects_and_tells_its_watchers_to_refresh(redis_url):
    async def scenario():
        watcher, publisher = RedisBroadcaster(redis_url), RedisBroadcaster(redis_url)
        try:
            async with watcher.subscribe("t1") as updates:
                await publisher.publish("t1", {"table": "t1", "step": 1})
                first = await next_message(updates)
                # cut every pub/sub connection, as a Redis restart or a network fault would
                with redis.Redis.from_url(redis_url) as admin:
                    assert admin.client_kill_filter(_type="pubsub") >= 1
                refresh = await next_message(updates)
                await publisher.publish("t1", {"table": "t1", "step": 2})
                after = await next_message(updates)
        finally:
            await watcher.close()
            await publisher.close()
        return first, refresh, after

    first, refresh, after = run_coroutine(scenario())
    assert first == {"table": "t1", "step": 1}
    assert refresh == {"table": "t1", "step": -1}
    assert after == {"table": "t1", "step": 2}


def test_a_process_that_starts_while_redis_is_down_serves_locally_and_catches_up_when_it_is_back():
    """Issue #50, item 3: the first connection failure used to be raised into every subscriber."""
    redis_server = services.start_redis()
    redis_server.pause()

    async def scenario():
        broadcaster, other = RedisBroadcaster(redis_server.url), None
        try:
            await broadcaster.start()  # does not raise
            assert broadcaster.status()["connected"] is False
            assert "ConnectionError" in broadcaster.status()["error"]
            async with broadcaster.subscribe("t1") as updates:
                # degraded: this process's own changes still reach its watchers
                await broadcaster.publish("t1", {"table": "t1", "step": 1})
                local = await next_message(updates)
                await asyncio.to_thread(redis_server.resume)
                refresh = await next_message(updates)  # back: told to refresh what it missed
                assert broadcaster.status() == {"configured": True, "connected": True, "error": None}
                other = RedisBroadcaster(redis_server.url)
                await other.publish("t1", {"table": "t1", "step": 2})
                remote = await next_message(updates)  # fan-out across processes again
        finally:
            await broadcaster.close()
            if other is not None:
                await other.close()
        return local, refresh, remote

    try:
        local, refresh, remote = run_coroutine(scenario())
    finally:
        redis_server.stop()
    assert local == {"table": "t1", "step": 1}
    assert refresh == {"table": "t1", "step": -1}
    assert remote == {"table": "t1", "step": 2}


def test_the_redis_url_setting_chooses_redis_fan_out(tmp_path, redis_url):
    assert isinstance(make_broadcaster(Settings(data_dir=tmp_path, redis_url=redis_url)), RedisBroadcaster)
    assert isinstance(make_broadcaster(Settings(data_dir=tmp_path)), LocalBroadcaster)


def test_a_socket_far_behind_loses_no_chat_and_still_gets_the_newest_change():
    """A subscriber that does not read gets its change notices merged when its queue is full, but
    every chat message, in order (dropping the oldest message lost chat under load)."""

    async def scenario():
        local = LocalBroadcaster()
        async with local.subscribe("t1") as updates:
            for step in range(1, 3 * QUEUE_LIMIT):
                await local.publish("t1", {"table": "t1", "step": step, "version": step})
                if step == 5:
                    await local.publish("t1", {"table": "t1", "step": 5, "undo": 1, "version": 5})
                if step % 20 == 0:
                    await local.publish("t1", {"table": "t1", "step": -1, "chat": {"text": f"c{step}"}})
            got = [await next_message(updates) for _ in range(local_waiting(local, "t1"))]
        await local.close()
        return got

    got = run_coroutine(scenario())
    assert [m["chat"]["text"] for m in got if "chat" in m] == [
        f"c{n}" for n in range(20, 3 * QUEUE_LIMIT, 20)
    ]
    changes = [m for m in got if "chat" not in m]
    assert changes[-1]["step"] == changes[-1]["version"] == 3 * QUEUE_LIMIT - 1
    assert any(m.get("undo") == 1 for m in changes), "an undo notice must survive the merge"
    assert len(got) <= QUEUE_LIMIT


def test_a_queue_of_chat_only_keeps_its_newest_messages():
    async def scenario():
        local = LocalBroadcaster()
        async with local.subscribe("t1") as updates:
            for n in range(QUEUE_LIMIT + 10):
                await local.publish("t1", {"table": "t1", "step": -1, "chat": {"text": f"c{n}"}})
            got = [await next_message(updates) for _ in range(local_waiting(local, "t1"))]
        await local.close()
        return got

    got = run_coroutine(scenario())
    assert [m["chat"]["text"] for m in got] == [f"c{n}" for n in range(10, QUEUE_LIMIT + 10)]


def local_waiting(local: LocalBroadcaster, table_id: str) -> int:
    """How many messages wait in the one subscriber queue of `table_id`."""
    (queue,) = local._queues[table_id]
    return queue.qsize()
