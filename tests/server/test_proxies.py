"""The client's address behind a reverse proxy (issue #50, deployment): X-Forwarded-For / Forwarded
are believed only from the addresses in COSMOTABLE_TRUSTED_PROXIES, so the per-address rate limit
counts each player behind a trusted proxy separately, and nobody else can choose their address.

The limit's address bucket is made small (COSMOTABLE_RATE_LIMIT 0.001/1: ten requests an address,
then nothing for a long while), so which bucket a request spends shows as 200 or 429."""

from __future__ import annotations

import ipaddress

import pytest
from fastapi.testclient import TestClient
from live_helpers import start_server
from server_helpers import run_coroutine

from cosmotable.server.app import create_app
from cosmotable.server.limits import ADDRESS_FACTOR
from cosmotable.server.proxies import client_of, forwarded_chain, parse_networks
from cosmotable.server.settings import Settings

TRUSTED = parse_networks("127.0.0.1, 10.0.0.0/8, ::1")
ALLOWANCE = ADDRESS_FACTOR  # burst 1 per token, ten times that per address


@pytest.mark.parametrize(
    ("peer", "headers", "client"),
    [
        ("198.51.100.7", [(b"x-forwarded-for", b"203.0.113.1")], "198.51.100.7"),  # untrusted peer
        ("127.0.0.1", [(b"x-forwarded-for", b"203.0.113.1")], "203.0.113.1"),
        # the client's own invention left of what the proxy appended is not believed
        ("127.0.0.1", [(b"x-forwarded-for", b"1.2.3.4, 203.0.113.1")], "203.0.113.1"),
        # two trusted proxies in a row: the first untrusted hop from the right
        ("127.0.0.1", [(b"x-forwarded-for", b"1.2.3.4, 203.0.113.1, 10.1.2.3")], "203.0.113.1"),
        (
            "127.0.0.1",
            [(b"x-forwarded-for", b"1.2.3.4"), (b"x-forwarded-for", b"203.0.113.9")],
            "203.0.113.9",
        ),
        ("127.0.0.1", [(b"forwarded", b'for="[2001:db8::1]:4711";proto=https')], "2001:db8::1"),
        ("127.0.0.1", [(b"forwarded", b"for=192.0.2.60;proto=http, for=203.0.113.43")], "203.0.113.43"),
        # both headers: X-Forwarded-For (the one the shipped proxy configs set) wins
        ("127.0.0.1", [(b"forwarded", b"for=1.1.1.1"), (b"x-forwarded-for", b"203.0.113.2")], "203.0.113.2"),
        ("127.0.0.1", [(b"forwarded", b"for=unknown")], "127.0.0.1"),  # no address: the proxy's
        ("127.0.0.1", [(b"x-forwarded-for", b"10.0.0.2")], "10.0.0.2"),  # only proxies: leftmost
        ("127.0.0.1", [], "127.0.0.1"),
    ],
)
def test_the_client_is_the_first_untrusted_hop_from_the_right(peer, headers, client):
    assert client_of(peer, forwarded_chain(headers), TRUSTED) == client


@pytest.mark.parametrize(
    ("peer", "kind", "headers", "seen"),
    [
        ("10.0.0.5", "http", [(b"x-forwarded-for", b"203.0.113.1"), (b"x-forwarded-proto", b"https")],
         (("203.0.113.1", 0), "https")),
        ("10.0.0.5", "websocket", [(b"x-forwarded-proto", b"https")], (("10.0.0.5", 4711), "wss")),
        ("10.0.0.5", "http", [(b"x-forwarded-proto", b"gopher")], (("10.0.0.5", 4711), "http")),
        # from anyone else the headers change nothing
        ("198.51.100.7", "http", [(b"x-forwarded-for", b"203.0.113.1"), (b"x-forwarded-proto", b"https")],
         (("198.51.100.7", 4711), "http")),
    ],
)  # fmt: skip
def test_the_middleware_passes_on_the_client_and_its_scheme_from_trusted_proxies_only(
    peer, kind, headers, seen
):
    from cosmotable.server.proxies import ClientAddress

    scopes = []

    async def app(scope, receive, send):
        scopes.append(scope)

    scheme = "ws" if kind == "websocket" else "http"
    scope = {"type": kind, "client": (peer, 4711), "scheme": scheme, "headers": headers}
    run_coroutine(ClientAddress(app, TRUSTED)(scope, None, None))
    assert (scopes[0]["client"], scopes[0]["scheme"]) == seen


def test_a_bad_trusted_proxies_setting_is_refused_with_its_name(tmp_path, monkeypatch):
    monkeypatch.setenv("COSMOTABLE_TRUSTED_PROXIES", "10.0.0.1, nginx")
    with pytest.raises(ValueError, match=r"COSMOTABLE_TRUSTED_PROXIES .*'nginx'"):
        Settings.from_env(data_dir=tmp_path)
    monkeypatch.setenv("COSMOTABLE_TRUSTED_PROXIES", "10.0.0.1 192.168.0.0/16")
    assert Settings.from_env(data_dir=tmp_path).proxy_networks == (
        ipaddress.ip_network("10.0.0.1/32"),
        ipaddress.ip_network("192.168.0.0/16"),
    )


def _spend(client, address: str) -> list[int]:
    """ALLOWANCE + 1 requests said to come from `address`: the last is refused when they share one
    bucket; then a request from another address behind the same proxy."""
    codes = [
        client.get("/api/games", headers={"X-Forwarded-For": address}).status_code
        for _ in range(ALLOWANCE + 1)
    ]
    return [*codes, client.get("/api/games", headers={"X-Forwarded-For": "203.0.113.200"}).status_code]


def test_in_process_the_limit_counts_the_client_behind_a_trusted_proxy_only(tmp_path):
    for proxies, last in (("10.0.0.0/8", 200), ("", 429)):
        settings = Settings(
            data_dir=tmp_path / f"data{bool(proxies)}",
            bot_workers=0,
            rate_limit=0.001,
            rate_burst=1,
            trusted_proxies=proxies,
        )
        with TestClient(create_app(settings), client=("10.0.0.5", 40000)) as client:
            codes = _spend(client, "203.0.113.1")
        assert codes == [200] * ALLOWANCE + [429, last], (proxies, codes)


@pytest.mark.parametrize(("proxies", "other_address"), [("127.0.0.1", 200), ("10.9.9.9", 429)])
def test_a_served_process_believes_forwarding_headers_from_trusted_proxies_only(
    tmp_path, proxies, other_address
):
    """`cosmotable serve` as deployed: a request from a trusted proxy (127.0.0.1 here) is counted
    under its X-Forwarded-For address; from any other (Uvicorn alone would trust 127.0.0.1 by
    default) the headers change nothing and every request spends the one address's bucket."""
    server = start_server(
        tmp_path,
        f"sqlite:///{tmp_path / 'tables.db'}",
        environment={"COSMOTABLE_RATE_LIMIT": "0.001/1", "COSMOTABLE_TRUSTED_PROXIES": proxies},
    )
    try:
        with server.client() as client:
            codes = _spend(client, "203.0.113.1")
    finally:
        server.stop()
    if other_address == 200:
        assert codes == [200] * ALLOWANCE + [429, 200]
    else:  # one bucket for all, 127.0.0.1's, which start_server's readiness probes spent from too
        assert codes[-2:] == [429, 429] and 0 < codes.count(200) <= ALLOWANCE, codes
