"""The rules trace: every sentence of every rulebook, each pinned by tests or marked "not a rule".

One TOML file per game in tests/rules_trace/ (format: docs/rules-trace.md). This script

    python scripts/rules_trace.py                       # rewrites docs/rules-trace.md from the traces
    python scripts/rules_trace.py --check               # exits 1 if a trace is invalid or the doc is stale
    python scripts/rules_trace.py --check-quotes [DIR]  # also: every quote is in its rulebook file in DIR,
                                                        # starting on the line its `where` names

The rulebooks themselves are not in the repository: they stay in the rulebooks folder, `../shared/seeds`
beside the project (or wherever $COSMOTABLE_SEEDS or DIR names), so the suite
(tests/test_rules_trace.py) checks the structure and the test ids; the quotes are checked by whoever
edits a trace, with --check-quotes, before landing.

Only the standard library is used: the suite imports this file by path.
"""

from __future__ import annotations

import argparse
import ast
import os
import re
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The rulebooks folder: $COSMOTABLE_SEEDS, else `shared/seeds` beside the project's folder.
SEEDS_DIR = Path(os.environ.get("COSMOTABLE_SEEDS") or ROOT.parent / "shared" / "seeds")
TRACE_DIR = ROOT / "tests" / "rules_trace"
DOC_PATH = ROOT / "docs" / "rules-trace.md"
# The order games appear in the doc; a trace for a game not listed here still appears, after these.
GAME_ORDER = ("mlem", "kosmodrom", "planet")

RULEBOOK_FIELDS = ("key", "file", "language", "edition")
SENTENCE_FIELDS = {"id", "where", "text", "tests", "not_a_rule"}
ID_PATTERN = re.compile(r"^[a-z0-9][a-z0-9_-]*(\.[a-z0-9][a-z0-9_-]*)+$")
LINE_PATTERN = re.compile(r"\bline (\d+)\b")


class TraceError(Exception):
    """A trace file that cannot be read at all (bad TOML, missing `game`)."""


@dataclass(frozen=True)
class Rulebook:
    key: str
    file: str
    language: str
    edition: str


@dataclass(frozen=True)
class Sentence:
    id: str
    where: dict[str, str]
    text: dict[str, str]
    tests: tuple[str, ...]
    not_a_rule: str | None


@dataclass(frozen=True)
class Trace:
    game: str
    path: Path
    rulebooks: tuple[Rulebook, ...]
    sentences: tuple[Sentence, ...]
    problems: tuple[str, ...]  # structural problems found while reading (each names the entry)


# --- reading ---------------------------------------------------------------------------------------


def _string_table(value: object) -> dict[str, str] | None:
    if isinstance(value, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in value.items()):
        return dict(value)
    return None


def read_trace(path: Path) -> Trace:
    """Parse one trace file; what is wrong in its entries is collected in `problems`, not raised."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise TraceError(f"{path.name}: not valid TOML: {error}") from error
    game = data.get("game")
    if not isinstance(game, str) or not game:
        raise TraceError(f'{path.name}: the file must start with game = "<name>"')
    problems: list[str] = []
    if game != path.stem:
        problems.append(
            f'{path.name}: game = "{game}" but the file is named {path.name}; name it {game}.toml'
        )
    unknown_top = set(data) - {"game", "rulebook", "sentence"}
    if unknown_top:
        problems.append(f"{path.name}: unknown top-level keys {sorted(unknown_top)}")

    rulebooks: list[Rulebook] = []
    for number, entry in enumerate(data.get("rulebook", []), start=1):
        missing = [f for f in RULEBOOK_FIELDS if not isinstance(entry.get(f), str) or not entry.get(f)]
        if missing:
            problems.append(
                f"{path.name}: [[rulebook]] #{number} lacks {', '.join(missing)} (non-empty strings)"
            )
            continue
        rulebooks.append(Rulebook(*(entry[f] for f in RULEBOOK_FIELDS)))
    if not rulebooks:
        problems.append(f"{path.name}: no [[rulebook]] entry; name at least the rulebook the sentences quote")
    keys = [book.key for book in rulebooks]
    for key in sorted({k for k in keys if keys.count(k) > 1}):
        problems.append(f'{path.name}: rulebook key "{key}" appears {keys.count(key)} times')

    sentences: list[Sentence] = []
    seen: dict[str, int] = {}
    for number, entry in enumerate(data.get("sentence", []), start=1):
        label = f'{path.name}: sentence #{number} (id "{entry.get("id", "?")}")'
        sentence_id = entry.get("id")
        if not isinstance(sentence_id, str) or not ID_PATTERN.match(sentence_id):
            problems.append(f'{label}: id must be dotted lower-case words like "{game}.turn.step4.trade"')
            sentence_id = str(sentence_id)
        elif not sentence_id.startswith(game + "."):
            problems.append(f'{label}: id must start with "{game}."')
        if sentence_id in seen:
            problems.append(f"{label}: duplicate id, first used by sentence #{seen[sentence_id]}")
        else:
            seen[sentence_id] = number
        unknown = set(entry) - SENTENCE_FIELDS
        if unknown:
            problems.append(f"{label}: unknown keys {sorted(unknown)} (allowed: {sorted(SENTENCE_FIELDS)})")

        text = _string_table(entry.get("text"))
        where = _string_table(entry.get("where"))
        if not text:
            problems.append(
                f'{label}: text must be a table of rulebook key -> quoted sentence, e.g. {{ "{keys[0] if keys else "001"}" = "..." }}'
            )
            text = {}
        if where is None:
            problems.append(
                f"{label}: where must be a table of rulebook key -> section words and line number"
            )
            where = {}
        if set(where) != set(text):
            problems.append(
                f"{label}: where has keys {sorted(where)} but text has {sorted(text)}; give both for each edition"
            )
        for key in sorted(set(text) | set(where)):
            if key not in keys:
                problems.append(f'{label}: rulebook key "{key}" is not one of the [[rulebook]] keys {keys}')
        for key, quote in text.items():
            if not quote.strip():
                problems.append(f'{label}: text for "{key}" is empty')
        for key, place in where.items():
            if not LINE_PATTERN.search(place):
                problems.append(f'{label}: where for "{key}" must name the line, e.g. "Section (line 12)"')

        has_tests = "tests" in entry
        has_reason = "not_a_rule" in entry
        tests: tuple[str, ...] = ()
        reason: str | None = None
        if has_tests == has_reason:
            problems.append(
                f'{label}: give exactly one of tests = [...] or not_a_rule = "why" '
                f"({'both' if has_tests else 'neither'} given)"
            )
        if has_tests:
            value = entry["tests"]
            if not isinstance(value, list) or not value or not all(isinstance(t, str) and t for t in value):
                problems.append(f"{label}: tests must be a non-empty list of pytest node ids (path::test)")
            else:
                tests = tuple(value)
        if has_reason:
            value = entry["not_a_rule"]
            if not isinstance(value, str) or not value.strip():
                problems.append(
                    f"{label}: not_a_rule must say why in a few words (flavour, component list, ...)"
                )
            else:
                reason = value
        sentences.append(Sentence(sentence_id, where, text, tests, reason))
    return Trace(game, path, tuple(rulebooks), tuple(sentences), tuple(problems))


def trace_paths(trace_dir: Path = TRACE_DIR) -> list[Path]:
    """The trace files present (games whose trace has not been started yet simply have none)."""
    found = {p.stem: p for p in sorted(trace_dir.glob("*.toml"))}
    ordered = [found.pop(game) for game in GAME_ORDER if game in found]
    return ordered + list(found.values())


# --- test ids --------------------------------------------------------------------------------------


def _collected_tests(path: Path) -> set[str]:
    """`func` and `Class::method` names pytest would collect from a test file (by its syntax tree)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
            names.add(node.name)
        elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            for member in node.body:
                if isinstance(member, (ast.FunctionDef, ast.AsyncFunctionDef)) and member.name.startswith(
                    "test"
                ):
                    names.add(f"{node.name}::{member.name}")
    return names


def node_id_problem(node_id: str, root: Path, cache: dict[Path, set[str]]) -> str | None:
    """Why `node_id` does not name a test in the repository at `root`, or None when it does."""
    file_part, separator, name = node_id.partition("::")
    if not separator or not name:
        return f'"{node_id}" is not a pytest node id; write tests/<dir>/test_x.py::test_name'
    path = root / file_part
    if not (
        file_part.startswith("tests/")
        and Path(file_part).name.startswith("test_")
        and file_part.endswith(".py")
    ):
        return f'"{node_id}": the file must be a test module under tests/ (tests/.../test_*.py)'
    if not path.is_file():
        return f'"{node_id}": no file {file_part}'
    if path not in cache:
        cache[path] = _collected_tests(path)
    base = re.sub(r"\[.*\]$", "", name)  # a parametrised id is checked by its function's name
    if base not in cache[path]:
        return f'"{node_id}": {file_part} has no test {base}'
    return None


def trace_problems(trace: Trace, root: Path = ROOT) -> list[str]:
    """Everything wrong with a trace: structure (from reading) and test ids that name no test."""
    problems = list(trace.problems)
    cache: dict[Path, set[str]] = {}
    for sentence in trace.sentences:
        for node_id in sentence.tests:
            problem = node_id_problem(node_id, root, cache)
            if problem:
                problems.append(f'{trace.path.name}: sentence "{sentence.id}": {problem}')
    return problems


# --- quotes against the rulebooks ------------------------------------------------------------------

_QUOTES = str.maketrans({c: '"' for c in "«»„“”‟″"} | {c: "'" for c in "‘’‚‛′`"})


def _plain(text: str) -> str:
    # Typographic quotes made plain; the rulebook files' bold markup (`**`) is not text.
    return text.translate(_QUOTES).replace("**", "")


def normalise(text: str) -> str:
    """Whitespace collapsed, quotes plain and bold markup dropped, so a quote survives re-wrapping."""
    return " ".join(_plain(text).split())


def _normalised_with_lines(text: str) -> tuple[str, list[int]]:
    """The normalised text and, for each of its characters, the 1-based line it came from."""
    out: list[str] = []
    lines: list[int] = []
    for number, line in enumerate(_plain(text).splitlines(), start=1):
        for word in line.split():
            if out:
                out.append(" ")
                lines.append(number)
            out.append(word)
            lines.extend([number] * len(word))
    return "".join(out), lines


def quote_problems(trace: Trace, seeds_dir: Path) -> list[str]:
    """Quotes not found in their rulebook file, or not starting on the line their `where` names."""
    problems: list[str] = []
    books: dict[str, tuple[str, list[int]]] = {}
    for book in trace.rulebooks:
        path = seeds_dir / book.file
        if not path.is_file():
            problems.append(f"{trace.path.name}: rulebook {book.key}: no file {path}")
            continue
        books[book.key] = _normalised_with_lines(path.read_text(encoding="utf-8"))
    for sentence in trace.sentences:
        for key, quote in sentence.text.items():
            if key not in books:
                continue
            text, line_of = books[key]
            wanted = normalise(quote)
            starts = [m.start() for m in re.finditer(re.escape(wanted), text)] if wanted else []
            if not starts:
                problems.append(
                    f'{trace.path.name}: "{sentence.id}" [{key}]: quote not in the rulebook: {quote[:80]!r}'
                )
                continue
            match = LINE_PATTERN.search(sentence.where.get(key, ""))
            if match:
                stated = int(match.group(1))
                found = sorted({line_of[s] for s in starts})
                if stated not in found:
                    problems.append(
                        f'{trace.path.name}: "{sentence.id}" [{key}]: where says line {stated}, '
                        f"the quote starts on line {', '.join(map(str, found))}"
                    )
    return problems


def untraced_lines(trace: Trace, seeds_dir: Path) -> dict[str, list[int]]:
    """Per rulebook: the non-blank lines no quote of the trace touches (what is left to trace)."""
    result: dict[str, list[int]] = {}
    for book in trace.rulebooks:
        path = seeds_dir / book.file
        if not path.is_file():
            continue
        raw = path.read_text(encoding="utf-8")
        text, line_of = _normalised_with_lines(raw)
        covered: set[int] = set()
        for sentence in trace.sentences:
            wanted = normalise(sentence.text.get(book.key, ""))
            if not wanted:
                continue
            for m in re.finditer(re.escape(wanted), text):
                covered.update(line_of[m.start() : m.end()])
        result[book.key] = [
            n for n, line in enumerate(raw.splitlines(), start=1) if line.strip() and n not in covered
        ]
    return result


# --- the generated doc -----------------------------------------------------------------------------

DOC_HEADER = """# Rules trace

Generated by `python scripts/rules_trace.py` from `tests/rules_trace/*.toml`; do not edit by hand
(`tests/test_rules_trace.py` fails when this file is stale). After rebasing onto a main that changed a
trace, just regenerate it.

Every sentence of every rulebook is listed in its game's trace, quoted in its own language with the
line it stands on, and either pinned by the tests that would fail if the rule were broken, or marked
"not a rule" with the reason (flavour, component list, an example restating a rule, ...). A **rule
sentence** is one pinned by tests; the goal is that every rule sentence of every rulebook is pinned
and no sentence is left out.

The format of a trace file:

```toml
game = "mlem"

[[rulebook]]
key = "004"                          # the seed file's number
file = "004_2b5b8ea545fd78a6.txt"    # in the rulebooks folder (not in the repository, see below)
language = "pl"
edition = "a few words"

[[sentence]]
id = "mlem.launch.roll-all-dice"     # stable, readable, unique in the file
where = { "004" = "Section words (line 120)" }
text = { "004" = "The sentence, quoted exactly." }
tests = ["tests/mlem/test_launch.py::test_name"]     # or: not_a_rule = "why"
```

A game with several editions of its rulebook (MLEM) has one entry per rule, with a `text`/`where` key
per edition that has the sentence. The checks: `tests/test_rules_trace.py` (structure, unique ids,
exactly one of `tests`/`not_a_rule`, every test id names a test, this file up to date) and
`python scripts/rules_trace.py --check-quotes [DIR]` (every quote is in its rulebook and
starts on the line named, comparing with whitespace, typographic quotes and the files' `**` bold markup
normalised; it also counts the rulebook lines no quote covers yet, `--untraced` lists them). The
rulebooks are not in the repository: DIR is their folder, by default `../shared/seeds` beside the
project, or the folder that the environment variable `COSMOTABLE_SEEDS` names.
"""


def _cell(text: str, limit: int = 90) -> str:
    flat = " ".join(text.split())
    if len(flat) > limit:
        flat = flat[: limit - 1].rstrip() + "…"
    return flat.replace("|", "\\|")


def _percent(part: int, whole: int) -> str:
    return "–" if whole == 0 else f"{100 * part / whole:.0f} %"


def render_game(trace: Trace) -> str:
    lines = [f"## {trace.game}", ""]
    lines += [
        "| rulebook | language | edition | sentences | rule sentences | pinned | not a rule | only in this edition | last line traced |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    several = len(trace.rulebooks) > 1
    for book in trace.rulebooks:
        quoted = [s for s in trace.sentences if book.key in s.text]
        rules = [s for s in quoted if s.not_a_rule is None]
        pinned = [s for s in rules if s.tests]
        only = sum(1 for s in quoted if set(s.text) == {book.key}) if several else len(quoted)
        last = max(
            (int(m.group(1)) for s in quoted if (m := LINE_PATTERN.search(s.where.get(book.key, "")))),
            default=0,
        )
        lines.append(
            f"| {book.key} `{book.file}` | {book.language} | {_cell(book.edition, 40)} | {len(quoted)} | "
            f"{len(rules)} | {len(pinned)} ({_percent(len(pinned), len(rules))}) | "
            f"{len(quoted) - len(rules)} | {only if several else '–'} | {last or '–'} |"
        )
    lines += ["", "| id | where | sentence | pinned by |", "|---|---|---|---|"]
    for sentence in trace.sentences:
        where = "; ".join(f"{k}: {_cell(v, 40)}" for k, v in sorted(sentence.where.items()))
        if several and len(sentence.text) == 1:
            where += f" (only in {next(iter(sentence.text))})"
        first_key = next((b.key for b in trace.rulebooks if b.key in sentence.text), None)
        quote = _cell(sentence.text[first_key]) if first_key else ""
        if sentence.tests:
            pinned = "<br>".join(f"`{t}`" for t in sentence.tests)
        else:
            pinned = f"not a rule: {_cell(sentence.not_a_rule or '', 60)}"
        lines.append(f"| `{sentence.id}` | {where} | {quote} | {pinned} |")
    return "\n".join(lines) + "\n"


def render_doc(traces: list[Trace]) -> str:
    parts = [DOC_HEADER]
    if not traces:
        parts.append("\nNo trace has been written yet.\n")
    for trace in traces:
        parts.append("\n" + render_game(trace))
    return "".join(parts)


# --- command line ----------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="do not write the doc; exit 1 if it is stale")
    parser.add_argument(
        "--check-quotes",
        metavar="DIR",
        type=Path,
        nargs="?",
        const=SEEDS_DIR,
        help="also check every quote against the rulebook files in DIR (default: $COSMOTABLE_SEEDS, "
        "else ../shared/seeds beside the project)",
    )
    parser.add_argument(
        "--untraced",
        action="store_true",
        help="with --check-quotes: list the rulebook lines no quote covers yet",
    )
    parser.add_argument("--trace-dir", type=Path, default=TRACE_DIR, help=argparse.SUPPRESS)
    parser.add_argument("--doc", type=Path, default=DOC_PATH, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    problems: list[str] = []
    traces: list[Trace] = []
    for path in trace_paths(args.trace_dir):
        try:
            trace = read_trace(path)
        except TraceError as error:
            problems.append(str(error))
            continue
        traces.append(trace)
        problems += trace_problems(trace)
        if args.check_quotes:
            problems += quote_problems(trace, args.check_quotes)
            for key, missing in untraced_lines(trace, args.check_quotes).items():
                print(
                    f"{trace.game} {key}: {len(missing)} non-blank lines not covered by any quote"
                    + (f": {missing}" if args.untraced and missing else "")
                )

    doc = render_doc(traces)
    if args.check:
        current = args.doc.read_text(encoding="utf-8") if args.doc.is_file() else ""
        if current != doc:
            problems.append(
                f"{args.doc.relative_to(ROOT) if args.doc.is_relative_to(ROOT) else args.doc} "
                "is stale: run python scripts/rules_trace.py"
            )
    elif not problems:
        args.doc.write_text(doc, encoding="utf-8")
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(
            f"{len(problems)} problem(s); {'nothing written' if not args.check else 'see above'}",
            file=sys.stderr,
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
