"""The FastAPI application: `create_app(settings)` (a factory for `uvicorn --factory`).

Routes are thin: each checks who is asking, calls the table service in a worker thread (the
database and the engine never block the event loop) and, after the commit, announces the change
through the broadcaster and lets the bots play.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import APIRouter, FastAPI, Header, Query, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, HTMLResponse, Response
from pydantic import ValidationError

from cosmotable import __version__, games
from cosmotable.engine.inputs import parse_json
from cosmotable.server import models
from cosmotable.server.bots import BotRunner
from cosmotable.server.broadcast import Broadcaster, make_broadcaster
from cosmotable.server.db import make_engine, make_sessionmaker, migrate
from cosmotable.server.errors import (
    ApiError,
    BodyLimit,
    database_unavailable,
    describe_problems,
    install_error_handlers,
    is_database_outage,
    utf8_safe,
)
from cosmotable.server.limits import RateLimit, RateLimiter, client_address, close_reason, retry_after
from cosmotable.server.metrics import GcPauses, LoopLag, resident_mib, top_allocations
from cosmotable.server.models import ErrorBody
from cosmotable.server.service import Change, TableService
from cosmotable.server.settings import Settings

log = logging.getLogger("cosmotable.server")

ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorBody, "description": "malformed request"},
    403: {"model": ErrorBody, "description": "missing or wrong token"},
    404: {"model": ErrorBody, "description": "no such table"},
    409: {"model": ErrorBody, "description": "not possible now (illegal action, wrong phase)"},
    413: {"model": ErrorBody, "description": "body too large"},
    422: {"model": ErrorBody, "description": "a field is invalid (the message names it)"},
    429: {"model": ErrorBody, "description": "too many requests from this client (see Retry-After)"},
    503: {"model": ErrorBody, "description": "the database is unavailable or the table busy; try again"},
}
WEB_DIR = Path(__file__).resolve().parent.parent / "web"
LOBBY_PAGE = Path(__file__).resolve().parent / "lobby.html"
#: threads for the table service's calls
THREADS = 16
#: allocations between collections of the youngest generation (Python's default: 700)
GC_YOUNG = 10_000
#: the seconds between sweeps for tables whose bots should be playing (after a restart or a failure)
BOT_SWEEP_SECONDS = 5.0

SeatToken = Annotated[str | None, Header(alias="X-Seat-Token", description="the seat's token")]
HostToken = Annotated[str | None, Header(alias="X-Host-Token", description="the host token")]


class Server:
    """What the routes share: settings, the table service, fan-out and the bots."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self.engine = make_engine(settings.database_url)
        self.read_engine = (
            make_engine(settings.database_url, writer=False)
            if settings.database_url.startswith("sqlite")
            else self.engine
        )
        sqlite = settings.database_url.startswith("sqlite")
        if settings.table_seed is not None:
            # Whoever knows the seed knows every deck order and face-down tile: said loudly, so that
            # a test setting that found its way into a real deployment shows in the first log lines.
            log.warning(
                "COSMOTABLE_TABLE_SEED is set: every new table is dealt with the same known seed."
                " For tests only; unset it wherever people play."
            )
        self.service = TableService(
            make_sessionmaker(self.engine),
            make_sessionmaker(self.read_engine),
            one_writer=sqlite,
            secret_key=settings.secret_key,
            table_seed=settings.table_seed,
        )
        self.broadcaster: Broadcaster = make_broadcaster(settings)
        self.bots = BotRunner(self.service, self.announce, settings.bot_workers)
        #: per-client request limits (None: off)
        self.limiter = (
            RateLimiter(settings.rate_limit, settings.rate_burst) if settings.rate_limit > 0 else None
        )
        self._background: list[asyncio.Task] = []
        self.loop_lag = LoopLag()
        self.gc_pauses = GcPauses()
        self._gc_threshold = gc.get_threshold()

    async def call(self, fn, *args):
        """Run a service call in a worker thread. A database that cannot be reached is a 503 (the
        call's transaction did not commit: nothing changed); the engine's pool reconnects by itself
        once the database is back (pool_pre_ping), so the server needs no restart."""
        try:
            return await asyncio.to_thread(fn, *args)
        except Exception as exc:
            if is_database_outage(exc):
                log.warning(
                    "database unavailable during %s: %s", getattr(fn, "__name__", fn), type(exc).__name__
                )
                raise database_unavailable() from None
            raise

    async def change(self, fn, *args):
        """Run a service call that changes a table (it returns (result, change)), announce the
        change once committed, and return the result."""
        result, change = await self.call(fn, *args)
        await self.announce(change)
        return result

    async def change_announced(self, fn, *args) -> None:
        """Run a service call that returns only the Change it committed, and announce it."""
        await self.announce(await self.call(fn, *args))

    async def announce(self, change: Change | None) -> None:
        if change is None:
            return
        await self.broadcaster.publish(change.table_id, change.message())
        if change.step >= 0:  # -1: only who sits or is connected changed
            self.bots.kick(change.table_id, change.version)

    async def start(self) -> None:
        # the service's calls (database, engine) run in threads: enough of them that every seat's
        # update can be built while others wait on the database
        asyncio.get_running_loop().set_default_executor(
            ThreadPoolExecutor(THREADS, thread_name_prefix="cosmotable")
        )
        await asyncio.to_thread(migrate, self.settings.database_url)
        for table_id in await self.call(self.service.waiting_for_bots):
            self.bots.kick(table_id)
        self._background.append(asyncio.create_task(self._timers()))
        self._background.append(asyncio.create_task(self._bot_sweep()))
        self._background.append(asyncio.create_task(self.loop_lag.run()))
        self.gc_pauses.install()
        # Everything made while starting (modules, the app, schemas, the games' tables: over a
        # hundred thousand objects that live as long as the process) leaves the collector's sight,
        # so a full collection walks only the tables' objects: it was the server's longest pause.
        # (No collection first: it would cost every start a full pass, and what little garbage
        # the start-up left is kept only until `stop`.)
        gc.freeze()
        # A table's state is replaced by a new one at every move and lives a few seconds: with
        # the default threshold (700 allocations) it was promoted to the oldest generation before
        # it died, and a full collection followed every ~20 s. Collecting the youngest only every
        # GC_YOUNG allocations lets most of them die young (a young collection stays a few ms).
        self._gc_threshold = gc.get_threshold()
        gc.set_threshold(GC_YOUNG, *self._gc_threshold[1:])

    async def stop(self) -> None:
        self.gc_pauses.uninstall()
        # an app stopped inside a longer-lived process (tests) leaves nothing frozen or changed
        gc.unfreeze()
        gc.set_threshold(*self._gc_threshold)
        for task in self._background:
            task.cancel()
        for task in self._background:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await self.bots.close()
        await self.broadcaster.close()
        self.engine.dispose()
        self.read_engine.dispose()

    async def _timers(self) -> None:
        """Hand a seat whose time ran out to the table's timeout bot."""
        while True:
            await asyncio.sleep(self.settings.timer_poll_seconds)
            try:
                for change in await self.call(self.service.expire_timers):
                    await self.announce(change)
            except ApiError as exc:  # the database is away (Server.call logged it): try again later
                log.debug("turn timer sweep skipped: %s", exc.message)
            except Exception as exc:  # keep the timers running whatever one sweep met
                log.error("turn timer sweep failed: %s", type(exc).__name__, exc_info=exc)

    async def _bot_sweep(self) -> None:
        while True:
            await asyncio.sleep(BOT_SWEEP_SECONDS)
            try:
                for table_id in await self.call(self.service.waiting_for_bots):
                    self.bots.kick(table_id)
            except ApiError as exc:  # the database is away (Server.call logged it): next sweep
                log.debug("bot sweep skipped: %s", exc.message)
            except Exception as exc:
                log.error("bot sweep failed: %s", type(exc).__name__, exc_info=exc)


def create_app(settings: Settings | None = None) -> FastAPI:
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
    app.include_router(api_router(server), prefix="/api")
    install_pages(app)
    return app


def install_pages(app: FastAPI) -> None:
    """`/`: the browser client when it is installed, else the server's own small lobby page."""

    @app.get("/", include_in_schema=False)
    async def index():
        client = WEB_DIR / "index.html"
        if client.exists():
            return FileResponse(client)
        return HTMLResponse(LOBBY_PAGE.read_text(encoding="utf-8"))

    @app.get("/lobby", include_in_schema=False)
    async def lobby():
        return HTMLResponse(LOBBY_PAGE.read_text(encoding="utf-8"))

    if WEB_DIR.is_dir():
        from fastapi.staticfiles import StaticFiles

        app.mount("/web", StaticFiles(directory=WEB_DIR), name="web")


def api_router(server: Server) -> APIRouter:
    router = APIRouter(responses=ERRORS)
    service = server.service
    call = server.call

    @router.get("/metrics", summary="The server's own figures: event-loop lag, GC pauses, caches, memory")
    async def metrics(
        allocations: Annotated[int, Query(ge=0, le=100, description="top allocation sites to list")] = 0,
    ) -> dict[str, Any]:
        # allocations: only with the server started under PYTHONTRACEMALLOC=1, and only when asked
        # (a tracemalloc snapshot of a busy server takes seconds)
        return {
            "event_loop": server.loop_lag.report(),
            "gc": server.gc_pauses.report(),
            "tables": service.sizes(),
            "resident_mib": resident_mib(),
            "top_allocations": await asyncio.to_thread(top_allocations, allocations) if allocations else None,
        }

    @router.get("/games", response_model=list[models.GameInfo], summary="The games and their variants")
    async def list_games():
        return [game_info(gid) for gid in games.ids()]

    @router.post(
        "/tables",
        status_code=201,
        response_model=models.CreatedTable,
        summary="Create a table",
        responses={
            201: {"description": "the table, its host token and its seats' links", "links": CREATED_LINKS}
        },
    )
    async def create_table(request: models.CreateTable):
        created = await call(service.create, request)
        return created

    @router.get("/tables", response_model=models.TablePage, summary="List tables (paginated)")
    async def list_tables(
        status: Literal["open", "running", "finished"] | None = None,
        # a game id is letters, digits, '_' and '-': anything else (a NUL byte, which PostgreSQL
        # refuses in text) is a 422 naming the parameter, not a database error
        game: Annotated[str | None, Query(max_length=32, pattern=r"^[A-Za-z0-9_-]*$")] = None,
        page: Annotated[int, Query(ge=1, le=100000)] = 1,
        page_size: Annotated[int, Query(ge=1, le=100)] = 20,
    ):
        return await call(service.list, status, game, page, page_size)

    @router.get("/tables/{table_id}", response_model=models.TableSummary, summary="One table")
    async def get_table(table_id: str):
        return await call(service.get, table_id)

    @router.delete(
        "/tables/{table_id}",
        status_code=204,
        summary="Delete the table (host): every link to it stops working, every socket on it closes",
    )
    async def delete_table(table_id: str, host_token: HostToken = None) -> Response:
        await server.change_announced(service.delete, table_id, host_token)
        return Response(status_code=204)

    @router.post("/tables/{table_id}/join", response_model=models.SeatLink, summary="Claim a free seat")
    async def join(table_id: str, request: models.JoinRequest | None = None):
        link = await call(service.join, table_id, request or models.JoinRequest(seat=None, name=None))
        await server.announce(Change(table_id, -1))
        return link

    @router.post("/tables/{table_id}/start", response_model=models.TableSummary, summary="Start (host)")
    async def start(table_id: str, host_token: HostToken = None):
        return await server.change(service.start, table_id, host_token)

    @router.put(
        "/tables/{table_id}/seats/{seat}",
        response_model=models.TableSummary,
        summary="Give a free seat to a bot (host)",
    )
    async def set_seat(table_id: str, seat: int, request: models.SeatChange, host_token: HostToken = None):
        return await server.change(service.set_seat, table_id, host_token, seat, request)

    @router.post("/tables/{table_id}/leave", response_model=models.TableSummary, summary="Leave your seat")
    async def leave(table_id: str, seat_token: SeatToken = None):
        return await server.change(service.leave, table_id, seat_token)

    @router.post(
        "/tables/{table_id}/takeback",
        response_model=models.TableSummary,
        summary="Take your seat back from the bot",
    )
    async def takeback(table_id: str, seat_token: SeatToken = None):
        return await server.change(service.takeback, table_id, seat_token)

    @router.get(
        "/tables/{table_id}/state",
        response_model=models.SeatState,
        summary="What your seat (or a spectator, without a token) sees now",
    )
    async def get_state(
        table_id: str,
        seat_token: SeatToken = None,
        since: Annotated[int, Query(ge=0, description="first event index to include")] = 0,
    ):
        seat = await call(service.authenticate, table_id, seat_token)
        # the token is checked again against the snapshot the answer is built from: a link revoked
        # between the two reads gets a 403, never the seat's new holder's view
        state, _seen = await call(service.seat_state, table_id, seat, since, None, seat_token)
        return state

    @router.post("/tables/{table_id}/actions", response_model=models.ActionResult, summary="Take a decision")
    async def post_action(table_id: str, request: models.ActionRequest, seat_token: SeatToken = None):
        return await server.change(
            service.act, table_id, seat_token, request.action, request.client_action_id
        )

    @router.post(
        "/tables/{table_id}/undo", response_model=models.UndoResult, summary="Take back your last decision"
    )
    async def undo(table_id: str, seat_token: SeatToken = None):
        return await server.change(service.undo, table_id, seat_token)

    @router.get("/games/{game}/rules", response_model=models.RulesText, summary="A game's rules summary")
    async def rules(game: str):
        from cosmotable.server.rules import rules_text

        try:
            return rules_text(game)
        except KeyError:
            raise ApiError(
                404, "not_found", f"no game {game!r}; the games are {', '.join(games.ids())}"
            ) from None

    @router.get(
        "/tables/{table_id}/record",
        summary="The record: your own history while the game runs, "
        "the full engine record (for `cosmotable replay`) once it is over",
    )
    async def record(table_id: str, seat_token: SeatToken = None) -> dict:
        return await call(service.record, table_id, seat_token)

    @router.get(
        "/tables/{table_id}/replay",
        response_model=models.ReplayStep,
        summary="A finished game, step by step, as one seat (or a spectator) saw it",
    )
    async def replay(
        table_id: str,
        step: Annotated[int, Query(ge=0)] = 0,
        seat: Annotated[int | None, Query(ge=0, le=7)] = None,
    ):
        from cosmotable.server.records import replay_step

        record = await call(service.finished_record, table_id)
        if step > len(record.actions):
            raise ApiError(
                422, "validation_error", f"step: the game has {len(record.actions)} steps, not {step}"
            )
        if seat is not None and seat >= record.config.num_players:
            raise ApiError(
                422, "validation_error", f"seat: the game has seats 0-{record.config.num_players - 1}"
            )
        return await call(replay_step, record, step, seat)

    @router.get(
        "/tables/{table_id}/coach",
        response_model=models.CoachAdvice,
        summary="Each legal move's estimated win chance (and MLEM's crash odds)",
    )
    async def coach(table_id: str, seat_token: SeatToken = None):
        job = await call(service.coach_job, table_id, seat_token)
        return await server.bots.advise(job)

    @router.websocket("/tables/{table_id}/ws")
    async def table_socket(websocket: WebSocket, table_id: str, token: str | None = None):
        await play_socket(server, websocket, table_id, token)

    return router


def _created_links() -> dict:
    """OpenAPI links of a created table: what its creator can do next with the table's id, the host
    token and the first seat's token (clients and schemathesis's stateful runs follow them). Deleting
    the table is left out: a sequence that followed it would end every later step on a 404."""
    table = {"table_id": "$response.body#/table/id"}
    host = {**table, "header.X-Host-Token": "$response.body#/host_token"}
    seat = {**table, "header.X-Seat-Token": "$response.body#/seats/0/token"}
    targets = {
        "GetTable": ("get_table_api_tables__table_id__get", table),
        "JoinTable": ("join_api_tables__table_id__join_post", table),
        "StartTable": ("start_api_tables__table_id__start_post", host),
        "GiveSeatToBot": ("set_seat_api_tables__table_id__seats__seat__put", host),
        "LeaveSeat": ("leave_api_tables__table_id__leave_post", seat),
        "TakeSeatBack": ("takeback_api_tables__table_id__takeback_post", seat),
        "SeatState": ("get_state_api_tables__table_id__state_get", seat),
        "Act": ("post_action_api_tables__table_id__actions_post", seat),
        "Undo": ("undo_api_tables__table_id__undo_post", seat),
        "Record": ("record_api_tables__table_id__record_get", seat),
        "Replay": ("replay_api_tables__table_id__replay_get", table),
        "Coach": ("coach_api_tables__table_id__coach_get", seat),
    }
    return {name: {"operationId": op, "parameters": params} for name, (op, params) in targets.items()}


CREATED_LINKS = _created_links()


def game_info(game_id: str) -> models.GameInfo:
    game = games.get(game_id)
    return models.GameInfo(
        id=game.id,
        name=game.name,
        min_players=game.min_players,
        max_players=game.max_players,
        variants=dict(game.variants),
        options=dict(game.options),
    )


#: Websocket close codes (docs/server-api.md, "Websocket messages"). Each close follows an error
#: message saying why; the close frame's reason says it again, shorter.
CLOSE_UNSUPPORTED = 1003  # a binary frame: the protocol is JSON text
CLOSE_POLICY = 1008  # the token is wrong, or no longer opens the seat
CLOSE_INTERNAL = 1011
CLOSE_TRY_AGAIN = 1013  # the database is unavailable, or the client is over its rate: reconnect later
CLOSE_NO_TABLE = 4404  # no such table, or its host deleted it


def close_code(exc: ApiError) -> int:
    return {403: CLOSE_POLICY, 404: CLOSE_NO_TABLE, 503: CLOSE_TRY_AGAIN}.get(exc.status, CLOSE_INTERNAL)


class _Close(Exception):
    """The socket cannot go on: it is sent this error, then closed with `code`."""

    def __init__(self, code: int, error: str, message: str):
        super().__init__(message)
        self.code, self.error, self.message = code, error, message

    @classmethod
    def of(cls, exc: ApiError, deleted: str | None = None) -> _Close:
        message = deleted if exc.status == 404 and deleted else exc.message
        return cls(close_code(exc), exc.error, message)


async def _close(websocket: WebSocket, close: _Close) -> None:
    with contextlib.suppress(Exception):  # the client may be gone already
        await websocket.send_json(
            {"type": "error", "error": close.error, "message": utf8_safe(close.message)}
        )
        await websocket.close(code=close.code, reason=close_reason(close.message))


async def play_socket(server: Server, websocket: WebSocket, table_id: str, token: str | None) -> None:
    """One seat's (or a spectator's) live connection: its own state after every change.

    The seat's token is checked at the start and again at every push, against the snapshot the push
    is built from: a socket whose link stops opening the seat (left, joined again, given to a bot,
    table deleted, on whichever server process) is sent the reason and closed before it could be
    sent anything of the seat's new holder."""
    service = server.service
    # accepted before the check, so that a refusal reaches the client as an error message and a
    # close code (before the handshake, the client would see only an HTTP 403)
    await websocket.accept()
    try:
        seat = await server.call(service.authenticate, table_id, token)
    except ApiError as exc:
        await _close(websocket, _Close.of(exc))
        return
    gone = "the table was deleted by its host; this link no longer opens anything"
    key = (table_id, seat)
    service.connections[key] += 1
    try:
        async with server.broadcaster.subscribe(table_id) as updates:
            if seat is not None:
                await server.announce(Change(table_id, -1))  # others see the seat connected
            try:
                text, seen = await server.call(service.push, table_id, seat, 0, None, token)
            except ApiError as exc:
                raise _Close.of(exc, gone) from None
            await websocket.send_text(text)

            async def push_updates():
                nonlocal seen
                async for message in updates:
                    undo = "undo" in message
                    # the log was rebuilt without a taken-back decision: send it whole
                    since = 0 if undo else seen
                    version = message.get("version")
                    try:
                        if service.push_ready(table_id, version):
                            # the change is in this process's snapshot: no database, no thread
                            text, seen = service.push(table_id, seat, since, version, token)
                        else:
                            text, seen = await server.call(
                                service.push, table_id, seat, since, version, token
                            )
                    except ApiError as exc:
                        if exc.status == 503:
                            raise
                        raise _Close.of(exc, gone) from None
                    if undo:
                        await websocket.send_json(
                            {"type": "undo", "seat": message["undo"], "step": message["step"]}
                        )
                    await websocket.send_text(text)

            async def receive_actions():
                address = client_address(websocket.scope)
                limit = server.settings.max_body_bytes
                while True:
                    frame = await websocket.receive()
                    if frame["type"] == "websocket.disconnect":
                        raise WebSocketDisconnect(frame.get("code", 1000))
                    text = frame.get("text")
                    if text is None:
                        raise _Close(
                            CLOSE_UNSUPPORTED,
                            "bad_request",
                            "binary frames are not part of the protocol; send JSON text",
                        )
                    request = None
                    refusal = _message_refusal(server, address, token, text, limit)
                    if refusal is None:
                        request, refusal = socket_request(text, limit)
                    if request is None:  # nothing of the message was acted on
                        await websocket.send_json(refusal)
                        continue
                    await socket_action(server, websocket, table_id, token, request)

            pusher = asyncio.create_task(push_updates())
            receiver = asyncio.create_task(receive_actions())
            done, pending = await asyncio.wait({pusher, receiver}, return_when=asyncio.FIRST_COMPLETED)
            for task in pending:
                task.cancel()
            for task in pending:
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
            for task in done:
                failure = task.exception()
                if failure is not None and not isinstance(failure, (WebSocketDisconnect, RuntimeError)):
                    raise failure
    except WebSocketDisconnect:
        pass
    except _Close as close:
        await _close(websocket, close)
    except ApiError as exc:
        # the database went away under an open socket (503): close it saying so; the client
        # reconnects and is sent its whole state again, so it misses nothing
        await _close(websocket, _Close.of(exc))
    finally:
        service.connections[key] -= 1
        if service.connections[key] <= 0:
            del service.connections[key]
        if seat is not None:
            with contextlib.suppress(Exception):
                await server.announce(Change(table_id, -1))


def socket_request(text: str, limit: int) -> tuple[models.SocketAction | None, dict | None]:
    """A websocket message read as the POST body is read: the same bounded JSON loader and the same
    model (unknown fields refused), so both transports accept exactly the same requests. Returns the
    request, or the error message to send instead."""
    try:
        data = parse_json(text, max_chars=limit)
    except ValueError as exc:
        return None, {
            "type": "error",
            "error": "bad_request",
            "message": utf8_safe(f"the message is {exc}; send {SOCKET_ACTION_SHAPE}"),
        }
    if not isinstance(data, dict):
        return None, {
            "type": "error",
            "error": "bad_request",
            "message": f"a message is a JSON object: send {SOCKET_ACTION_SHAPE}",
        }
    try:
        return models.SocketAction.model_validate(data), None
    except ValidationError as exc:
        return None, {
            "type": "error",
            "error": "validation_error",
            "message": utf8_safe(describe_problems(exc.errors())),
        }


SOCKET_ACTION_SHAPE = '{"type": "action", "action": ..., "client_action_id": ...}'


def _message_refusal(server: Server, address: str | None, token: str | None, text: str, limit: int):
    """The error message for a websocket message over the client's rate or the size limit (the
    same limits as HTTP requests), or None when it may be read."""
    if len(text.encode("utf-8", "replace")) > limit:
        return {
            "type": "error",
            "error": "too_large",
            "message": f"a message is at most {limit} bytes; send less",
        }
    limiter = server.limiter
    wait = limiter.check(address, token) if limiter is not None else 0.0
    if limiter is not None and wait:
        return {
            "type": "error",
            "error": "rate_limited",
            "message": limiter.message(wait),
            "retry_after": retry_after(wait),
        }
    return None


async def socket_action(
    server: Server, websocket: WebSocket, table_id: str, token: str | None, request: models.SocketAction
) -> None:
    """An action sent over the socket: applied like the POST. A seat's token refused here (revoked
    an instant ago) or a table gone ends the socket, as the next push would; a spectator is only
    told that acting needs a seat's link."""
    try:
        await server.change(server.service.act, table_id, token, request.action, request.client_action_id)
    except ApiError as exc:
        if exc.status == 404 or (exc.status == 403 and token):
            raise _Close.of(exc) from None
        await websocket.send_json({"type": "error", "error": exc.error, "message": utf8_safe(exc.message)})
