"""Fixtures of the server tests: one database URL (SQLite in a temporary directory; the same suite
runs against PostgreSQL when `database_url` is parametrised), the app and a client for it."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from cosmotable.server.app import create_app
from cosmotable.server.settings import Settings


@pytest.fixture
def database_url(tmp_path) -> str:
    """The database every server test uses. Override this one fixture to run on another database."""
    return f"sqlite:///{tmp_path / 'tables.db'}"


@pytest.fixture
def settings(tmp_path, database_url) -> Settings:
    # bots think in a thread pool here (workers=0): the same code path as the worker processes,
    # without spawning interpreters in every test; test_bots_in_worker_processes covers those
    return Settings(database_url=database_url, data_dir=tmp_path / "data", bot_workers=0,
                    timer_poll_seconds=0.05)


@pytest.fixture
def app(settings):
    return create_app(settings)


@pytest.fixture
def client(app):
    with TestClient(app) as test_client:
        yield test_client
