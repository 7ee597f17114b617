"""`GET /api/health` (issue #50, item 5): 200 when the process is ready, 503 naming what is wrong:
the database unreachable, its schema behind the migrations' head, Redis unreachable when configured.
(Redis down at a real process's start: tests/server/test_redis_outage.py.)"""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

import services
from cosmotable.server.app import create_app
from cosmotable.server.health import migration_heads
from cosmotable.server.settings import Settings


def test_a_ready_server_answers_200_with_every_check(client):
    answer = client.get("/api/health")
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["live"] is True and body["ready"] is True and isinstance(body["pid"], int)
    assert body["checks"]["database"] == {"ok": True}
    assert body["checks"]["migrations"]["ok"] is True
    assert body["checks"]["migrations"]["current"] == body["checks"]["migrations"]["head"]
    assert body["checks"]["migrations"]["head"] == sorted(migration_heads())
    assert body["checks"]["redis"] == {"ok": True, "configured": False}  # one process needs none
    assert client.get("/api/health/live").json() == {"live": True}


def test_a_schema_behind_the_head_is_not_ready(client, database_url):
    engine = create_engine(database_url)
    try:
        with engine.begin() as connection:
            # as if another release's migrations had left the database at an older revision
            connection.execute(text("UPDATE alembic_version SET version_num = '0001'"))
        answer = client.get("/api/health")
        assert answer.status_code == 503, answer.text
        migrations = answer.json()["checks"]["migrations"]
        assert migrations["ok"] is False and migrations["current"] == ["0001"]
        assert "run the migrations" in migrations["error"]
        assert answer.json()["checks"]["database"] == {"ok": True}
    finally:
        engine.dispose()


@pytest.fixture
def own_postgres():
    # a cluster of its own: stopping it touches nothing the worker's other tests share
    server = services.start_postgres()
    yield server
    server.stop()


def test_an_unreachable_database_is_not_ready_and_ready_again_when_it_is_back(tmp_path, own_postgres):
    settings = Settings(
        database_url=own_postgres.new_database(), data_dir=tmp_path / "data", bot_workers=0, rate_limit=0
    )
    with TestClient(create_app(settings)) as client:
        assert client.get("/api/health").status_code == 200
        own_postgres.pause()
        try:
            answer = client.get("/api/health")
            assert answer.status_code == 503, answer.text
            checks = answer.json()["checks"]
            assert checks["database"]["ok"] is False and checks["database"]["error"]
            assert checks["migrations"]["ok"] is False
            assert client.get("/api/health/live").status_code == 200  # alive all the same
        finally:
            own_postgres.resume()
        assert client.get("/api/health").status_code == 200


def test_a_configured_redis_that_is_down_is_not_ready(tmp_path):
    # nothing listens on this port: Redis "configured but down" from the start
    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 'tables.db'}",
        data_dir=tmp_path / "data",
        bot_workers=0,
        rate_limit=0,
        redis_url=f"redis://127.0.0.1:{services.free_port()}/0",
    )
    with TestClient(create_app(settings)) as client:
        answer = client.get("/api/health")
        assert answer.status_code == 503, answer.text
        checks = answer.json()["checks"]
        assert checks["database"] == {"ok": True} and checks["migrations"]["ok"] is True
        assert checks["redis"]["ok"] is False and "ConnectionError" in checks["redis"]["error"]
