"""Upgrading from the previous release (issue #50, deployment): a database that release 0.1.0 (main
at ec903df) wrote, with games of every game in progress, is brought to this release's schema by
`cosmotable db upgrade`, and a server on it shows every table as it was and plays on.

The fixture (tests/server/fixtures/release-0.1.0) was written by scripts/write_release_fixture.py run
with that commit's code (its `tables.json` names the commit): an SQLite file, and the same kind of
tables on PostgreSQL 15 as a plain SQL dump, loaded here with psql."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import uuid
from pathlib import Path

from fastapi.testclient import TestClient
from typer.testing import CliRunner

import services
from cosmotable.cli import app as cli
from cosmotable.server import dbadmin
from cosmotable.server.app import create_app
from cosmotable.server.settings import Settings

FIXTURE = Path(__file__).parent / "fixtures" / "release-0.1.0"
PREVIOUS_RELEASE = "ec903df24ecb1bb6b987e870ee485846f71a655c"
DECISIONS_AFTER = 6  # decisions played on each table after the upgrade


def _db(*arguments: str) -> tuple[int, str]:
    """Run `cosmotable db ...`: its exit code and output (the console's line wrapping undone)."""
    result = CliRunner().invoke(cli, ["db", *arguments])
    return result.exit_code, " ".join(result.output.split())


def _manifest(name: str) -> list[dict]:
    data = json.loads((FIXTURE / name).read_text(encoding="utf-8"))
    assert data["written_by"]["commit"] == PREVIOUS_RELEASE and data["written_by"]["version"] == "0.1.0"
    return data["tables"]


def play_on(client: TestClient, tables: list[dict], rng: random.Random, decisions: int) -> None:
    """Each table shows the step, the seat to act and the legal decisions the manifest recorded,
    then takes `decisions` more legal decisions of its seats."""
    games = {table["game"] for table in tables}
    assert games == {"mlem", "kosmodrom", "planet"}
    for table in tables:
        summary = client.get(f"/api/tables/{table['id']}").json()
        assert (summary["status"], summary["step"], summary["to_act"]) == (
            "running",
            table["step"],
            table["to_act"],
        ), table["id"]
        for made in range(decisions):
            seat = summary["to_act"]
            headers = {"X-Seat-Token": table["tokens"][str(seat)]}
            state = client.get(f"/api/tables/{table['id']}/state", headers=headers).json()
            legal = state["legal_actions"]
            if made == 0:
                assert [action["text"] for action in legal] == table["legal_actions"], table["id"]
            answer = client.post(
                f"/api/tables/{table['id']}/actions",
                json={"action": rng.choice(legal)["json"], "client_action_id": uuid.uuid4().hex},
                headers=headers,
            )
            assert answer.status_code == 200, answer.text
            after = client.get(f"/api/tables/{table['id']}").json()
            assert after["step"] > summary["step"]
            summary = after
            if summary["status"] == "finished":
                break


def _upgrade_and_play(url: str, tmp_path: Path, manifest: str) -> None:
    assert _db("current", "--database-url", url)[1].startswith("database: 0003 ")
    code, output = _db("upgrade", "--database-url", url)
    assert code == 0, output
    assert dbadmin.current(url) == dbadmin.head()
    assert _db("check", "--database-url", url)[0] == 0
    settings = Settings(database_url=url, data_dir=tmp_path / "data", bot_workers=0, rate_limit=0)
    with TestClient(create_app(settings)) as client:
        play_on(client, _manifest(manifest), random.Random(5), DECISIONS_AFTER)
        # accounts (revision 0004, issue #46) on the upgraded database: a sign-up, and every link the
        # previous release handed out is a guest's game, found by the links alone
        signed = client.post("/api/account", json={"name": "After Upgrade", "password": "correct horse"})
        assert signed.status_code == 201, signed.text
        links = [
            {"table_id": table["id"], "token": token}
            for table in _manifest(manifest)
            for token in table["tokens"].values()
        ]
        games = client.post("/api/seats/lookup", json={"seats": links}).json()
        assert sorted(
            (item["table"]["id"], item["seat"]) for kind in games.values() for item in kind
        ) == sorted((table["id"], int(seat)) for table in _manifest(manifest) for seat in table["tokens"])


def test_an_sqlite_database_of_the_previous_release_upgrades_and_every_table_plays_on(tmp_path):
    copy = tmp_path / "cosmotable.db"
    shutil.copyfile(FIXTURE / "cosmotable.db", copy)
    _upgrade_and_play(f"sqlite:///{copy}", tmp_path, "tables.json")


def test_a_postgresql_dump_of_the_previous_release_upgrades_and_every_table_plays_on(tmp_path, postgres_url):
    psql = services.postgres_bin_dir() / "psql"
    libpq = postgres_url.replace("+psycopg", "")
    subprocess.run(
        [str(psql), "--quiet", "--set=ON_ERROR_STOP=1", f"--file={FIXTURE / 'cosmotable.sql'}", libpq],
        check=True,
        capture_output=True,
    )
    _upgrade_and_play(postgres_url, tmp_path, "tables-postgresql.json")


def test_an_unknown_newer_revision_is_refused_with_what_to_do(tmp_path):
    copy = tmp_path / "cosmotable.db"
    shutil.copyfile(FIXTURE / "cosmotable.db", copy)
    url = f"sqlite:///{copy}"
    import sqlite3

    with sqlite3.connect(copy) as connection:
        connection.execute("UPDATE alembic_version SET version_num = '0099'")
    connection.close()
    code, output = _db("upgrade", "--database-url", url)
    assert code == 1 and "0099" in output and "newer cosmotable" in output
    code, output = _db("check", "--database-url", url)
    assert code == 1 and "newer than this release" in output
    assert dbadmin.current(url) == "0099"  # nothing changed


def test_check_fails_on_an_older_schema_and_says_to_upgrade(tmp_path):
    revision = "0002"
    url = f"sqlite:///{tmp_path / 'old.db'}"
    from alembic import command

    command.upgrade(dbadmin._alembic_config(url), revision)
    code, output = _db("check", "--database-url", url)
    assert code == 1 and f"at {revision}" in output and "cosmotable db upgrade" in output
    code, output = _db("upgrade", "--database-url", url)
    assert code == 0 and f"upgraded {revision} -> {dbadmin.head()}" in output, output
