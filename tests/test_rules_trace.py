"""The rules traces (tests/rules_trace/*.toml) are valid and docs/rules-trace.md is generated from them.

The checker itself is scripts/rules_trace.py; the second half of this file feeds it small bad traces
to show it catches each kind of mistake (a checker that passes everything would pin nothing).
"""

import importlib.util
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("rules_trace", ROOT / "scripts" / "rules_trace.py")
rules_trace = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("rules_trace", rules_trace)  # dataclasses look their module up by name
_spec.loader.exec_module(sys.modules["rules_trace"])
rules_trace = sys.modules["rules_trace"]


# --- the real traces --------------------------------------------------------------------------------


@pytest.mark.parametrize("path", rules_trace.trace_paths(), ids=lambda p: p.name)
def test_trace_file_is_valid_and_every_test_id_names_a_test(path):
    trace = rules_trace.read_trace(path)
    assert rules_trace.trace_problems(trace) == []


def test_docs_rules_trace_is_generated_from_the_current_traces():
    traces = [rules_trace.read_trace(p) for p in rules_trace.trace_paths()]
    current = (ROOT / "docs" / "rules-trace.md").read_text(encoding="utf-8")
    assert current == rules_trace.render_doc(traces), (
        "docs/rules-trace.md is stale: run python scripts/rules_trace.py"
    )


# --- the checker catches each mistake -----------------------------------------------------------------

HEADER = """
game = "mlem"

[[rulebook]]
key = "004"
file = "004_fixture.txt"
language = "pl"
edition = "fixture"
"""

GOOD_ENTRY = """
[[sentence]]
id = "mlem.launch.rocket-on-space-0"
where = { "004" = "Faza startu (line 3)" }
text = { "004" = "Gracz rozpoczynający wyprawę umieszcza pionek rakiety na polu 0." }
tests = ["tests/test_fixture.py::test_rocket_starts_on_space_0"]
"""

FIXTURE_TESTS = """
import pytest

def test_rocket_starts_on_space_0():
    pass

@pytest.mark.parametrize("n", [1, 2])
def test_every_die(n):
    pass

class TestCrash:
    def test_token_moves(self):
        pass

def helper_not_a_test():
    pass
"""

FIXTURE_RULEBOOK = """INSTRUKCJA

Gracz rozpoczynający wyprawę umieszcza
pionek rakiety na polu 0.

Gra kończy się «szybko».
"""


def _problems(tmp_path, trace_text):
    (tmp_path / "tests").mkdir(exist_ok=True)
    (tmp_path / "tests" / "test_fixture.py").write_text(FIXTURE_TESTS, encoding="utf-8")
    path = tmp_path / "mlem.toml"
    path.write_text(textwrap.dedent(trace_text), encoding="utf-8")
    return rules_trace.trace_problems(rules_trace.read_trace(path), root=tmp_path)


def test_checker_accepts_a_well_formed_trace(tmp_path):
    assert _problems(tmp_path, HEADER + GOOD_ENTRY) == []


@pytest.mark.parametrize(
    "node_id",
    [
        "tests/test_fixture.py::test_every_die[1]",  # a parametrised id: checked by its base name
        "tests/test_fixture.py::TestCrash::test_token_moves",
    ],
)
def test_checker_accepts_parametrised_and_class_test_ids(tmp_path, node_id):
    entry = GOOD_ENTRY.replace("tests/test_fixture.py::test_rocket_starts_on_space_0", node_id)
    assert _problems(tmp_path, HEADER + entry) == []


@pytest.mark.parametrize(
    "node_id, complaint",
    [
        ("tests/test_fixture.py::test_rocket_starts_on_space_1", "has no test test_rocket_starts_on_space_1"),
        ("tests/test_missing.py::test_rocket_starts_on_space_0", "no file tests/test_missing.py"),
        ("tests/test_fixture.py::helper_not_a_test", "has no test helper_not_a_test"),
        ("tests/test_fixture.py::TestCrash::test_nothing", "has no test TestCrash::test_nothing"),
        ("tests/test_fixture.py", "is not a pytest node id"),
        ("scripts/rules_trace.py::main", "must be a test module under tests/"),
    ],
)
def test_checker_fails_for_a_test_id_that_names_no_test(tmp_path, node_id, complaint):
    entry = GOOD_ENTRY.replace("tests/test_fixture.py::test_rocket_starts_on_space_0", node_id)
    problems = _problems(tmp_path, HEADER + entry)
    assert len(problems) == 1 and complaint in problems[0], problems


def test_checker_fails_for_an_entry_with_both_tests_and_not_a_rule(tmp_path):
    entry = GOOD_ENTRY + 'not_a_rule = "flavour"\n'
    problems = _problems(tmp_path, HEADER + entry)
    assert any("exactly one of tests" in p and "(both given)" in p for p in problems), problems


def test_checker_fails_for_an_entry_with_neither_tests_nor_not_a_rule(tmp_path):
    entry = "\n".join(line for line in GOOD_ENTRY.splitlines() if not line.startswith("tests ="))
    problems = _problems(tmp_path, HEADER + entry)
    assert any("exactly one of tests" in p and "(neither given)" in p for p in problems), problems


@pytest.mark.parametrize("value", ["[]", '""', '"   "'])
def test_checker_fails_for_an_empty_tests_list_or_reason(tmp_path, value):
    key = "tests" if value == "[]" else "not_a_rule"
    entry = "\n".join(line for line in GOOD_ENTRY.splitlines() if not line.startswith("tests ="))
    problems = _problems(tmp_path, HEADER + entry + f"\n{key} = {value}\n")
    assert len(problems) == 1 and ("non-empty list" in problems[0] or "must say why" in problems[0]), problems


def test_checker_fails_for_a_duplicate_id(tmp_path):
    problems = _problems(tmp_path, HEADER + GOOD_ENTRY + GOOD_ENTRY)
    assert problems == [problems[0]] and "duplicate id" in problems[0] and "sentence #1" in problems[0]


@pytest.mark.parametrize(
    "change, complaint",
    [
        (
            ('"004" = "Faza startu (line 3)"', '"003" = "Faza startu (line 3)"'),
            "where has keys ['003'] but text has ['004']",
        ),
        (('{ "004" = "Gracz', '{ "003" = "Gracz'), 'rulebook key "003" is not one of'),
        (("(line 3)", "(page 1)"), "must name the line"),
        (('id = "mlem.launch', 'id = "planet.launch'), 'id must start with "mlem."'),
        (
            ('id = "mlem.launch.rocket-on-space-0"', 'id = "Rocket on 0"'),
            "id must be dotted lower-case words",
        ),
        (("tests = [", "test = ["), "unknown keys ['test']"),
    ],
)
def test_checker_fails_for_a_malformed_entry(tmp_path, change, complaint):
    problems = _problems(tmp_path, HEADER + GOOD_ENTRY.replace(*change))
    assert any(complaint in p for p in problems), problems


def test_checker_fails_for_a_rulebook_without_its_file_and_for_a_game_named_unlike_its_file(tmp_path):
    header = HEADER.replace('file = "004_fixture.txt"\n', "").replace('game = "mlem"', 'game = "planet"')
    problems = _problems(tmp_path, header + GOOD_ENTRY.replace('"mlem.', '"planet.'))
    assert any("lacks file" in p for p in problems) and any("name it planet.toml" in p for p in problems), (
        problems
    )


def test_checker_reports_unreadable_toml_with_the_file_name(tmp_path):
    path = tmp_path / "mlem.toml"
    path.write_text('game = "mlem"\n[[sentence]\n', encoding="utf-8")
    with pytest.raises(rules_trace.TraceError, match="mlem.toml: not valid TOML"):
        rules_trace.read_trace(path)


def test_check_mode_fails_for_a_stale_doc_and_passes_once_regenerated(tmp_path, capsys):
    traces = tmp_path / "traces"
    traces.mkdir()
    (traces / "mlem.toml").write_text(
        HEADER
        + GOOD_ENTRY.replace(
            'tests = ["tests/test_fixture.py::test_rocket_starts_on_space_0"]', 'not_a_rule = "fixture"'
        ),
        encoding="utf-8",
    )
    doc = tmp_path / "rules-trace.md"
    doc.write_text("# Rules trace\n\nan old version\n", encoding="utf-8")
    args = ["--trace-dir", str(traces), "--doc", str(doc)]

    assert rules_trace.main(args + ["--check"]) == 1
    assert "is stale" in capsys.readouterr().err
    assert doc.read_text(encoding="utf-8") == "# Rules trace\n\nan old version\n"  # --check writes nothing

    assert rules_trace.main(args) == 0
    assert rules_trace.main(args + ["--check"]) == 0
    assert "mlem.launch.rocket-on-space-0" in doc.read_text(encoding="utf-8")


def test_generating_refuses_to_write_the_doc_from_an_invalid_trace(tmp_path, capsys):
    traces = tmp_path / "traces"
    traces.mkdir()
    (traces / "mlem.toml").write_text(HEADER + GOOD_ENTRY + GOOD_ENTRY, encoding="utf-8")
    doc = tmp_path / "rules-trace.md"
    assert rules_trace.main(["--trace-dir", str(traces), "--doc", str(doc)]) == 1
    assert not doc.exists()
    assert "duplicate id" in capsys.readouterr().err


def test_doc_counts_rule_sentences_pinned_and_sentences_only_in_one_edition(tmp_path):
    header = (
        HEADER
        + '\n[[rulebook]]\nkey = "003"\nfile = "003_fixture.txt"\nlanguage = "nl"\nedition = "nl fixture"\n'
    )
    flavour = """
[[sentence]]
id = "mlem.intro.flavour"
where = { "004" = "Intro (line 1)", "003" = "Intro (line 1)" }
text = { "004" = "INSTRUKCJA", "003" = "HANDLEIDING" }
not_a_rule = "title"
"""
    path = tmp_path / "mlem.toml"
    path.write_text(header + flavour + GOOD_ENTRY, encoding="utf-8")
    markdown = rules_trace.render_game(rules_trace.read_trace(path))
    rows = {
        line.split("|")[1].strip()[:3]: [c.strip() for c in line.split("|")[4:9]]
        for line in markdown.splitlines()
        if line.startswith("| 00")
    }
    # sentences, rule sentences, pinned, not a rule, only in this edition
    assert rows["004"] == ["2", "1", "1 (100 %)", "1", "1"]
    assert rows["003"] == ["1", "0", "0 (–)", "1", "0"]
    assert "(only in 004)" in markdown


# --- quotes against a rulebook file -------------------------------------------------------------------


def _quote_problems(tmp_path, trace_text):
    seeds = tmp_path / "seeds"
    seeds.mkdir(exist_ok=True)
    (seeds / "004_fixture.txt").write_text(FIXTURE_RULEBOOK, encoding="utf-8")
    path = tmp_path / "mlem.toml"
    path.write_text(trace_text, encoding="utf-8")
    return rules_trace.quote_problems(rules_trace.read_trace(path), seeds)


def test_quote_check_accepts_a_quote_rewrapped_and_with_plain_quotation_marks(tmp_path):
    entry = GOOD_ENTRY + GOOD_ENTRY.replace("rocket-on-space-0", "end").replace(
        "(line 3)", "(line 6)"
    ).replace(
        "Gracz rozpoczynający wyprawę umieszcza pionek rakiety na polu 0.", 'Gra kończy się \\"szybko\\".'
    )
    assert _quote_problems(tmp_path, HEADER + entry) == []


def test_quote_check_ignores_the_rulebook_files_bold_markup(tmp_path):
    rulebook = FIXTURE_RULEBOOK.replace("na polu 0", "na **polu 0**")
    entry = GOOD_ENTRY.replace("na polu 0.", "na **polu** 0.")
    seeds = tmp_path / "seeds"
    seeds.mkdir()
    (seeds / "004_fixture.txt").write_text(rulebook, encoding="utf-8")
    path = tmp_path / "mlem.toml"
    path.write_text(HEADER + entry, encoding="utf-8")
    assert rules_trace.quote_problems(rules_trace.read_trace(path), seeds) == []


def test_quote_check_fails_for_a_quote_not_in_the_rulebook(tmp_path):
    entry = GOOD_ENTRY.replace("na polu 0.", "na polu 1.")
    problems = _quote_problems(tmp_path, HEADER + entry)
    assert len(problems) == 1 and "quote not in the rulebook" in problems[0]


def test_quote_check_fails_for_a_wrong_line_number(tmp_path):
    problems = _quote_problems(tmp_path, HEADER + GOOD_ENTRY.replace("(line 3)", "(line 4)"))
    assert problems == [
        'mlem.toml: "mlem.launch.rocket-on-space-0" [004]: where says line 4, the quote starts on line 3'
    ]


def test_quote_check_fails_for_a_missing_rulebook_file(tmp_path):
    problems = _quote_problems(tmp_path, HEADER.replace("004_fixture.txt", "004_other.txt") + GOOD_ENTRY)
    assert len(problems) == 1 and "no file" in problems[0]


def test_untraced_lines_are_the_non_blank_lines_no_quote_covers(tmp_path):
    seeds = tmp_path / "seeds"
    _quote_problems(tmp_path, HEADER + GOOD_ENTRY)
    trace = rules_trace.read_trace(tmp_path / "mlem.toml")
    assert rules_trace.untraced_lines(trace, seeds) == {"004": [1, 6]}
