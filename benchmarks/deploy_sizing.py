"""Sizing figures for docs/deployment.md: database bytes per table, PostgreSQL connections per server
process, Redis memory under load.

    python benchmarks/deploy_sizing.py [--games 5] [--load-tables 40] [--load-minutes 0.5] [--workers 2]

1. Database size: for each game, `--games` tables played to the end and `--games` tables stopped half
   way (random legal moves of human seats through the HTTP API of an in-process server), on SQLite and
   on PostgreSQL; the growth of the database (SQLite: pages after a checkpoint; PostgreSQL: the total
   relation size of the server's four tables) divided by the number of tables.
2. Under load: benchmarks/server_load.py as it is (`--workers N` on PostgreSQL and Redis, its own
   defaults otherwise) while this script samples, once a second, the PostgreSQL connections of the
   server's database (pg_stat_activity) and Redis's INFO (used memory, peak, clients).

PostgreSQL 15 and Redis are started throw-away as the tests start them (tests/services.py: Debian's
packages). Prints the machine line and the load average: other work on the machine slows the run, the
byte counts do not depend on it.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sqlite3
import subprocess
import sys
import tempfile
import threading
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

import services

GAMES = {"mlem": 3, "kosmodrom": 3, "planet": 3}  # seats per table
SERVER_TABLES = ("tables", "seats", "actions", "undone_actions")


def machine() -> str:
    cpu = "?"
    with open("/proc/cpuinfo") as info:
        for line in info:
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    return f"{cpu}, {os.cpu_count()} cores, {memory:.0f} GiB, Python {platform.python_version()}; load {load}"


def database_bytes(url: str) -> int:
    from sqlalchemy import create_engine, text

    if url.startswith("sqlite"):
        path = url.removeprefix("sqlite:///")
        with sqlite3.connect(path) as connection:
            connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            pages = connection.execute("PRAGMA page_count").fetchone()[0]
            size = connection.execute("PRAGMA page_size").fetchone()[0]
        connection.close()
        return pages * size
    engine = create_engine(url)
    with engine.connect() as connection:
        total = sum(
            connection.execute(text(f"SELECT pg_total_relation_size('{name}')")).scalar_one()
            for name in SERVER_TABLES
        )
    engine.dispose()
    return total


def play(client, made: dict, rng: random.Random, limit: int | None) -> tuple[int, int]:
    """Random legal moves of the seats to act, to the end or `limit` decisions; returns the decisions
    made and the actions stored (chance outcomes included)."""
    table_id = made["table"]["id"]
    tokens = {link["seat"]: link["token"] for link in made["seats"]}
    decisions = 0
    while limit is None or decisions < limit:
        summary = client.get(f"/api/tables/{table_id}").json()
        if summary["status"] == "finished":
            break
        token = tokens[summary["to_act"]]
        legal = client.get(f"/api/tables/{table_id}/state", headers={"X-Seat-Token": token}).json()[
            "legal_actions"
        ]
        answer = client.post(
            f"/api/tables/{table_id}/actions",
            json={"action": rng.choice(legal)["json"], "client_action_id": uuid.uuid4().hex},
            headers={"X-Seat-Token": token},
        )
        assert answer.status_code == 200, answer.text
        decisions += 1
    return decisions, client.get(f"/api/tables/{table_id}").json()["step"]


def sizes(url: str, data_dir: Path, games: int) -> list[tuple[str, str, float, float]]:
    """(game, finished | half way, actions per table, bytes per table)."""
    from fastapi.testclient import TestClient

    from cosmotable.server.app import create_app
    from cosmotable.server.settings import Settings

    rng = random.Random(1)
    rows = []
    settings = Settings(database_url=url, data_dir=data_dir, bot_workers=0, rate_limit=0)
    with TestClient(create_app(settings)) as client:
        for game, seats in GAMES.items():
            lengths = []
            for kind in ("finished", "half way"):
                before = database_bytes(url)
                steps = 0
                for number in range(games):
                    made = client.post(
                        "/api/tables", json={"game": game, "seats": [{"kind": "human"}] * seats}
                    ).json()
                    headers = {"X-Host-Token": made["host_token"]}
                    client.post(f"/api/tables/{made['table']['id']}/start", headers=headers)
                    limit = None if kind == "finished" else max(1, lengths[number] // 2)
                    decisions, stored = play(client, made, rng, limit)
                    steps += stored
                    if kind == "finished":
                        lengths.append(decisions)  # the half-way table of the same number stops at half
                rows.append((game, kind, steps / games, (database_bytes(url) - before) / games))
    return rows


def load(postgres_url: str, redis_url: str, tables: int, minutes: float, workers: int) -> dict:
    """Run benchmarks/server_load.py; sample connections and Redis memory meanwhile."""
    import psycopg
    import redis

    database = postgres_url.rsplit("/", 1)[1]
    admin = postgres_url.replace("+psycopg", "").rsplit("/", 1)[0] + "/postgres"
    samples: dict[str, list[int]] = {"connections": [], "redis_used": [], "redis_clients": []}
    done = threading.Event()

    def sample() -> None:
        r = redis.Redis.from_url(redis_url)
        while not done.wait(1.0):
            with psycopg.connect(admin, autocommit=True) as connection:
                count = connection.execute(
                    "SELECT count(*) FROM pg_stat_activity WHERE datname = %s", (database,)
                ).fetchone()[0]
            info = r.info()
            samples["connections"].append(int(count))
            samples["redis_used"].append(int(info["used_memory"]))
            samples["redis_clients"].append(int(info["connected_clients"]))
        samples["redis_peak"] = [int(r.info()["used_memory_peak"])]
        r.close()

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    command = [
        sys.executable, str(ROOT / "benchmarks" / "server_load.py"), "--tables", str(tables),
        "--minutes", str(minutes), "--database-url", postgres_url, "--workers", str(workers),
        "--redis-url", redis_url,
    ]  # fmt: skip
    print("$", " ".join(command[1:]), flush=True)
    finished = subprocess.run(command, capture_output=True, text=True, check=False)
    done.set()
    sampler.join()
    tail = [line for line in finished.stdout.splitlines() if line.strip()][-6:]
    return {"samples": samples, "tail": tail, "code": finished.returncode}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=5, help="finished and half-way tables per game")
    parser.add_argument("--load-tables", type=int, default=40, help="server_load.py --tables")
    parser.add_argument("--load-minutes", type=float, default=0.5, help="server_load.py --minutes")
    parser.add_argument("--workers", type=int, default=2, help="server_load.py --workers")
    args = parser.parse_args()
    print(machine())
    postgres, redis_server = services.start_postgres(), services.start_redis()
    try:
        with tempfile.TemporaryDirectory() as work:
            for name, url in (
                ("SQLite", f"sqlite:///{work}/sizing.db"),
                ("PostgreSQL 15", postgres.new_database()),
            ):
                print(f"\n{name}: bytes per table (random legal play, {args.games} tables each)")
                for game, kind, steps, size in sizes(url, Path(work) / "data", args.games):
                    print(f"  {game:10} {kind:9} {steps:6.0f} actions  {size / 1024:7.1f} KiB")
        result = load(
            postgres.new_database(), redis_server.url, args.load_tables, args.load_minutes, args.workers
        )
        s = result["samples"]
        print(f"\nunder load ({args.workers} workers, exit {result['code']}); server_load.py's last lines:")
        for line in result["tail"]:
            print("  " + line)
        busy = sorted(count for count in s["connections"] if count) or [0]
        print(f"PostgreSQL connections of the database (samples while the server ran): max {busy[-1]}, "
              f"median {busy[len(busy) // 2]}")  # fmt: skip
        print(f"Redis: used_memory max {max(s['redis_used'], default=0) / 2**20:.2f} MiB, peak "
              f"{s['redis_peak'][0] / 2**20:.2f} MiB, clients max {max(s['redis_clients'], default=0)}")  # fmt: skip
    finally:
        postgres.stop()
        redis_server.stop()
    print(machine().split("; ")[1])
    return 0


if __name__ == "__main__":
    sys.exit(main())
