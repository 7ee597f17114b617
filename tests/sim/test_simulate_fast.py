"""`cosmotable simulate mlem --fast`: batch-engine rows equal the reference games' rows."""

from __future__ import annotations

import pytest

from cosmotable.engine import save_state
from cosmotable.sim.batch_mlem import play_reference
from cosmotable.sim.fast import FAST_POLICIES, batch_rows
from cosmotable.sim.features import features
from cosmotable.sim.runner import Plan, SimulationError, load, simulate

# compiled once per run, beside the other tests (tests/batch_engine_helpers.py)
pytestmark = pytest.mark.batch_engine


@pytest.mark.parametrize(
    ("players", "variants", "bots"),
    [
        (2, (), ("random",)),
        (3, ("ufo",), ("random",)),
        (4, ("discovery", "secret_missions"), ("random",)),
        (5, (), ("random",)),
        (2, ("ufo", "discovery", "secret_missions"), ("heuristic",)),
        (3, ("ufo",), ("heuristic", "random", "heuristic")),
        (4, (), ("heuristic", "random")),
    ],
)
def test_fast_rows_are_the_rows_of_the_same_games_on_the_reference_engine(players, variants, bots):
    plan = Plan("mlem", players, bots, variants, seed=31, games=25, chunk=25, engine="batch")
    rows = batch_rows(plan, list(range(25)))
    for row in rows:
        state = play_reference(row["seed"], players, variants, plan.seats(row["game_index"]))
        actions = save_state(state)["actions"]
        chance = ("roll ", "reveal-", "deal-mission ")
        expected = {
            **features("mlem", state),
            "scores": state.scores(),
            "winners": state.winners(),
            "steps": len(actions),
            "decisions": sum(1 for a in actions if not a.startswith(chance)),
            "variants": sorted(variants),
        }
        assert {k: row[k] for k in expected} == expected, f"seed {row['seed']}"
        assert row["bots"] == [FAST_POLICIES[name] for name in plan.seats(row["game_index"])]
    if len(bots) > 1:  # every seat rotation of the lineup is played
        assert len({tuple(row["bots"]) for row in rows}) > 1


def test_fast_run_is_chunked_resumable_and_the_same_whatever_the_processes(tmp_path):
    plan = Plan("mlem", 3, ("random",), (), seed=2, games=30, chunk=12, engine="batch")
    first = simulate(Plan(**{**plan.__dict__, "games": 12}), tmp_path / "a")
    assert first.done == 12
    more = simulate(plan, tmp_path / "a", processes=2)
    assert (more.already, more.done) == (12, 18)
    simulate(plan, tmp_path / "b", processes=1)
    assert load(tmp_path / "a").equals(load(tmp_path / "b"))
    # A fast folder is not resumed by a reference run (other games), nor the other way round.
    with pytest.raises(SimulationError, match="differs in: engine"):
        simulate(Plan(**{**plan.__dict__, "engine": "reference"}), tmp_path / "a")


@pytest.mark.parametrize(
    ("change", "refusal"),
    [
        ({"bots": ("hard",)}, "--fast plays MLEM.* with the batch engine's random and heuristic"),
        ({"bots": ("heuristic", "mcts")}, "--fast plays MLEM.* with the batch engine's random and heuristic"),
        ({"game": "planet", "players": 2}, "--fast needs a game with a compiled batch simulator; Planet"),
    ],
)
def test_fast_refuses_what_the_batch_engine_does_not_play(tmp_path, change, refusal):
    plan = Plan(**{**Plan("mlem", 3, ("random",), engine="batch").__dict__, **change})
    with pytest.raises(SimulationError, match=refusal):
        simulate(plan, tmp_path / "r")
    assert not (tmp_path / "r").exists()


def test_fast_command_writes_rows_the_report_reads(tmp_path, monkeypatch):
    from typer.testing import CliRunner

    from cosmotable.cli import app
    from cosmotable.sim.report import write_report

    monkeypatch.setenv("COLUMNS", "200")
    out = tmp_path / "fast.parquet"
    args = ["simulate", "mlem", "--fast", "--bots", "heuristic,random", "--players", "4", "--games", "200"]
    # as on a first use: the command says it is compiling before the wait, not after
    monkeypatch.setattr("cosmotable.sim.fast.compiled_cache_ready", lambda: False)
    result = CliRunner().invoke(app, [*args, "--chunk", "100", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "compiling the batch engine for its first use" in result.output
    assert load(out).num_rows == 200
    page = write_report(out, tmp_path / "fast.html").read_text()
    assert "MLEM: crashes" in page and page.count("<img") >= 5
    refused = CliRunner().invoke(
        app, ["simulate", "mlem", "--fast", "--bots", "hard", "--out", str(tmp_path / "x")]
    )
    assert refused.exit_code == 1 and "--bots random" in refused.output


def test_a_cold_numba_cache_is_told_apart_from_a_warm_one(tmp_path, monkeypatch):
    from cosmotable.sim import fast

    module = tmp_path / "driver.py"
    monkeypatch.setattr(fast.driver, "__file__", str(module))
    assert not fast.compiled_cache_ready()
    (tmp_path / "__pycache__").mkdir()
    (tmp_path / "__pycache__" / "driver.play_all-1450.py311.nbi").write_bytes(b"")
    assert fast.compiled_cache_ready()
