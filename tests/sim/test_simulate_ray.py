"""`cosmotable simulate --ray`: the same rows as local processes, on a Ray started here."""

from __future__ import annotations

import functools

import pytest

from cosmotable.sim import ray_backend
from cosmotable.sim.runner import Plan, load, simulate


@pytest.mark.slow  # starting Ray takes most of the time (10-40 s on a busy machine)
def test_ray_gives_the_rows_of_local_processes_and_resumes_their_run(tmp_path):
    plan = Plan("mlem", 3, ("heuristic", "random"), ("ufo", "discovery"), seed=21, games=30, chunk=8)
    backend = functools.partial(ray_backend.results, num_cpus=2)
    simulate(plan, tmp_path / "ray", backend=backend)
    simulate(plan, tmp_path / "local", processes=2)
    assert load(tmp_path / "ray").num_rows == 30
    assert load(tmp_path / "ray").equals(load(tmp_path / "local"))
    # A run begun on local processes can be finished on Ray (and the other way round).
    bigger = Plan(**{**plan.__dict__, "games": 40})
    resumed = simulate(bigger, tmp_path / "local", backend=backend)
    assert (resumed.already, resumed.done) == (24, 16)
    simulate(bigger, tmp_path / "whole", processes=1)
    assert load(tmp_path / "local").equals(load(tmp_path / "whole"))


def test_a_cluster_address_with_processes_is_refused_before_ray_starts(tmp_path, monkeypatch):
    from typer.testing import CliRunner

    from cosmotable.cli import app

    monkeypatch.setenv("COLUMNS", "200")
    result = CliRunner().invoke(
        app,
        ["simulate", "mlem", "--out", str(tmp_path / "r"), "--ray-address", "auto", "--processes", "2"],
    )
    assert result.exit_code == 2 and "drop --processes" in result.output
    assert not (tmp_path / "r").exists()
