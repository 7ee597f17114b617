"""Backup and restore (issue #50, deployment): `cosmotable db backup` copies a serving database with
games in progress (SQLite's online backup API; pg_dump on PostgreSQL), `cosmotable db restore` puts
the copy into a fresh server's database, and that server shows every seat exactly what the first one
did and plays on. A restore over tables, into the other kind of database, or from a file that is no
backup is refused with a one-line reason and changes nothing.

Each test runs on SQLite and on the throw-away PostgreSQL (the `database_url` fixture)."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from server_helpers import act, create, state_of
from test_release_upgrade import play_on
from typer.testing import CliRunner

from cosmotable.cli import app as cli
from cosmotable.server.app import create_app
from cosmotable.server.settings import Settings

GAMES = {"mlem": 3, "kosmodrom": 2, "planet": 4}  # seats per game


def _db(*arguments: str) -> tuple[int, str]:
    """Run `cosmotable db ...`: its exit code and output (the console's line wrapping undone)."""
    result = CliRunner().invoke(cli, ["db", *arguments])
    return result.exit_code, " ".join(result.output.split())


def _settings(url: str, data: Path) -> Settings:
    return Settings(database_url=url, data_dir=data, bot_workers=0, rate_limit=0)


def _seat_views(client, made: dict) -> list[dict]:
    """What each seat is shown (view, legal decisions, events), the parts a restore must keep."""
    return [
        {key: state[key] for key in ("step", "view", "legal_actions", "events", "can_undo")}
        for state in (state_of(client, made, link["seat"]) for link in made["seats"])
    ]


@pytest.fixture
def other_url(database_url, request, tmp_path):
    """A second, empty database of the same kind: the fresh server's."""
    if database_url.startswith("sqlite"):
        yield f"sqlite:///{tmp_path / 'fresh.db'}"
        return
    postgres_server = request.getfixturevalue("postgres_server")
    url = postgres_server.new_database()
    yield url
    postgres_server.drop_database(url)


def test_a_backup_of_a_serving_database_restores_into_a_fresh_server_that_plays_on(
    database_url, other_url, tmp_path
):
    rng = random.Random(11)
    backup = tmp_path / "tables.backup"
    with TestClient(create_app(_settings(database_url, tmp_path / "a"))) as client:
        tables = []
        for game, seats in GAMES.items():
            for moves in (1, 7):
                made = create(client, game, ["human"] * seats)
                for _ in range(moves):
                    seat = client.get(f"/api/tables/{made['table']['id']}").json()["to_act"]
                    legal = state_of(client, made, seat)["legal_actions"]
                    assert act(client, made, seat, rng.choice(legal)["json"]).status_code == 200
                tables.append(made)
        code, output = _db("backup", str(backup), "--database-url", database_url)  # while it serves
        assert code == 0 and f"backed up {len(tables)} tables" in output, output
        before = {made["table"]["id"]: _seat_views(client, made) for made in tables}
        manifest = []
        for made in tables:
            summary = client.get(f"/api/tables/{made['table']['id']}").json()
            seat = summary["to_act"]
            manifest.append(
                {
                    "id": made["table"]["id"],
                    "game": made["table"]["game"],
                    "tokens": {str(link["seat"]): link["token"] for link in made["seats"]},
                    "step": summary["step"],
                    "to_act": seat,
                    "legal_actions": [a["text"] for a in state_of(client, made, seat)["legal_actions"]],
                }
            )
        # the first server plays on after the backup: none of that may reach the restored copy
        made = tables[0]
        seat = client.get(f"/api/tables/{made['table']['id']}").json()["to_act"]
        legal = state_of(client, made, seat)["legal_actions"]
        assert act(client, made, seat, legal[0]["json"]).status_code == 200

    with TestClient(create_app(_settings(other_url, tmp_path / "b"))):
        pass  # a fresh server made its (empty) schema, and stopped
    code, output = _db("restore", str(backup), "--database-url", other_url)
    assert code == 0 and f"restored {len(tables)} tables" in output, output
    with TestClient(create_app(_settings(other_url, tmp_path / "b"))) as client:
        assert {made["table"]["id"]: _seat_views(client, made) for made in tables} == before
        play_on(client, manifest, random.Random(3), 5)


def test_a_restore_over_tables_is_refused_unless_forced(database_url, tmp_path):
    backup = tmp_path / "one.backup"
    with TestClient(create_app(_settings(database_url, tmp_path / "a"))) as client:
        kept = create(client, "mlem")
        _db("backup", str(backup), "--database-url", database_url)
        later = create(client, "planet")  # made after the backup
    code, output = _db("restore", str(backup), "--database-url", database_url)
    assert code == 1 and "already holds 2 game tables" in output and "--force" in output, output
    assert _db("backup", str(backup), "--database-url", database_url)[0] == 1  # never overwrites
    code, output = _db("restore", str(backup), "--force", "--database-url", database_url)
    assert code == 0 and "restored 1 tables" in output, output
    with TestClient(create_app(_settings(database_url, tmp_path / "a"))) as client:
        assert client.get(f"/api/tables/{kept['table']['id']}").status_code == 200
        assert client.get(f"/api/tables/{later['table']['id']}").status_code == 404


def test_a_file_that_is_no_backup_of_this_kind_changes_nothing(database_url, tmp_path):
    with TestClient(create_app(_settings(database_url, tmp_path / "a"))) as client:
        create(client, "kosmodrom")
    junk = tmp_path / "junk.backup"
    junk.write_text("not a backup\n")
    code, output = _db("restore", str(junk), "--force", "--database-url", database_url)
    assert code == 1 and "neither an SQLite backup nor a pg_dump" in output
    other_kind = tmp_path / "other.backup"
    if database_url.startswith("sqlite"):
        other_kind.write_bytes(b"PGDMP" + bytes(100))
        expected = "made from PostgreSQL and the target is SQLite"
    else:
        sqlite3.connect(other_kind).execute("CREATE TABLE t (x)").connection.close()
        expected = "made from SQLite and the target is PostgreSQL"
    code, output = _db("restore", str(other_kind), "--force", "--database-url", database_url)
    assert code == 1 and expected in output, output
    code, output = _db("current", "--database-url", database_url)
    assert code == 0 and "database: 0" in output  # still there, still migrated
