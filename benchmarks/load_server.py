"""The server side of benchmarks/server_load.py: the server it starts (and, for `--mode workers`, the
PostgreSQL and Redis it starts for it, as the tests do: tests/services.py), what the server costs
(CPU and resident memory, from the server's Prometheus endpoint summed over its workers, and from
its process tree), and the line that says which machine measured it."""

from __future__ import annotations

import asyncio
import contextlib
import os
import platform
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

import httpx
from prometheus_client.parser import text_string_to_metric_families

ROOT = Path(__file__).resolve().parent.parent
#: the libraries whose versions a figure depends on (printed in the machine line)
LIBRARIES = (
    "cosmotable",
    "uvicorn",
    "uvloop",
    "httptools",
    "fastapi",
    "starlette",
    "websockets",
    "sqlalchemy",
    "psycopg",
    "redis",
    "prometheus_client",
)


# --- the machine ------------------------------------------------------------------------------------


def machine_line() -> str:
    """The CPU, cores and memory as every benchmark prints them (benchmarks/machine.py), then the load
    average now, Python and the server's key libraries' versions."""
    import machine  # benchmarks/, beside this file

    versions = []
    for name in LIBRARIES:
        with contextlib.suppress(metadata.PackageNotFoundError):
            versions.append(f"{name} {metadata.version(name)}")
    one, five, fifteen = os.getloadavg()
    return (
        f"{machine.machine_line()}; load average {one:.2f} {five:.2f} {fifteen:.2f} "
        f"(1/5/15 min) before the run; Python {platform.python_version()}; {', '.join(versions)}"
    )


# --- the services of --mode workers -------------------------------------------------------------------


@dataclass
class Services:
    """The PostgreSQL and Redis of a `--mode workers` run, and their processes (to say what they cost)."""

    database_url: str
    redis_url: str
    pids: dict[str, int]  # "PostgreSQL": the postmaster, "Redis": redis-server

    def usage(self) -> dict[str, tuple[float, float]]:
        """(resident MiB, CPU seconds) of each service's process tree (PostgreSQL: the postmaster and
        its backends, whose resident figures each count the shared buffers they touched)."""
        return {name: server_usage(pid) for name, pid in self.pids.items()}


@contextlib.contextmanager
def database_and_redis() -> Iterator[Services]:
    """A throw-away PostgreSQL database and Redis (tests/services.py: the packages `make test`
    installs, loopback only, `fsync` off, removed afterwards)."""
    sys.path.insert(0, str(ROOT / "tests"))
    from services import start_postgres, start_redis

    postgres = start_postgres()
    try:
        redis = start_redis()
        try:
            postmaster = int((postgres.directory / "data" / "postmaster.pid").read_text().split()[0])
            yield Services(
                postgres.new_database(), redis.url, {"PostgreSQL": postmaster, "Redis": redis.process.pid}
            )
        finally:
            redis.stop()
    finally:
        postgres.stop()


# --- the server process -----------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_server(
    database_url: str | None,
    workdir: Path,
    workers: int = 1,
    redis_url: str | None = None,
    rate_limit: str | None = None,
) -> tuple[subprocess.Popen, str]:
    """`cosmotable serve` on a free loopback port; its output goes to workdir/server.log."""
    port = free_port()
    database_url = database_url or f"sqlite:///{workdir / 'bench.sqlite3'}"
    cli = shutil.which("cosmotable", path=str(Path(sys.executable).parent)) or shutil.which("cosmotable")
    if cli is None:
        sys.exit("server_load: the `cosmotable` command was not found; run `make install` first")
    environment = dict(os.environ, COSMOTABLE_DATABASE_URL=database_url, COSMOTABLE_DATA_DIR=str(workdir))
    if redis_url:
        environment["COSMOTABLE_REDIS_URL"] = redis_url
    if rate_limit is not None:
        environment["COSMOTABLE_RATE_LIMIT"] = rate_limit
    log = open(workdir / "server.log", "wb")  # noqa: SIM115 (lives as long as the process)
    process = subprocess.Popen(
        [
            cli,
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--database-url",
            database_url,
            "--workers",
            str(workers),
        ],
        stdout=log,
        stderr=subprocess.STDOUT,
        env=environment,
        start_new_session=True,
    )
    return process, f"http://127.0.0.1:{port}"


async def wait_until_up(
    base_url: str, process: subprocess.Popen | None, workers: int = 1, timeout: float = 120
) -> None:
    """Until the server answers, with all its `workers` (each shows in the Prometheus scrape once
    it has started: play must not begin on half the server)."""
    deadline = time.monotonic() + timeout
    async with httpx.AsyncClient(base_url=base_url) as client:
        while time.monotonic() < deadline:
            if process is not None and process.poll() is not None:
                sys.exit(f"server_load: the server exited with {process.returncode} (see its log)")
            with contextlib.suppress(httpx.TransportError):
                if (await client.get("/api/games")).status_code == 200:
                    figures = await server_figures(client)
                    if figures is None or figures.workers >= workers:
                        return
            await asyncio.sleep(0.2)
    sys.exit(f"server_load: no answer from {base_url} with {workers} worker(s) within {timeout:.0f} s")


def process_tree(pid: int) -> list[int]:
    """pid and its descendants (bot worker processes count towards the server's memory)."""
    found, pending = [], [pid]
    while pending:
        current = pending.pop()
        found.append(current)
        try:
            tasks = Path(f"/proc/{current}/task").iterdir()
            for task in tasks:
                pending.extend(int(child) for child in (task / "children").read_text().split())
        except OSError:
            continue
    return found


def server_usage(pid: int) -> tuple[float, float]:
    """(resident memory in MiB, CPU seconds) of the server process and its children (Linux /proc)."""
    rss_kib, ticks = 0, 0
    for member in process_tree(pid):
        try:
            status = Path(f"/proc/{member}/status").read_text()
            stat = Path(f"/proc/{member}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        rss_kib += next(
            (int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS:")), 0
        )
        ticks += int(stat[11]) + int(stat[12])  # utime, stime (fields 14 and 15 of /proc/pid/stat)
    return rss_kib / 1024, ticks / os.sysconf("SC_CLK_TCK")


# --- the server's own figures -----------------------------------------------------------------------


@dataclass
class Figures:
    """One scrape of GET /api/metrics/prometheus, summed over the workers (and their bot processes)."""

    at: float  # time.monotonic() of the scrape
    workers: int
    cpu_seconds: float
    resident_mib: float


async def server_figures(http: httpx.AsyncClient) -> Figures | None:
    """The whole server's CPU and memory from its Prometheus endpoint (None: a server without it)."""
    try:
        answer = await http.get("/api/metrics/prometheus")
    except httpx.HTTPError:
        return None
    if answer.status_code != 200:
        return None
    pids, cpu, resident = set(), 0.0, 0.0
    for family in text_string_to_metric_families(answer.text):
        for sample in family.samples:
            if sample.name in ("cosmotable_process_cpu_seconds", "cosmotable_bot_processes_cpu_seconds"):
                cpu += sample.value
                pids.add(sample.labels.get("pid"))
            elif sample.name in (
                "cosmotable_process_resident_memory_bytes",
                "cosmotable_bot_processes_resident_memory_bytes",
            ):
                resident += sample.value / 2**20
    return Figures(time.monotonic(), len(pids), cpu, resident)


def figures_line(first: Figures, samples: list[Figures]) -> str:
    """The server's CPU over the run and its memory, from the scrapes at play's start, every report
    and the end."""
    last = samples[-1]
    seconds = last.at - first.at
    cpu = last.cpu_seconds - first.cpu_seconds
    peak = max(sample.resident_mib for sample in [first, *samples])
    return (
        f"server ({last.workers} worker process(es), from /api/metrics/prometheus, bot processes included): "
        f"{cpu:.1f} CPU s over {seconds:.0f} s = {100 * cpu / seconds:.0f}% of a core; resident memory "
        f"{first.resident_mib:.0f} MiB when play began, peak {peak:.0f} MiB, end {last.resident_mib:.0f} MiB"
    )


async def server_metrics(http: httpx.AsyncClient) -> dict | None:
    """One worker's own figures (GET /api/metrics), or None from a server without them."""
    try:
        answer = await http.get("/api/metrics")
    except httpx.HTTPError:
        return None
    return answer.json() if answer.status_code == 200 else None


async def server_lag_line(http: httpx.AsyncClient) -> str:
    """The answering worker's event-loop lag over its last minute and its longest collection so far."""
    metrics = await server_metrics(http)
    if metrics is None:
        return ""
    lag, gc = metrics["event_loop"], metrics["gc"]["generations"]
    return (
        f"; server loop lag (last min{', worker ' + str(metrics['pid']) if 'pid' in metrics else ''}) "
        f"p99 {lag['recent_p99_ms']:.0f} ms, max {lag['recent_max_ms']:.0f} ms; "
        f"full GCs {gc[2]['collections']}, longest {gc[2]['max_ms']:.0f} ms"
    )


def metrics_lines(metrics: dict) -> list[str]:
    """The end-of-run summary of one worker's own figures."""
    lag, gc, tables = metrics["event_loop"], metrics["gc"], metrics["tables"]
    worker = f" (worker {metrics['pid']})" if "pid" in metrics else ""
    loop_line = (
        f"server event loop{worker}: {lag['samples']} wake-ups every {lag['interval_ms']:g} ms; lag max "
        f"{lag['max_ms']:.1f} ms over the run ({lag['over_50ms']} over 50 ms), last minute p99 "
        f"{lag['recent_p99_ms']:.1f} ms, max {lag['recent_max_ms']:.1f} ms"
    )
    collections_ = ", ".join(
        f"gen {g['generation']}: {g['collections']} collections, {g['total_ms']:.0f} ms in all, "
        f"longest {g['max_ms']:.1f} ms"
        for g in gc["generations"]
    )
    gc_line = (
        f"server garbage collector{worker}: {collections_}; thresholds {gc['thresholds']}, "
        f"{gc['frozen_objects']} objects frozen at start-up"
    )
    held_line = (
        f"server holds{worker}: {tables['snapshots']} snapshots (bound {tables['snapshots_bound']}), "
        f"{tables['finished_snapshots']} of finished tables (bound {tables['finished_snapshots_bound']}), "
        f"{tables['pushes']} pushes (bound {tables['pushes_bound']}), {tables['open_sockets']} open sockets"
    )
    return [loop_line, gc_line, held_line]
