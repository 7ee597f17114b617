"""`GET /api/metrics/prometheus` under `cosmotable serve --workers 2` (issue #50, item 5): whichever
worker answers a scrape, it counts what every worker served; a killed worker's per-process series
leave the scrapes (the supervisor marks it dead, as prometheus_client's multiprocess mode asks) while
its counts stay in the sums; and no scrape names a table or a token."""

from __future__ import annotations

import os
import re
import signal

import httpx
from live_helpers import LiveServer, first_legal_moves
from server_helpers import wait_until
from test_multiprocess import new_table
from test_prometheus import TABLE_ROUTE, samples, value
from test_serve_workers import _answering, _serve, _stopped_at_the_end

#: requests sent to each route, each on a new connection (the kernel spreads them over the workers)
SENT = 24
MOVES = 12


def _scrape(url: str) -> tuple[str, dict]:
    answer = httpx.get(f"{url}/api/metrics/prometheus", timeout=30)
    assert answer.status_code == 200, answer.text
    return answer.text, samples(answer.text)


def _per_process(scraped: dict, name: str) -> set[str]:
    return {dict(labels)["pid"] for (sample, labels) in scraped if sample == name}


def _served_by(log: str, request: str) -> set[str]:
    """The workers whose access lines show `request` (e.g. 'GET /api/games')."""
    return set(re.findall(rf"\[(\d+)\] 127\.0\.0\.1:\d+ - \"{re.escape(request)}", log))


def test_every_scrape_counts_both_workers_and_a_killed_worker_leaves_its_series(tmp_path, redis_url):
    process, log = _serve(tmp_path, "--workers", "2", redis_url=redis_url)
    with _stopped_at_the_end(process):
        url = _answering(process, log)
        made = new_table(LiveServer(process, url, log), "mlem", 2)
        table_id = made["table"]["id"]
        tokens = {link["seat"]: link["token"] for link in made["seats"]}
        # both workers up (each writes its process series as it starts)
        wait_until(lambda: len(_per_process(_scrape(url)[1], "cosmotable_process_cpu_seconds")) == 2)
        _, before = _scrape(url)
        sent = 0
        # at least SENT, and on until both workers have served some (which takes which is the kernel's)
        while sent < SENT or len(_served_by(log.read_text(), "GET /api/games")) < 2:
            assert sent < 50 * SENT, "one worker took every connection"
            assert httpx.get(f"{url}/api/games").status_code == 200
            assert httpx.get(f"{url}/api/tables/ffffffffffff").status_code == 404
            sent += 1
        first_legal_moves(url, table_id, tokens, MOVES)  # GET table, GET state, POST action, each

        def counted(scraped: dict, route: str, status: str, method: str = "GET") -> float:
            name = "cosmotable_http_requests_total"
            labels = {"method": method, "route": route, "status": status}
            return value(scraped, name, **labels) - value(before, name, **labels)

        def as_sent(scraped: dict) -> bool:
            return (
                counted(scraped, "/api/games", "200") == sent
                and counted(scraped, TABLE_ROUTE, "404") == sent
                and counted(scraped, TABLE_ROUTE, "200") == MOVES
                and counted(scraped, TABLE_ROUTE + "/actions", "200", "POST") == MOVES
                and value(scraped, "cosmotable_actions_applied_total", game="mlem")
                - value(before, "cosmotable_actions_applied_total", game="mlem")
                == MOVES
            )

        # a worker counts a request once its answer is sent: wait for the last one, then every
        # scrape, whichever worker answers it, must say the same
        wait_until(lambda: as_sent(_scrape(url)[1]), what="the scrape to count every request sent")
        workers: set[str] = set()
        checked_from = len(log.read_text())  # the scrapes checked here: their access lines from here on
        for _ in range(40):  # on until both workers have answered one
            text, scraped = _scrape(url)
            assert as_sent(scraped), "a scrape that does not count what every worker served"
            workers = _per_process(scraped, "cosmotable_process_cpu_seconds")
            assert len(workers) == 2, workers
            assert all(value(scraped, "cosmotable_redis_degraded", pid=pid) == 0 for pid in workers)
            for secret in (table_id, "ffffffffffff", made["host_token"], *tokens.values()):
                assert secret not in text
            if len(_served_by(log.read_text()[checked_from:], "GET /api/metrics/prometheus")) == 2:
                break
        answered_by = _served_by(log.read_text()[checked_from:], "GET /api/metrics/prometheus")
        assert answered_by == workers, f"the scrapes were answered by {answered_by} only"

        killed = min(workers)
        os.kill(int(killed), signal.SIGKILL)

        def replaced() -> dict | None:
            scraped = _scrape(url)[1]
            alive = _per_process(scraped, "cosmotable_process_cpu_seconds")
            return scraped if killed not in alive and len(alive) == 2 else None

        scraped = wait_until(replaced, what="the killed worker's series to go and its successor's to come")
        for name in (
            "cosmotable_process_resident_memory_bytes",
            "cosmotable_bot_processes_cpu_seconds",
            "cosmotable_redis_degraded",
        ):
            assert killed not in _per_process(scraped, name), name
        assert as_sent(scraped), "the killed worker's counts left the sums"
