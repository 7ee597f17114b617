"""Write a server database as a given release of Cosmotable leaves it, with games in progress: the
fixture of tests/server/test_release_upgrade.py, which upgrades a copy to this release and plays on.

Run it with the *old* release's code first on the path (its own migrations and rules write the
database), e.g. for the previous release, 0.1.0 = main at ec903df:

    git worktree add /tmp/cosmotable-0.1.0 ec903df
    PYTHONPATH=/tmp/cosmotable-0.1.0/src .venv/bin/python scripts/write_release_fixture.py \\
        tests/server/fixtures/release-0.1.0
    # the same tables on PostgreSQL, saved as an SQL dump (a throw-away database you made):
    PYTHONPATH=... .venv/bin/python scripts/write_release_fixture.py tests/server/fixtures/release-0.1.0 \\
        --database-url postgresql+psycopg://user@127.0.0.1:5432/scratch

It writes, into the directory: `cosmotable.db` (SQLite) or `cosmotable.sql` (pg_dump, plain SQL),
and `tables.json` / `tables-postgresql.json`: each table's id, tokens and what the next decision is
(so the test can check the upgraded server shows the same state and play on). Uses only the HTTP API
of that release, through its FastAPI app in this process (no server to start, no network).
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import subprocess
import sys
import tempfile
import uuid
from pathlib import Path

# (game, seats, variants, decisions made before the database is saved): several tables of each game,
# from just started to well into the game, so the upgrade carries early and late states
TABLES = [
    ("mlem", 2, [], 0),
    ("mlem", 3, ["ufo"], 6),
    ("mlem", 2, ["discovery", "secret_missions"], 25),
    ("kosmodrom", 2, [], 3),
    ("kosmodrom", 3, ["quick"], 12),
    ("kosmodrom", 4, [], 30),
    ("planet", 2, [], 2),
    ("planet", 3, [], 10),
    ("planet", 4, [], 24),
]


def _git_commit(path: Path) -> str:
    done = subprocess.run(
        ["git", "-C", str(path), "rev-parse", "HEAD"], capture_output=True, text=True, check=False
    )
    return done.stdout.strip() or "unknown"


def write(out: Path, database_url: str | None) -> None:
    from fastapi.testclient import TestClient

    import cosmotable
    from cosmotable.server.app import create_app
    from cosmotable.server.settings import Settings

    source = Path(cosmotable.__file__).resolve().parent
    out.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="cosmotable-fixture-"))
    url = database_url or f"sqlite:///{work / 'cosmotable.db'}"
    settings = Settings(database_url=url, data_dir=work / "data", bot_workers=0, rate_limit=0)
    rng = random.Random(20261129)
    tables = []
    with TestClient(create_app(settings)) as client:
        for game, players, variants, decisions in TABLES:
            made = client.post(
                "/api/tables",
                json={"game": game, "seats": [{"kind": "human"}] * players, "variants": variants},
            ).json()
            table_id = made["table"]["id"]
            host = {"X-Host-Token": made["host_token"]}
            assert client.post(f"/api/tables/{table_id}/start", headers=host).status_code == 200
            tokens = {link["seat"]: link["token"] for link in made["seats"]}
            for _ in range(decisions):
                seat = client.get(f"/api/tables/{table_id}").json()["to_act"]
                legal = _state(client, table_id, tokens[seat])["legal_actions"]
                action = rng.choice(legal)["json"]
                answer = client.post(
                    f"/api/tables/{table_id}/actions",
                    json={"action": action, "client_action_id": uuid.uuid4().hex},
                    headers={"X-Seat-Token": tokens[seat]},
                )
                assert answer.status_code == 200, answer.text
            summary = client.get(f"/api/tables/{table_id}").json()
            assert summary["status"] == "running", (game, summary["status"])
            seat = summary["to_act"]
            state = _state(client, table_id, tokens[seat])
            tables.append(
                {
                    "id": table_id,
                    "game": game,
                    "variants": variants,
                    "host_token": made["host_token"],
                    "tokens": {str(s): t for s, t in tokens.items()},
                    "step": summary["step"],
                    "to_act": seat,
                    "legal_actions": [legal["text"] for legal in state["legal_actions"]],
                }
            )
    if database_url:
        dump = out / "cosmotable.sql"
        subprocess.run(
            [_pg_dump(), "--no-owner", "--no-privileges", f"--file={dump}",
             database_url.replace("+psycopg", "")],
            check=True,
        )  # fmt: skip
        manifest = out / "tables-postgresql.json"
    else:
        target = out / "cosmotable.db"
        target.unlink(missing_ok=True)
        import sqlite3

        source_db = sqlite3.connect(work / "cosmotable.db")
        with sqlite3.connect(target) as copy:
            source_db.backup(copy)
        source_db.close()
        copy.close()
        sqlite3.connect(target).execute("PRAGMA journal_mode=DELETE").connection.close()
        manifest = out / "tables.json"
    written = {
        "written_by": {
            "version": cosmotable.__version__,
            "commit": _git_commit(source),
            "code": str(source),
            "script": "scripts/write_release_fixture.py",
        },
        "tables": tables,
    }
    manifest.write_text(json.dumps(written, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    shutil.rmtree(work, ignore_errors=True)
    print(f"wrote {len(tables)} tables with cosmotable {cosmotable.__version__} from {source} to {out}")


def _pg_dump() -> str:
    """pg_dump from PATH, else Debian's newest (kept out of PATH, per major version)."""
    import glob

    found = shutil.which("pg_dump") or max(
        glob.glob("/usr/lib/postgresql/*/bin/pg_dump"), key=lambda p: int(Path(p).parts[-3]), default=None
    )
    if not found:
        raise SystemExit("pg_dump not found: install PostgreSQL's client programs")
    return found


def _state(client, table_id: str, token: str) -> dict:
    answer = client.get(f"/api/tables/{table_id}/state", headers={"X-Seat-Token": token})
    assert answer.status_code == 200, answer.text
    return answer.json()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path, help="the fixture directory")
    parser.add_argument("--database-url", help="a throw-away PostgreSQL database (else SQLite)")
    args = parser.parse_args(argv)
    write(args.out, args.database_url)
    return 0


if __name__ == "__main__":
    sys.exit(main())
