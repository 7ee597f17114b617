"""The systemd unit (deploy/cosmotable.service, issue #50 deployment): systemd's own checker accepts it
(with its program paths pointed at a real installation), and its ExecStartPre and ExecStart, run with
the unit's environment and the shipped environment file, migrate the database and serve with several
workers on PostgreSQL and Redis; a stop as KillMode=mixed does it (SIGTERM to the main process only)
ends every process under it, so the SIGKILL that would follow has nothing left to kill.

systemd itself does not run in the test containers: the unit is verified and its commands run, not
the service."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from deploy_helpers import DEPLOY, descendants, launch, left_behind, stop, wait_healthy

import services

INSTALLED_AT = "/opt/cosmotable/bin/"


def unit(path: Path = DEPLOY / "cosmotable.service") -> dict[str, list[tuple[str, str]]]:
    """The unit's sections, each its (key, value) lines in order (keys may repeat: Environment=)."""
    sections: dict[str, list[tuple[str, str]]] = {}
    current = None
    for line in path.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("["):
            current = sections.setdefault(line.strip("[]"), [])
        else:
            key, _, value = line.partition("=")
            assert current is not None
            current.append((key.strip(), value.strip()))
    return sections


def one(section: list[tuple[str, str]], key: str) -> str:
    (value,) = [v for k, v in section if k == key]
    return value


def env_file(path: Path) -> dict[str, str]:
    values = {}
    for line in path.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            key, _, value = line.partition("=")
            values[key] = value
    return values


def test_systemd_verifies_the_unit(deploy_venv, tmp_path):
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.fail("systemd-analyze is missing: install systemd (Debian) to verify the unit")
    text = (DEPLOY / "cosmotable.service").read_text()
    assert sum(line.startswith("Exec") and INSTALLED_AT in line for line in text.splitlines()) == 2
    copy = tmp_path / "cosmotable.service"
    copy.write_text(text.replace(INSTALLED_AT, f"{deploy_venv.parent}/"))
    checked = subprocess.run([analyze, "verify", str(copy)], capture_output=True, text=True, check=False)
    assert checked.returncode == 0 and "cosmotable.service" not in checked.stderr, checked.stderr
    # and the checker does catch a bad line: the test would see a broken unit
    copy.write_text(
        text.replace(INSTALLED_AT, f"{deploy_venv.parent}/").replace("KillMode=mixed", "KillMode=x")
    )
    broken = subprocess.run([analyze, "verify", str(copy)], capture_output=True, text=True, check=False)
    assert "kill mode" in broken.stderr.lower()


def test_the_units_commands_migrate_serve_and_stop_with_every_child(
    deploy_venv, tmp_path, postgres_url, redis_url
):
    service = unit()["Service"]
    assert (one(service, "KillMode"), one(service, "KillSignal")) == ("mixed", "SIGTERM")
    environment = {key: value for key, value in os.environ.items() if not key.startswith("COSMOTABLE_")}
    for _key, value in service:
        if _key == "Environment":
            name, _, setting = value.partition("=")
            environment[name] = setting
    example = env_file(DEPLOY / "cosmotable.env.example")
    environment.update({k: v for k, v in example.items() if k.startswith("COSMOTABLE_")})
    # the machine's own: where the state directory is, and the test's database and Redis
    state = tmp_path / "var-lib-cosmotable"
    state.mkdir()
    assert environment["COSMOTABLE_DATA_DIR"] == one(service, "WorkingDirectory") == "/var/lib/cosmotable"
    environment.update(
        COSMOTABLE_DATA_DIR=str(state),
        COSMOTABLE_DATABASE_URL=postgres_url,
        COSMOTABLE_REDIS_URL=redis_url,
        COSMOTABLE_WORKERS="2",
    )

    def command(key: str) -> list[str]:
        text = one(service, key).replace(INSTALLED_AT, f"{deploy_venv.parent}/")
        return re.sub(r"\$\{(\w+)\}", lambda m: environment[m.group(1)], text).split()

    migrated = subprocess.run(
        command("ExecStartPre"), check=False, env=environment, cwd=state, capture_output=True, text=True
    )
    assert migrated.returncode == 0 and "upgraded an empty database" in migrated.stdout, migrated.stderr
    port = services.free_port()
    serve = command("ExecStart")
    assert serve[-2:] == ["--workers", "2"]
    log = tmp_path / "unit.log"
    process = launch(serve, port, state, environment, log)
    try:
        body = wait_healthy(f"http://127.0.0.1:{port}", process, log)
        assert body["checks"]["redis"]["ok"], body
        children = descendants(process.pid)
        assert len(children) >= 2  # the two workers (and their bot pools)
    finally:
        code = stop(process)  # KillMode=mixed: SIGTERM to the main process only
    assert code in (0, -15), log.read_text()
    assert left_behind(children) == {}
