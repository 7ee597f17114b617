"""Sign-in latency with Argon2id: how long `POST /api/session` takes, alone and with several at once.

    python benchmarks/sign_in_latency.py [--accounts 8] [--rounds 5] [--concurrency 1 4]

Runs the app in-process (SQLite in a temporary directory, no sockets: the figure is the server's own
work, Argon2 above all) and signs each account in `--rounds` times, `--concurrency` requests at once
(threads). The sign-in limit is lifted for the run (it would refuse the repeated sign-ins). Prints
p50, p99 and the maximum per concurrency, with the machine line (cores, CPU model, load average,
argon2-cffi's parameters); nothing here is a pass/fail threshold.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import os
import platform
import statistics
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from fastapi.testclient import TestClient

from cosmotable.server.app import create_app
from cosmotable.server.limits import RateLimiter
from cosmotable.server.passwords import HASHER
from cosmotable.server.settings import Settings


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--accounts", type=int, default=8)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--concurrency", type=int, nargs="+", default=[1, 4])
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        app = create_app(Settings(data_dir=Path(data), bot_workers=0, rate_limit=0))
        with TestClient(app) as client:
            app.state.server.sign_in_attempts = RateLimiter(1e6, 1_000_000)  # no limit for the run
            names = [f"bench {n}" for n in range(args.accounts)]
            for name in names:
                assert (
                    client.post("/api/account", json={"name": name, "password": "bench password"}).status_code
                    == 201
                )

            def sign_in(name: str) -> float:
                start = time.perf_counter()
                response = client.post("/api/session", json={"name": name, "password": "bench password"})
                assert response.status_code == 200, response.text
                return time.perf_counter() - start

            for concurrency in args.concurrency:
                jobs = names * args.rounds
                with ThreadPoolExecutor(concurrency) as pool:
                    started = time.perf_counter()
                    times = list(pool.map(sign_in, jobs))
                    elapsed = time.perf_counter() - started
                print(
                    f"concurrency {concurrency}: {len(times)} sign-ins, p50 {1000 * statistics.median(times):.0f} ms, "
                    f"p99 {1000 * percentile(times, 0.99):.0f} ms, max {1000 * max(times):.0f} ms, "
                    f"{len(times) / elapsed:.1f} sign-ins/s"
                )
    version = importlib.metadata.version("argon2-cffi")
    print(
        f"machine: {os.cpu_count()} cores, {cpu_model()}, Python {platform.python_version()}, "
        f"argon2-cffi {version} (m={HASHER.memory_cost} KiB, t={HASHER.time_cost}, p={HASHER.parallelism}), "
        f"load average {os.getloadavg()[0]:.1f} (1 min) at the end"
    )


if __name__ == "__main__":
    main()
