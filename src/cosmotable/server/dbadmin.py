"""The operator's database tasks (`cosmotable db ...`): schema revision, upgrade, backup, restore.

Backups keep the database's own kind: an SQLite database is copied with SQLite's online backup API
(a consistent copy while servers keep writing: WAL readers never block), a PostgreSQL one with
`pg_dump --format=custom`, restored by `pg_restore`. A restore replaces everything in the target, so
it refuses a target that holds tables unless forced, and the servers using it must be stopped first
(they hold table states in memory).
"""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from glob import glob
from pathlib import Path

from sqlalchemy import create_engine, inspect, make_url, text

from cosmotable.engine.errors import CosmotableError
from cosmotable.server.db import MIGRATIONS

SQLITE_MAGIC = b"SQLite format 3\x00"
PG_DUMP_MAGIC = b"PGDMP"


class DatabaseAdminError(CosmotableError):
    """A database task could not be done; the message says why and what to do (nothing changed)."""


def _alembic_config(url: str):
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["database_url"] = url
    return config


def head() -> str:
    """The newest schema revision this release ships."""
    from alembic.script import ScriptDirectory

    heads = ScriptDirectory.from_config(_alembic_config("")).get_heads()
    return ",".join(sorted(heads))


def known_revisions() -> set[str]:
    from alembic.script import ScriptDirectory

    return {script.revision for script in ScriptDirectory.from_config(_alembic_config("")).walk_revisions()}


@contextmanager
def _connection(url: str) -> Iterator:
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            yield connection
    except Exception as exc:
        if isinstance(exc, CosmotableError):
            raise
        first = (str(exc).splitlines() or [""])[0]
        raise DatabaseAdminError(f"cannot reach the database {_shown(url)}: {first}") from None
    finally:
        engine.dispose()


def _shown(url: str) -> str:
    """The URL without its password, for messages."""
    return make_url(url).render_as_string(hide_password=True)


def current(url: str) -> str | None:
    """The database's schema revision (None: never migrated, e.g. empty)."""
    if _missing_sqlite(url):
        return None
    with _connection(url) as connection:
        if not inspect(connection).has_table("alembic_version"):
            return None
        rows = connection.execute(text("SELECT version_num FROM alembic_version")).scalars().all()
    return ",".join(sorted(rows)) or None


def _known_or_refuse(revision: str | None) -> None:
    if revision is not None and not set(revision.split(",")) <= known_revisions():
        raise DatabaseAdminError(
            f"the database is at schema revision {revision}, which this release ({head()} is its newest) "
            "does not know: it was written by a newer cosmotable; run that release or restore a backup"
        )


def upgrade(url: str) -> tuple[str | None, str]:
    """Migrate to the head; returns (revision before, revision after)."""
    before = current(url)
    _known_or_refuse(before)
    from sqlalchemy.exc import OperationalError

    from cosmotable.server.db import migrate

    if is_sqlite(url):
        _sqlite_path(url).parent.mkdir(parents=True, exist_ok=True)
    try:
        migrate(url)
    except OperationalError as exc:
        first = (str(exc.orig).splitlines() or [""])[0]
        raise DatabaseAdminError(f"the upgrade of {_shown(url)} failed, nothing changed: {first}") from None
    return before, head()


def table_count(url: str) -> int | None:
    """How many game tables the database holds (None: it has no `tables` table at all)."""
    if _missing_sqlite(url):
        return None
    with _connection(url) as connection:
        if not inspect(connection).has_table("tables"):
            return None
        return int(connection.execute(text("SELECT COUNT(*) FROM tables")).scalar_one())


def is_sqlite(url: str) -> bool:
    return make_url(url).get_backend_name() == "sqlite"


def _missing_sqlite(url: str) -> bool:
    """An SQLite URL whose file does not exist (connecting would create it: a question must not)."""
    return is_sqlite(url) and not _sqlite_path(url).exists()


def _sqlite_path(url: str) -> Path:
    database = make_url(url).database
    if not database or database == ":memory:":
        raise DatabaseAdminError(f"{_shown(url)} is no SQLite file: nothing to back up or restore")
    return Path(database)


def _libpq_url(url: str) -> str:
    """The SQLAlchemy URL as pg_dump / pg_restore take it (no `+driver`)."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


def _pg_program(name: str) -> str:
    found = shutil.which(name)
    if found:
        return found
    # Debian keeps each major version's programs out of PATH; the newest dumps every older server
    candidates = sorted(glob(f"/usr/lib/postgresql/*/bin/{name}"), key=lambda p: int(Path(p).parts[-3]))
    if candidates:
        return candidates[-1]
    raise DatabaseAdminError(
        f"{name} was not found: install PostgreSQL's client programs (Debian: postgresql-client)"
    )


def _run(command: list[str], what: str) -> None:
    done = subprocess.run(command, check=False, capture_output=True, text=True)
    if done.returncode:
        lines = [line for line in done.stderr.splitlines() if line.strip()]
        raise DatabaseAdminError(f"{what} failed: {lines[-1] if lines else f'exit code {done.returncode}'}")


def backup(url: str, file: Path) -> int:
    """Copy the database at `url` into `file` (created; an existing file is refused). Returns the
    number of game tables copied."""
    if file.exists():
        raise DatabaseAdminError(f"{file} exists: give a new file name (a backup never overwrites)")
    tables = table_count(url)
    if tables is None:
        raise DatabaseAdminError(f"{_shown(url)} holds no cosmotable tables: nothing to back up")
    if is_sqlite(url):
        source = sqlite3.connect(_sqlite_path(url))
        target = sqlite3.connect(file)
        try:
            with target:
                source.backup(target)  # page by page, consistent even while a server writes
        finally:
            source.close()
            target.close()
    else:
        partial = file.with_name(file.name + ".partial")
        _run([_pg_program("pg_dump"), "--format=custom", f"--file={partial}", _libpq_url(url)], "pg_dump")
        partial.replace(file)
    return tables


def restore(url: str, file: Path, force: bool = False) -> int:
    """Replace the database at `url` with the backup `file`; returns the number of game tables it
    holds. A target that holds game tables is refused unless `force`."""
    if not file.is_file():
        raise DatabaseAdminError(f"{file} is not a file")
    with open(file, "rb") as handle:
        magic = handle.read(len(SQLITE_MAGIC))
    kind = "sqlite" if magic == SQLITE_MAGIC else "postgresql" if magic.startswith(PG_DUMP_MAGIC) else None
    if kind is None:
        raise DatabaseAdminError(f"{file} is neither an SQLite backup nor a pg_dump custom-format file")
    if (kind == "sqlite") != is_sqlite(url):
        names = {"sqlite": "SQLite", "postgresql": "PostgreSQL"}
        target = names["sqlite" if is_sqlite(url) else "postgresql"]
        raise DatabaseAdminError(
            f"{file} is a backup made from {names[kind]} and the target is {target}: restore it into a "
            "database of its own kind"
        )
    present = table_count(url)
    if present and not force:
        raise DatabaseAdminError(
            f"{_shown(url)} already holds {present} game tables: restoring would replace them; "
            "pass --force to do so (stop the servers using it first)"
        )
    if kind == "sqlite":
        _restore_sqlite(url, file)
    else:
        # --clean --if-exists: drop what the target has (a fresh server's empty schema included)
        _run(
            [_pg_program("pg_restore"), "--clean", "--if-exists", "--no-owner", "--single-transaction",
             f"--dbname={_libpq_url(url)}", str(file)],
            "pg_restore",
        )  # fmt: skip
    return table_count(url) or 0


def _restore_sqlite(url: str, file: Path) -> None:
    path = _sqlite_path(url)
    path.parent.mkdir(parents=True, exist_ok=True)
    source = sqlite3.connect(f"file:{file}?mode=ro", uri=True)
    try:
        if source.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
            raise DatabaseAdminError(f"{file} fails SQLite's integrity check: not restored")
        target = sqlite3.connect(path)
        try:
            with target:
                source.backup(target)  # replaces every page of the target, its WAL included
        finally:
            target.close()
    finally:
        source.close()
