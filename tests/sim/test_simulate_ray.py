"""`cosmotable simulate --ray`: the same rows as local processes, on a Ray started here."""

from __future__ import annotations

import functools
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from cosmotable.sim import ray_backend
from cosmotable.sim.runner import Plan, SimulationError, load, simulate


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


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def ray_head(monkeypatch):
    """A one-node Ray cluster started with `ray start --head --block` in its own process group;
    stopped by signalling that group only (never `ray stop`, which stops every Ray on the machine).
    Token authentication with a token made here, given to the head and this driver alike: the
    test does not depend on Ray's default mode or on a token file in the home folder."""
    monkeypatch.setenv("RAY_AUTH_MODE", "token")
    monkeypatch.setenv("RAY_AUTH_TOKEN", secrets.token_hex(32))
    ray_cli = Path(sys.executable).with_name("ray")
    port = _free_port()
    # A short root: Ray's Unix socket paths must stay under ~107 characters.
    temp = tempfile.mkdtemp(prefix="ray-", dir="/tmp")
    head = subprocess.Popen(
        [
            str(ray_cli),
            "start",
            "--head",
            "--block",
            f"--port={port}",
            "--num-cpus=2",
            "--include-dashboard=false",
            "--disable-usage-stats",
            f"--temp-dir={temp}",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    # Ray names a local head by this machine's address, not 127.0.0.1 (it rewrites a loopback
    # address to it): the driver finds the head wherever Ray put it.
    address = f"127.0.0.1:{port}"
    try:
        yield address, head
    finally:
        os.killpg(head.pid, signal.SIGTERM)
        try:
            head.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(head.pid, signal.SIGKILL)
            head.wait()
        shutil.rmtree(temp, ignore_errors=True)


@pytest.mark.slow  # a Ray head takes 10-40 s to start on a busy machine
def test_a_cluster_address_gives_the_rows_of_local_processes(tmp_path, ray_head):
    """`--ray-address ADDR` joins a running cluster (here a one-node head started with
    `ray start --head`) and writes the rows local processes write."""
    address, head = ray_head
    plan = Plan("mlem", 2, ("heuristic", "random"), ("secret_missions",), seed=5, games=12, chunk=5)
    backend = functools.partial(ray_backend.results, address=address)
    summary, error = None, ""
    deadline = time.monotonic() + 300  # the head accepts drivers once its GCS is up (slow under load)
    while summary is None and time.monotonic() < deadline:
        assert head.poll() is None, f"ray start --head exited: {head.stderr.read().decode()[-2000:]}"
        try:
            summary = simulate(plan, tmp_path / "cluster", backend=backend)
        except SimulationError as exc:
            if "could not start" not in str(exc):
                raise
            error = str(exc)
            time.sleep(2)
    assert summary is not None, f"the Ray head never accepted the driver: {error}"
    simulate(plan, tmp_path / "local", processes=2)
    assert load(tmp_path / "cluster").num_rows == 12
    assert load(tmp_path / "cluster").equals(load(tmp_path / "local"))
