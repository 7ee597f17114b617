"""Server load: many concurrent tables played by people over real websockets against a real Uvicorn process.

    python benchmarks/server_load.py [--tables 200] [--spectators 0] [--minutes 1] [--soak]
                                     [--think 1-4 | --think-ms MS] [--game mlem] [--players 2]
                                     [--moves N] [--database-url URL] [--server-url URL] [--seed 1]
                                     [--workers N --redis-url URL] [--rate-limit RATE[/BURST]]

Starts `cosmotable serve` on a free loopback port (an SQLite file in a temporary directory unless
`--database-url` is given; `--server-url` measures a server that is already running instead), creates
`--tables` tables whose seats are all human, and plays every seat from this client: each seat has its own
websocket, and when a `state` message gives it legal actions it thinks, as a person would, for a random
time in `--think` seconds (default 1-4 s), then sends a random legal action over its socket. `--think-ms 0`
answers at once, which saturates the server (a throughput figure, not a model of play). `--spectators N`
opens N more websockets without a token, spread over the tables, watching them as spectators do.
A finished game is replaced by a new table, so the load stays the same until `--minutes` or `--moves`.

Latency is measured per move: from sending the action to receiving the `state` message that shows a
later step on the same socket (and, for spectators, from that same send to their own `state` with the
later step). Printed every few seconds and at the end: moves/s, p50/p90/p99/max latency, errors (refused
actions, lost sockets, HTTP errors), the server's resident memory when play began and at the end, and
the CPU time of the server and of this client: both run on the same machine, and the machine's load
average is printed too. `--soak` runs longer (30 minutes unless `--minutes` says otherwise), reports once a
minute and ends with the memory of every minute, to show whether it stays flat.

The client is one event loop and does no more than it must: one JSON parse per message, actions sent in
their short text form.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import machine
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

REPORT_EVERY = 5.0
SOAK_REPORT_EVERY = 60.0
SOAK_MINUTES = 30.0
#: memory counts as flat when its fitted growth over the run's second half is at most this many MiB
#: a minute (caches fill during the first minutes, up to their bounds; a leak keeps growing)
FLAT_MIB_PER_MINUTE = 0.2


@dataclass
class Tally:
    """Everything measured so far; `window` holds the latencies since the last progress line."""

    moves: int = 0
    games: int = 0
    latencies: list[float] = field(default_factory=list)
    window: list[float] = field(default_factory=list)
    spectator_latencies: list[float] = field(default_factory=list)
    spectator_updates: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    first_error: dict[str, str] = field(default_factory=dict)

    def move(self, latency: float) -> None:
        self.moves += 1
        self.latencies.append(latency)
        self.window.append(latency)

    def error(self, kind: str, detail: str) -> None:
        self.errors[kind] = self.errors.get(kind, 0) + 1
        self.first_error.setdefault(kind, detail[:300])


def percentile(values: list[float], fraction: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def latency_line(values: list[float]) -> str:
    ms = [1000 * value for value in values]
    return (
        f"p50 {percentile(ms, 0.50):.1f} ms, p90 {percentile(ms, 0.90):.1f} ms, "
        f"p99 {percentile(ms, 0.99):.1f} ms, max {max(ms, default=float('nan')):.1f} ms"
    )


def slope_per_minute(samples: list[float], every: float) -> float:
    """Least-squares slope of memory samples taken every `every` seconds, in MiB a minute."""
    n = len(samples)
    if n < 2:
        return float("nan")
    times = [i * every / 60 for i in range(n)]
    mean_t, mean_m = sum(times) / n, sum(samples) / n
    spread = sum((t - mean_t) ** 2 for t in times)
    return sum((t - mean_t) * (m - mean_m) for t, m in zip(times, samples)) / spread


def memory_verdict(samples: list[float], every: float) -> str:
    """The memory trend from the first report on: the slope over the whole run and over its second
    half, and whether the second half is flat (FLAT_MIB_PER_MINUTE)."""
    if len(samples) < 4:
        return "memory trend: too few reports to tell (need 4; run longer)"
    whole = slope_per_minute(samples, every)
    late = slope_per_minute(samples[len(samples) // 2 :], every)
    verdict = "FLAT" if late <= FLAT_MIB_PER_MINUTE else "NOT FLAT"
    return (
        f"memory trend: {whole:+.2f} MiB/min over the run, {late:+.2f} MiB/min over its second half "
        f"-> {verdict} (flat: at most {FLAT_MIB_PER_MINUTE} MiB/min in the second half)"
    )


def parse_think(text: str) -> tuple[float, float]:
    """'1-4' -> (1.0, 4.0) seconds; '2' -> (2.0, 2.0)."""
    low, _, high = text.partition("-")
    try:
        bounds = (float(low), float(high or low))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"--think takes seconds as LOW-HIGH (e.g. 1-4), not {text!r}"
        ) from None
    if bounds[0] < 0 or bounds[1] < bounds[0]:
        raise argparse.ArgumentTypeError(f"--think: need 0 <= LOW <= HIGH, got {text!r}")
    return bounds


# --- the server process ---------------------------------------------------------------------------


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


async def wait_until_up(base_url: str, process: subprocess.Popen | None, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    async with httpx.AsyncClient(base_url=base_url) as client:
        while time.monotonic() < deadline:
            if process is not None and process.poll() is not None:
                sys.exit(f"server_load: the server exited with {process.returncode} (see its log)")
            try:
                if (await client.get("/api/games")).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            await asyncio.sleep(0.2)
    sys.exit(f"server_load: no answer from {base_url}/api/games within {timeout:.0f} s")


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


# --- the players ------------------------------------------------------------------------------------


class Slot:
    """One table place: the table playing there now, and the sends its seats made lately (for the
    spectators' latency). A finished table is replaced by a new one in the same slot."""

    def __init__(self) -> None:
        self.table_id: str | None = None
        self.generation = 0
        self.changed = asyncio.Event()  # set when a new table sits in the slot
        self.sends: collections.deque[tuple[int, float]] = collections.deque(maxlen=8)

    def seat_table(self, table_id: str) -> None:
        self.table_id = table_id
        self.generation += 1
        self.sends.clear()
        self.changed.set()
        self.changed = asyncio.Event()


class Run:
    def __init__(self, args: argparse.Namespace, base_url: str):
        self.args = args
        self.base_url = base_url
        self.ws_url = "ws" + base_url.removeprefix("http")
        self.tally = Tally()
        self.deadline = float("inf")  # set when play begins, after the tables are created
        self.rng = random.Random(args.seed)
        self.slots = [Slot() for _ in range(args.tables)]

    def done(self) -> bool:
        return time.monotonic() >= self.deadline or bool(
            self.args.moves and self.tally.moves >= self.args.moves
        )

    def think_time(self) -> float:
        if self.args.think_ms is not None:
            return self.rng.uniform(0.5, 1.5) * self.args.think_ms / 1000
        low, high = self.args.think
        return self.rng.uniform(low, high)

    async def create_table(self, http: httpx.AsyncClient) -> tuple[str, list[str]]:
        body = {
            "game": self.args.game,
            "variants": self.args.variant,
            "options": {},
            "seats": [{"kind": "human"} for _ in range(self.args.players)],
            "timer_seconds": None,
            "undo": False,
        }
        created = await http.post("/api/tables", json=body)
        if created.status_code != 201:
            raise RuntimeError(f"POST /api/tables: {created.status_code} {created.text[:300]}")
        answer = created.json()
        table_id = answer["table"]["id"]
        tokens = [link["token"] for link in sorted(answer["seats"], key=lambda link: link["seat"])]
        started = await http.post(
            f"/api/tables/{table_id}/start", headers={"X-Host-Token": answer["host_token"]}
        )
        if started.status_code != 200:
            raise RuntimeError(
                f"POST /api/tables/{table_id}/start: {started.status_code} {started.text[:300]}"
            )
        return table_id, tokens

    async def play_seat(self, slot: Slot, table_id: str, token: str, finished: asyncio.Event) -> None:
        """Answer every state that gives this seat legal actions with a random one after thinking,
        timing each answer."""
        url = f"{self.ws_url}/api/tables/{table_id}/ws?token={token}"
        async with connect(url, max_size=None, open_timeout=30, compression=None) as socket_:
            sent_at: float | None = None
            sent_step = -1
            while not finished.is_set():
                try:
                    message = json.loads(await socket_.recv())
                except ConnectionClosed as closed:
                    if not finished.is_set():
                        self.tally.error("socket closed", f"{table_id}: {closed}")
                        finished.set()
                    return
                kind = message.get("type")
                if kind == "error":
                    self.tally.error(f"refused ({message.get('error')})", message.get("message", ""))
                    sent_at = None
                    continue
                if kind != "state":
                    continue
                step = message["step"]
                if sent_at is not None and step > sent_step:
                    self.tally.move(time.perf_counter() - sent_at)
                    sent_at = None
                if message["table"]["status"] == "finished":
                    finished.set()
                    return
                legal = message.get("legal_actions") or []
                if not legal or sent_at is not None or self.done():
                    continue
                pause = self.think_time()
                if pause:
                    await asyncio.sleep(pause)
                if finished.is_set() or self.done():
                    return
                choice = self.rng.choice(legal)
                sent_at, sent_step = time.perf_counter(), step
                slot.sends.append((step, sent_at))
                await socket_.send(
                    json.dumps(
                        {"type": "action", "action": choice["text"], "client_action_id": uuid.uuid4().hex}
                    )
                )

    async def watch(self, slot: Slot) -> None:
        """A spectator of whatever table plays in `slot`; reconnects to the next table when one ends."""
        while not self.done():
            if slot.table_id is None:
                await slot.changed.wait()
                continue
            generation, table_id = slot.generation, slot.table_id
            url = f"{self.ws_url}/api/tables/{table_id}/ws"
            try:
                async with connect(url, max_size=None, open_timeout=30, compression=None) as socket_:
                    seen_step = -1
                    while not self.done() and slot.generation == generation:
                        try:
                            raw = await asyncio.wait_for(socket_.recv(), timeout=1.0)
                        except TimeoutError:
                            continue
                        message = json.loads(raw)
                        if message.get("type") != "state":
                            continue
                        self.tally.spectator_updates += 1
                        step = message["step"]
                        if seen_step >= 0 and step > seen_step:
                            # the newest send this update answers (made at a step this spectator saw)
                            answered = [t for s, t in slot.sends if seen_step <= s < step]
                            if answered:
                                self.tally.spectator_latencies.append(time.perf_counter() - answered[-1])
                        seen_step = max(seen_step, step)
                        if message["table"]["status"] == "finished":
                            break
            except ConnectionClosed as closed:
                if not self.done() and slot.generation == generation:
                    self.tally.error("spectator socket closed", f"{table_id}: {closed}")
            except OSError as problem:
                self.tally.error("spectator connect", f"{type(problem).__name__}: {problem}")
                await asyncio.sleep(1)
            if slot.generation == generation and not self.done():
                changed = slot.changed
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(changed.wait(), timeout=5)

    async def table_loop(self, http: httpx.AsyncClient, slot: Slot, ready: asyncio.Barrier) -> None:
        """One table slot: play a game, then open a new table, until the run ends."""
        first = True
        while not self.done():
            try:
                table_id, tokens = await self.create_table(http)
            except (RuntimeError, httpx.HTTPError) as problem:
                self.tally.error("create table", f"{type(problem).__name__}: {problem}")
                await asyncio.sleep(1)
                continue
            finally:
                if first:
                    first = False
                    await ready.wait()
            slot.seat_table(table_id)
            finished = asyncio.Event()
            seats = [asyncio.create_task(self.play_seat(slot, table_id, token, finished)) for token in tokens]
            while not finished.is_set() and not self.done():
                await asyncio.sleep(0.2)
            finished.set()
            for seat in seats:  # a seat may be waiting for a message that will not come: stop it
                seat.cancel()
            results = await asyncio.gather(*seats, return_exceptions=True)
            for result in results:
                if isinstance(result, Exception) and not isinstance(result, asyncio.CancelledError):
                    self.tally.error("seat", f"{type(result).__name__}: {result}")
            if not self.done():
                self.tally.games += 1

    async def progress(
        self, http: httpx.AsyncClient, pid: int | None, every: float, memory: list[float]
    ) -> None:
        start, last_moves = time.monotonic(), 0
        while not self.done():
            await asyncio.sleep(every)
            window, self.tally.window = self.tally.window, []
            usage = ""
            if pid:
                rss, cpu = server_usage(pid)
                memory.append(rss)
                usage = f", server {rss:.0f} MiB, {cpu:.0f} CPU s"
            errors = sum(self.tally.errors.values())
            print(
                f"[{time.monotonic() - start:5.0f} s] {self.tally.moves} moves "
                f"({(self.tally.moves - last_moves) / every:.0f}/s), {self.tally.games} games, "
                f"{latency_line(window)}, {errors} errors{usage}, client {time.process_time():.0f} CPU s, "
                f"load {os.getloadavg()[0]:.1f}{await server_lag_line(http)}",
                flush=True,
            )
            last_moves = self.tally.moves


async def server_metrics(http: httpx.AsyncClient) -> dict | None:
    """The server's own figures (GET /api/metrics), or None from a server without them."""
    try:
        answer = await http.get("/api/metrics")
    except httpx.HTTPError:
        return None
    return answer.json() if answer.status_code == 200 else None


async def server_lag_line(http: httpx.AsyncClient) -> str:
    """The server's event-loop lag over its last minute and its longest collection so far."""
    metrics = await server_metrics(http)
    if metrics is None:
        return ""
    lag, gc = metrics["event_loop"], metrics["gc"]["generations"]
    return (
        f"; server loop lag (last min) p99 {lag['recent_p99_ms']:.0f} ms, max {lag['recent_max_ms']:.0f} ms; "
        f"full GCs {gc[2]['collections']}, longest {gc[2]['max_ms']:.0f} ms"
    )


def metrics_lines(metrics: dict) -> list[str]:
    """The end-of-run summary of the server's own figures."""
    lag, gc, tables = metrics["event_loop"], metrics["gc"], metrics["tables"]
    loop_line = (
        f"server event loop: {lag['samples']} wake-ups every {lag['interval_ms']:g} ms; lag max "
        f"{lag['max_ms']:.1f} ms over the run ({lag['over_50ms']} over 50 ms), last minute p99 "
        f"{lag['recent_p99_ms']:.1f} ms, max {lag['recent_max_ms']:.1f} ms"
    )
    collections_ = ", ".join(
        f"gen {g['generation']}: {g['collections']} collections, {g['total_ms']:.0f} ms in all, "
        f"longest {g['max_ms']:.1f} ms"
        for g in gc["generations"]
    )
    gc_line = (
        f"server garbage collector: {collections_}; thresholds {gc['thresholds']}, "
        f"{gc['frozen_objects']} objects frozen at start-up"
    )
    held_line = (
        f"server holds: {tables['snapshots']} snapshots (bound {tables['snapshots_bound']}), "
        f"{tables['finished_snapshots']} of finished tables (bound {tables['finished_snapshots_bound']}), "
        f"{tables['pushes']} pushes (bound {tables['pushes_bound']}), {tables['open_sockets']} open sockets"
    )
    return [loop_line, gc_line, held_line]


async def run(args: argparse.Namespace, base_url: str, process: subprocess.Popen | None) -> Tally:
    await wait_until_up(base_url, process)
    benchmark = Run(args, base_url)
    # idle connections are dropped before Uvicorn's 5 s keep-alive ends, so a request never goes out on
    # a connection the server is closing (that showed as a ReadError when a new table was created)
    limits = httpx.Limits(max_connections=50, keepalive_expiry=2.0)
    think = (
        "none (saturation)"
        if args.think_ms == 0
        else (
            f"{0.5 * args.think_ms:.0f}-{1.5 * args.think_ms:.0f} ms"
            if args.think_ms is not None
            else f"{args.think[0]:g}-{args.think[1]:g} s"
        )
    )
    async with httpx.AsyncClient(base_url=base_url, limits=limits, timeout=60) as http:
        print(
            f"server_load: {args.tables} tables of {args.game} for {args.players} (human seats, think "
            f"{think} per decision), {args.spectators} spectators, on {base_url}",
            flush=True,
        )
        database = "PostgreSQL" if (args.database_url or "").startswith("postgresql") else "SQLite"
        if not args.server_url:
            print(
                f"server_load: server on {database}, {args.workers} worker process(es), rate limit "
                f"{args.rate_limit or 'the default'}",
                flush=True,
            )
        ready = asyncio.Barrier(args.tables + 1)
        slots = [asyncio.create_task(benchmark.table_loop(http, slot, ready)) for slot in benchmark.slots]
        set_up = time.monotonic()
        await ready.wait()
        print(f"server_load: tables created in {time.monotonic() - set_up:.1f} s; playing", flush=True)
        # measure from here: the set-up's table creation is not a move
        benchmark.deadline = time.monotonic() + 60 * args.minutes
        spectators = [
            asyncio.create_task(benchmark.watch(benchmark.slots[i % args.tables]))
            for i in range(args.spectators)
        ]
        begin, client_before = time.monotonic(), time.process_time()
        rss_before, cpu_before = server_usage(process.pid) if process else (0.0, 0.0)
        memory: list[float] = []
        every = SOAK_REPORT_EVERY if args.soak else REPORT_EVERY
        reporter = asyncio.create_task(
            benchmark.progress(http, process.pid if process else None, every, memory)
        )
        await asyncio.gather(*slots, *spectators)
        elapsed = time.monotonic() - begin
        client_cpu = time.process_time() - client_before
        reporter.cancel()
        metrics = await server_metrics(http)
    tally = benchmark.tally
    print("\n=== server_load result ===")
    print(
        f"tables: {args.tables} x {args.game} ({args.players} human seats, think {think}), "
        f"{args.spectators} spectators, {elapsed:.0f} s, {tally.games} games finished"
    )
    print(f"moves: {tally.moves} ({tally.moves / elapsed:.1f} moves/s)")
    print(f"latency (action sent -> update pushed to the seat): {latency_line(tally.latencies)}")
    if args.spectators:
        print(
            f"spectators: {tally.spectator_updates} updates; latency (same send -> spectator's update): "
            f"{latency_line(tally.spectator_latencies)}"
        )
    print(f"errors: {sum(tally.errors.values())} {tally.errors or ''}")
    for kind, detail in tally.first_error.items():
        print(f"  first {kind}: {detail}")
    # the machine's other work competes for the same cores: say how busy it was
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} (1 min) at the end")
    print(f"client: {client_cpu:.1f} CPU s during the run ({client_cpu / elapsed:.2f} cores)")
    if process:
        rss, cpu = server_usage(process.pid)
        server_cpu = cpu - cpu_before
        per_move = f", {1000 * server_cpu / tally.moves:.1f} ms per move" if tally.moves else ""
        print(f"server: {server_cpu:.1f} CPU s during the run ({server_cpu / elapsed:.2f} cores{per_move})")
        # growth is counted from the first report, when every socket is open (they take memory too)
        settled = memory[0] if memory else rss_before
        print(
            f"server memory: {rss_before:.0f} MiB when play began, {settled:.0f} MiB at the first report "
            f"(sockets open), {rss:.0f} MiB at the end ({rss - settled:+.0f} MiB since the first report)"
        )
        if args.soak and memory:
            print("server memory each minute (MiB): " + " ".join(f"{m:.0f}" for m in memory))
        print(memory_verdict(memory, every))
    if metrics is not None:
        for line in metrics_lines(metrics):
            print(line)
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", type=int, default=200, help="concurrent tables (default 200)")
    parser.add_argument("--spectators", type=int, default=0, help="spectator sockets spread over the tables")
    parser.add_argument("--game", default="mlem", help="game id (default mlem)")
    parser.add_argument("--players", type=int, default=2, help="seats per table, all played by this client")
    parser.add_argument("--variant", action="append", default=[], help="a variant to switch on (repeatable)")
    parser.add_argument(
        "--minutes",
        type=float,
        default=None,
        help=f"how long to play (default 1; {SOAK_MINUTES:g} with --soak)",
    )
    parser.add_argument(
        "--soak",
        action="store_true",
        help="a long run reporting once a minute, ending with the memory of every minute",
    )
    parser.add_argument("--moves", type=int, default=0, help="stop after this many moves (default: no limit)")
    parser.add_argument(
        "--think",
        type=parse_think,
        default=(1.0, 4.0),
        help="seconds a person thinks per decision, LOW-HIGH at random (default 1-4)",
    )
    parser.add_argument(
        "--think-ms",
        type=float,
        default=None,
        help="instead of --think: a mean pause in ms, 0.5x-1.5x at random; 0 answers at "
        "once and saturates the server",
    )
    parser.add_argument("--database-url", help="server database (default: SQLite in a temporary directory)")
    parser.add_argument("--server-url", help="measure this running server instead of starting one")
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        help="server processes (`cosmotable serve --workers`; 2+ need --redis-url)",
    )
    parser.add_argument("--redis-url", help="Redis for several workers (COSMOTABLE_REDIS_URL)")
    parser.add_argument(
        "--rate-limit",
        help="the server's per-client limit, RATE[/BURST] or 0 for none (COSMOTABLE_RATE_LIMIT; default: "
        "the server's own). Every seat here is a client of its own, but all share one address",
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the client's random moves and pauses")
    args = parser.parse_args()
    machine.report()
    if args.minutes is None:
        args.minutes = SOAK_MINUTES if args.soak else 1.0
    if args.tables < 1 or args.minutes <= 0 or args.spectators < 0:
        parser.error("--tables must be at least 1, --minutes above 0, --spectators not negative")
    if args.think_ms is not None and args.think_ms < 0:
        parser.error("--think-ms must not be negative")

    if args.server_url:
        asyncio.run(run(args, args.server_url.rstrip("/"), None))
        return
    workdir = Path(tempfile.mkdtemp(prefix="cosmotable-load-"))
    if args.workers > 1 and not args.redis_url:
        parser.error("--workers above 1 needs --redis-url (the workers pass table changes through Redis)")
    process, base_url = start_server(
        args.database_url, workdir, args.workers, args.redis_url, args.rate_limit
    )
    # stopped from outside (timeout, kill): still stop the server below rather than orphan it
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    try:
        tally = asyncio.run(run(args, base_url, process))
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
        log = (workdir / "server.log").read_text(errors="replace")
        if "Traceback" in log:
            print(f"server log has tracebacks: {workdir / 'server.log'}")
        else:
            shutil.rmtree(workdir, ignore_errors=True)
    sys.exit(1 if sum(tally.errors.values()) else 0)


if __name__ == "__main__":
    main()
