"""`cosmotable serve` starts a real Uvicorn server, prints its URL and serves the API and a page."""

from __future__ import annotations

import httpx
from server_helpers import start_server, stop_server


def test_serve_prints_its_url_and_answers(tmp_path):
    process, url = start_server(tmp_path / "data")
    try:
        assert url.startswith("http://127.0.0.1:") and url.endswith("/")
        games = httpx.get(url + "api/games", timeout=30).json()
        assert [g["id"] for g in games] == ["mlem", "kosmodrom", "planet"]
        page = httpx.get(url, timeout=30)
        assert page.status_code == 200 and "<html" in page.text.lower()
        assert (tmp_path / "data" / "cosmotable.db").exists()
        assert (tmp_path / "data" / "secret_key").stat().st_mode & 0o077 == 0
    finally:
        stop_server(process)
