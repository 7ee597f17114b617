"""Suite-wide set-up.

Tests run in pytest's importlib mode (several games have test files of the same name), so the
per-game scripting helpers (`mlem_helpers.py`, `kosmodrom_helpers.py`, ...) are put on the
import path here, from whichever folder holds them. Their names are unique across the suite.
"""

import sys
from pathlib import Path

for helper in sorted(Path(__file__).resolve().parent.rglob("*_helpers.py")):
    folder = str(helper.parent)
    if folder not in sys.path:
        sys.path.insert(0, folder)

# Hypothesis profiles (docs/engine.md, "Property tests"): `default` is the everyday budget; `ci`
# the same budget derandomized, so a red build is reproducible from its log (loaded when CI is set);
# `thorough` ten times the examples for a deep run before a release. Choose one with
# HYPOTHESIS_PROFILE=thorough or `pytest --hypothesis-profile=thorough`. The suite's property tests
# state their budget for the default profile through `examples(n)` (tests/budget_helpers.py), which
# scales it with the profile loaded.
import os

from budget_helpers import register_profiles
from untraced_helpers import UNTRACED, untraced_ids

register_profiles(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else None))


# Throw-away PostgreSQL and Redis servers (tests/services.py), started on first use. Under
# pytest-xdist every worker is its own process, so "session" means one server per worker: workers
# never share a cluster, and each test still gets a database of its own.
import pytest

import services


@pytest.fixture(scope="session")
def postgres_server():
    server = services.start_postgres()
    yield server
    server.stop()


@pytest.fixture
def postgres_url(postgres_server):
    """SQLAlchemy URL of an empty PostgreSQL database made for this test and dropped after it."""
    url = postgres_server.new_database()
    yield url
    postgres_server.drop_database(url)


@pytest.fixture(scope="session")
def redis_server():
    server = services.start_redis()
    yield server
    server.stop()


@pytest.fixture
def redis_url(redis_server):
    """URL of the worker's Redis, emptied before the test (pub/sub channels need no clearing)."""
    import redis

    with redis.Redis.from_url(redis_server.url) as client:
        client.flushall()
    return redis_server.url


def pytest_collection_modifyitems(items):
    """The `slow` suites (1,000-game runs, the server-kill test) go first and are not traced for
    coverage: `make test` spreads the tests over the cores in collection order, so a long test
    started last would hold the build back on its own; and each one replays thousands of games
    through rule code the other tests cover line by line, which coverage's tracer makes 2-3x
    slower (`no_cover` is pytest-cov's marker). The tests of tests/untraced.txt are not traced
    either: every line they run is run by a traced test too (scripts/untraced_tests.py)."""
    untraced = untraced_ids(UNTRACED.read_text(encoding="utf-8"))
    for item in items:
        if item.get_closest_marker("slow") or item.nodeid in untraced:
            item.add_marker(pytest.mark.no_cover)
    # the batch engine's tests go last: its compile (started below, in a child process) then has
    # the whole run to finish, and no worker sits waiting for it. The `early` tests (the longest,
    # slow or traced: Planet's all-bot games, whole games in the browser) start before all others:
    # collected after the short ones, a 60-140 s test could start when the other core had nothing
    # left to do, and the run waited for it alone (issue #47)
    items.sort(
        key=lambda item: (
            item.get_closest_marker("early") is None,
            item.get_closest_marker("slow") is None,
            item.get_closest_marker("batch_engine") is not None,
        )
    )
    # the batch engine's one compile of the run starts now, while the tests before them run
    if any(item.get_closest_marker("batch_engine") for item in items):
        import batch_engine_helpers

        batch_engine_helpers.start_compile()


@pytest.fixture(autouse=True)
def _slow_children_untraced(request, monkeypatch):
    """The child processes of a `slow` test (servers killed twenty times, Ray workers, simulation
    processes) are not traced either: coverage's subprocess patch starts the tracer in any Python
    process that inherits these variables."""
    if request.node.get_closest_marker("slow"):
        monkeypatch.delenv("COVERAGE_PROCESS_CONFIG", raising=False)
        monkeypatch.delenv("COVERAGE_PROCESS_START", raising=False)


@pytest.fixture(autouse=True)
def _batch_engine_compiled(request):
    """A test marked `batch_engine` waits for the run's compile of it (tests/batch_engine_helpers.py)."""
    if request.node.get_closest_marker("batch_engine"):
        import batch_engine_helpers

        batch_engine_helpers.wait_for_compile()


@pytest.fixture(scope="session")
def playwright_driver():
    """The worker's one Playwright driver, for every browser test of any folder (tests/web, the
    fourth game's): a second `sync_playwright()` in the same process while this one runs is refused
    ("Sync API inside the asyncio loop"), which failed Pebbles' browser test whenever a web test ran
    before it on the same worker."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        yield driver
