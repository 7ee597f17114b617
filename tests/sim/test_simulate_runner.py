"""`cosmotable simulate`: rows, determinism whatever the processes, resuming, refusals."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from cosmotable import games
from cosmotable.bots import make_bot
from cosmotable.engine import save_state
from cosmotable.sim import runner
from cosmotable.sim.features import features
from cosmotable.sim.runner import Plan, SimulationError, load, simulate

MLEM = Plan("mlem", 3, ("heuristic", "random"), ("ufo",), seed=11, games=18, chunk=5)


def test_one_row_per_game_with_the_lineup_seed_scores_and_features(tmp_path):
    simulate(MLEM, tmp_path / "r.parquet")
    rows = load(tmp_path / "r.parquet").to_pylist()
    assert [r["game_index"] for r in rows] == list(range(18))
    for row in rows:
        assert row["bots"] == list(MLEM.seats(row["game_index"]))
        assert row["seed"] == MLEM.seed_of(row["game_index"])
        assert row["variants"] == ["ufo"] and row["players"] == 3
        assert len(row["scores"]) == 3 and row["winners"]
        assert max(row["scores"]) == min(row["scores"][w] for w in row["winners"])
        assert row["steps"] > row["decisions"] > 0
        assert len(row["expedition_crashed"]) == row["turns"]
    # Seats take the bots in turn and every rotation is played.
    assert {tuple(r["bots"]) for r in rows} == {
        ("heuristic", "random", "heuristic"),
        ("random", "heuristic", "heuristic"),
        ("heuristic", "heuristic", "random"),
    }


def test_a_row_is_the_game_the_engine_plays_for_that_seed(tmp_path):
    """The row of game 4 matches the same game played here directly through the engine API."""
    row = runner.play_game(MLEM, 4)
    state = games.get("mlem").new_state(3, seed=MLEM.seed_of(4), variants=["ufo"])
    bots = [make_bot(name, seed=MLEM.seed_of(4) + seat) for seat, name in enumerate(MLEM.seats(4))]
    while not state.is_terminal():
        if state.is_chance_node():
            state.sample_chance()
        else:
            state.apply(bots[state.current_player()].act(state))
    assert row["scores"] == state.scores() and row["winners"] == state.winners()
    assert row["steps"] == len(save_state(state)["actions"])
    assert {k: row[k] for k in features("mlem", state)} == features("mlem", state)


@pytest.mark.parametrize(
    "plan",
    [
        MLEM,
        Plan("kosmodrom", 3, ("heuristic", "random"), ("quick",), seed=5, games=9, chunk=4),
        Plan("planet", 2, ("random",), (), seed=5, games=6, chunk=4),
    ],
    ids=lambda p: p.game,
)
def test_the_same_seed_gives_the_same_rows_whatever_the_processes(tmp_path, plan):
    simulate(plan, tmp_path / "one", processes=1)
    simulate(plan, tmp_path / "two", processes=2)
    one, two = load(tmp_path / "one"), load(tmp_path / "two")
    assert one.num_rows == plan.games
    assert one.equals(two)


def test_another_seed_gives_other_games(tmp_path):
    simulate(MLEM, tmp_path / "a")
    other = Plan(**{**MLEM.__dict__, "seed": 12})
    simulate(other, tmp_path / "b")
    assert load(tmp_path / "a").column("scores") != load(tmp_path / "b").column("scores")


def test_an_interrupted_run_resumes_without_replaying_finished_chunks(tmp_path):
    out = tmp_path / "r.parquet"

    def stop_after_two_chunks(progress, n):
        if len(progress.written) == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        simulate(MLEM, out, on_games=stop_after_two_chunks)
    saved = sorted(p.name for p in out.glob("part-*"))
    assert saved == ["part-000000-5.parquet", "part-000001-5.parquet"]
    resumed = simulate(MLEM, out)
    assert (resumed.already, resumed.done) == (10, 8)
    simulate(MLEM, tmp_path / "whole")
    assert load(out).equals(load(tmp_path / "whole"))


def test_more_games_extend_a_finished_run_and_play_only_the_new_games(tmp_path, monkeypatch):
    """Issue #48 item 9: 600 games after 300 (one short chunk of 500) replayed all 600; the short
    last chunk is kept and only the new games are played, and the rows equal a fresh run's."""
    played: list[int] = []
    real = runner.play_game

    def counted(plan, index):
        played.append(index)
        return real(plan, index)

    monkeypatch.setattr(runner, "play_game", counted)
    out = tmp_path / "r.parquet"
    simulate(Plan(**{**MLEM.__dict__, "games": 12}), out)  # chunks of 5, 5, 2
    first = {p.name: p.stat().st_mtime_ns for p in out.glob("part-00000[01]-*")}
    played.clear()
    more = simulate(MLEM, out)  # 18 games: chunk 2 grows to 5, chunk 3 holds 3
    assert (more.already, more.done) == (12, 6)
    assert sorted(played) == list(range(12, 18))
    assert sorted(p.name for p in out.glob("part-*")) == [
        "part-000000-5.parquet",
        "part-000001-5.parquet",
        "part-000002-5.parquet",
        "part-000003-3.parquet",
    ]
    assert {p.name: p.stat().st_mtime_ns for p in out.glob("part-00000[01]-*")} == first
    simulate(MLEM, tmp_path / "whole")
    assert load(out).equals(load(tmp_path / "whole"))


def test_600_games_after_300_play_300_and_equal_a_fresh_600_game_run(tmp_path, monkeypatch):
    """The issue's own figures, with the default chunk (500): the run of 300 is one short chunk."""
    plan = Plan("mlem", 2, ("random",), (), seed=7, games=600)
    played: list[int] = []
    real = runner.play_game
    monkeypatch.setattr(runner, "play_game", lambda p, i: played.append(i) or real(p, i))
    out = tmp_path / "r.parquet"
    simulate(Plan(**{**plan.__dict__, "games": 300}), out)
    played.clear()
    more = simulate(plan, out)
    assert (more.already, more.done) == (300, 300) and sorted(played) == list(range(300, 600))
    simulate(plan, tmp_path / "fresh")
    assert load(out).num_rows == 600 and load(out).equals(load(tmp_path / "fresh"))


def test_a_killed_command_resumes_to_the_same_rows(tmp_path):
    """SIGKILL the real command mid-run (no clean-up at all), then run it again."""
    out = tmp_path / "r.parquet"
    args = [
        str(Path(sys.executable).parent / "cosmotable"),
        "simulate",
        "mlem",
        "--players",
        "2",
        "--bots",
        "random",
    ]
    args += ["--games", "400", "--chunk", "4", "--seed", "3", "--out", str(out), "--quiet"]
    plan = Plan("mlem", 2, ("random",), (), seed=3, games=400, chunk=4)
    process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 120
    while not list(out.glob("part-*.parquet")) and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    os.kill(process.pid, signal.SIGKILL)
    process.wait()
    finished = list(out.glob("part-*.parquet"))
    assert 0 < len(finished) < plan.chunks(), "the kill should land mid-run"
    before = {p.name: p.stat().st_mtime_ns for p in finished}
    again = subprocess.run(args, check=False, capture_output=True, text=True, timeout=600)
    assert again.returncode == 0, again.stderr
    assert not list(out.glob(".*.tmp"))
    # The chunks finished before the kill were kept as they were, not played again.
    assert {p.name: p.stat().st_mtime_ns for p in out.glob("part-*") if p.name in before} == before
    simulate(plan, tmp_path / "whole")
    assert load(out).equals(load(tmp_path / "whole"))


def test_a_folder_of_another_simulation_is_refused_and_left_alone(tmp_path):
    out = tmp_path / "r.parquet"
    simulate(Plan(**{**MLEM.__dict__, "games": 5}), out)
    before = sorted((p.name, p.stat().st_mtime_ns) for p in out.iterdir())
    for change in ({"players": 4}, {"seed": 2}, {"bots": ("random",)}, {"variants": ()}):
        with pytest.raises(SimulationError, match="holds another simulation") as error:
            simulate(Plan(**{**MLEM.__dict__, **change}), out)
        assert next(iter(change)) in str(error.value)
    assert sorted((p.name, p.stat().st_mtime_ns) for p in out.iterdir()) == before


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"bots": ("heuristic", "genius")}, "unknown: genius"),
        ({"players": 6}, "takes 2-5 players"),
        ({"variants": ("turbo",)}, "unknown variant"),
        ({"seed": -1}, "--seed must be"),
        ({"games": 0}, "--games must be at least 1"),
    ],
)
def test_a_bad_plan_is_refused_before_anything_is_written(tmp_path, change, message):
    out = tmp_path / "r.parquet"
    with pytest.raises(Exception, match=message):
        simulate(Plan(**{**MLEM.__dict__, **change}), out)
    assert not out.exists()


def test_a_file_or_a_foreign_folder_is_refused_as_out(tmp_path):
    (tmp_path / "file.parquet").write_text("x")
    with pytest.raises(SimulationError, match="is a file"):
        simulate(MLEM, tmp_path / "file.parquet")
    (tmp_path / "photos").mkdir()
    (tmp_path / "photos" / "cat.jpg").write_text("x")
    with pytest.raises(SimulationError, match="holds no simulation"):
        simulate(MLEM, tmp_path / "photos")
    assert sorted(p.name for p in (tmp_path / "photos").iterdir()) == ["cat.jpg"]


def test_the_chunks_are_plain_parquet_with_the_manifest_beside_them(tmp_path):
    out = tmp_path / "r.parquet"
    simulate(Plan(**{**MLEM.__dict__, "games": 7}), out)
    assert pq.read_table(out / "part-000000-5.parquet").num_rows == 5
    assert pq.ParquetDataset(str(out)).read().num_rows == 7  # pyarrow reads the folder as one dataset
    manifest = json.loads((out / runner.MANIFEST).read_text())
    assert manifest["plan"]["seed"] == 11 and "games" not in manifest["plan"]


def test_simulate_command_runs_resumes_and_refuses_bad_input(tmp_path, monkeypatch):
    from typer.testing import CliRunner

    from cosmotable.cli import app

    monkeypatch.setenv("COLUMNS", "120")
    cli = CliRunner()
    out = str(tmp_path / "r.parquet")
    base = [
        "simulate",
        "mlem",
        "--players",
        "2",
        "--bots",
        "random",
        "--seed",
        "4",
        "--chunk",
        "3",
        "--out",
        out,
    ]
    first = cli.invoke(app, [*base, "--games", "4"])
    assert first.exit_code == 0, first.output
    assert "4 games in" in first.output
    second = cli.invoke(app, [*base, "--games", "7"])
    assert second.exit_code == 0, second.output
    lines = second.output.splitlines()  # one line each, however long the path
    assert lines[0].startswith("resuming ") and lines[0].endswith("4 of 7 games already played")
    assert lines[-1].endswith("(3 played now on 1 process(es), 4 already there)")
    assert load(out).num_rows == 7
    bad = cli.invoke(app, ["simulate", "mlem", "--bots", "random,genius", "--out", str(tmp_path / "x")])
    assert bad.exit_code == 1 and "unknown: genius" in bad.output
    assert not (tmp_path / "x").exists()
