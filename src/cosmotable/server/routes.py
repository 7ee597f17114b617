"""The HTTP API under /api: thin routes. Each checks who is asking, calls the table service in a
worker thread (the database and the engine never block the event loop) and, after the commit,
announces the change through the server (`Server.change`), which lets the bots play."""

from __future__ import annotations

import asyncio
import functools
import os
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Header, Query, Request, WebSocket
from fastapi.responses import JSONResponse, Response
from prometheus_client import CONTENT_TYPE_LATEST
from starlette.routing import BaseRoute

from cosmotable import games
from cosmotable.server import clock, models
from cosmotable.server.account_routes import account_router, signed_in
from cosmotable.server.chat import MAX_CHAT_ID, ChatLog, ChatMessage, ChatPost, ChatSwitch
from cosmotable.server.dependencies import ServerDep
from cosmotable.server.errors import ApiError
from cosmotable.server.game_web import web_url
from cosmotable.server.health import HealthBody, health
from cosmotable.server.limits import client_address
from cosmotable.server.lobby import bot_levels
from cosmotable.server.metrics import resident_mib, top_allocations
from cosmotable.server.models import ErrorBody
from cosmotable.server.rating_routes import rating_router
from cosmotable.server.runtime import Server
from cosmotable.server.service import Change
from cosmotable.server.websocket import play_socket

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

#: the server's time (ISO 8601, UTC) on the answers of a table's page: its timer chip counts a
#: deadline down from the server's clock, not the browser's, which may be minutes off (or, under a
#: test clock, a day behind)
SERVER_TIME = "X-Server-Time"


SeatToken = Annotated[str | None, Header(alias="X-Seat-Token", description="the seat's token")]
HostToken = Annotated[str | None, Header(alias="X-Host-Token", description="the host token")]


@functools.cache
def api_routes() -> tuple[BaseRoute, ...]:
    """The API as the routes an app adds: `api_router` included under /api, once per process. FastAPI
    (0.16x) includes a router lazily and builds each route's context for the including router at its
    first request, at the cost `api_router` avoids: so every app adds this same inclusion, whose
    contexts are built once."""
    outer = APIRouter()
    outer.include_router(api_router(), prefix="/api")
    return tuple(outer.routes)


@functools.cache
def api_router() -> APIRouter:
    """The API's routes (included under /api), built once per process and shared by every app made
    in it: each route reads the server of the app the request came to (`ServerDep`), since building
    them took about a fifth of a second of CPU for each `create_app` (dependencies.py)."""
    router = APIRouter(responses=ERRORS)

    @router.get(
        "/metrics",
        summary="The answering process's own figures: event-loop lag, GC pauses, caches, memory "
        "(the whole server's: /api/metrics/prometheus)",
    )
    async def metrics(
        server: ServerDep,
        allocations: Annotated[int, Query(ge=0, le=100, description="top allocation sites to list")] = 0,
    ) -> dict[str, Any]:
        # allocations: only with the server started under PYTHONTRACEMALLOC=1, and only when asked
        # (a tracemalloc snapshot of a busy server takes seconds)
        return {
            "pid": os.getpid(),  # which worker answered: each has its own figures
            "event_loop": server.loop_lag.report(),
            "gc": server.gc_pauses.report(),
            "tables": server.service.sizes(),
            "resident_mib": resident_mib(),
            "top_allocations": await asyncio.to_thread(top_allocations, allocations) if allocations else None,
        }

    @router.get(
        "/metrics/prometheus",
        summary="The whole server's figures in Prometheus's text format, every worker's included",
        response_class=Response,
        responses={200: {"content": {CONTENT_TYPE_LATEST: {}}, "description": "Prometheus text format"}},
    )
    async def prometheus_metrics(server: ServerDep) -> Response:
        text = await asyncio.to_thread(server.export)
        return Response(text, media_type=CONTENT_TYPE_LATEST)

    @router.get(
        "/health",
        summary="Liveness and readiness: database, migrations, Redis (200 ready, 503 not: says why)",
        response_model=HealthBody,
        responses={503: {"model": HealthBody, "description": "not ready; `checks` names what is wrong"}},
    )
    async def health_check(server: ServerDep) -> JSONResponse:
        status, body = await health(server.engine, server.broadcaster)
        return JSONResponse(body, status_code=status)

    @router.get("/health/live", summary="Liveness only: 200 while the process's event loop answers")
    async def live() -> dict[str, Any]:
        return {"live": True}

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
    async def create_table(server: ServerDep, request: models.CreateTable, http: Request):
        # signed in: the creator's seat is bound to the account (a cross-site request is refused)
        account = await signed_in(server, http, changes=True)
        return await server.call(server.service.create, request, account)

    @router.get("/tables", response_model=models.TablePage, summary="List tables (paginated)")
    async def list_tables(
        server: ServerDep,
        status: Literal["open", "running", "finished"] | None = None,
        # a game id is letters, digits, '_' and '-': anything else (a NUL byte, which PostgreSQL
        # refuses in text) is a 422 naming the parameter, not a database error
        game: Annotated[str | None, Query(max_length=32, pattern=r"^[A-Za-z0-9_-]*$")] = None,
        page: Annotated[int, Query(ge=1, le=100000)] = 1,
        page_size: Annotated[int, Query(ge=1, le=100)] = 20,
    ):
        return await server.call(server.service.list, status, game, page, page_size)

    @router.get("/tables/{table_id}", response_model=models.TableSummary, summary="One table")
    async def get_table(server: ServerDep, table_id: str, response: Response):
        response.headers[SERVER_TIME] = clock.now_text()
        return await server.call(server.service.get, table_id)

    @router.delete(
        "/tables/{table_id}",
        status_code=204,
        summary="Delete the table (host): every link to it stops working, every socket on it closes",
    )
    async def delete_table(server: ServerDep, table_id: str, host_token: HostToken = None) -> Response:
        await server.change_announced(server.service.delete, table_id, host_token)
        return Response(status_code=204)

    @router.post("/tables/{table_id}/join", response_model=models.SeatLink, summary="Claim a free seat")
    async def join(
        server: ServerDep, table_id: str, http: Request, request: models.JoinRequest | None = None
    ):
        account = await signed_in(server, http, changes=True)
        asked = request or models.JoinRequest(seat=None, name=None)
        link = await server.call(server.service.join, table_id, asked, account)
        await server.announce(Change(table_id, -1))
        return link

    @router.post("/tables/{table_id}/start", response_model=models.TableSummary, summary="Start (host)")
    async def start(server: ServerDep, table_id: str, host_token: HostToken = None):
        return await server.change(server.service.start, table_id, host_token)

    @router.put(
        "/tables/{table_id}/seats/{seat}",
        response_model=models.TableSummary,
        summary="Give a free seat to a bot (host)",
    )
    async def set_seat(
        server: ServerDep, table_id: str, seat: int, request: models.SeatChange, host_token: HostToken = None
    ):
        return await server.change(server.service.set_seat, table_id, host_token, seat, request)

    @router.post("/tables/{table_id}/leave", response_model=models.TableSummary, summary="Leave your seat")
    async def leave(server: ServerDep, table_id: str, seat_token: SeatToken = None):
        return await server.change(server.service.leave, table_id, seat_token)

    @router.post(
        "/tables/{table_id}/rematch",
        response_model=models.RematchLink,
        summary="Propose the same table again (a seat of a finished table); proposed already: accept it",
    )
    async def rematch(server: ServerDep, table_id: str, seat_token: SeatToken = None):
        return await rematch_link(server, server.service.propose_rematch, table_id, seat_token)

    @router.post(
        "/tables/{table_id}/rematch/accept",
        response_model=models.RematchLink,
        summary="Take your seat at a rematch (with your old table's seat token): your new link",
    )
    async def rematch_accept(server: ServerDep, table_id: str, seat_token: SeatToken = None):
        return await rematch_link(server, server.service.accept_rematch, table_id, seat_token)

    async def rematch_link(server: Server, fn, table_id: str, seat_token: str | None) -> models.RematchLink:
        # a proposal changes two tables (the old one's offer, the new one): each is announced
        link, changes = await server.call(fn, table_id, seat_token)
        for change in changes:
            await server.announce(change)
        return link

    @router.post(
        "/tables/{table_id}/rematch/decline",
        response_model=models.TableSummary,
        summary="Decline a rematch (with your old table's seat token): your seat there is open to anyone",
    )
    async def rematch_decline(server: ServerDep, table_id: str, seat_token: SeatToken = None):
        return await server.change(server.service.decline_rematch, table_id, seat_token)

    @router.post(
        "/tables/{table_id}/takeback",
        response_model=models.TableSummary,
        summary="Take your seat back from the bot",
    )
    async def takeback(server: ServerDep, table_id: str, seat_token: SeatToken = None):
        return await server.change(server.service.takeback, table_id, seat_token)

    @router.get(
        "/tables/{table_id}/state",
        response_model=models.SeatState,
        summary="What your seat (or a spectator, without a token) sees now",
    )
    async def get_state(
        server: ServerDep,
        table_id: str,
        response: Response,
        seat_token: SeatToken = None,
        since: Annotated[int, Query(ge=0, description="first event index to include")] = 0,
    ):
        response.headers[SERVER_TIME] = clock.now_text()
        seat = await server.call(server.service.authenticate, table_id, seat_token)
        # the token is checked again against the snapshot the answer is built from: a link revoked
        # between the two reads gets a 403, never the seat's new holder's view
        state, _seen = await server.call(server.service.seat_state, table_id, seat, since, None, seat_token)
        return state

    @router.post("/tables/{table_id}/actions", response_model=models.ActionResult, summary="Take a decision")
    async def post_action(
        server: ServerDep, table_id: str, request: models.ActionRequest, seat_token: SeatToken = None
    ):
        return await server.act(table_id, seat_token, request.action, request.client_action_id)

    @router.post(
        "/tables/{table_id}/undo", response_model=models.UndoResult, summary="Take back your last decision"
    )
    async def undo(server: ServerDep, table_id: str, seat_token: SeatToken = None):
        return await server.change(server.service.undo, table_id, seat_token)

    @router.get("/games/{game}/rules", response_model=models.RulesText, summary="A game's rules summary")
    async def rules(game: str, lang: str | None = None):
        from cosmotable.server.rules import rules_text

        try:
            return rules_text(game, lang)
        except KeyError:
            raise ApiError(
                404, "not_found", f"no game {game!r}; the games are {', '.join(games.ids())}"
            ) from None

    @router.get(
        "/tables/{table_id}/record",
        summary="The record: your own history while the game runs, "
        "the full engine record (for `cosmotable replay`) once it is over",
    )
    async def record(server: ServerDep, table_id: str, seat_token: SeatToken = None) -> dict:
        return await server.call(server.service.record, table_id, seat_token)

    @router.get(
        "/tables/{table_id}/replay",
        response_model=models.ReplayStep,
        summary="A finished game, step by step, as one seat (or a spectator) saw it",
    )
    async def replay(
        server: ServerDep,
        table_id: str,
        step: Annotated[int, Query(ge=0)] = 0,
        seat: Annotated[int | None, Query(ge=0, le=7)] = None,
    ):
        from cosmotable.server.records import replay_step

        record = await server.call(server.service.finished_record, table_id)
        if step > len(record.actions):
            raise ApiError(
                422, "validation_error", f"step: the game has {len(record.actions)} steps, not {step}"
            )
        if seat is not None and seat >= record.config.num_players:
            raise ApiError(
                422, "validation_error", f"seat: the game has seats 0-{record.config.num_players - 1}"
            )
        return await server.call(replay_step, record, step, seat)

    @router.get(
        "/tables/{table_id}/coach",
        response_model=models.CoachAdvice,
        summary="Each legal move's estimated win chance (and MLEM's crash odds)",
    )
    async def coach(server: ServerDep, table_id: str, seat_token: SeatToken = None):
        job = await server.call(server.service.coach_job, table_id, seat_token)
        return await server.bots.advise(job)

    @router.get(
        "/tables/{table_id}/chat",
        response_model=ChatLog,
        summary="The table's chat: the players' channel, and the spectators' (for spectators, and "
        "for everyone once the game is over)",
    )
    async def chat_log(
        server: ServerDep,
        table_id: str,
        seat_token: SeatToken = None,
        after: Annotated[int, Query(ge=0, le=MAX_CHAT_ID, description="only messages with a greater id")] = 0,
    ):
        return await server.call(server.service.chat_log, table_id, seat_token, after)

    @router.post(
        "/tables/{table_id}/chat",
        status_code=201,
        response_model=ChatMessage,
        summary="Write in the table's chat (a seat: players' channel; no token: spectators')",
    )
    async def chat_post(
        server: ServerDep, table_id: str, request: ChatPost, http: Request, seat_token: SeatToken = None
    ):
        connection = "address:" + (client_address(http.scope) or "?")
        return await server.chat(table_id, seat_token, request, connection)

    @router.put(
        "/tables/{table_id}/chat",
        response_model=models.TableSummary,
        summary="Open or close the table's chat (host)",
    )
    async def chat_switch(
        server: ServerDep, table_id: str, request: ChatSwitch, host_token: HostToken = None
    ):
        return await server.change(server.service.switch_chat, table_id, host_token, request.enabled)

    router.include_router(account_router())
    router.include_router(rating_router())

    @router.websocket("/tables/{table_id}/ws")
    async def table_socket(websocket: WebSocket, table_id: str, token: str | None = None):
        await play_socket(websocket.app.state.server, websocket, table_id, token)

    return router


def _created_links() -> dict:
    """OpenAPI links of a created table: what its creator can do next with the table's id, the host
    token and the first seat's token (clients and schemathesis's stateful runs follow them)."""
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
        bots=bot_levels(game.id),
        web=web_url(game.id),
    )
