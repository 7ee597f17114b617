"""Mutation testing of the games' rule modules with mutmut: how many planted rule bugs the suite kills.

    .venv/bin/python scripts/mutation.py                 # a random sample of 400 mutants (seed 1)
    .venv/bin/python scripts/mutation.py --sample 1000 --seed 7
    .venv/bin/python scripts/mutation.py --all           # every mutant: hours on two cores
    .venv/bin/python scripts/mutation.py --report        # the figures of the mutants run so far

What is mutated and which tests run is configured under [tool.mutmut] in pyproject.toml (the rule
modules of src/cosmotable/games/, against tests/mlem, tests/kosmodrom, tests/planet and tests/golden).
mutmut keeps its results in ./mutants/, so runs add up and an interrupted run loses nothing.

mutmut runs each mutant against the tests it saw reach the mutated function while it recorded them.
A function whose result is cached (the MLEM landing spots, the Planet route tables) is reached by the
first test that fills the cache only, so mutmut tries fewer tests than reach it. After a sample, each
survivor is therefore run once more against its game's whole test directory and tests/golden
(`--recheck` does only that); the report gives both figures, and a survivor killed there counts as
killed in the second. The recheck limits each run to 30 CPU minutes (a mutant that loops is killed).

The kill rate is killed / (killed + survived); a mutant no test reaches counts as survived. With a
sample, the rate is an estimate, printed with its 95% Wilson interval. Surviving mutants are listed
by module: `mutmut show NAME` prints the change. Some survivors are *equivalent* mutants (the change
alters no behaviour, e.g. an error message's wording); they are not excluded from the figure.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import resource
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MUTANTS = ROOT / "mutants"
MUTMUT = [sys.executable, "-m", "mutmut"]
# mutmut's exit codes (mutmut/__main__.py, status_by_exit_code): 1 and 3 killed, 0 survived,
# 5 and 33 no tests reach the mutant, 36/24/-24/152/255 timeouts (a mutant that loops: killed).
KILLED = {1, 3, 36, 24, -24, 152, 255}
SURVIVED = {0, 5, 33}
# A pattern that matches a handful of mutants, to make mutmut generate every mutant and record which
# tests reach which function (it runs the selected tests once) without testing them all.
SEED_PATTERN = "cosmotable.games.*.scoring.*__mutmut_1"
RECHECKED = MUTANTS / "rechecked.json"  # survivor -> exit code of its game's whole test directory
RECHECK_CPU_SECONDS = 1800


def mutmut(*args: str) -> int:
    env = dict(os.environ, HYPOTHESIS_PROFILE="ci", PYTHONWARNINGS="ignore::UserWarning")
    return subprocess.call([*MUTMUT, *args], cwd=ROOT, env=env)


def results() -> dict[str, int | None]:
    """Every generated mutant with its exit code (None: not run yet), read from mutmut's metadata."""
    found: dict[str, int | None] = {}
    for meta in MUTANTS.rglob("*.py.meta"):
        found.update(json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"])
    return found


def wilson(killed: int, total: int, z: float = 1.96) -> tuple[float, float]:
    if total == 0:
        return 0.0, 1.0
    p = killed / total
    centre = (p + z * z / (2 * total)) / (1 + z * z / total)
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / (1 + z * z / total)
    return centre - half, centre + half


def rechecked() -> dict[str, int]:
    return json.loads(RECHECKED.read_text(encoding="utf-8")) if RECHECKED.exists() else {}


def _cpu_limit() -> None:
    resource.setrlimit(resource.RLIMIT_CPU, (RECHECK_CPU_SECONDS, RECHECK_CPU_SECONDS + 5))


def _whole_directory(game: str, mutant: str | None) -> int:
    """pytest's exit code for tests/<game>/ and tests/golden/ (not slow) with `mutant` switched on."""
    env = dict(
        os.environ,
        PYTHONPATH="src",  # the mutated copy in ./mutants/src, not the installed package
        HYPOTHESIS_PROFILE="ci",
        PYTHONWARNINGS="ignore::UserWarning",
    )
    env.pop("MUTANT_UNDER_TEST", None)
    if mutant is not None:
        env["MUTANT_UNDER_TEST"] = mutant
    command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "--no-cov", "-n", "auto"]
    command += ["-m", "not slow", f"tests/{game}/", "tests/golden/"]
    return subprocess.call(command, cwd=MUTANTS, env=env, stdout=subprocess.DEVNULL, preexec_fn=_cpu_limit)


def recheck(names: list[str]) -> None:
    """Run each survivor among `names` against its game's whole (not slow) test directory."""
    codes, done = results(), rechecked()
    todo = [n for n in names if codes.get(n) in SURVIVED and n not in done]
    for game in sorted({n.split(".")[2] for n in todo}):  # cosmotable.games.<game>.<module>...
        # without a mutant the directory must pass, or a failure would say nothing of the mutants
        print(f"recheck: tests/{game}/ without a mutant ...", flush=True)
        if _whole_directory(game, None) != 0:
            raise SystemExit(f"tests/{game}/ fails in ./mutants without any mutant: fix that first")
    for number, name in enumerate(todo, 1):
        game = name.split(".")[2]
        print(f"recheck {number}/{len(todo)}: {name} against tests/{game}/ and tests/golden/", flush=True)
        done[name] = _whole_directory(game, name)
        RECHECKED.write_text(json.dumps(done, indent=1), encoding="utf-8")


def _killed_on_recheck(code: int | None) -> bool:
    # pytest: 1 = a test failed; 2 = interrupted, which is how pytest-xdist ends a `-x` run after a
    # failure (the directory passed without the mutant, so nothing else interrupts it); negative =
    # stopped by the CPU limit (the mutant loops)
    return code is not None and (code in (1, 2) or code < 0)


def module_of(name: str) -> str:
    return name.rsplit(".", 1)[0]


def report(names: list[str] | None = None) -> float:
    codes = results()
    chosen = {n: codes.get(n) for n in (names if names is not None else codes)}
    run = {n: c for n, c in chosen.items() if c is not None}
    killed = [n for n, c in run.items() if c in KILLED]
    survived = [n for n, c in run.items() if c in SURVIVED]
    other = Counter(c for c in run.values() if c not in KILLED | SURVIVED)
    total = len(killed) + len(survived)
    low, high = wilson(len(killed), total)
    rate = len(killed) / total if total else 0.0
    by_module: dict[str, Counter] = defaultdict(Counter)
    for n in killed:
        by_module[module_of(n)]["killed"] += 1
    for n in survived:
        by_module[module_of(n)]["survived"] += 1
    print(f"\nmutants generated: {len(codes)}; in this report: {len(chosen)}; run: {len(run)}")
    print(f"{'module':<42} {'killed':>7} {'survived':>9} {'rate':>7}")
    for module in sorted(by_module):
        k, s = by_module[module]["killed"], by_module[module]["survived"]
        print(f"{module:<42} {k:>7} {s:>9} {k / (k + s):>7.1%}")
    print(f"\nkill rate: {len(killed)}/{total} = {rate:.1%} (95% interval {low:.1%} - {high:.1%})")
    again = rechecked()
    checked = [n for n in survived if n in again]
    if checked:
        late = [n for n in checked if _killed_on_recheck(again[n])]
        odd = {n: again[n] for n in checked if again[n] not in (0, 1, 2) and again[n] >= 0}
        print(
            f"after the recheck of {len(checked)} of the {len(survived)} survivors against their "
            f"game's whole test directory: {len(late)} killed there"
        )
        survived = [n for n in survived if n not in late]
        low, high = wilson(len(killed) + len(late), total)
        rate = (len(killed) + len(late)) / total
        print(
            f"kill rate: {len(killed) + len(late)}/{total} = {rate:.1%} (95% interval {low:.1%} - {high:.1%})"
        )
        if odd:
            print(f"recheck runs that ended in an error (counted as survivors): {odd}")
    if other:
        print(f"not counted (skipped, suspicious, caught by type check...): {dict(other)}")
    if survived:
        print("\nsurvivors (`mutmut show NAME` prints each change):")
        for n in sorted(survived):
            print(f"  {n}")
    return rate


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sample", type=int, default=400, help="mutants drawn at random (default 400)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the draw (default 1)")
    parser.add_argument("--all", action="store_true", help="run every mutant instead of a sample")
    parser.add_argument("--report", action="store_true", help="only print the figures of what has run")
    parser.add_argument("--children", type=int, default=os.cpu_count() or 2, help="parallel mutants")
    parser.add_argument(
        "--recheck",
        action="store_true",
        help="only re-run the survivors so far against whole test directories",
    )
    parser.add_argument("--no-recheck", action="store_true", help="skip the recheck after the sample")
    args = parser.parse_args(argv)
    if args.sample < 1:
        parser.error("--sample must be at least 1")
    if args.report:
        report()
        return 0
    if args.recheck:
        recheck(sorted(results()))
        report()
        return 0
    if args.all:
        code = mutmut("run", "--max-children", str(args.children))
        report()
        return code
    if not results():
        print("generating the mutants and recording which tests reach which function ...", flush=True)
        mutmut("run", "--max-children", str(args.children), SEED_PATTERN)
    names = sorted(results())
    if not names:
        print("mutmut generated no mutants: check [tool.mutmut] in pyproject.toml", file=sys.stderr)
        return 2
    sample = sorted(random.Random(args.seed).sample(names, min(args.sample, len(names))))
    pending = [n for n in sample if results().get(n) is None]
    print(
        f"{len(names)} mutants; sample of {len(sample)} (seed {args.seed}), {len(pending)} still to run",
        flush=True,
    )
    for start in range(0, len(pending), 200):  # batches: a stopped run keeps what it finished
        mutmut("run", "--max-children", str(args.children), *pending[start : start + 200])
    if not args.no_recheck:
        recheck(sample)
    report(sample)
    return 0


if __name__ == "__main__":
    sys.exit(main())
