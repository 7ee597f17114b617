"""`cosmotable simulate --ray`: the same rows as local processes, on a Ray started here."""

from __future__ import annotations

import functools
import os
import random
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

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
    assert (resumed.already, resumed.done) == (30, 10)  # the short last chunk kept
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


#: Every port a Ray head opens (besides the worker range): each is given a free port, so the head
#: never waits for, or takes, a port held by another Ray on this machine (a local `ray.init` of the
#: test beside it, another helper's cluster) - Ray's defaults (6379, 10001, 8265, 52365, ...) are fixed.
HEAD_PORTS = (
    "port",
    "object-manager-port",
    "node-manager-port",
    "dashboard-port",
    "dashboard-agent-listen-port",
    "dashboard-agent-grpc-port",
    "runtime-env-agent-port",
    "metrics-export-port",
)
#: ... and the Ray Client server's, which Ray starts (on 10001) only when Ray Client is installed
#: (`ray[client]`; naming the port without it is refused)
CLIENT_PORT = "ray-client-server-port"
WORKER_PORTS = 64
#: Seconds the head is given to stop on SIGTERM before its process group is killed: its graceful
#: stop took 33 s in CI, and nothing of this throwaway cluster (own temp dir, own ports) needs saving.
GRACE = 5
#: what `ray start --block` prints once the head is up
READY = "will now block forever"  # a range of free ports for the head's workers (2 CPUs: a few workers)


def _free_ports(count: int) -> list[int]:
    """`count` distinct ports free now (all held open together, so the system gives distinct ones)."""
    socks = [socket.socket() for _ in range(count)]
    try:
        for sock in socks:
            sock.bind(("", 0))
        return [sock.getsockname()[1] for sock in socks]
    finally:
        for sock in socks:
            sock.close()


def _free_range(width: int, avoid: set[int]) -> int:
    """The first port of `width` consecutive ports free now, below the system's ephemeral range
    (where ports handed out by bind(0) come from) and clear of `avoid`."""
    rng = random.Random()
    for _ in range(200):
        first = rng.randrange(20000, 32000 - width)
        if avoid & set(range(first, first + width)):
            continue
        socks: list[socket.socket] = []
        try:
            for port in range(first, first + width):
                sock = socket.socket()
                socks.append(sock)
                sock.bind(("", port))
            return first
        except OSError:
            continue
        finally:
            for sock in socks:
                sock.close()
    raise RuntimeError(f"no {width} consecutive free ports found for the Ray workers")


@pytest.fixture
def ray_head(monkeypatch):
    """A one-node Ray cluster started with `ray start --head --block` in its own process group;
    stopped by signalling that group only (never `ray stop`, which stops every Ray on the machine).
    Token authentication with a token made here, given to the head and this driver alike: the
    test does not depend on Ray's default mode or on a token file in the home folder."""
    monkeypatch.setenv("RAY_AUTH_MODE", "token")
    monkeypatch.setenv("RAY_AUTH_TOKEN", secrets.token_hex(32))
    ray_cli = Path(sys.executable).with_name("ray")
    from ray._private.utils import get_ray_client_dependency_error

    names = HEAD_PORTS + ((CLIENT_PORT,) if get_ray_client_dependency_error() is None else ())
    ports = dict(zip(names, _free_ports(len(names)), strict=True))
    first_worker = _free_range(WORKER_PORTS, set(ports.values()))
    port = ports["port"]
    # A short root of its own: Ray's Unix socket paths must stay under ~107 characters.
    temp = tempfile.mkdtemp(prefix="ray-", dir="/tmp")
    head = subprocess.Popen(
        [
            str(ray_cli),
            "start",
            "--head",
            "--block",
            *(f"--{name}={number}" for name, number in ports.items()),
            f"--min-worker-port={first_worker}",
            f"--max-worker-port={first_worker + WORKER_PORTS - 1}",
            "--num-cpus=2",
            "--include-dashboard=false",
            "--disable-usage-stats",
            f"--temp-dir={temp}",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    # The head's output is read as it comes (a full pipe would stall it); `--block` prints READY
    # once every process of the head is up, and only then does a driver connect (a driver that
    # tries earlier times out, and retrying did not help on a loaded machine).
    output: list[str] = []
    ready = threading.Event()

    def read() -> None:
        assert head.stdout is not None
        for line in head.stdout:
            output.append(line)
            if READY in line:
                ready.set()

    threading.Thread(target=read, daemon=True).start()
    # Ray names a local head by this machine's address, not 127.0.0.1 (it rewrites a loopback
    # address to it): the driver finds the head wherever Ray put it.
    address = f"127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 300  # 10-40 s, more on a loaded machine
        while not ready.wait(1):
            tail = "".join(output[-30:])
            assert head.poll() is None, f"ray start --head exited:\n{tail}"
            assert time.monotonic() < deadline, f"ray start --head not ready after 300 s:\n{tail}"
        yield address, lambda: "".join(output[-30:])
    finally:
        os.killpg(head.pid, signal.SIGTERM)
        try:
            head.wait(timeout=GRACE)
        except subprocess.TimeoutExpired:
            os.killpg(head.pid, signal.SIGKILL)
            head.wait()
        shutil.rmtree(temp, ignore_errors=True)


@pytest.mark.slow  # a Ray head takes 10-40 s to start on a busy machine
def test_a_cluster_address_gives_the_rows_of_local_processes(tmp_path, ray_head):
    """`cosmotable simulate --ray-address ADDR` joins a running cluster (here a one-node head started
    with `ray start --head`) and writes the rows local processes write. The command runs as its own
    process, as a user runs it: a test process that has run a local Ray before keeps state of it
    that a later driver inherits (it could not join the head when both Ray tests ran in one worker)."""
    address, head_output = ray_head
    cli = Path(sys.executable).with_name("cosmotable")
    args = [
        "simulate",
        "mlem",
        "--players",
        "2",
        "--bots",
        "heuristic,random",
        "--variant",
        "secret_missions",
    ]
    args += ["--seed", "5", "--games", "12", "--chunk", "5", "--quiet", "--ray-address", address]
    done = subprocess.run(
        [str(cli), *args, "--out", str(tmp_path / "cluster")],
        check=False,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, (
        f"{done.stdout[-1500:]}{done.stderr[-1500:]}\nthe head said:\n{head_output()}"
    )
    plan = Plan("mlem", 2, ("heuristic", "random"), ("secret_missions",), seed=5, games=12, chunk=5)
    simulate(plan, tmp_path / "local", processes=2)
    assert load(tmp_path / "cluster").num_rows == 12
    assert load(tmp_path / "cluster").equals(load(tmp_path / "local"))
