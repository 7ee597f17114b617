"""`GET /api/metrics/prometheus` in one process (issue #50, item 5): requests counted by route template
and status, actions, bot moves, websockets, the process's own figures, and nothing that names a
table, a seat or a token. (Several workers: test_prometheus_workers.py.)

The series live as long as the test process (the library's counters are per process), so every
test compares a scrape before with one after."""

from __future__ import annotations

import os

from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families
from server_helpers import act, create, run_coroutine, state_of, token_of, wait_until
from sqlalchemy import func, select

from cosmotable.server.app import create_app
from cosmotable.server.db import ActionRow
from cosmotable.server.prometheus import RouteTemplates

TABLE_ROUTE = "/api/tables/{table_id}"


def scrape(client) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of a scrape: (name, sorted labels) -> value."""
    answer = client.get("/api/metrics/prometheus")
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("text/plain")
    return samples(answer.text)


def samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def value(scraped, name: str, **labels: str) -> float:
    return scraped.get((name, tuple(sorted(labels.items()))), 0.0)


def test_requests_are_counted_by_route_template_and_status_never_by_path(client):
    made = create(client)
    table_id = made["table"]["id"]
    before = scrape(client)
    for _ in range(3):
        assert client.get(f"/api/tables/{table_id}").status_code == 200
    for missing in ("aaaaaaaaaaaa", "bbbbbbbbbbbb"):
        assert client.get(f"/api/tables/{missing}").status_code == 404
    assert client.get("/api/no/such/route").status_code == 404
    after = scrape(client)
    counted = "cosmotable_http_requests_total"
    assert (
        value(after, counted, method="GET", route=TABLE_ROUTE, status="200")
        - value(before, counted, method="GET", route=TABLE_ROUTE, status="200")
        == 3
    )
    assert (
        value(after, counted, method="GET", route=TABLE_ROUTE, status="404")
        - value(before, counted, method="GET", route=TABLE_ROUTE, status="404")
        == 2
    )
    assert (
        value(after, counted, method="GET", route="unmatched", status="404")
        - value(before, counted, method="GET", route="unmatched", status="404")
        == 1
    )
    timed = "cosmotable_http_request_duration_seconds_count"
    assert (
        value(after, timed, method="GET", route=TABLE_ROUTE)
        - value(before, timed, method="GET", route=TABLE_ROUTE)
        == 5
    )
    text = client.get("/api/metrics/prometheus").text
    for secret in (table_id, "aaaaaaaaaaaa", made["host_token"], token_of(made, 0), token_of(made, 1)):
        assert secret not in text


def test_seat_actions_websockets_and_this_process_are_counted(client):
    made = create(client)
    table_id = made["table"]["id"]
    seat = client.get(f"/api/tables/{table_id}").json()["to_act"]
    before = scrape(client)
    with client.websocket_connect(f"/api/tables/{table_id}/ws?token={token_of(made, seat)}") as socket:
        assert socket.receive_json()["type"] == "state"
        opened = scrape(client)
        assert value(opened, "cosmotable_websockets_open") == value(before, "cosmotable_websockets_open") + 1
        legal = state_of(client, made, seat)["legal_actions"]
        assert act(client, made, seat, legal[0]["text"]).json()["applied"]
    after = wait_until(
        lambda: (
            (s := scrape(client))
            and value(s, "cosmotable_websockets_open") == value(before, "cosmotable_websockets_open")
            and s
        ),
        what="the closed socket to leave the open count",
    )
    assert (
        value(after, "cosmotable_websockets_accepted_total")
        == value(before, "cosmotable_websockets_accepted_total") + 1
    )
    applied = "cosmotable_actions_applied_total"
    assert value(after, applied, game="mlem") == value(before, applied, game="mlem") + 1
    pid = str(os.getpid())
    assert value(after, "cosmotable_process_cpu_seconds", pid=pid) > 0
    assert value(after, "cosmotable_process_resident_memory_bytes", pid=pid) > 0
    assert value(after, "cosmotable_redis_degraded", pid=pid) == 0  # no Redis configured: not degraded
    text = client.get("/api/metrics/prometheus").text
    assert table_id not in text and token_of(made, seat) not in text


def test_bot_moves_are_counted_once_each(client, app):
    before = scrape(client)
    made = create(client, seats=("random", "random"))
    table_id = made["table"]["id"]
    wait_until(
        lambda: client.get(f"/api/tables/{table_id}").json()["status"] == "finished",
        timeout=300,
        what="the bots' game to finish",
    )
    service = app.state.server.service
    with service.sessions() as session:
        decisions = session.scalar(
            select(func.count()).where(ActionRow.table_id == table_id, ActionRow.source == "bot")
        )
    after = scrape(client)
    moves = "cosmotable_bot_moves_total"
    assert decisions > 0
    assert value(after, moves, game="mlem") - value(before, moves, game="mlem") == decisions


def test_the_event_loop_and_the_collector_are_exported(client):
    import gc

    before = scrape(client)
    gc.collect()
    after = wait_until(
        lambda: (
            (s := scrape(client))
            and value(s, "cosmotable_event_loop_lag_seconds_count")
            > value(before, "cosmotable_event_loop_lag_seconds_count")
            and s
        ),
        what="a lag sample",
    )
    full = ("cosmotable_gc_pause_seconds_count", {"generation": "2"})
    assert value(after, full[0], **full[1]) >= value(before, full[0], **full[1]) + 1


def test_a_request_refused_by_the_rate_limit_is_counted_under_its_route(settings):
    from dataclasses import replace

    app = create_app(replace(settings, rate_limit=0.001, rate_burst=1))
    refused = {"method": "GET", "route": TABLE_ROUTE, "status": "429"}
    with TestClient(app) as client:
        before = samples(app.state.server.export().decode())
        # without a token the address's allowance counts (ten bursts): the rest are refused
        codes = [client.get("/api/tables/cccccccccccc").status_code for _ in range(15)]
        text = app.state.server.export().decode()
    assert codes.count(429) >= 1
    counted = "cosmotable_http_requests_total"
    assert value(samples(text), counted, **refused) - value(before, counted, **refused) == codes.count(429)
    assert "cccccccccccc" not in text


def test_route_templates_come_from_the_routes_with_their_prefix():
    from fastapi import APIRouter

    router = APIRouter()

    @router.get("/tables/{table_id}/state")
    async def state(table_id: str) -> dict:
        return {}

    templates = RouteTemplates()
    templates.add(router.routes, "/api")
    assert templates.of({"path": "/api/tables/abc/state"}) == "/api/tables/{table_id}/state"
    assert templates.of({"path": "/api/tables/abc/state", "route": router.routes[0]}) == (
        "/api/tables/{table_id}/state"
    )
    assert templates.of({"path": "/tables/abc/state"}) == "unmatched"


def test_a_request_that_raises_counts_as_a_500_and_one_never_answered_as_none():
    import pytest

    from cosmotable.server.prometheus import Instruments, RequestMetrics

    metrics = Instruments()  # a registry of its own: nothing else counts into it

    async def raising(scope, receive, send):
        raise RuntimeError("a fault of the server")

    async def silent(scope, receive, send):
        return None  # the client went away before anything was answered

    async def nothing(message):
        return None

    scope = {"type": "http", "method": "GET", "path": "/api/anything"}
    with pytest.raises(RuntimeError):
        run_coroutine(RequestMetrics(raising, RouteTemplates(), metrics)(scope, nothing, nothing))
    run_coroutine(RequestMetrics(silent, RouteTemplates(), metrics)(dict(scope), nothing, nothing))
    scraped = samples(metrics.exposition().decode())
    counted = "cosmotable_http_requests_total"
    assert value(scraped, counted, method="GET", route="unmatched", status="500") == 1
    assert value(scraped, counted, method="GET", route="unmatched", status="none") == 1
