"""CPU seconds per test: a pytest plugin, and a ranking of what it wrote.

Wall-clock durations (`--durations`) say little on a machine other jobs share; CPU seconds much
less so. Loaded with `-p cpu_per_test` (this folder on PYTHONPATH), the plugin counts for each test
(setup, call and teardown) the CPU of the test process, of its children it has reaped, and of its
live descendants as /proc shows them (a session's server or Chromium, with what they reaped): one
file per pytest-xdist worker under $CPU_PER_TEST_DIR (default ./cpu-per-test).

    PYTHONPATH=scripts CPU_PER_TEST_DIR=/tmp/cpu .venv/bin/python -m pytest -p cpu_per_test \\
        -n auto --maxschedchunk 2 -q --cov --cov-report=
    .venv/bin/python scripts/cpu_per_test.py /tmp/cpu --top 40

Read the figures with care where a process is shared between tests: a session fixture's start is
counted in the first test that uses it, its end in the last; a descendant that exits without being
reaped by one of ours (an orphan reparented to init) takes its time with it, which can make the
last test of a worker's run come out negative.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time
from collections import defaultdict
from pathlib import Path

import pytest

OUT = Path(os.environ.get("CPU_PER_TEST_DIR", "cpu-per-test"))
TICK = os.sysconf("SC_CLK_TCK")


def _descendants_seconds(root: int) -> float:
    """utime+stime (and those of their reaped children) of every live process below `root`."""
    parent: dict[int, int] = {}
    seconds: dict[int, float] = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            data = Path(f"/proc/{name}/stat").read_text()
        except OSError:
            continue
        fields = data[data.rfind(")") + 2 :].split()
        parent[int(name)] = int(fields[1])
        seconds[int(name)] = sum(int(f) for f in fields[11:15]) / TICK
    total = 0.0
    for pid, spent in seconds.items():
        above, hops = parent.get(pid), 0
        while above and above != root and hops < 64:
            above, hops = parent.get(above), hops + 1
        if above == root:
            total += spent
    return total


def _now() -> tuple[float, float]:
    """(CPU of this process, CPU of its reaped children and live descendants)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    reaped = resource.getrusage(resource.RUSAGE_CHILDREN)
    children = reaped.ru_utime + reaped.ru_stime + _descendants_seconds(os.getpid())
    return own.ru_utime + own.ru_stime, children


_rows: list[tuple[str, float, float, float]] = []
_start: tuple[tuple[float, float], float] | None = None


def pytest_configure(config):
    global _start
    _start = (_now(), time.time())


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    before, wall = _now(), time.time()
    yield
    after = _now()
    _rows.append((item.nodeid, after[0] - before[0], after[1] - before[1], time.time() - wall))


def pytest_unconfigure(config):
    if _start is None:
        return
    OUT.mkdir(parents=True, exist_ok=True)
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    end = _now()
    with open(OUT / f"{worker}-{os.getpid()}.tsv", "w") as out:
        out.writelines(
            f"{node}\t{own:.3f}\t{children:.3f}\t{wall:.3f}\n" for node, own, children, wall in _rows
        )
        (own0, children0), wall0 = _start
        out.write(f"__TOTAL__\t{end[0] - own0:.3f}\t{end[1] - children0:.3f}\t{time.time() - wall0:.3f}\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--top", type=int, default=30)
    args = parser.parse_args()
    tests: dict[str, tuple[float, float, float]] = {}
    totals: dict[str, float] = defaultdict(float)
    for path in sorted(args.folder.glob("*.tsv")):
        for line in path.read_text().splitlines():
            node, own, children, wall = line.split("\t")
            figures = (float(own), float(children), float(wall))
            if node == "__TOTAL__":
                totals["processes"] += figures[0] + figures[1]
                continue
            tests[node] = figures
            totals[node.split("/")[1] if node.count("/") > 1 else node.split("::")[0]] += (
                figures[0] + figures[1]
            )
    ranked = sorted(tests.items(), key=lambda item: -(item[1][0] + item[1][1]))
    print(f"{'cpu s':>8} {'own':>8} {'children':>8} {'wall s':>8}  test")
    for node, (own, children, wall) in ranked[: args.top]:
        print(f"{own + children:8.2f} {own:8.2f} {children:8.2f} {wall:8.2f}  {node}")
    print(
        f"\n{len(tests)} tests, {sum(o + c for o, c, _ in tests.values()):.1f} CPU s in tests;"
        f" {totals.pop('processes', 0.0):.1f} CPU s in the pytest processes and theirs, collection included"
    )
    for folder, spent in sorted(totals.items(), key=lambda item: -item[1]):
        print(f"{spent:8.1f}  {folder}")


if __name__ == "__main__":
    sys.exit(main())
