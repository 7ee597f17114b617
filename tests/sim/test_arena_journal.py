"""`benchmarks/bot_strength.py --journal FILE`: an arena run can be stopped and resumed, the journal's
tables counted without being played again (`cosmotable.sim.arena`, `cosmotable.sim.journal`)."""

import json

import pytest

from cosmotable.sim import arena
from cosmotable.sim.arena import read_journal, result_from_record, result_record, run
from cosmotable.sim.journal import JournalError

CODE = "abc123"


def test_a_record_reads_back_as_the_same_result():
    [result] = run("mlem", ["heuristic", "random"], 1, seed=5).results
    assert result_from_record(json.loads(json.dumps(result_record(result, CODE)))) == result


@pytest.fixture
def played(monkeypatch) -> list:
    """The tables the arena plays (rather than takes from a journal), in order."""
    tables: list = []
    real_results = arena.results

    def counting(todo, processes=1):
        tables.extend(todo)
        yield from real_results(todo, processes)

    monkeypatch.setattr(arena, "results", counting)
    return tables


def journal_of(results) -> str:
    return "".join(json.dumps(result_record(r, CODE)) + "\n" for r in results)


def test_a_resumed_run_plays_only_the_missing_tables_and_reports_as_one_whole_run(played):
    whole = run("mlem", ["heuristic", "random"], 6, seed=3)
    already = read_journal(journal_of(whole.results[:4]), CODE)
    played.clear()
    seen = []
    resumed = run("mlem", ["heuristic", "random"], 6, seed=3, already=already, on_result=seen.append)
    assert played == [r.table for r in whole.results[4:]]
    assert [r.table for r in seen] == played  # only the tables played now are reported as they end
    assert resumed.head_to_head("heuristic", "random") == whole.head_to_head("heuristic", "random")
    assert sorted(r.table.seed for r in resumed.results) == sorted(r.table.seed for r in whole.results)


def test_journal_tables_with_other_seats_are_played_again_not_counted(played):
    # the same seeds with the bots listed the other way round: every seat differs
    other_order = run("mlem", ["random", "heuristic"], 2, seed=3).results
    played.clear()
    report = run(
        "mlem", ["heuristic", "random"], 2, seed=3, already=read_journal(journal_of(other_order), CODE)
    )
    assert [t.seats for t in played] == [("heuristic", "random"), ("random", "heuristic")]
    assert [r.table for r in report.results] == played


def test_a_journal_of_other_code_or_a_damaged_line_is_refused_and_a_cut_last_line_is_dropped():
    [result] = run("mlem", ["heuristic", "random"], 1, seed=5).results
    line = json.dumps(result_record(result, CODE))
    with pytest.raises(JournalError, match="written by code 'abc123'"):
        read_journal(line + "\n", "def456")
    with pytest.raises(JournalError, match="line 1 is not a finished game"):
        read_journal(line[:40] + "\n" + line + "\n", CODE)
    assert read_journal(line + "\n" + line[:40], CODE) == [result]
