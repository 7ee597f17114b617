"""`cosmotable db ...`: the server database's schema revision, upgrade, backup and restore
(docs/deployment.md). Each command takes the database the way `cosmotable serve` does: --database-url,
else COSMOTABLE_DATABASE_URL, else the SQLite file in the data directory."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from cosmotable.cli.common import clean_errors, command_group, fail

APP = command_group(
    "The game server's database: schema revision (current, check), upgrade, backup and restore.\n\n"
    "Every command finds the database as `cosmotable serve` does: --database-url, else "
    "COSMOTABLE_DATABASE_URL, else cosmotable.db in --data-dir / COSMOTABLE_DATA_DIR / ./data."
)

DatabaseUrl = Annotated[
    str | None,
    typer.Option(
        "--database-url",
        help="SQLAlchemy URL, e.g. postgresql+psycopg://user@host/db "
        "(default: COSMOTABLE_DATABASE_URL, else SQLite in the data directory).",
    ),
]
DataDir = Annotated[
    Path | None,
    typer.Option(
        "--data-dir", help="Where the SQLite file lives (default: COSMOTABLE_DATA_DIR, else ./data)."
    ),
]


def _url(database_url: str | None, data_dir: Path | None) -> str:
    from cosmotable.server.settings import database_url_from_env

    return database_url_from_env(database_url, data_dir)


@APP.command()
@clean_errors
def current(database_url: DatabaseUrl = None, data_dir: DataDir = None) -> None:
    """Print the database's schema revision ('none' when it was never migrated) and this release's."""
    from cosmotable.server import dbadmin

    revision = dbadmin.current(_url(database_url, data_dir))
    typer.echo(f"database: {revision or 'none'}\nthis release's head: {dbadmin.head()}")


@APP.command()
@clean_errors
def check(database_url: DatabaseUrl = None, data_dir: DataDir = None) -> None:
    """Exit 0 when the database is at this release's schema, else 1 and say what to do
    (for a deployment script: run before switching servers to a new release)."""
    from cosmotable.server import dbadmin

    url = _url(database_url, data_dir)
    revision, newest = dbadmin.current(url), dbadmin.head()
    if revision == newest:
        typer.echo(f"up to date: {revision}")
        return
    if revision is not None and not set(revision.split(",")) <= dbadmin.known_revisions():
        raise fail(
            f"the database is at {revision}, newer than this release's {newest}: run the newer release"
        )
    raise fail(f"the database is at {revision or 'no revision (empty)'}, this release needs {newest}: "
               "run `cosmotable db upgrade`")  # fmt: skip


@APP.command()
@clean_errors
def upgrade(database_url: DatabaseUrl = None, data_dir: DataDir = None) -> None:
    """Migrate the database to this release's schema (what `cosmotable serve` does at start; run it
    once, before starting the new release's servers, when several share one database)."""
    from cosmotable.server import dbadmin

    before, after = dbadmin.upgrade(_url(database_url, data_dir))
    typer.echo(
        f"already at {after}" if before == after else f"upgraded {before or 'an empty database'} -> {after}"
    )


@APP.command()
@clean_errors
def backup(
    file: Annotated[Path, typer.Argument(help="The backup to write (a new file).")],
    database_url: DatabaseUrl = None,
    data_dir: DataDir = None,
) -> None:
    """Copy the database into FILE while servers keep running: SQLite by its online backup API (FILE
    is an SQLite file), PostgreSQL by `pg_dump --format=custom`."""
    from cosmotable.server import dbadmin

    tables = dbadmin.backup(_url(database_url, data_dir), file)
    typer.echo(f"backed up {tables} tables to {file}")


@APP.command()
@clean_errors
def restore(
    file: Annotated[Path, typer.Argument(help="A backup written by `cosmotable db backup`.")],
    force: Annotated[
        bool, typer.Option("--force", help="Replace a database that already holds tables.")
    ] = False,
    database_url: DatabaseUrl = None,
    data_dir: DataDir = None,
) -> None:
    """Replace the database with the backup FILE. Stop the servers using it first; a database that
    holds tables is refused unless --force. Start the servers afterwards (they migrate an older
    backup to this release's schema)."""
    from cosmotable.server import dbadmin

    tables = dbadmin.restore(_url(database_url, data_dir), file, force)
    typer.echo(f"restored {tables} tables from {file}")
