"""The websocket of a table (`/api/tables/{id}/ws`): one seat's (or a spectator's) live connection,
its pushes after every change, the actions it sends, and the close codes that end it."""

from __future__ import annotations

import asyncio
import contextlib

from fastapi import WebSocket, WebSocketDisconnect
from pydantic import ValidationError

from cosmotable.engine.inputs import parse_json
from cosmotable.server import clock, models
from cosmotable.server.chat import ChatPost, SocketChat, visible
from cosmotable.server.errors import ApiError, describe_problems, utf8_safe
from cosmotable.server.limits import client_address, close_reason, retry_after
from cosmotable.server.runtime import Server
from cosmotable.server.seat_view import STATE_PREFIX
from cosmotable.server.service import Change

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
            await websocket.send_text(with_server_time(text))

            async def push_updates():
                nonlocal seen
                async for message in updates:
                    if "chat" in message:
                        # public text, not a change of the table: no view is rebuilt for it
                        chat = message["chat"]
                        if visible(chat["channel"], seat, bool(message.get("finished"))):
                            await websocket.send_json({"type": "chat", "message": chat})
                        continue
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
                    if isinstance(request, SocketChat):
                        await socket_chat(server, websocket, table_id, token, request)
                    else:
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


def socket_request(text: str, limit: int) -> tuple[models.SocketAction | SocketChat | None, dict | None]:
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
        if data.get("type") == "chat":
            return SocketChat.model_validate(data), None
        return models.SocketAction.model_validate(data), None
    except ValidationError as exc:
        refusal = {
            "type": "error",
            "error": "validation_error",
            "message": utf8_safe(describe_problems(exc.errors())),
        }
        if data.get("type") == "chat":  # a message too long, blank, or with bidi controls
            refusal["about"] = "chat"
        return None, refusal


SOCKET_ACTION_SHAPE = '{"type": "action", "action": ..., "client_action_id": ...} or {"type": "chat", "channel": ..., "text": ...}'


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


async def socket_chat(
    server: Server, websocket: WebSocket, table_id: str, token: str | None, request: SocketChat
) -> None:
    """A chat message sent over the socket: stored and fanned out like the POST (the writer gets it
    back with everyone else); a refusal (rate, chat off, wrong channel) is only told."""
    post = ChatPost(channel=request.channel, text=request.text)
    try:
        await server.chat(table_id, token, post, f"socket:{id(websocket)}")
    except ApiError as exc:
        if exc.status == 404:
            raise _Close.of(exc) from None
        # "about": the client shows a chat refusal in its chat panel, not as a refused move
        await websocket.send_json(
            {"type": "error", "error": exc.error, "message": utf8_safe(exc.message), "about": "chat"}
        )


async def socket_action(
    server: Server, websocket: WebSocket, table_id: str, token: str | None, request: models.SocketAction
) -> None:
    """An action sent over the socket: applied like the POST. A seat's token refused here (revoked
    an instant ago) or a table gone ends the socket, as the next push would; a spectator is only
    told that acting needs a seat's link."""
    try:
        await server.act(table_id, token, request.action, request.client_action_id)
    except ApiError as exc:
        if exc.status == 404 or (exc.status == 403 and token):
            raise _Close.of(exc) from None
        await websocket.send_json({"type": "error", "error": exc.error, "message": utf8_safe(exc.message)})


def with_server_time(text: str) -> str:
    """The first `state` message of a connection with the server's time (`now`), from which the
    page counts the deadline down (as from X-Server-Time over HTTP): a page that reconnects after a
    restart learns it again. Added here, not in the shared message, which may be older."""
    if not text.startswith(STATE_PREFIX):
        return text
    return f'{STATE_PREFIX}"now":"{clock.now_text()}",{text[len(STATE_PREFIX) :]}'
