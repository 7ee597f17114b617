"""What a server holds stays bounded however many games it has seen finish (docs/reliability.md,
memory): finished tables' snapshots are kept apart from the running ones and only a few of them,
and the server's own figures (`GET /api/metrics`) say so, with its event-loop lag and GC pauses."""

from __future__ import annotations

from dataclasses import dataclass

from server_helpers import create, wait_until

from cosmotable.server.metrics import GcPauses, LoopLag
from cosmotable.server.snapshots import StateCache


@dataclass
class Snap:
    """The fields of a TableSnapshot that the cache reads."""

    id: str
    version: int
    status: str = "running"


def test_finished_tables_never_push_running_ones_out_and_stay_few():
    cache = StateCache(size=10, finished_size=3)
    for i in range(10):
        cache.put(Snap(f"running-{i}", 1))
    for i in range(50):
        cache.put(Snap(f"done-{i}", 7, "finished"))
    assert cache.sizes() == (10, 3)
    assert all(cache.get(f"running-{i}") is not None for i in range(10))
    assert [cache.get(f"done-{i}") is not None for i in (46, 47, 48, 49)] == [False, True, True, True]


def test_a_table_that_finishes_moves_to_the_finished_snapshots():
    cache = StateCache(size=4, finished_size=2)
    cache.put(Snap("a", 1))
    cache.put(Snap("a", 2, "finished"))
    assert cache.sizes() == (0, 1)
    assert cache.get("a").version == 2
    # an older snapshot arriving late (a read that finished after the commit) changes nothing
    cache.put(Snap("a", 1))
    assert cache.sizes() == (0, 1) and cache.get("a").status == "finished"
    cache.drop("a")
    assert cache.sizes() == (0, 0) and cache.get("a") is None


def test_many_finished_games_leave_a_bounded_server_that_still_serves_them(app):
    from fastapi.testclient import TestClient

    with TestClient(app) as client:
        service = app.state.server.service
        service.cache.finished_size = 2
        tables = [create(client, seats=("random", "random"))["table"]["id"] for _ in range(5)]

        def all_finished() -> bool:
            return all(client.get(f"/api/tables/{t}").json()["status"] == "finished" for t in tables)

        wait_until(all_finished, timeout=300, what="five bot games to finish")
        held = client.get("/api/metrics").json()["tables"]
        assert held["finished_snapshots"] <= 2 and held["finished_snapshots_bound"] == 2
        assert held["snapshots"] == 0  # no table is running: none is held as running
        # a finished table whose snapshot was let go is read from the database again
        record = client.get(f"/api/tables/{tables[0]}/record")
        assert record.status_code == 200, record.text
        assert len(record.json()["actions"]) > 10


def test_metrics_report_the_event_loop_and_the_collector(client):
    body = client.get("/api/metrics").json()
    assert body["event_loop"]["interval_ms"] > 0
    assert [g["generation"] for g in body["gc"]["generations"]] == [0, 1, 2]
    assert body["gc"]["frozen_objects"] > 0  # what start-up made is out of the collector's sight
    assert body["tables"]["snapshots_bound"] >= body["tables"]["snapshots"]
    assert body["top_allocations"] is None  # asked for none, and nothing traces allocations


def test_allocation_sites_are_listed_only_while_tracing_and_when_asked(client):
    import tracemalloc

    assert client.get("/api/metrics?allocations=5").json()["top_allocations"] is None
    assert client.get("/api/metrics?allocations=101").status_code == 422
    tracemalloc.start()
    try:
        sites = client.get("/api/metrics?allocations=5").json()["top_allocations"]
    finally:
        tracemalloc.stop()
    assert len(sites) == 5 and all(site["kib"] > 0 and site["where"] for site in sites)


def test_the_lag_monitor_keeps_a_bounded_window_and_the_longest_lag():
    lag = LoopLag(interval=0.05, window=4)
    for value in (0.001, 0.3, 0.002, 0.001, 0.004, 0.003):
        lag.record(value)
    report = lag.report()
    assert report["samples"] == 6 and report["recent_samples"] == 4
    assert report["max_ms"] == 300.0 and report["recent_max_ms"] == 4.0 and report["over_50ms"] == 1


def test_gc_pauses_are_timed_per_generation():
    import gc

    pauses = GcPauses(window=8)
    pauses.install()
    try:
        gc.collect(0)
        gc.collect(2)
    finally:
        pauses.uninstall()
    generations = pauses.report()["generations"]
    assert generations[0]["collections"] >= 1 and generations[2]["collections"] >= 1
    assert pauses not in gc.callbacks
