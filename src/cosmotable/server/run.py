"""Running the server with Uvicorn (`cosmotable serve`, `make run`)."""

from __future__ import annotations

import asyncio
import logging
import re
import sys

import uvicorn

from cosmotable.server.app import create_app
from cosmotable.server.settings import Settings

_TOKEN = re.compile(r"(token=)[A-Za-z0-9_\-%]+")


class RedactTokens(logging.Filter):
    """Seat tokens travel in the websocket's query string; keep them out of the access log."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.args:
            record.args = tuple(_TOKEN.sub(r"\1***", a) if isinstance(a, str) else a for a in record.args)
        if isinstance(record.msg, str):
            record.msg = _TOKEN.sub(r"\1***", record.msg)
        return True


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
        ws="auto",
        ws_per_message_deflate=False,
        # a frame far past the message limit is cut off by the protocol (1009); up to it, the app
        # answers a message over the limit with an error that says so
        ws_max_size=settings.max_body_bytes + 4096,
    )
    server = uvicorn.Server(config)
    for name in ("uvicorn.access", "uvicorn.error"):
        logging.getLogger(name).addFilter(RedactTokens())

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


if __name__ == "__main__":  # python -m cosmotable.server.run  (the same as `cosmotable serve`)
    sys.exit(serve(Settings.from_env(), "127.0.0.1", 8000))
