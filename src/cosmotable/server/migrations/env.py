"""Alembic environment: the database URL comes from the server (`db.migrate`), never a .ini file."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from cosmotable.server.db import Base

config = context.config
_given = config.attributes.get("database_url") or config.get_main_option("sqlalchemy.url")
if not _given:
    raise RuntimeError("no database URL: run the migrations through cosmotable.server.db.migrate(url)")
url: str = _given


def run_migrations() -> None:
    if context.is_offline_mode():
        context.configure(url=url, target_metadata=Base.metadata, literal_binds=True)
        with context.begin_transaction():
            context.run_migrations()
        return
    engine = create_engine(url)
    with engine.connect() as connection:
        # render_as_batch: SQLite cannot ALTER most things; batch mode copies the table instead
        context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
    engine.dispose()


run_migrations()
