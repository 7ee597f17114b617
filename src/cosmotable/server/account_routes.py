"""The account routes under /api (docs/server-api.md, "Accounts"): sign-up, sign-in and -out, the
password, deletion, and the player's games (an account's, or the seats a guest's browser holds).

The session travels in a cookie that scripts cannot read (HttpOnly), that browsers send on no
cross-site request but a top-level navigation (SameSite=Lax), and that is Secure when the request
came over HTTPS or the settings say the site is served over it. Every request the cookie
authenticates and that changes something is refused when it comes from another site
(`check_same_site`), and sign-in attempts are limited per name and per address.
"""

from __future__ import annotations

import hashlib
from typing import Any
from urllib.parse import urlsplit

from fastapi import APIRouter, Request
from fastapi.responses import Response

from cosmotable.server import models
from cosmotable.server.accounts import SESSION_DAYS, Account, unauthorized
from cosmotable.server.chat_mutes import MutedSeats
from cosmotable.server.dependencies import ServerDep
from cosmotable.server.errors import ApiError, forbidden
from cosmotable.server.limits import SIGN_IN_ADDRESS_FACTOR, client_address, retry_after
from cosmotable.server.models import ErrorBody
from cosmotable.server.runtime import Server

COOKIE = "cosmotable_session"

ACCOUNT_ERRORS: dict[int | str, dict[str, Any]] = {
    401: {"model": ErrorBody, "description": "not signed in, or a wrong name or password"},
    403: {"model": ErrorBody, "description": "a cross-site request with the session cookie"},
    409: {"model": ErrorBody, "description": "the name has an account already"},
    422: {"model": ErrorBody, "description": "a field is invalid (the message names it)"},
    429: {"model": ErrorBody, "description": "too many sign-in attempts (see Retry-After)"},
    503: {"model": ErrorBody, "description": "the database is unavailable; try again"},
}
NO_TABLE: dict[int | str, dict[str, Any]] = {404: {"model": ErrorBody, "description": "no such table"}}


def check_same_site(request: Request) -> None:
    """403 for a request another site's page made (cross-site request forgery): the browser says so
    in Sec-Fetch-Site, or (older browsers) an Origin that is not this server's. Requests without
    either (curl, the CLI) are no browser's and carry no cookie they did not mean to."""
    site = request.headers.get("sec-fetch-site")
    if site is not None and site not in ("same-origin", "none"):
        raise forbidden(f"a cross-site request ({site}) may not use the session cookie")
    origin = request.headers.get("origin")
    if origin is not None:
        host = request.headers.get("host", "")
        if origin == "null" or urlsplit(origin).netloc.lower() != host.lower():
            raise forbidden("a request from another origin may not use the session cookie")


def secure_request(server: Server, request: Request) -> bool:
    return server.settings.secure_cookies or request.url.scheme == "https"


def set_session_cookie(server: Server, request: Request, response: Response, session_id: str) -> None:
    response.set_cookie(
        COOKIE,
        session_id,
        max_age=SESSION_DAYS * 86400,
        path="/",
        httponly=True,
        samesite="lax",
        secure=secure_request(server, request),
    )


def clear_session_cookie(server: Server, request: Request, response: Response) -> None:
    response.delete_cookie(
        COOKIE, path="/", httponly=True, samesite="lax", secure=secure_request(server, request)
    )


async def signed_in(server: Server, request: Request, changes: bool) -> Account | None:
    """The account of the request's session cookie (None: none, or not a valid one). `changes`: the
    request changes something, so a cross-site one with the cookie is refused."""
    cookie = request.cookies.get(COOKIE)
    if not cookie:
        return None
    if changes:
        check_same_site(request)
    return await server.call(server.service.account_of, cookie)


async def required(server: Server, request: Request, changes: bool = True) -> Account:
    account = await signed_in(server, request, changes)
    if account is None:
        raise unauthorized("sign in first: this needs the session cookie of a signed-in account")
    return account


async def hashed(server: Server, fn, *args):
    """A service call that computes Argon2, a few at a time (`Server.hashing`)."""
    async with server.hashing:
        return await server.call(fn, *args)


def limit(server: Server, request: Request, name: str | None) -> None:
    """429 when the address, or the name, has made too many attempts lately."""
    attempts = server.sign_in_attempts
    wait = attempts.take(f"address:{client_address(request.scope) or '?'}", SIGN_IN_ADDRESS_FACTOR)
    if not wait and name is not None:
        key = hashlib.sha256(name.casefold().encode("utf-8")).hexdigest()
        wait = attempts.take(f"name:{key}")
    if wait:
        raise ApiError(
            429,
            "rate_limited",
            f"too many sign-in attempts; retry after {retry_after(wait)} s",
            headers={"Retry-After": str(retry_after(wait))},
        )


def account_router() -> APIRouter:
    router = APIRouter(responses=ACCOUNT_ERRORS, tags=["accounts"])

    @router.get("/session", response_model=models.SessionInfo, summary="Who is signed in (null: a guest)")
    async def session(server: ServerDep, request: Request):
        account = await signed_in(server, request, changes=False)
        info = models.AccountInfo(name=account.name, created_at=account.created_at) if account else None
        return models.SessionInfo(account=info)

    @router.post(
        "/account", status_code=201, response_model=models.AccountInfo, summary="Sign up (and sign in)"
    )
    async def sign_up(server: ServerDep, body: models.Credentials, request: Request, response: Response):
        check_same_site(request)
        limit(server, request, None)
        info, session_id = await hashed(server, server.service.sign_up, body)
        set_session_cookie(server, request, response, session_id)
        return info

    @router.post("/session", response_model=models.AccountInfo, summary="Sign in (a new session cookie)")
    async def sign_in(server: ServerDep, body: models.Credentials, request: Request, response: Response):
        check_same_site(request)
        limit(server, request, body.name)
        info, session_id = await hashed(server, server.service.sign_in, body, request.cookies.get(COOKIE))
        set_session_cookie(server, request, response, session_id)
        return info

    @router.delete("/session", status_code=204, summary="Sign out (the session ends on the server)")
    async def sign_out(server: ServerDep, request: Request) -> Response:
        cookie = request.cookies.get(COOKIE)
        if cookie:
            check_same_site(request)
            await server.call(server.service.sign_out, cookie)
        response = Response(status_code=204)
        clear_session_cookie(server, request, response)
        return response

    @router.post(
        "/account/password",
        status_code=204,
        summary="Change the password (every other session of the account ends)",
    )
    async def change_password(server: ServerDep, body: models.PasswordChange, request: Request) -> Response:
        account = await required(server, request)
        limit(server, request, account.name)
        session_id = await hashed(server, server.service.change_password, account, body)
        response = Response(status_code=204)
        set_session_cookie(server, request, response, session_id)
        return response

    @router.post(
        "/account/delete",
        status_code=204,
        summary="Delete the account (its games stay, shown under a deleted player)",
    )
    async def delete_account(server: ServerDep, body: models.AccountDeletion, request: Request) -> Response:
        account = await required(server, request)
        limit(server, request, account.name)
        for change in await hashed(server, server.service.delete_account, account, body):
            await server.announce(change)
        response = Response(status_code=204)
        clear_session_cookie(server, request, response)
        return response

    @router.get(
        "/account/games",
        response_model=models.MyGames,
        summary="The signed-in account's games, with their seat links (private to the account)",
    )
    async def account_games(server: ServerDep, request: Request):
        account = await required(server, request, changes=False)
        return await server.call(server.service.account_games, account)

    @router.get(
        "/account/mutes/{table_id}",
        response_model=MutedSeats,
        summary="The seats whose chat messages the signed-in account hides at a table (private)",
        responses=NO_TABLE,
    )
    async def chat_mutes(server: ServerDep, table_id: str, request: Request):
        account = await required(server, request, changes=False)
        return await server.call(server.service.muted_seats, account, table_id)

    @router.put(
        "/account/mutes/{table_id}",
        response_model=MutedSeats,
        summary="Set the seats whose chat messages the signed-in account hides at a table",
        responses=NO_TABLE,
    )
    async def set_chat_mutes(server: ServerDep, table_id: str, body: MutedSeats, request: Request):
        account = await required(server, request)
        return await server.call(server.service.set_muted_seats, account, table_id, body)

    @router.post(
        "/seats/lookup",
        response_model=models.MyGames,
        summary="The games of the seat links a browser keeps (a guest's games)",
    )
    async def guest_games(server: ServerDep, body: models.SeatLookup):
        return await server.call(server.service.guest_games, body)

    return router
