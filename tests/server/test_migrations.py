"""The Alembic migrations build exactly the schema the server's models describe, and undo it.

The server applies them at start (`db.migrate`); these tests run them in this process, on a fresh
SQLite file, so a model changed without its migration fails here rather than on a user's database."""

from __future__ import annotations

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from sqlalchemy import create_engine, inspect, text

from cosmotable.server.db import MIGRATIONS, Base, migrate

MODEL_TABLES = {"tables", "seats", "actions", "undone_actions"}


def _config(url: str | None) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    if url is not None:
        config.attributes["database_url"] = url
    return config


def _differences(url: str) -> list:
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            return compare_metadata(MigrationContext.configure(connection), Base.metadata)
    finally:
        engine.dispose()


def _tables(url: str) -> set[str]:
    engine = create_engine(url)
    try:
        return set(inspect(engine).get_table_names()) - {"alembic_version"}
    finally:
        engine.dispose()


@pytest.fixture
def url(tmp_path) -> str:
    return f"sqlite:///{tmp_path / 'tables.db'}"


def test_the_migrations_build_the_models_schema_and_nothing_else(url):
    migrate(url)
    assert _tables(url) == MODEL_TABLES == set(Base.metadata.tables)
    assert _differences(url) == []


def test_migrating_again_changes_nothing_and_keeps_the_rows(url):
    migrate(url)
    engine = create_engine(url)
    with engine.begin() as connection:
        connection.execute(
            text(
                "INSERT INTO undone_actions (table_id, client_action_id, created_at) "
                "VALUES ('t1', 'a1', CURRENT_TIMESTAMP)"
            )
        )
    migrate(url)
    with engine.connect() as connection:
        assert connection.execute(text("SELECT table_id, client_action_id FROM undone_actions")).all() == [
            ("t1", "a1")
        ]
    engine.dispose()


def test_each_migration_downgrades_to_the_one_before(url):
    config = _config(url)
    command.upgrade(config, "head")
    command.downgrade(config, "0001")
    assert _tables(url) == MODEL_TABLES - {"undone_actions"}
    command.downgrade(config, "base")
    assert _tables(url) == set()
    command.upgrade(config, "head")
    assert _differences(url) == []


def test_the_migrations_refuse_to_run_without_a_database_url():
    with pytest.raises(RuntimeError, match="no database URL"):
        command.upgrade(_config(None), "head")


def test_offline_mode_writes_the_schema_as_sql_for_a_database_administrator(capsys):
    # `alembic upgrade head --sql`: the statements are printed, no database is touched
    command.upgrade(_config("postgresql://nobody@nowhere/none"), "head", sql=True)
    script = capsys.readouterr().out
    for table in MODEL_TABLES:
        assert f"CREATE TABLE {table}" in script
    assert "INSERT INTO alembic_version" in script
