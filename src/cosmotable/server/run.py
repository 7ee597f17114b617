"""Running the server with Uvicorn (`cosmotable serve`, `make run`)."""

from __future__ import annotations

import asyncio
import os
import socket
import sys

import uvicorn

from cosmotable.server.app import create_app
from cosmotable.server.lifeline import PARENT_VARIABLE
from cosmotable.server.logs import log_config
from cosmotable.server.settings import Settings


def serve(settings: Settings, host: str, port: int) -> int:
    """Serve until interrupted; prints the address once the socket is listening."""
    app = create_app(settings)
    # no per-message deflate: a view is a few kB, and compressing every push for every seat cost more
    # CPU than the loopback or LAN bytes it saves (benchmarks/server_load.py)
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level="info",
        log_config=log_config(),
        ws="auto",
        ws_per_message_deflate=False,
        # the client's address behind a proxy is taken from COSMOTABLE_TRUSTED_PROXIES only
        # (server/proxies.py); Uvicorn's own handling would trust any local process's header
        proxy_headers=False,
        # a frame far past the message limit is cut off by the protocol (1009); up to it, the app
        # answers a message over the limit with an error that says so
        ws_max_size=settings.max_body_bytes + 4096,
    )
    server = uvicorn.Server(config)

    async def main() -> None:
        async def announce() -> None:
            while not server.started:
                if server.should_exit:
                    return
                await asyncio.sleep(0.05)
            shown = "127.0.0.1" if host in ("0.0.0.0", "") else host
            bound = port
            for srv in getattr(server, "servers", []):
                for sock in srv.sockets:
                    bound = sock.getsockname()[1]
            print(f"Cosmotable is running at http://{shown}:{bound}/", flush=True)

        watcher = asyncio.create_task(announce())
        try:
            await server.serve()
        finally:
            watcher.cancel()

    asyncio.run(main())
    return 0 if server.started else 1


#: the settings a worker process reads from its environment (Settings.from_env)
_ENVIRONMENT = {
    "database_url": "COSMOTABLE_DATABASE_URL",
    "data_dir": "COSMOTABLE_DATA_DIR",
    "redis_url": "COSMOTABLE_REDIS_URL",
    "secret_key": "COSMOTABLE_SECRET_KEY",
    "bot_workers": "COSMOTABLE_BOT_WORKERS",
    "trusted_proxies": "COSMOTABLE_TRUSTED_PROXIES",
}


def serve_workers(settings: Settings, host: str, port: int, workers: int) -> int:
    """Serve with `workers` Uvicorn processes on one socket (each process its own event loop, table
    snapshots and bot pool; they share the database, and Redis carries every table change to every
    process's websockets, so a seat connected to one process sees a move made through another)."""
    if workers < 2:
        return serve(settings, host, port)
    if not settings.redis_url:
        raise ValueError(
            f"{workers} workers need Redis to pass table changes between them: set COSMOTABLE_REDIS_URL "
            "(e.g. redis://127.0.0.1:6379/0), or serve with one worker"
        )
    from cosmotable.server.db import migrate
    from cosmotable.server.supervisor import Supervisor, metrics_directory

    migrate(settings.database_url)  # once, here: workers migrating at once would race on the schema

    for name, variable in _ENVIRONMENT.items():
        os.environ[variable] = str(getattr(settings, name))
    os.environ["COSMOTABLE_RATE_LIMIT"] = f"{settings.rate_limit:g}/{settings.rate_burst}"
    # each worker ends with this supervisor, however it ends (server/lifeline.py)
    os.environ[PARENT_VARIABLE] = str(os.getpid())
    listener = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind((host, port))
    listener.set_inheritable(True)
    config = uvicorn.Config(
        "cosmotable.server.app:create_app",
        factory=True,
        host=host,
        port=listener.getsockname()[1],
        workers=workers,
        log_level="info",
        log_config=log_config(),
        ws="auto",
        ws_per_message_deflate=False,
        # the client's address behind a proxy is taken from COSMOTABLE_TRUSTED_PROXIES only
        # (server/proxies.py); Uvicorn's own handling would trust any local process's header
        proxy_headers=False,
        ws_max_size=settings.max_body_bytes + 4096,
    )
    shown = "127.0.0.1" if host in ("0.0.0.0", "") else host
    print(
        f"Cosmotable is running at http://{shown}:{listener.getsockname()[1]}/ ({workers} workers)",
        flush=True,
    )
    # the workers' shared metrics directory, fresh for this run (supervisor.py, prometheus.py)
    with metrics_directory() as directory:
        Supervisor(config, sockets=[listener], metrics_dir=directory).run()
    return 0


if __name__ == "__main__":  # python -m cosmotable.server.run  (the same as `cosmotable serve`)
    sys.exit(serve(Settings.from_env(), "127.0.0.1", 8000))
