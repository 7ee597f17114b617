"""Choose the tests that run without coverage's tracer: those whose every line is covered by others.

Coverage's tracer doubles the time of the code it watches (Python 3.11 has no cheaper monitoring),
and many tests replay whole games through rule code that other tests cover line by line. Such a test
adds nothing to the coverage figure, only time. This script reads a coverage run made with contexts
(`--cov-context=test`, which records which test ran each line) and the tests' times, and lists, the
slowest first, each test whose covered lines all stay covered by the tests still traced. The list
goes to tests/untraced.txt, which tests/conftest.py reads (it gives those tests pytest-cov's
`no_cover` marker); the tests still run, and still fail when their assertion fails.

    .venv/bin/python -m pytest -n auto --cov --cov-context=test --cov-report= --junitxml=times.xml
    .venv/bin/python scripts/untraced_tests.py .coverage times.xml [--min-seconds 2]

Times come from pytest's JUnit XML (`--junitxml`) or a tab-separated file of node id and seconds.
Lines run outside any test (imports at collection, child processes) count as covered by no test
that could be untraced. A test already untraced (marked `slow`, or named in the list) records no lines,
so the run cannot choose it again: the tests the list named before are kept in the list written (the
list grows run by run), unless `--fresh` is given - then make the coverage run with an empty list
first, or every test listed before drops out of it.
"""

from __future__ import annotations

import argparse
import sys
import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "untraced.txt"
HEADER = """\
# Tests run without coverage's tracer (tests/conftest.py gives them pytest-cov's `no_cover`): in a
# coverage run with contexts, every line each of them ran was run by a test still traced, so the
# tracer only doubled their time. Written by scripts/untraced_tests.py (see its docstring to make it
# again after the tests change; it keeps the ids listed before); an id here that names no test fails
# tests/test_untraced_list.py.
"""
sys.path.insert(0, str(ROOT / "tests"))
# The list has one reader, shared with tests/conftest.py.
from untraced_helpers import untraced_ids


def read_times(path: Path) -> dict[str, float]:
    """Seconds per test node id, from pytest's JUnit XML or a `node id<TAB>seconds` file."""
    if path.suffix == ".xml":
        times: dict[str, float] = {}
        for case in ET.parse(path).getroot().iter("testcase"):
            module = case.get("classname", "")
            parts = module.split(".")
            # JUnit names a test by dotted module path (and class); pytest's node id uses the file
            while parts and not (ROOT / Path(*parts)).with_suffix(".py").exists():
                parts = parts[:-1]
            if not parts:
                continue
            classes = module.split(".")[len(parts) :]
            node = "::".join([f"{'/'.join(parts)}.py", *classes, case.get("name", "")])
            times[node] = float(case.get("time", 0.0))
        return times
    times = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        node, seconds, *_ = line.split("\t")
        times[node] = float(seconds)
    return times


def line_owners(coverage_file: Path) -> dict[tuple[str, int], frozenset[str]]:
    """For each statement covered, the test node ids that ran it ('' for lines run outside a test)."""
    from coverage import Coverage

    cov = Coverage(data_file=str(coverage_file))
    cov.load()
    data = cov.get_data()
    owners = {}
    for filename in data.measured_files():
        _, statements, _, missing, _ = cov.analysis2(filename)
        contexts = data.contexts_by_lineno(filename)
        for line in set(statements) - set(missing):
            # pytest-cov names a context `node id|run` (or |setup, |teardown)
            owners[(filename, line)] = frozenset(c.rsplit("|", 1)[0] for c in contexts.get(line, [""]))
    return owners


def choose(
    owners: dict[tuple[str, int], frozenset[str]], times: dict[str, float], min_seconds: float
) -> list[str]:
    """The slowest tests first, each taken when no line would be left without a traced test."""
    lines_of: dict[str, list[tuple[str, int]]] = defaultdict(list)
    for key, tests in owners.items():
        for test in tests:
            lines_of[test].append(key)
    untraced: set[str] = set()
    chosen = []
    for test in sorted(lines_of, key=lambda t: -times.get(t, 0.0)):
        if not test or times.get(test, 0.0) < min_seconds:
            continue
        with_it = untraced | {test}
        if all(not owners[key] <= with_it for key in lines_of[test]):
            untraced.add(test)
            chosen.append(test)
    return chosen


def list_text(chosen: list[str], previous: str) -> str:
    """The list to write: HEADER and, sorted, the tests chosen and those `previous` (the list's text
    before, "" for none) named. A listed test ran untraced in the coverage run, so it recorded no lines
    and could not be chosen again; written from the choice alone, the list lost it (28 Nov: 27 tests
    dropped so, put back by hand)."""
    return HEADER + "".join(f"{test}\n" for test in sorted(set(chosen) | untraced_ids(previous)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("coverage", type=Path, help="a .coverage file made with --cov-context=test")
    parser.add_argument("times", type=Path, help="pytest's --junitxml file, or `node id<TAB>seconds` lines")
    parser.add_argument(
        "--min-seconds", type=float, default=2.0, help="leave faster tests traced (default 2)"
    )
    parser.add_argument(
        "--out", type=Path, default=OUT, help=f"the list to write (default {OUT.relative_to(ROOT)})"
    )
    parser.add_argument(
        "--fresh",
        action="store_true",
        help="drop the ids the list holds now (make the coverage run with an empty list first)",
    )
    args = parser.parse_args(argv)
    for path in (args.coverage, args.times):
        if not path.exists():
            parser.error(f"{path} does not exist")
    owners = line_owners(args.coverage)
    if not any(len(tests - {""}) for tests in owners.values()):
        parser.error(f"{args.coverage} has no test contexts: make it with --cov-context=test")
    chosen = choose(owners, read_times(args.times), args.min_seconds)
    previous = "" if args.fresh or not args.out.exists() else args.out.read_text(encoding="utf-8")
    text = list_text(chosen, previous)
    args.out.write_text(text, encoding="utf-8")
    seconds = sum(read_times(args.times).get(t, 0.0) for t in chosen)
    kept = len(untraced_ids(text)) - len(chosen)
    print(
        f"{len(chosen)} tests chosen ({seconds:.0f} s traced), {kept} more kept from the list before,"
        f" written to {args.out}",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
