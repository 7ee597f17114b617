"""Chat load: how many chat messages per second one table sustains, stored and fanned out to many sockets.

    python benchmarks/chat_load.py [--sockets 50] [--writers 8] [--rates 25 50 100 200 400 800] [--seconds 8]

Starts a real Uvicorn process (the app on SQLite in a temporary directory) with the chat's
per-writer limit lifted for the run (CHAT_RATE/CHAT_BURST in server/runtime.py: 5 at once, then one
every 2 s per seat or spectator socket, would make the limit the figure), creates one MLEM table with
two human seats and opens `--sockets` websockets on it: `--writers` with the seats' tokens (a seat
may have several sockets, say in several tabs), the rest as spectators. The writers write in the
players' channel, which every socket reads, so each message is stored once and sent to every
socket; the server handles one socket's messages one after another, so several writers are what
lets it work on several at once. At each rate of `--rates` (messages/s, offered evenly by the
writers for `--seconds`), it prints what was offered, the rate at which the
slowest socket received them, the share delivered, and the latency from the send to its arrival at
the sockets (p50/p99/max over every socket). A table "sustains" a rate when every socket got every
message, at 95 % of the offered rate or better, with p99 latency within 1 s; the highest such rate is
printed last. The client runs on the same machine and its cost is in the figure: the client's CPU
seconds are printed per rate. Nothing here is a pass/fail threshold.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

import httpx
import machine  # benchmarks/, beside this file
from websockets.asyncio.client import connect

SUSTAINED_P99 = 1.0  # seconds
SUSTAINED_SHARE = 0.95


def serve(port: int, data_dir: str) -> None:
    """The server process: the app with the chat limit lifted, on Uvicorn."""
    import uvicorn

    from cosmotable.server import runtime
    from cosmotable.server.app import create_app
    from cosmotable.server.settings import Settings

    runtime.CHAT_RATE, runtime.CHAT_BURST = 1e9, 10**9  # read when the app's Server is built
    settings = Settings(data_dir=Path(data_dir), bot_workers=0, rate_limit=0)
    uvicorn.run(create_app(settings), host="127.0.0.1", port=port, log_level="warning", ws_max_size=1 << 20)


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))] if ordered else float("nan")


class Reader:
    """One socket's received chat: for each rate step, arrival times and latencies."""

    def __init__(self, socket):
        self.socket = socket
        self.got: dict[str, list[float]] = {}  # step label -> arrival times
        self.latency: dict[str, list[float]] = {}

    async def read(self) -> None:
        import json

        async for text in self.socket:
            message = json.loads(text)
            if message.get("type") != "chat":
                continue
            now = time.perf_counter()
            label, sent, _ = message["message"]["text"].split(" ", 2)
            self.got.setdefault(label, []).append(now)
            self.latency.setdefault(label, []).append(now - float(sent))


async def run(base: str, args: argparse.Namespace) -> None:
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        made = (
            await http.post(
                "/api/tables", json={"game": "mlem", "seats": [{"kind": "human"}, {"kind": "human"}]}
            )
        ).json()
        table = made["table"]["id"]
        await http.post(f"/api/tables/{table}/start", headers={"X-Host-Token": made["host_token"]})
    tokens = [link["token"] for link in made["seats"]]
    url = base.replace("http", "ws") + f"/api/tables/{table}/ws"
    sockets = [await connect(f"{url}?token={tokens[n % 2]}", max_size=None) for n in range(args.writers)]
    sockets += [await connect(url, max_size=None) for _ in range(args.sockets - args.writers)]
    readers = [Reader(socket) for socket in sockets]
    tasks = [asyncio.create_task(reader.read()) for reader in readers]
    writers = sockets[: args.writers]
    print(f"one table, {len(sockets)} sockets ({len(writers)} of the 2 seats' writing, every socket reading)")
    print("offered/s  received/s (slowest socket)  delivered  latency p50 / p99 / max  client CPU s")
    sustained = 0
    for rate in args.rates:
        label = f"r{rate}"
        count = max(1, round(rate * args.seconds))
        cpu = resource.getrusage(resource.RUSAGE_SELF)
        started = time.perf_counter()
        for n in range(count):
            # on schedule: a late client sends the overdue ones at once rather than offering less
            delay = started + n / rate - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            await writers[n % len(writers)].send(
                f'{{"type": "chat", "channel": "players", "text": "{label} {time.perf_counter()!r} {n}"}}'
            )
        drain = time.perf_counter() + args.seconds + 10
        while time.perf_counter() < drain and any(len(r.got.get(label, [])) < count for r in readers):
            await asyncio.sleep(0.05)
        used = resource.getrusage(resource.RUSAGE_SELF)
        client_cpu = used.ru_utime + used.ru_stime - cpu.ru_utime - cpu.ru_stime
        arrived = [r.got.get(label, []) for r in readers]
        share = sum(len(a) for a in arrived) / (count * len(readers))
        slowest = min(len(a) / max(1e-9, max(a) - started) if a else 0.0 for a in arrived)
        latencies = [x for r in readers for x in r.latency.get(label, [])]
        p99 = percentile(latencies, 0.99)
        print(
            f"{rate:>9}  {slowest:>10.1f}                    {100 * share:>7.1f} %  "
            f"{1000 * percentile(latencies, 0.5):.0f} / {1000 * p99:.0f} / {1000 * max(latencies or [0]):.0f} ms"
            f"  {client_cpu:.1f}",
            flush=True,
        )
        if share == 1.0 and slowest >= SUSTAINED_SHARE * rate and p99 <= SUSTAINED_P99:
            sustained = rate
        else:
            break  # past what the table sustains: a higher rate only queues more
    print(
        f"sustained: {sustained} chat messages/s on one table with {len(sockets)} sockets "
        f"({sustained * len(sockets)} deliveries/s)"
    )
    for socket in sockets:
        await socket.close()
    for task in tasks:
        task.cancel()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--sockets", type=int, default=50, help="websockets on the table (2 seats + spectators)"
    )
    parser.add_argument("--writers", type=int, default=8, help="sockets of the two seats that write")
    parser.add_argument("--rates", type=int, nargs="+", default=[25, 50, 100, 200, 400, 800])
    parser.add_argument("--seconds", type=float, default=8.0, help="seconds each rate is offered")
    args = parser.parse_args()
    if not 1 <= args.writers <= args.sockets:
        parser.error("--writers must be at least 1 and at most --sockets")
    machine.report()
    port = free_port()
    with tempfile.TemporaryDirectory() as data:
        process = multiprocessing.get_context("spawn").Process(target=serve, args=(port, data), daemon=True)
        process.start()
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{base}/api/games", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline or not process.is_alive():
                sys.exit("chat_load: the server did not start")
            time.sleep(0.2)
        try:
            asyncio.run(run(base, args))
        finally:
            process.terminate()
            process.join(10)
    print(f"cores: {os.cpu_count()}")


if __name__ == "__main__":
    main()
