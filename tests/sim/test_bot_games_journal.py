"""A run of `benchmarks/bot_games.py --journal FILE` can be stopped and resumed: the journal holds one
JSON line per finished game with the code that played it (`cosmotable.sim.bot_games`)."""

import json

import pytest

from cosmotable.sim.bot_games import (
    JournalError,
    Outcome,
    coins_report,
    outcome_from_record,
    outcome_record,
    play,
    read_journal,
    resumed,
    schedule,
)

CODE = "abc123"


def finished(spec, turns=50) -> Outcome:
    return Outcome(
        spec, steps=120, turns=turns, end="end triggered", capped=False, max_repeats=1, seconds=0.5
    )


def journal_of(outcomes, code=CODE) -> str:
    return "".join(json.dumps(outcome_record(o, code)) + "\n" for o in outcomes)


def test_a_record_reads_back_as_the_same_outcome():
    spec = schedule("kosmodrom", 5, seed=3)[4]
    outcome = finished(spec)
    assert outcome_from_record(json.loads(json.dumps(outcome_record(outcome, CODE)))) == outcome


def test_planets_coins_at_the_end_read_back_and_old_records_without_them_read_as_none():
    spec = schedule("planet", 3, seed=1)[2]
    outcome = Outcome(spec, 600, 240, "agreed", False, 2, 9.5, coins=(27, 3))
    record = json.loads(json.dumps(outcome_record(outcome, CODE)))
    assert (record["coins_home"], record["coins_left"]) == (27, 3)
    assert outcome_from_record(record) == outcome
    del record["coins_home"], record["coins_left"]  # a journal line written before coins were kept
    assert outcome_from_record(record).coins is None


def test_the_coins_report_sums_the_coins_home_and_counts_games_by_coins_left_per_end():
    specs = schedule("planet", 4, seed=1)
    outcomes = [
        Outcome(specs[0], 500, 200, "cleared", False, 1, 1.0, coins=(30, 0)),
        Outcome(specs[1], 500, 200, "agreed", False, 1, 1.0, coins=(28, 2)),
        Outcome(specs[2], 500, 200, "agreed", False, 1, 1.0, coins=(29, 1)),
        Outcome(specs[3], 500, 200, "agreed", False, 1, 1.0),  # an old record: not counted
    ]
    assert coins_report(outcomes) == [
        "coins brought home: 87 of 90 (96.7%) in 3 games",
        "  agreed: games by coins left: 1 left: 1, 2 left: 1",
        "  cleared: games by coins left: 0 left: 1",
    ]
    assert coins_report(outcomes[3:]) == []


def test_a_resumed_run_plays_only_the_games_the_journal_lacks_and_keeps_the_schedules_order():
    specs = schedule("mlem", 6, seed=1)
    journal = read_journal(journal_of([finished(specs[3]), finished(specs[0])]), CODE)
    done, left = resumed(specs, journal)
    assert [o.spec for o in done] == [specs[0], specs[3]]
    assert left == [specs[1], specs[2], specs[4], specs[5]]


def test_other_games_and_other_runs_in_the_journal_are_left_out():
    mlem = schedule("mlem", 3, seed=1)
    other_run = schedule("mlem", 3, seed=2)
    planet = schedule("planet", 3, seed=1)  # the same seeds as mlem's: told apart by the game
    journal = read_journal(journal_of([finished(s) for s in [*other_run, *planet]]), CODE)
    assert resumed(mlem, journal) == ([], mlem)


def test_a_seed_played_with_other_seats_is_refused():
    specs = schedule("planet", 4, seed=1, mix={"heuristic": 1})
    other_mix = schedule("planet", 4, seed=1, mix={"easy": 1})
    journal = read_journal(journal_of([finished(other_mix[2])]), CODE)
    with pytest.raises(JournalError, match="another --mix"):
        resumed(specs, journal)


def test_a_journal_of_other_code_is_refused():
    text = journal_of([finished(schedule("mlem", 1, seed=1)[0])], code="old")
    with pytest.raises(JournalError, match="written by code 'old', this is 'abc123'"):
        read_journal(text, CODE)


def test_a_last_line_cut_short_is_played_again_but_damage_elsewhere_is_refused():
    specs = schedule("mlem", 3, seed=1)
    whole = journal_of([finished(specs[0]), finished(specs[1])])
    cut = whole[: len(whole) - 30]  # stopped while writing the second line
    assert [o.spec for o in read_journal(cut, CODE)] == [specs[0]]
    lines = whole.split("\n")
    damaged = "\n".join([lines[0][:40], lines[1], ""])
    with pytest.raises(JournalError, match="line 1 is not a finished game's record"):
        read_journal(damaged, CODE)
    assert read_journal("", CODE) == []


def test_only_planet_keeps_coins_at_the_end():
    spec = schedule("mlem", 1, seed=1, mix={"heuristic": 1})[0]
    assert play(spec).coins is None
