"""`GET /api/metrics/prometheus`: the whole server's figures in Prometheus's text format, every worker's
summed or labelled by process (issue #50, item 5), through the maintained client `prometheus_client`.

One process (`cosmotable serve`): the series live in this process's memory. Several
(`cosmotable serve --workers N`): the supervisor gives every worker one fresh directory
(`PROMETHEUS_MULTIPROC_DIR`, supervisor.py), each worker writes its figures to its own memory-mapped
files there, and a scrape, whichever worker takes it, reads every worker's files: counters and
histograms are summed over the workers (a dead worker's counts stay in the sums, as the library
does), per-process gauges carry a `pid` label and go away when their process dies (the supervisor
calls the library's `mark_process_dead`).

The series (docs/server-api.md lists them) name no seat, token, player or table: an HTTP request is
counted by its route's template (`/api/tables/{table_id}`), never by its path.

The instruments are made on first use by a server, never at import: the bot workers import this
module (through the service) and must not write files of their own into the directory.
"""

from __future__ import annotations

import functools
import os
import re
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Literal

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.multiprocess import MultiProcessCollector
from starlette.routing import BaseRoute, compile_path
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from cosmotable.server.metrics import GcPauses, LoopLag

#: the variable by which the library (and `serve --workers N`) names the workers' shared directory
MULTIPROCESS_VARIABLE = "PROMETHEUS_MULTIPROC_DIR"
#: seconds between a worker's updates of its process gauges (a scrape also updates the answering one)
SAMPLE_SECONDS = 1.0
#: request latency buckets: a seat's action is expected in tens of milliseconds (docs/reliability.md)
LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
#: event-loop lag and collector pauses: a few milliseconds is normal, 50 ms a stall a player notices
PAUSE_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0)
#: the route label of a request that matched no route (a 404 for an unknown path)
UNMATCHED = "unmatched"


def multiprocess() -> bool:
    return bool(os.environ.get(MULTIPROCESS_VARIABLE))


class Instruments:
    """Every series the server exports (one set per process: `instruments()`)."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        self.multiprocess = multiprocess()
        # In multiprocess mode the library adds the `pid` label to a 'liveall' gauge itself; alone,
        # the same series are labelled here, so that both modes show the same names and labels.
        per_process = () if self.multiprocess else ("pid",)

        def gauge(
            name: str, text: str, mode: Literal["liveall", "livesum"], labels: tuple[str, ...] = ()
        ) -> Gauge:
            return Gauge(name, text, labels, registry=self.registry, multiprocess_mode=mode)

        self.requests = Counter(
            "cosmotable_http_requests",
            "HTTP requests answered, by method, route template and status",
            ("method", "route", "status"),
            registry=self.registry,
        )
        self.latency = Histogram(
            "cosmotable_http_request_duration_seconds",
            "Time from a request's arrival to the end of its answer, by method and route template",
            ("method", "route"),
            buckets=LATENCY_BUCKETS,
            registry=self.registry,
        )
        self.websockets_open = gauge("cosmotable_websockets_open", "Websockets open now", "livesum")
        self.websockets = Counter(
            "cosmotable_websockets_accepted", "Websockets accepted", registry=self.registry
        )
        self.actions = Counter(
            "cosmotable_actions_applied",
            "Decisions of seats (HTTP or websocket) applied, by game",
            ("game",),
            registry=self.registry,
        )
        self.bot_moves = Counter(
            "cosmotable_bot_moves", "Decisions of bots applied, by game", ("game",), registry=self.registry
        )
        self.loop_lag = Histogram(
            "cosmotable_event_loop_lag_seconds",
            "How late the event loop woke a task that sleeps 50 ms (metrics.LoopLag)",
            buckets=PAUSE_BUCKETS,
            registry=self.registry,
        )
        self.gc_pauses = Histogram(
            "cosmotable_gc_pause_seconds",
            "Garbage collections and how long each stopped the process, by generation",
            ("generation",),
            buckets=PAUSE_BUCKETS,
            registry=self.registry,
        )
        self.cpu = gauge(
            "cosmotable_process_cpu_seconds", "CPU time of the server process so far", "liveall", per_process
        )
        self.resident = gauge(
            "cosmotable_process_resident_memory_bytes",
            "Resident memory of the server process",
            "liveall",
            per_process,
        )
        self.bot_cpu = gauge(
            "cosmotable_bot_processes_cpu_seconds",
            "CPU time so far of the server process's bot and coach workers alive now",
            "liveall",
            per_process,
        )
        self.bot_resident = gauge(
            "cosmotable_bot_processes_resident_memory_bytes",
            "Resident memory of the server process's bot and coach workers",
            "liveall",
            per_process,
        )
        self.redis_degraded = gauge(
            "cosmotable_redis_degraded",
            "1 while Redis is configured but this process is not subscribed (its sockets get only its "
            "own changes), else 0",
            "liveall",
            per_process,
        )
        self._pid = str(os.getpid())

    def per_process(self, gauge: Gauge) -> Gauge:
        return gauge if self.multiprocess else gauge.labels(self._pid)

    def exposition(self) -> bytes:
        """The text of a scrape: every worker's files in multiprocess mode, else this process."""
        if not self.multiprocess:
            return generate_latest(self.registry)
        registry = CollectorRegistry()
        MultiProcessCollector(registry)
        return generate_latest(registry)


@functools.cache
def instruments() -> Instruments:
    return Instruments()


def update(metrics: Instruments, loop_lag: LoopLag, gc_pauses: GcPauses, redis_degraded: bool) -> None:
    """Bring this process's series up to date: its gauges, and the lag and collector samples queued
    since the last update (see metrics.py)."""
    sample_process(metrics, redis_degraded)
    while loop_lag.pending:
        try:
            metrics.loop_lag.observe(loop_lag.pending.popleft())
        except IndexError:  # emptied meanwhile
            break
    while gc_pauses.pending:
        try:
            generation, pause = gc_pauses.pending.popleft()
        except IndexError:
            break
        metrics.gc_pauses.labels(str(generation)).observe(pause)


def sample_process(metrics: Instruments, redis_degraded: bool) -> None:
    """Set this process's gauges: CPU, resident memory (its own and its bot workers'), Redis."""
    own = os.getpid()
    metrics.per_process(metrics.cpu).set(time.process_time())
    metrics.per_process(metrics.resident).set(resident_bytes(own))
    children = child_processes(own)
    metrics.per_process(metrics.bot_cpu).set(sum(cpu_seconds(child) for child in children))
    metrics.per_process(metrics.bot_resident).set(sum(resident_bytes(child) for child in children))
    metrics.per_process(metrics.redis_degraded).set(1 if redis_degraded else 0)


def child_processes(pid: int) -> list[int]:
    """The processes `pid` started that run now (Linux /proc; none elsewhere)."""
    found: list[int] = []
    try:
        for task in Path(f"/proc/{pid}/task").iterdir():
            found += [int(child) for child in (task / "children").read_text().split()]
    except OSError:
        pass
    return found


def resident_bytes(pid: int) -> int:
    try:
        pages = int(Path(f"/proc/{pid}/statm").read_text().split()[1])
    except (OSError, ValueError, IndexError):
        return 0
    return pages * os.sysconf("SC_PAGE_SIZE")


def cpu_seconds(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime


class RouteTemplates:
    """The template of the route a request took (`/api/tables/{table_id}`): known from the route
    objects the app was built with and the prefix each was included under, never read off the
    request's path (whose table ids and such would make every table a series of its own)."""

    def __init__(self) -> None:
        self._by_route: dict[int, str] = {}  # id(route) -> template (routes live as long as the app)
        self._patterns: list[tuple[re.Pattern[str], str]] = []

    def add(self, routes: Iterable[BaseRoute], prefix: str = "") -> None:
        for route in routes:
            path_format = getattr(route, "path_format", None)
            if path_format is None:  # a router included in the app: its routes are added with its prefix
                continue
            template = prefix + path_format
            pattern = compile_path(prefix + route.path)[0] if prefix else route.path_regex  # type: ignore[attr-defined]
            self._by_route[id(route)] = template
            self._patterns.append((pattern, template))

    def of(self, scope: Scope) -> str:
        route = scope.get("route")
        if route is not None and id(route) in self._by_route:
            return self._by_route[id(route)]
        # not routed (refused by a limit first, or no route): the template the path would take
        path = scope.get("path", "")
        for pattern, template in self._patterns:
            if pattern.match(path):
                return template
        return UNMATCHED


class RequestMetrics:
    """ASGI middleware (the outermost): every HTTP request counted by route template and status and
    timed; every websocket counted while it is open."""

    def __init__(self, app: ASGIApp, templates: RouteTemplates, metrics: Instruments | None = None):
        self.app = app
        self.templates = templates
        self.metrics = metrics or instruments()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            await self._socket(scope, receive, send)
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        # an exception before the answer began reaches the client as a 500; no answer and no
        # exception: the client went away first
        status = "none"

        async def send_status(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = str(message["status"])
            await send(message)

        try:
            await self.app(scope, receive, send_status)
        except BaseException:
            if status == "none":
                status = "500"
            raise
        finally:
            route, method = self.templates.of(scope), scope["method"]
            self.metrics.requests.labels(method, route, status).inc()
            self.metrics.latency.labels(method, route).observe(time.perf_counter() - started)

    async def _socket(self, scope: Scope, receive: Receive, send: Send) -> None:
        opened = False

        async def send_counted(message: Message) -> None:
            nonlocal opened
            if message["type"] == "websocket.accept" and not opened:
                opened = True
                self.metrics.websockets.inc()
                self.metrics.websockets_open.inc()
            await send(message)

        try:
            await self.app(scope, receive, send_counted)
        finally:
            if opened:
                self.metrics.websockets_open.dec()
