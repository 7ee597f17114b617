"""The container image (deploy/Containerfile) and its compose file (deploy/compose.yaml), step by step
(issue #50, deployment). There is no container runtime on the test machines, so the image itself is
not built here; instead every step it runs is, read from the files themselves so that they cannot
drift apart from what is tested:

* the build stage's COPY lines give the context, and its `pip wheel` line builds the wheel from it
  (with the test environment's setuptools instead of one fetched by build isolation: same range);
  the wheel carries every file of src/cosmotable (web client, games' data/ and web/, lobby page,
  migrations);
* the run stage's install puts it into a fresh virtual environment (dependencies from the test
  environment, not PyPI), its CMD runs there with its ENV, and its HEALTHCHECK command answers 0
  (and not 0 when nothing serves); SIGTERM ends the server and every process under it;
* compose's server command, with its environment interpolated as compose would, serves with N
  workers on the test PostgreSQL and Redis, and every worker answers the health check.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import zipfile
from pathlib import Path

import httpx
import yaml
from deploy_helpers import (
    DEPLOY,
    ROOT,
    containerfile,
    descendants,
    interpolate,
    launch,
    left_behind,
    stop,
    wait_healthy,
)

import services
from cosmotable.server import settings as settings_module


def ended_cleanly(code: int, log: Path) -> bool:
    """Uvicorn shuts the app down on SIGTERM, then ends by the signal it caught (re-raised: exit
    status -15, which systemd and container runtimes count as a clean stop)."""
    return code in (0, -signal.SIGTERM) and "Application shutdown complete" in log.read_text()


def _tracked_package_files() -> list[str]:
    listed = subprocess.run(
        ["git", "-C", str(ROOT), "ls-files", "src/cosmotable"], check=True, capture_output=True, text=True
    ).stdout.split()
    return [name.removeprefix("src/") for name in listed]


def test_the_wheel_carries_every_file_of_the_package(deploy_wheel):
    names = set(zipfile.ZipFile(deploy_wheel).namelist())
    tracked = _tracked_package_files()
    assert [name for name in tracked if name not in names] == []
    # the run-time files the server reads, named so a change to the package data shows here
    for needed in ("cosmotable/web/index.html", "cosmotable/server/lobby.html",
                   "cosmotable/server/migrations/env.py", "cosmotable/server/migrations/script.py.mako",
                   "cosmotable/games/mlem/data/mat.toml", "cosmotable/games/planet/web/index.js"):  # fmt: skip
        assert needed in names
    assert sum(name.startswith("cosmotable/server/migrations/versions/0") for name in names) >= 3


def test_the_image_runs_as_a_user_of_its_own():
    _build, run = containerfile()
    user = run.one("USER")
    assert user not in ("root", "0") and any(
        f" {user}" in rest for rest in run.all("RUN") if "useradd" in rest
    )
    assert run.env()["COSMOTABLE_DATA_DIR"] == run.one("WORKDIR") == run.one("VOLUME").strip('[]"')


def _image_environment(run, data_dir: Path, venv_python: Path) -> dict[str, str]:
    environment = {key: value for key, value in os.environ.items() if not key.startswith("COSMOTABLE_")}
    environment.update(run.env())
    environment["COSMOTABLE_DATA_DIR"] = str(data_dir)  # the image's /var/lib/cosmotable, here
    environment["PATH"] = f"{venv_python.parent}:{environment['PATH']}"
    return environment


def _healthcheck(run, port: int, venv_python: Path) -> int:
    command = run.exec_form("HEALTHCHECK")
    assert command[0] == "python" and ":8000/api/health" in command[-1]
    command = [str(venv_python), *command[1:-1], command[-1].replace(":8000/", f":{port}/")]
    return subprocess.run(command, capture_output=True, timeout=30, check=False).returncode


def test_the_image_command_serves_the_client_and_answers_its_healthcheck(deploy_venv, tmp_path):
    _build, run = containerfile()
    data_dir = tmp_path / "var-lib-cosmotable"
    data_dir.mkdir()
    port = services.free_port()
    command = run.exec_form("CMD")
    assert (
        command[:2] == ["cosmotable", "serve"] and run.one("EXPOSE") == command[command.index("--port") + 1]
    )
    log = tmp_path / "serve.log"
    environment = _image_environment(run, data_dir, deploy_venv)
    where = subprocess.run(
        [str(deploy_venv), "-c", "import cosmotable; print(cosmotable.__file__)"],
        env=environment, check=True, capture_output=True, text=True,
    ).stdout  # fmt: skip
    assert where.startswith(str(deploy_venv.parent.parent)), where  # the wheel's copy, not the work tree's
    process = launch(command, port, data_dir, environment, log)
    try:
        url = f"http://127.0.0.1:{port}"
        wait_healthy(url, process, log)
        assert _healthcheck(run, port, deploy_venv) == 0
        with httpx.Client(base_url=url, timeout=30) as client:
            assert "/web/app.js" in client.get("/").text
            assert "<html" in client.get("/lobby").text.lower()
            assert sorted(game["id"] for game in client.get("/api/games").json()) == [
                "kosmodrom",
                "mlem",
                "planet",
            ]
            for name in _tracked_package_files():  # every file of the client and of each game's module
                if name.startswith("cosmotable/web/"):
                    path = "/web/" + name.removeprefix("cosmotable/web/")
                elif re.match(r"cosmotable/games/\w+/web/", name):
                    game, rest = re.match(r"cosmotable/games/(\w+)/web/(.*)", name).groups()
                    path = f"/web/games/{game}/{rest}"
                else:
                    continue
                assert client.get(path).status_code == 200, path
        assert (data_dir / "cosmotable.db").exists() and (data_dir / "secret_key").exists()
        children = descendants(process.pid)
    finally:
        code = stop(process)
    assert ended_cleanly(code, log), log.read_text()
    assert left_behind(children) == {}
    assert _healthcheck(run, port, deploy_venv) != 0  # nothing serves: the check fails


def test_compose_runs_the_image_command_with_workers_on_postgresql_and_redis(
    deploy_venv, tmp_path, postgres_url, redis_url
):
    compose = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    server = compose["services"]["server"]
    _build, run = containerfile()
    assert server["build"] == {"context": "..", "dockerfile": "deploy/Containerfile"}
    assert set(server["depends_on"]) == {"db", "redis"} and server["init"] is True
    values = {"POSTGRES_PASSWORD": "pw", "COSMOTABLE_SECRET_KEY": "shared-key", "COSMOTABLE_WORKERS": "2"}
    command = [interpolate(part, values) for part in server["command"]]
    image_command = run.exec_form("CMD")
    assert command[: len(image_command)] == image_command and command[len(image_command) :] == [
        "--workers",
        "2",
    ]
    declared = {name: interpolate(str(value), values) for name, value in server["environment"].items()}
    known = Path(settings_module.__file__).read_text()
    assert [name for name in declared if f'"{name}"' not in known] == []  # each one a setting
    # compose's hosts `db` and `redis` resolve only on its network: the test services instead
    assert declared["COSMOTABLE_DATABASE_URL"].split("://")[0] == postgres_url.split("://")[0]
    assert declared["COSMOTABLE_REDIS_URL"].split("://")[0] == redis_url.split("://")[0]
    declared.update(COSMOTABLE_DATABASE_URL=postgres_url, COSMOTABLE_REDIS_URL=redis_url)
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    environment = {**_image_environment(run, data_dir, deploy_venv), **declared}
    port = services.free_port()
    log = tmp_path / "compose-server.log"
    process = launch(command, port, data_dir, environment, log)
    try:
        url = f"http://127.0.0.1:{port}"
        pids = set()
        for _ in range(200):  # new connections spread over the workers: until both answered
            body = wait_healthy(url, process, log)
            assert body["checks"]["redis"]["ok"] and body["checks"]["migrations"]["ok"], body
            pids.add(body["pid"])
            if len(pids) == 2:
                break
        assert len(pids) == 2, pids
        children = descendants(process.pid)
    finally:
        code = stop(process)
    assert ended_cleanly(code, log), log.read_text()
    assert left_behind(children) == {}
