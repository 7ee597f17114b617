"""Every error the API returns is `{"error": code, "message": ...}` with a 4xx status, never a
traceback; an unexpected failure is a 500 with a generic message (details go to the server log,
never the seed or a token)."""

from __future__ import annotations

import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

log = logging.getLogger("cosmotable.server")

STATUS_CODES = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    409: "conflict",
    413: "too_large",
    415: "unsupported_media_type",
    422: "validation_error",
    429: "rate_limited",
    503: "unavailable",
}


class ApiError(Exception):
    """An error to send to the client as it is."""

    def __init__(self, status: int, error: str, message: str, headers: dict[str, str] | None = None):
        super().__init__(message)
        self.status = status
        self.error = error
        self.message = message
        self.headers = headers or {}


def not_found(message: str) -> ApiError:
    return ApiError(404, "not_found", message)


def forbidden(message: str) -> ApiError:
    return ApiError(403, "forbidden", message)


def conflict(message: str) -> ApiError:
    return ApiError(409, "conflict", message)


def invalid_config(message: str) -> ApiError:
    return ApiError(422, "invalid_config", message)


def bad_request(message: str) -> ApiError:
    return ApiError(400, "bad_request", message)


#: the message of a request refused while the database cannot be reached
DATABASE_UNAVAILABLE = (
    "the database is unavailable right now; nothing was changed, try again in a few seconds"
)


def database_unavailable() -> ApiError:
    """503 for a request that met a database it cannot reach (a stopped server, a dropped
    connection, a locked file): nothing of it was committed, so the client may simply retry (an
    action with the same client_action_id is never applied twice)."""
    return ApiError(503, "unavailable", DATABASE_UNAVAILABLE)


def is_database_outage(exc: BaseException) -> bool:
    """A failure of the database connection itself, not of the request (the driver's
    OperationalError/InterfaceError, as SQLAlchemy wraps them)."""
    from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError

    return isinstance(exc, (OperationalError, InterfaceError)) or (
        isinstance(exc, DBAPIError) and exc.connection_invalidated
    )


def error_response(status: int, error: str, message: str) -> JSONResponse:
    return JSONResponse({"error": error, "message": utf8_safe(message)}, status_code=status)


def utf8_safe(text: str) -> str:
    """`text` with any lone surrogate written as its escape: a message that quotes a client's
    input must still encode as UTF-8, or the answer itself would fail (a 500, a dropped socket)."""
    if text.isascii():
        return text
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def _field(loc) -> str:
    parts = [str(p) for p in loc if p not in ("body", "query", "path", "header")]
    return ".".join(parts) or "body"


def describe_validation(exc: RequestValidationError) -> tuple[int, str, str]:
    """(status, code, message) for a request the models refuse: malformed JSON is a 400, a
    wrong field a 422 naming the field."""
    for err in exc.errors():
        if err.get("type") == "json_invalid":
            ctx = err.get("ctx") or {}
            return (
                400,
                "bad_request",
                (f"the body is not valid JSON ({ctx.get('error', 'parse error')}); send a JSON object"),
            )
    return 422, "validation_error", describe_problems(exc.errors())


def describe_problems(errors) -> str:
    """Pydantic's errors as one message naming each field (a request body's or a websocket
    message's: both transports word their refusals alike)."""
    problems = [f"{_field(err.get('loc', ()))}: {err.get('msg', 'invalid')}" for err in errors]
    return "; ".join(problems[:8]) or "the request is invalid"


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def _api_error(_request: Request, exc: ApiError):
        response = error_response(exc.status, exc.error, exc.message)
        response.headers.update(exc.headers)
        return response

    @app.exception_handler(RequestValidationError)
    async def _validation(_request: Request, exc: RequestValidationError):
        return error_response(*describe_validation(exc))

    @app.exception_handler(StarletteHTTPException)
    async def _http(_request: Request, exc: StarletteHTTPException):
        code = STATUS_CODES.get(exc.status_code, "error")
        message = exc.detail if isinstance(exc.detail, str) else code
        if exc.status_code == 404 and message == "Not Found":
            message = "no such path; the API is under /api (see /docs)"
        elif exc.status_code == 405:
            message = "this path does not accept that method (see /docs)"
        return error_response(exc.status_code, code, message)

    @app.exception_handler(Exception)
    async def _unexpected(_request: Request, exc: Exception):
        if is_database_outage(exc):  # a route that reached the database outside Server.call
            log.warning("database unavailable: %s", type(exc).__name__)
            error = database_unavailable()
            return error_response(error.status, error.error, error.message)
        log.error("unexpected error: %s", type(exc).__name__, exc_info=exc)
        return error_response(500, "internal", "the server failed on this request; it has been logged")


class BodyLimit:
    """ASGI middleware: bodies over `limit` bytes get 413 before the app reads them."""

    def __init__(self, app: ASGIApp, limit: int):
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    too_big = int(value) > self.limit
                except ValueError:
                    too_big = False
                if too_big:
                    await self._refuse(scope, receive, send)
                    return
        received = 0
        responded = False

        async def limited_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    raise _TooLarge(self.limit)
            return message

        async def tracking_send(message: Message) -> None:
            nonlocal responded
            if message["type"] == "http.response.start":
                responded = True
            await send(message)

        try:
            await self.app(scope, limited_receive, tracking_send)
        except _TooLarge:
            if not responded:
                await self._refuse(scope, receive, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        response = error_response(
            413, "too_large", f"the request body is larger than {self.limit} bytes; send less"
        )
        await response(scope, receive, send)


class _TooLarge(StarletteHTTPException):
    """Raised while the body streams in (no Content-Length); an HTTPException so that the
    framework's body reader passes it on and the handler above answers 413."""

    def __init__(self, limit: int):
        super().__init__(413, f"the request body is larger than {limit} bytes; send less")
