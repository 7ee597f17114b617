"""The FastAPI application: `create_app(settings)` (a factory for `uvicorn --factory`), and the pages.

It puts together the parts: the running server (`runtime.py`), the HTTP routes (`routes.py`, under
/api), the websocket (`websocket.py`, one of those routes), the middleware against oversized and
too frequent requests, and the browser client's files.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse, HTMLResponse

from cosmotable import __version__
from cosmotable.server.errors import BodyLimit, install_error_handlers
from cosmotable.server.game_web import mount_game_webs
from cosmotable.server.lifeline import end_with_supervisor
from cosmotable.server.limits import RateLimit
from cosmotable.server.prometheus import RequestMetrics, RouteTemplates
from cosmotable.server.proxies import ClientAddress
from cosmotable.server.routes import api_router, api_routes
from cosmotable.server.runtime import Server
from cosmotable.server.settings import Settings

WEB_DIR = Path(__file__).resolve().parent.parent / "web"
LOBBY_PAGE = Path(__file__).resolve().parent / "lobby.html"


def create_app(settings: Settings | None = None) -> FastAPI:
    end_with_supervisor()  # a worker of `serve --workers N` ends with its supervisor (lifeline.py)
    settings = settings or Settings.from_env()
    server = Server(settings)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI):
        await server.start()
        try:
            yield
        finally:
            await server.stop()

    app = FastAPI(
        title="Cosmotable",
        version=__version__,
        description="Online tables for MLEM, Kosmodrom and Planet: seats, live play over websockets, "
        "bots and persistence. See docs/server-api.md for the overview.",
        lifespan=lifespan,
    )
    app.state.server = server
    install_error_handlers(app)
    app.add_middleware(BodyLimit, limit=settings.max_body_bytes)
    if server.limiter is not None:  # outermost: a refused request costs nothing further
        app.add_middleware(RateLimit, limiter=server.limiter)
    if settings.proxy_networks:  # outside the limit: it counts the client's address, not the proxy's
        app.add_middleware(ClientAddress, trusted=settings.proxy_networks)
    # The API's routes are shared by every app of this process (routes.api_routes): a route reads
    # the server of the app the request came to, `app.state.server`. Added before the pages, whose
    # routes tell the app's router that its routes changed.
    app.router.routes.extend(api_routes())
    install_pages(app)
    templates = RouteTemplates()
    templates.add(api_router().routes, "/api")
    templates.add(app.router.routes)
    # added last, so outermost of all: requests refused by the limits (429, 413) are counted too
    app.add_middleware(RequestMetrics, templates=templates, metrics=server.metrics)
    return app


def install_pages(app: FastAPI) -> None:
    """`/`: the browser client when it is installed, else the server's own small lobby page; the
    client's files under `/web/`, each game's browser module at `/web/games/<id>/`."""

    @app.get("/", include_in_schema=False)
    async def index():
        client = WEB_DIR / "index.html"
        if client.exists():
            return FileResponse(client)
        return HTMLResponse(LOBBY_PAGE.read_text(encoding="utf-8"))

    @app.get("/lobby", include_in_schema=False)
    async def lobby():
        return HTMLResponse(LOBBY_PAGE.read_text(encoding="utf-8"))

    mount_game_webs(app)
    if WEB_DIR.is_dir():
        from fastapi.staticfiles import StaticFiles

        app.mount("/web", StaticFiles(directory=WEB_DIR), name="web")
