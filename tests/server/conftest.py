"""Fixtures of the server tests: one database URL (every test runs twice: on SQLite in a temporary
directory and on the throw-away PostgreSQL of tests/services.py; test_api_leaks.py names its own
pairs), the app and a client for it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from live_helpers import start_server

from cosmotable.server.app import create_app
from cosmotable.server.db import migrate
from cosmotable.server.settings import Settings


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request, tmp_path) -> str:
    """The database every server test uses: each test runs twice, on an SQLite file in a temporary
    directory and on a database of the worker's throw-away PostgreSQL (tests/services.py). Empty,
    except for a test whose app starts on it (the `settings` fixture): that one already holds the
    newest schema, copied from a database migrated once per worker, as the app's own start would
    have left it - each such test then skips running the migrations (issue #47: ~0.1-0.2 s of CPU a
    test, some 280 tests). Migrating an empty database stays tested: test_migrations.py, the
    live servers and the tests without `settings` start from empty ones."""
    migrated = "settings" in request.fixturenames
    if request.param == "postgresql":
        if not migrated:
            return request.getfixturevalue("postgres_url")
        server = request.getfixturevalue("postgres_server")
        url = server.new_database(template=request.getfixturevalue("migrated_postgres"))
        request.addfinalizer(lambda: server.drop_database(url))
        return url
    path = tmp_path / "tables.db"
    if migrated:
        shutil.copyfile(request.getfixturevalue("migrated_sqlite"), path)
    return f"sqlite:///{path}"


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory) -> Path:
    """An SQLite file at the migrations' head, made once per worker (copied by `database_url`)."""
    path = tmp_path_factory.mktemp("schema") / "tables.db"
    migrate(f"sqlite:///{path}")
    return path


@pytest.fixture(scope="session")
def migrated_postgres(postgres_server) -> str:
    """The name of a PostgreSQL database at the migrations' head, made once per worker: the
    template `database_url` creates its databases from."""
    url = postgres_server.new_database()
    migrate(url)
    return url.rsplit("/", 1)[1]


@pytest.fixture
def settings(tmp_path, database_url) -> Settings:
    # bots think in a thread pool here (workers=0): the same code path as the worker processes,
    # without spawning interpreters in every test; test_bots_in_worker_processes covers those
    # no rate limit: the tests act at machine speed; tests/server/test_limits.py tests the limit
    return Settings(
        database_url=database_url,
        data_dir=tmp_path / "data",
        bot_workers=0,
        timer_poll_seconds=0.05,
        rate_limit=0,
    )


@pytest.fixture
def app(settings):
    return create_app(settings)


@pytest.fixture
def client(app):
    with TestClient(app) as test_client:
        yield test_client


@pytest.fixture
def live_pair(tmp_path, postgres_url, redis_url):
    """Two real server processes sharing one PostgreSQL database and fanning out through Redis."""
    # one after the other: the first applies the database migrations, the second finds them done
    first = start_server(tmp_path, postgres_url, redis_url, name="process-a")
    try:
        second = start_server(tmp_path, postgres_url, redis_url, name="process-b")
    except BaseException:
        first.stop()
        raise
    yield first, second
    for server in (first, second):
        server.stop()
        assert "Traceback" not in server.output(), server.output()


@pytest.fixture(scope="session")
def deploy_wheel(tmp_path_factory):
    """The wheel the container image installs, built as deploy/Containerfile builds it."""
    from deploy_helpers import build_wheel

    return build_wheel(tmp_path_factory.mktemp("context"), tmp_path_factory.mktemp("wheels"))


@pytest.fixture(scope="session")
def deploy_venv(deploy_wheel, tmp_path_factory):
    """A fresh virtual environment with that wheel installed as the image installs it: its python."""
    from deploy_helpers import install_as_image

    return install_as_image(deploy_wheel, tmp_path_factory.mktemp("image") / "venv")
