"""tests/untraced.txt (tests run without coverage's tracer, tests/conftest.py) names only real tests,
conftest reads it the way the file's header says, and conftest orders the run: slow tests first, the
batch engine's last."""

import importlib.util
import sys
from pathlib import Path

import pytest

from untraced_helpers import UNTRACED, untraced_ids

ROOT = Path(__file__).resolve().parent.parent


def _load(name: str, path: Path):
    """A module from a file outside the test import path (a script, the root conftest)."""
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(name, module)  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


rules_trace = _load("rules_trace", ROOT / "scripts" / "rules_trace.py")


def test_every_untraced_id_names_a_test():
    cache: dict = {}
    problems = [
        rules_trace.node_id_problem(i, ROOT, cache) for i in sorted(untraced_ids(UNTRACED.read_text()))
    ]
    assert [p for p in problems if p] == []


def test_the_list_skips_comments_and_blank_lines():
    text = (
        "# a header\n\ntests/a/test_x.py::test_one[2p]\n  # indented comment\ntests/b/test_y.py::test_two\n"
    )
    assert untraced_ids(text) == {"tests/a/test_x.py::test_one[2p]", "tests/b/test_y.py::test_two"}


class _Item:
    """What conftest's collection hook reads of a test item."""

    def __init__(self, nodeid: str, markers=()):
        self.nodeid = nodeid
        self.markers = list(markers)

    def get_closest_marker(self, name: str):
        return next((m for m in self.markers if m.name == name), None)

    def add_marker(self, marker):
        self.markers.append(marker.mark if hasattr(marker, "mark") else marker)


def _root_conftest():
    return _load("root_conftest", ROOT / "tests" / "conftest.py")


def test_conftest_gives_the_listed_and_the_slow_tests_no_cover_and_leaves_the_rest_traced():
    conftest = _root_conftest()
    listed = min(untraced_ids(UNTRACED.read_text()))
    items = [
        _Item(listed),
        _Item("tests/x/test_y.py::test_plain"),
        _Item("tests/x/test_y.py::test_long", [pytest.mark.slow.mark]),
    ]
    conftest.pytest_collection_modifyitems(items)
    untraced = {item.nodeid for item in items if item.get_closest_marker("no_cover")}
    assert untraced == {listed, "tests/x/test_y.py::test_long"}


def test_conftest_runs_the_slow_tests_first_and_the_batch_engine_tests_last(monkeypatch):
    conftest = _root_conftest()
    started = []
    monkeypatch.setitem(sys.modules, "batch_engine_helpers", type(sys)("batch_engine_helpers"))
    sys.modules["batch_engine_helpers"].start_compile = lambda: started.append(True)
    items = [
        _Item("tests/sim/test_b.py::test_batch", [pytest.mark.batch_engine.mark]),
        _Item("tests/x/test_y.py::test_plain"),
        _Item("tests/x/test_y.py::test_long", [pytest.mark.slow.mark]),
    ]
    conftest.pytest_collection_modifyitems(items)
    assert [item.nodeid.rsplit("_", 1)[1] for item in items] == ["long", "plain", "batch"]
    assert started == [True]


def test_the_script_untraces_only_tests_whose_lines_stay_covered():
    choose = _load("untraced_tests", ROOT / "scripts" / "untraced_tests.py").choose
    owners = {
        ("a.py", 1): frozenset({"t_slow_shared", "t_fast"}),  # shared: one of the two keeps it
        ("a.py", 2): frozenset({"t_slow_shared", "t_other"}),
        ("a.py", 3): frozenset({"t_unique"}),  # only this test runs line 3: it stays traced
        ("a.py", 4): frozenset({"t_import", ""}),  # run at import too: never lost
    }
    times = {"t_slow_shared": 9.0, "t_fast": 5.0, "t_other": 1.0, "t_unique": 8.0, "t_import": 3.0}
    # the slowest first: t_slow_shared goes, then t_fast and t_other must keep lines 1 and 2
    assert choose(owners, times, min_seconds=2.0) == ["t_slow_shared", "t_import"]
    assert choose(owners, times, min_seconds=4.0) == ["t_slow_shared"]


def test_the_script_keeps_the_tests_the_list_named_before():
    # A listed test runs untraced in the coverage run, so it records no lines and cannot be chosen
    # again: written from the choice alone, the list dropped 27 tests (28 Nov).
    script = _load("untraced_tests", ROOT / "scripts" / "untraced_tests.py")
    before = script.HEADER + "tests/a/test_x.py::test_old\n# a note\ntests/b/test_y.py::test_both\n"
    text = script.list_text(["tests/b/test_y.py::test_both", "tests/c/test_z.py::test_new"], before)
    assert text.startswith(script.HEADER)
    assert untraced_ids(text) == {
        "tests/a/test_x.py::test_old",
        "tests/b/test_y.py::test_both",
        "tests/c/test_z.py::test_new",
    }
    assert text.count("test_both") == 1
    assert untraced_ids(script.list_text(["tests/c/test_z.py::test_new"], "")) == {
        "tests/c/test_z.py::test_new"
    }
