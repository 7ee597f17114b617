"""`cosmotable serve` starts a real Uvicorn server, prints its URL and serves the API and a page."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import httpx

COSMOTABLE = Path(sys.executable).parent / "cosmotable"


def start_server(data_dir: Path, database_url: str | None = None) -> tuple[subprocess.Popen, str]:
    """Start `cosmotable serve` on a free port; returns the process and the URL it printed."""
    env = dict(os.environ)
    env.pop("COSMOTABLE_DATABASE_URL", None)
    command = [str(COSMOTABLE), "serve", "--port", "0", "--data-dir", str(data_dir)]
    if database_url:
        command += ["--database-url", database_url]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    for line in process.stdout:
        if line.startswith("Cosmotable is running at "):
            return process, line.split(" at ", 1)[1].strip()
    process.wait(10)
    raise AssertionError(f"the server exited with {process.returncode} before printing its URL")


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
        process.send_signal(signal.SIGINT)
        process.wait(30)
