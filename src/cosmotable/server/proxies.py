"""The client's address behind a reverse proxy (COSMOTABLE_TRUSTED_PROXIES).

The per-address rate limit (limits.py) needs each player's own address. Behind nginx or Caddy every
connection comes from the proxy, so the proxy says who its client was in `X-Forwarded-For` (or
`Forwarded: for=`). Anyone can send those headers, so they are believed only when the connection
comes from an address the operator named as a proxy, and only up to the first hop that is not a
trusted proxy: each proxy appends the address it saw to the right of what it was sent, so the
rightmost untrusted entry is the last one a trusted proxy wrote itself, and anything left of it
may be made up by the client.

`X-Forwarded-For` wins over `Forwarded` when a request carries both: the shipped proxy configs
(deploy/) set the former, and a proxy passes a `Forwarded` header it does not set through untouched,
client's inventions included. Uvicorn's own proxy handling (which trusts 127.0.0.1 by default) is
switched off in run.py, so this module is the only place that reads these headers.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable

from starlette.types import ASGIApp, Receive, Scope, Send

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def parse_networks(text: str, name: str = "COSMOTABLE_TRUSTED_PROXIES") -> tuple[Network, ...]:
    """Comma- or space-separated addresses or networks (`10.0.0.5, 172.16.0.0/12, ::1`)."""
    networks = []
    for item in text.replace(",", " ").split():
        try:
            networks.append(ipaddress.ip_network(item, strict=False))
        except ValueError:
            raise ValueError(
                f"{name} must list addresses or networks of reverse proxies (e.g. '127.0.0.1, "
                f"10.0.0.0/8'), got {item!r}"
            ) from None
    return tuple(networks)


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """An address as a forwarding header writes it (a port, brackets and quotes allowed), or None."""
    text = text.strip().strip('"')
    if text.startswith("["):  # [2001:db8::1]:4711
        text = text[1:].partition("]")[0]
    elif text.count(":") == 1:  # 192.0.2.1:4711
        text = text.partition(":")[0]
    try:
        return ipaddress.ip_address(text)
    except ValueError:
        return None


def forwarded_chain(headers: Iterable[tuple[bytes, bytes]]) -> list[str]:
    """The hops a request's forwarding headers list, the client first: X-Forwarded-For when there is
    one, else the `for=` parameters of Forwarded (RFC 7239). Several header lines join in order."""
    xff: list[str] = []
    forwarded: list[str] = []
    for name, value in headers:
        if name == b"x-forwarded-for":
            xff += [part.strip() for part in value.decode("latin-1").split(",") if part.strip()]
        elif name == b"forwarded":
            for element in value.decode("latin-1").split(","):
                for pair in element.split(";"):
                    key, _, found = pair.strip().partition("=")
                    if key.strip().lower() == "for":
                        forwarded.append(found.strip())
    return xff or forwarded


def client_of(peer: str | None, chain: list[str], trusted: tuple[Network, ...]) -> str | None:
    """The client's address: `peer` (who connected) unless it is a trusted proxy; then the rightmost
    hop of `chain` that is not a trusted proxy. A hop that is no address ('unknown', an obfuscated
    name) ends the walk at the proxy that wrote it: nothing left of it can be checked."""
    current = peer
    if not _is_trusted(peer or "", trusted):
        return peer
    for hop in reversed(chain):
        address = _address(hop)
        if address is None:
            return current
        current = str(address)
        if not _is_trusted(current, trusted):
            return current
    return current  # every hop a trusted proxy: the leftmost one


def forwarded_scheme(headers: Iterable[tuple[bytes, bytes]], websocket: bool) -> str | None:
    """The scheme the client used, from X-Forwarded-Proto (`https` behind a TLS proxy), as the scope
    names it (`https`/`http`, or `wss`/`ws` for a websocket); None when absent or neither."""
    for name, value in headers:
        if name == b"x-forwarded-proto":
            proto = value.decode("latin-1").split(",")[-1].strip().lower()
            if proto in ("http", "https"):
                return {"http": "ws", "https": "wss"}[proto] if websocket else proto
    return None


class ClientAddress:
    """ASGI middleware: a request or websocket that came through a trusted proxy carries its client's
    address in `scope["client"]` from here on (the rate limit, the logs), with the port left 0, and
    the scheme the client used (X-Forwarded-Proto: absolute URLs, such as a redirect's, stay https)."""

    def __init__(self, app: ASGIApp, trusted: tuple[Network, ...]):
        self.app = app
        self.trusted = trusted

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket") and self.trusted:
            peer = scope.get("client")
            if peer and _is_trusted(peer[0], self.trusted):
                headers = scope.get("headers", ())
                client = client_of(peer[0], forwarded_chain(headers), self.trusted)
                scheme = forwarded_scheme(headers, scope["type"] == "websocket")
                scope = dict(
                    scope,
                    client=peer if client == peer[0] else (client, 0),
                    scheme=scheme or scope.get("scheme", "http"),
                )
        await self.app(scope, receive, send)


def _is_trusted(peer: str, trusted: tuple[Network, ...]) -> bool:
    address = _address(peer)
    return address is not None and any(address in network for network in trusted)
