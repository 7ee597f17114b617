"""Fixtures for the MLEM game module's browser tests: the module served from a temporary directory
with a small test page standing in for the shell, on the shared headless Chromium (`browser` of
tests/web/conftest.py)."""

from __future__ import annotations

import functools
import http.server
import shutil
import sys
import threading
from pathlib import Path

import pytest

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)

from mlem_web_helpers import HARNESS, Harness, QuietHandler
from web_helpers import client_site


@pytest.fixture(scope="session")
def mlem_site(tmp_path_factory):
    """The web folder and the harness page, served over HTTP on a free loopback port."""
    site = tmp_path_factory.mktemp("mlem-site")
    client_site(site / "web")
    shutil.copy(HARNESS, site / "harness.html")
    handler = functools.partial(QuietHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture
def harness(browser, mlem_site):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    h = Harness(page, mlem_site)
    yield h
    context.close()


@pytest.fixture
def phone(browser, mlem_site):
    context = browser.new_context(viewport={"width": 375, "height": 740}, device_scale_factor=2)
    page = context.new_page()
    h = Harness(page, mlem_site)
    yield h
    context.close()
