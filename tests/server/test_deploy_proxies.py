"""The reverse proxy configurations (deploy/nginx.conf, deploy/Caddyfile) in front of a real server
(issue #50, deployment): each runs under its own program (Debian's nginx and caddy, installed by
scripts/test-system-deps.sh) with only its ports, upstream and certificate changed for the test, and
must carry HTTPS, the HTTP -> HTTPS redirect (nginx) and a seat's websocket, and pass the client's
real address while dropping one the client made up.

Clients connect from two loopback addresses (127.0.0.3 and 127.0.0.4) to the proxy, the proxy from
127.0.0.1 (COSMOTABLE_TRUSTED_PROXIES) to the server, whose address limit is ten requests
(COSMOTABLE_RATE_LIMIT 0.001/1): a made-up X-Forwarded-For that was believed would never run out,
and the second address would share the first's bucket if the proxy's address were counted."""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import ssl
import subprocess
import time
from pathlib import Path

import httpx
import pytest
from deploy_helpers import DEPLOY
from live_helpers import start_server
from websockets.sync.client import connect

import services

PROXY_HOST = "127.0.0.2"
FIRST, SECOND = "127.0.0.3", "127.0.0.4"
ALLOWANCE = 10  # COSMOTABLE_RATE_LIMIT 0.001/1: burst 1, an address ten times that


def _replace(text: str, old: str, new: str) -> str:
    """Replace `old` (which must be in the shipped file: a changed file fails here, not silently)."""
    assert old in text, f"{old!r} is no longer in the shipped configuration"
    return text.replace(old, new)


def _certificate(where: Path) -> tuple[Path, Path]:
    cert, key = where / "cert.pem", where / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost",
         "-addext", f"subjectAltName=IP:{PROXY_HOST}", "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True,
    )  # fmt: skip
    return cert, key


def _nginx(where: Path, upstream: int, http: int, https: int) -> list[str]:
    site = (DEPLOY / "nginx.conf").read_text()
    site = _replace(site, "server 127.0.0.1:8000;", f"server 127.0.0.1:{upstream};")
    site = _replace(site, "listen 80;", f"listen {PROXY_HOST}:{http};")
    site = _replace(site, "listen 443 ssl;", f"listen {PROXY_HOST}:{https} ssl;")
    site = re.sub(r"\n\s*listen \[::\]:\d+( ssl)?;", "", site)  # the test machine may lack IPv6
    cert, key = _certificate(where)
    site = _replace(site, "/etc/letsencrypt/live/play.example.org/fullchain.pem", str(cert))
    site = _replace(site, "/etc/letsencrypt/live/play.example.org/privkey.pem", str(key))
    (where / "site.conf").write_text(site)
    temp = "".join(
        f"{kind}_temp_path {where / kind};\n" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    (where / "nginx.conf").write_text(
        ("user root;\n" if os.geteuid() == 0 else "")
        + f"daemon off;\npid {where / 'nginx.pid'};\nerror_log {where / 'error.log'};\nevents {{}}\n"
        f"http {{\naccess_log {where / 'access.log'};\n{temp}include {where / 'site.conf'};\n}}\n"
    )
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    checked = subprocess.run([nginx, "-t", "-p", str(where), "-c", str(where / "nginx.conf")], capture_output=True, text=True, check=False)  # fmt: skip
    assert checked.returncode == 0, checked.stderr  # `nginx -t`, as the file's header says to run
    return [nginx, "-p", str(where), "-c", str(where / "nginx.conf")]


def _caddy(where: Path, upstream: int, http: int, https: int) -> list[str]:
    site = (DEPLOY / "Caddyfile").read_text()
    site = _replace(site, "reverse_proxy 127.0.0.1:8000", f"reverse_proxy 127.0.0.1:{upstream}")
    # a name Caddy would fetch a certificate for, in the shipped file; here its own local CA's
    site = _replace(site, "play.example.org {", f"https://{PROXY_HOST}:{https} {{\n\ttls internal")
    site = (
        f"{{\n\tadmin off\n\tskip_install_trust\n\thttp_port {http}\n\thttps_port {https}\n"
        f"\tstorage file_system {where / 'storage'}\n}}\n" + site
    )
    (where / "Caddyfile").write_text(site)
    caddy = shutil.which("caddy") or "/usr/bin/caddy"
    checked = subprocess.run([caddy, "validate", "--config", str(where / "Caddyfile"), "--adapter", "caddyfile"], capture_output=True, text=True, check=False)  # fmt: skip
    assert checked.returncode == 0, checked.stderr
    return [caddy, "run", "--config", str(where / "Caddyfile"), "--adapter", "caddyfile"]


def _client(address: str) -> httpx.Client:
    transport = httpx.HTTPTransport(local_address=address, verify=False)
    return httpx.Client(transport=transport, timeout=30, follow_redirects=False)


@pytest.mark.parametrize("proxy", ["nginx", "caddy"])
def test_the_proxy_carries_https_websockets_and_the_real_client_address(proxy, tmp_path):
    server = start_server(
        tmp_path,
        f"sqlite:///{tmp_path / 'tables.db'}",
        environment={"COSMOTABLE_RATE_LIMIT": "0.001/1", "COSMOTABLE_TRUSTED_PROXIES": "127.0.0.1"},
    )
    http, https = services.free_port(), services.free_port()
    where = tmp_path / proxy
    where.mkdir()
    command = (_nginx if proxy == "nginx" else _caddy)(where, int(server.url.rsplit(":", 1)[1]), http, https)
    log = where / "run.log"
    with open(log, "wb") as output:
        running = subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT, start_new_session=True, env={**os.environ, "HOME": str(where)})  # fmt: skip
    base = f"https://{PROXY_HOST}:{https}"
    try:
        with _client(FIRST) as client:
            deadline = time.monotonic() + 60
            while True:  # the proxy is up once it answers (through to the server: counted)
                try:
                    client.get(f"{base}/nothing-here")
                    break
                except httpx.TransportError:
                    assert running.poll() is None and time.monotonic() < deadline, log.read_text()
                    time.sleep(0.1)
            made = client.post(f"{base}/api/tables", json={"game": "mlem", "seats": [{"kind": "human"}] * 2})
            assert made.status_code == 201, made.text
            made = made.json()
            table = made["table"]["id"]
            started = client.post(
                f"{base}/api/tables/{table}/start", headers={"X-Host-Token": made["host_token"]}
            )
            assert started.status_code == 200, started.text
            if proxy == "nginx":
                redirect = client.get(f"http://{PROXY_HOST}:{http}/api/games")
                assert redirect.status_code == 301 and redirect.headers["location"].startswith("https://")
            # the seat's websocket, upgraded through the proxy over TLS
            context = ssl.create_default_context()
            context.check_hostname, context.verify_mode = False, ssl.CERT_NONE
            sock = socket.create_connection((PROXY_HOST, https), source_address=(FIRST, 0))
            token = made["seats"][0]["token"]
            with connect(f"wss://{PROXY_HOST}:{https}/api/tables/{table}/ws?token={token}", sock=sock, ssl=context) as socket_:  # fmt: skip
                first = json.loads(socket_.recv(timeout=30))
            assert first["type"] == "state" and first["seat"] == 0, first
            # what is left of the first address's allowance, each request claiming another address
            codes = []
            for n in range(ALLOWANCE - 4 + 1):
                claimed = {"X-Forwarded-For": f"198.51.100.{n}", "Forwarded": f"for=198.51.100.{n}"}
                codes.append(client.get(f"{base}/api/games", headers=claimed).status_code)
        # the probe, create, start and the socket spent four
        assert codes == [200] * (ALLOWANCE - 4) + [429]
        with _client(SECOND) as other:
            assert other.get(f"{base}/api/games").status_code == 200  # a bucket of its own
    finally:
        running.terminate()
        running.wait(timeout=30)
        server.stop()
