"""Per-client rate limiting: a token bucket per client, so one client's flood is refused (429 with
Retry-After) before it reaches the tables, and other clients' tables are not slowed by it.

A client is the seat or host token a request carries (each player is its own client, even behind
one address), and always its network address as well, with a larger allowance (several players
behind one address, a browser loading its files); a client making up tokens still meets the
address's bucket. Websocket messages are counted against the socket's token (or address) the same
way. The clock is injectable, so tests count refusals without depending on time.
"""

from __future__ import annotations

import hashlib
import json
import math
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from starlette.types import ASGIApp, Receive, Scope, Send

from cosmotable.server.errors import error_response

#: an address's allowance, in multiples of one token's (several players may share an address)
ADDRESS_FACTOR = 10
#: sign-in attempts (account_routes.py): 5 at once per name, then one a minute; an address
#: SIGN_IN_ADDRESS_FACTOR times as many (several players behind one address)
SIGN_IN_RATE, SIGN_IN_BURST, SIGN_IN_ADDRESS_FACTOR = 1 / 60, 5, 4
#: buckets kept (least recently used out): a forgotten client simply starts with a full bucket
MAX_CLIENTS = 20_000


@dataclass
class _Bucket:
    tokens: float
    updated: float


class RateLimiter:
    """Token buckets: each client may make `burst` requests at once, then `rate` a second."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic):
        if rate <= 0 or burst < 1:
            raise ValueError(f"a rate limit needs rate > 0 and burst >= 1, got rate={rate}, burst={burst}")
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self._buckets: OrderedDict[str, _Bucket] = OrderedDict()
        self._lock = threading.Lock()

    def take(self, key: str, factor: int = 1) -> float:
        """Spend one request of `key`'s bucket (`factor` times the allowance). Returns 0 when the
        request may go ahead, else the seconds until it could (nothing is spent then)."""
        rate, burst = self.rate * factor, self.burst * factor
        now = self.clock()
        with self._lock:
            bucket = self._buckets.pop(key, None) or _Bucket(float(burst), now)
            bucket.tokens = min(burst, bucket.tokens + (now - bucket.updated) * rate)
            bucket.updated = now
            self._buckets[key] = bucket
            while len(self._buckets) > MAX_CLIENTS:
                self._buckets.popitem(last=False)
            if bucket.tokens >= 1:
                bucket.tokens -= 1
                return 0.0
            return (1 - bucket.tokens) / rate

    def check(self, address: str | None, token: str | None) -> float:
        """0 when a request of this client may go ahead, else the seconds to wait. The address is
        checked first; a token's bucket is spent only when the address allowed the request."""
        wait = self.take(f"address:{address or '?'}", ADDRESS_FACTOR)
        if wait or not token:
            return wait
        # the bucket is named by a hash: the limiter never holds a token itself
        return self.take("token:" + hashlib.sha256(token.encode("utf-8", "replace")).hexdigest())

    def message(self, wait: float) -> str:
        return (
            f"too many requests from this client: at most {self.rate:g} a second (bursts of "
            f"{self.burst}); retry after {retry_after(wait)} s"
        )


def retry_after(wait: float) -> int:
    """The Retry-After header's whole seconds (at least 1)."""
    return max(1, math.ceil(wait))


def request_token(scope: Scope) -> str | None:
    """The seat or host token an HTTP request or websocket carries (header or `token=` query)."""
    for name, value in scope.get("headers", ()):
        if name in (b"x-seat-token", b"x-host-token") and value:
            return value.decode("latin-1")
    query = scope.get("query_string", b"").decode("latin-1")
    for part in query.split("&"):
        if part.startswith("token=") and len(part) > 6:
            return part[6:]
    return None


def client_address(scope: Scope) -> str | None:
    client = scope.get("client")
    return client[0] if client else None


async def refuse_socket(
    receive: Receive, send: Send, code: int, error: str, message: str, retry: int | None = None
) -> None:
    """Open a websocket only to refuse it: the error message, then the close `code` with the reason.
    (Closing before the handshake completes reaches the client as a bare HTTP 403, which a browser
    cannot tell from any other failure; docs/server-api.md promises the close codes.)"""
    if (await receive())["type"] != "websocket.connect":
        return  # the client went away first
    await send({"type": "websocket.accept"})
    body: dict = {"type": "error", "error": error, "message": message}
    if retry is not None:
        body["retry_after"] = retry
    await send({"type": "websocket.send", "text": json.dumps(body)})
    await send({"type": "websocket.close", "code": code, "reason": close_reason(message)})


def close_reason(message: str) -> str:
    """A close frame's reason holds at most 123 bytes of UTF-8: the message, cut on a character."""
    data = message.encode("utf-8", "backslashreplace")
    if len(data) <= 123:
        return data.decode("utf-8")
    return data[:120].decode("utf-8", "ignore") + "..."


class RateLimit:
    """ASGI middleware: HTTP requests over the client's allowance get 429 with Retry-After, before
    the app reads them; a websocket over it is opened only to be closed with 1013 (try again later)
    and the reason (its messages are limited in the socket's own loop)."""

    def __init__(self, app: ASGIApp, limiter: RateLimiter):
        self.app = app
        self.limiter = limiter

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            wait = self.limiter.check(client_address(scope), request_token(scope))
            if wait and scope["type"] == "http":
                response = error_response(429, "rate_limited", self.limiter.message(wait))
                response.headers["Retry-After"] = str(retry_after(wait))
                await response(scope, receive, send)
                return
            if wait:  # a socket over the rate: opened only to say why, then closed with 1013
                await refuse_socket(
                    receive, send, 1013, "rate_limited", self.limiter.message(wait), retry_after(wait)
                )
                return
        await self.app(scope, receive, send)
