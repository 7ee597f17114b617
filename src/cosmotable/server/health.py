"""`GET /api/health`: is this process alive, and is it ready to serve (issue #50, item 5)?

Alive: the event loop answered (this code ran). Ready: the database answers a query, its schema is at
the migrations' head (a worker started against a database that another release migrated, or that was
never migrated, must not take players), and Redis is subscribed when one is configured (without it,
a process's sockets miss the other processes' changes: degraded, see broadcast.RedisBroadcaster).
Each check says what is wrong, so an operator reads the answer rather than the log.
"""

from __future__ import annotations

import asyncio
import functools
import os
from typing import Any

from pydantic import BaseModel
from sqlalchemy import inspect, text
from sqlalchemy.engine import Engine

from cosmotable.server.broadcast import Broadcaster
from cosmotable.server.db import MIGRATIONS

#: Seconds the database check may take: a database that drops packets must not hold the probe
#: longer than a load balancer's own timeout (typically a few seconds).
DATABASE_TIMEOUT_SECONDS = 3.0


class HealthBody(BaseModel):
    """The answer of `GET /api/health`, with 200 and with 503 alike."""

    live: bool
    ready: bool
    pid: int  # which process answered (several workers share the port)
    checks: dict[str, dict[str, Any]]  # database, migrations, redis: each {"ok": bool, ...}


@functools.cache
def migration_heads() -> frozenset[str]:
    """The head revision(s) of the migrations shipped with this release (read once: they are files
    of the installed package and do not change while it runs)."""
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return frozenset(ScriptDirectory.from_config(config).get_heads())


def database_and_schema(engine: Engine) -> dict[str, Any]:
    """Query the database and compare its Alembic revision with the head (in a worker thread).

    The revision is read from Alembic's own table rather than through `MigrationContext`, which
    logs two INFO lines per call: a probe every few seconds would fill the log with them."""
    try:
        with engine.connect() as connection:
            connection.execute(text("SELECT 1"))
            # no such table: the database was never migrated (asked first, so that a lost
            # connection is never mistaken for it)
            current: frozenset[str] = frozenset()
            if inspect(connection).has_table("alembic_version"):
                rows = connection.execute(text("SELECT version_num FROM alembic_version")).all()
                current = frozenset(str(row[0]) for row in rows)
    except Exception as exc:  # noqa: BLE001 - any failure to reach it is "not ready", said how
        return {
            "database": {"ok": False, "error": f"{type(exc).__name__}: {_first_line(exc)}"},
            "migrations": {"ok": False, "error": "unknown: the database is unreachable"},
        }
    heads = migration_heads()
    migrations: dict[str, Any] = {"ok": current == heads, "current": sorted(current), "head": sorted(heads)}
    if current != heads:
        migrations["error"] = "the database schema is not at this release's head: run the migrations"
    return {"database": {"ok": True}, "migrations": migrations}


async def health(engine: Engine, broadcaster: Broadcaster) -> tuple[int, dict[str, Any]]:
    """The status code (200 ready, 503 not) and the body listing every check."""
    try:
        checks = await asyncio.wait_for(
            asyncio.to_thread(database_and_schema, engine), DATABASE_TIMEOUT_SECONDS
        )
    except TimeoutError:
        checks = {
            "database": {"ok": False, "error": f"no answer within {DATABASE_TIMEOUT_SECONDS:.0f} s"},
            "migrations": {"ok": False, "error": "unknown: the database did not answer"},
        }
    redis = broadcaster.status()
    if redis["configured"]:
        checks["redis"] = {"ok": bool(redis["connected"])}
        if not redis["connected"]:
            checks["redis"]["error"] = (
                f"{redis['error'] or 'not subscribed yet'}; degraded: this process's sockets get "
                "only its own changes until Redis is back"
            )
    else:
        checks["redis"] = {"ok": True, "configured": False}
    ready = all(check["ok"] for check in checks.values())
    body = {"live": True, "ready": ready, "pid": os.getpid(), "checks": checks}
    return (200 if ready else 503), body


def _first_line(exc: Exception) -> str:
    # a driver's message can run to many lines (SQL, hints): the first says what went wrong
    return (str(exc).splitlines() or [""])[0][:300]
