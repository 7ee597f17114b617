"""Fixtures for browser tests of the web client: a real server process and a real Chromium.

Fixtures (use them from any `tests/web/test_*.py`; the game modules' whole-game tests do):

- ``server`` (session): starts ``uvicorn cosmotable.server.app:create_app --factory`` in a child process
  on a free port, with its own temporary data directory (``COSMOTABLE_DATA_DIR``, SQLite in it), and
  waits until ``GET /api/games`` answers. Yields a :class:`Server` with ``url`` (``http://127.0.0.1:P``),
  ``api`` (an ``httpx.Client`` on that URL: ``server.api.post("/api/tables", json=...)``) and helpers
  ``create_table(game, seats, **fields)`` -> the ``POST /api/tables`` answer, ``start(created)``,
  ``state(table_id, token)`` and ``wait_until(table_id, predicate)`` (polls ``GET /api/tables/{id}``
  until ``predicate(summary)`` holds; a game stuck for ``timeout`` seconds fails the test with its last
  summary, it never loops forever). With xdist every worker starts its own server.
- ``start_server`` (module): ``start_server(COSMOTABLE_TABLE_SEED="5")`` starts one more server with
  more settings (the same process as ``server``'s; stopped after the module), for a test that needs a
  setting the shared server must not have (a fixed table seed would deal every table alike).
- ``server_lives`` (function): ``with server_lives(COSMOTABLE_TEST_CLOCK=path) as server:`` starts a
  server on the test's own data directory and port and stops it at the block's end; the next block
  starts it again on the same database and port (a restart, with a page left open on it).
- ``browser`` (session): Debian's Chromium through Playwright
  (``executable_path="/usr/bin/chromium"``, ``--headless --no-sandbox --disable-gpu
  --disable-background-networking``).
- ``page`` (function): a fresh browser context (English, 1280x900, its own storage) and page. Console
  errors and uncaught page errors are collected in ``page.js_errors`` (a list of strings); the fixture
  fails the test at teardown if any were seen, so a broken script never passes silently.
- ``phone_page`` (function): the same at 375x740 (a phone).
- ``web_helpers.open_client(page, server, route)``: loads ``server.url + "/#" + route`` and waits until the shell
  has rendered its first page (``body[data-ready]``).
- ``web_helpers.screenshot(page, name)``: saves ``tests/web/artifacts/<name>.png`` (git-ignored) - the artifacts to
  look at before resolving a UI issue.

Every test that uses ``browser`` (through ``page`` and the like) is marked ``browser``.
Debian's ``chromium`` is installed by ``make test``; run a single file with
``.venv/bin/python -m pytest tests/web/test_shell_smoke.py -q``.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from web_helpers import Server, free_port

import reaper

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
STARTUP_SECONDS = 60
DEFAULT_TIMEOUT_MS = 20_000
#: The pages of the browser tests ask for reduced motion: the client then draws each change at once
#: (web/motion.js). Chromium draws here without a GPU, so the slides and fades of every move cost
#: CPU: the click-through Kosmodrom game took 70-74 s of CPU with them and 54-55 s without, and
#: tests/web as a whole 1,094 s against 929 s, browser and servers included (docs/testing.md, issue
#: #47). The motion itself is tested by tests/web/test_table_motion.py, whose pages ask for it.
REDUCED_MOTION = "reduce"


def pytest_collection_modifyitems(items):
    # every test that opens a browser is marked `browser` (`pytest -m "not browser"` for a quick run)
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    with running_server(tmp_path_factory.mktemp("server-data")) as running:
        yield running


@pytest.fixture(scope="module")
def start_server(tmp_path_factory):
    """A module's own servers, for tests that need a setting the shared ``server`` has not:
    ``start_server(COSMOTABLE_TABLE_SEED="5")`` -> a :class:`Server` (stopped after the module)."""
    with contextlib.ExitStack() as servers:

        def start(**settings: str) -> Server:
            data_dir = tmp_path_factory.mktemp("server-data")
            return servers.enter_context(running_server(data_dir, **settings))

        yield start


@pytest.fixture
def server_lives(tmp_path):
    """Lives of one server, for tests of what survives a restart: ``with server_lives(**settings) as
    server:`` starts it, the block's end stops it; every life has the same data directory (its
    database) and the same port, so an open page reloads from the next life."""
    data_dir = tmp_path / "server-data"
    data_dir.mkdir()
    port = free_port()

    def life(**settings: str):
        return running_server(data_dir, port=port, **settings)

    return life


@contextlib.contextmanager
def running_server(data_dir: Path, port: int | None = None, **settings: str):
    """A server process on `port` (None: a free one) with its data under `data_dir`; `settings` are
    more COSMOTABLE_* variables for it (e.g. ``COSMOTABLE_TABLE_SEED="5"``)."""
    port = port or free_port()
    env = dict(os.environ, COSMOTABLE_DATA_DIR=str(data_dir), PYTHONUNBUFFERED="1")
    env.pop("COSMOTABLE_DATABASE_URL", None)
    env.pop("COSMOTABLE_REDIS_URL", None)
    # Playwright clicks at machine speed and the session's tests share one address: no rate limit
    # here (tests/server/test_limits.py tests it)
    env["COSMOTABLE_RATE_LIMIT"] = "0"
    env.update(settings)
    log_path = data_dir / "server.log"
    log = log_path.open("a")  # a restarted server adds to its log
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "uvicorn",
            "cosmotable.server.app:create_app",
            "--factory",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--log-level",
            "warning",
        ],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        cwd=data_dir,
        # its own process group, ended whole at teardown: a server killed after a slow shutdown
        # would otherwise leave its bot worker processes behind
        start_new_session=True,
    )
    reaper.register_group(process.pid)  # ended even if this worker dies before the teardown below
    url = f"http://127.0.0.1:{port}"
    client = httpx.Client(base_url=url, timeout=30)
    running = Server(url=url, api=client, process=process, log_path=log_path)
    deadline = time.monotonic() + STARTUP_SECONDS
    try:
        while True:
            if process.poll() is not None:
                pytest.fail(f"the server exited with {process.returncode} at start-up:\n{running.log()}")
            try:
                if client.get("/api/games").status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"the server did not answer within {STARTUP_SECONDS} s:\n{running.log()}")
            time.sleep(0.2)
        yield running
    finally:
        client.close()
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        with contextlib.suppress(ProcessLookupError):  # the group is empty after a clean shutdown
            os.killpg(process.pid, signal.SIGKILL)
        reaper.forget_group(process.pid)
        log.close()


@pytest.fixture(scope="session")
def browser(playwright_driver):
    if not Path(CHROMIUM).exists():
        pytest.fail(
            f"{CHROMIUM} is missing: `make test` installs Debian's chromium (apt-get install chromium)"
        )
    chromium = playwright_driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield chromium
    chromium.close()


def _new_page(browser, width: int, height: int, locale: str = "en-US"):
    context = browser.new_context(
        viewport={"width": width, "height": height}, locale=locale, reduced_motion=REDUCED_MOTION
    )
    context.set_default_timeout(DEFAULT_TIMEOUT_MS)
    page = context.new_page()
    page.js_errors = []
    page.on("pageerror", lambda error: page.js_errors.append(f"page error: {error}"))

    def console(message):
        # a refused seat token or a 4xx answer is logged by the browser as a failed resource: those are
        # expected in tests of error paths; script errors are not
        if message.type == "error" and "Failed to load resource" not in message.text:
            page.js_errors.append(f"console: {message.text}")

    page.on("console", console)
    return context, page


@pytest.fixture
def page(browser):
    context, page = _new_page(browser, 1280, 900)
    yield page
    errors = list(page.js_errors)
    context.close()
    assert not errors, "the page logged errors:\n" + "\n".join(errors)


@pytest.fixture
def phone_page(browser):
    context, page = _new_page(browser, 375, 740)
    yield page
    errors = list(page.js_errors)
    context.close()
    assert not errors, "the page logged errors:\n" + "\n".join(errors)


@pytest.fixture
def new_page(browser):
    """A factory for more pages (other devices, other languages): ``new_page(width, height, locale)``."""
    contexts = []

    def make(width: int = 1280, height: int = 900, locale: str = "en-US"):
        context, page = _new_page(browser, width, height, locale)
        contexts.append((context, page))
        return page

    yield make
    errors = [error for _, page in contexts for error in page.js_errors]
    for context, _ in contexts:
        context.close()
    assert not errors, "a page logged errors:\n" + "\n".join(errors)
