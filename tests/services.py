"""Throw-away PostgreSQL and Redis servers for the tests.

Each is a real server from the Debian packages (`postgresql`, `redis-server`; `make test` installs them)
started in a temporary directory on a free loopback port, and removed with its directory afterwards.
Nothing touches a system-wide instance or its data.

PostgreSQL refuses to run as root, so a root test run starts it as the system user `cosmotable-test`
(created by `make test`, see scripts/test-system-deps.sh) through `runuser`.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import reaper

TEST_USER = "cosmotable-test"
SUPERUSER = "cosmotable"
START_TIMEOUT = 60.0


class ServiceError(RuntimeError):
    """A test service could not be started; the message says what is missing and how to fix it."""


def free_port() -> int:
    """A loopback port nobody listens on right now (the kernel's pick)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for_port(port: int, timeout: float, process: subprocess.Popen | None = None) -> None:
    """Block until something accepts connections on 127.0.0.1:port."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise ServiceError(f"the process listening on port {port} exited with {process.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.05)
    raise ServiceError(f"nothing answered on 127.0.0.1:{port} within {timeout:.0f} s")


def postgres_bin_dir() -> Path:
    """The newest PostgreSQL server's programs (Debian keeps them out of PATH, per major version)."""
    candidates = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda path: int(Path(path).parts[-3])
    )
    if candidates:
        return Path(candidates[-1]).parent
    initdb = shutil.which("initdb")
    if initdb:
        return Path(initdb).resolve().parent
    raise ServiceError("PostgreSQL's initdb was not found: run `make test`, which installs `postgresql`")


def _run_as_test_user() -> list[str]:
    """The command prefix that drops root for PostgreSQL (nothing when the tests do not run as root)."""
    if os.geteuid() != 0:
        return []
    try:
        subprocess.run(["id", "-u", TEST_USER], check=True, capture_output=True)
    except subprocess.CalledProcessError:
        raise ServiceError(
            f"PostgreSQL cannot run as root and the user {TEST_USER!r} does not exist: run `make test` "
            f"(or `bash scripts/test-system-deps.sh`), which creates it"
        ) from None
    return ["runuser", "-u", TEST_USER, "--"]


@dataclass
class PostgresServer:
    """A running throw-away PostgreSQL cluster; `new_database()` gives each test its own database."""

    directory: Path
    port: int
    bin_dir: Path
    as_user: list[str]
    options: str = ""  # the server options it was started with (`resume` starts it the same way)
    _databases: list[str] = field(default_factory=list)
    # stopped and removed by tests/reaper.py if this process ends without `stop` (an interrupted run)
    _reaped: list[list] = field(default_factory=list)

    @property
    def admin_dsn(self) -> str:
        return f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/postgres"

    def url(self, database: str) -> str:
        """The SQLAlchemy URL of one database (psycopg 3 driver)."""
        return f"postgresql+psycopg://{SUPERUSER}@127.0.0.1:{self.port}/{database}"

    def new_database(self, template: str | None = None) -> str:
        """Create an empty database (or a copy of the database named `template`, which nobody may
        be connected to) and return its SQLAlchemy URL."""
        import psycopg

        name = f"test_{uuid.uuid4().hex[:16]}"
        copy = f' TEMPLATE "{template}"' if template else ""
        with psycopg.connect(self.admin_dsn, autocommit=True) as connection:
            connection.execute(f'CREATE DATABASE "{name}"{copy}')
        self._databases.append(name)
        return self.url(name)

    def drop_database(self, url: str) -> None:
        """Drop a database made by new_database, closing whatever connections a test left open."""
        import psycopg

        name = url.rsplit("/", 1)[1]
        with psycopg.connect(self.admin_dsn, autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        if name in self._databases:
            self._databases.remove(name)

    def _pg_ctl(self, *arguments: str) -> None:
        done = subprocess.run(
            [
                *self.as_user,
                str(self.bin_dir / "pg_ctl"),
                *arguments,
                "-D",
                str(self.directory / "data"),
                "-w",
            ],
            capture_output=True,
            text=True,
            check=False,  # the return code is read below, to raise with pg_ctl's own output
        )
        if done.returncode != 0:
            raise ServiceError(f"pg_ctl {arguments[0]} failed:\n{done.stdout}{done.stderr}")

    def pause(self) -> None:
        """Stop the server, keeping its data (a database outage; `resume` ends it). Fast shutdown:
        sessions are cut off, and every commit made is written out first."""
        self._pg_ctl("stop", "-m", "fast")

    def resume(self) -> None:
        """Start the server again after `pause`, on the same port with the same data."""
        self._pg_ctl(
            "start", "-l", str(self.directory / "log"), "-o", self.options, "-t", str(int(START_TIMEOUT))
        )

    def stop(self) -> None:
        subprocess.run(
            [
                *self.as_user,
                str(self.bin_dir / "pg_ctl"),
                "stop",
                "-D",
                str(self.directory / "data"),
                "-m",
                "immediate",
                "-w",
            ],
            capture_output=True,
            check=False,  # best effort: the directory goes next either way
        )
        shutil.rmtree(self.directory, ignore_errors=True)
        for entry in self._reaped:
            reaper.forget(entry)


def start_postgres() -> PostgresServer:
    """initdb + pg_ctl start in a new temporary directory, listening on 127.0.0.1 only."""
    bin_dir = postgres_bin_dir()
    as_user = _run_as_test_user()
    directory = Path(tempfile.mkdtemp(prefix="cosmotable-postgres-"))
    reaped = [reaper.register("directory", directory)]
    if as_user:
        shutil.chown(directory, user=TEST_USER, group=None)
        os.chmod(directory, 0o700)
    data = directory / "data"
    initdb = subprocess.run(
        [
            *as_user,
            str(bin_dir / "initdb"),
            "-D",
            str(data),
            "-U",
            SUPERUSER,
            "--auth=trust",
            "--encoding=UTF8",
            "--locale=C",
            "--no-sync",
        ],
        capture_output=True,
        text=True,
        check=False,  # a failure is reported below with initdb's own output
    )
    if initdb.returncode != 0:
        shutil.rmtree(directory, ignore_errors=True)
        reaper.forget(reaped[0])
        raise ServiceError(f"initdb failed:\n{initdb.stdout}{initdb.stderr}")
    # Speed over durability: the cluster lives for one test session (a crash loses nothing of value).
    # The socket directory is ours, so the system's /var/run/postgresql is never needed.
    # pg_ctl leaves the server running as a daemon: only the reaper ends it if this process dies first.
    reaped.insert(0, reaper.register("postgres", bin_dir / "pg_ctl", data, *as_user))
    for _attempt in range(3):
        port = free_port()
        options = (
            f"-c listen_addresses=127.0.0.1 -c port={port} -c unix_socket_directories={directory} "
            "-c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
        )
        started = subprocess.run(
            [
                *as_user,
                str(bin_dir / "pg_ctl"),
                "start",
                "-D",
                str(data),
                "-l",
                str(directory / "log"),
                "-o",
                options,
                "-w",
                "-t",
                str(int(START_TIMEOUT)),
            ],
            capture_output=True,
            text=True,
            check=False,  # a port taken meanwhile: try another; the last failure is reported below
        )
        if started.returncode == 0:
            return PostgresServer(
                directory=directory,
                port=port,
                bin_dir=bin_dir,
                as_user=as_user,
                options=options,
                _reaped=reaped,
            )
    log = (directory / "log").read_text(errors="replace") if (directory / "log").exists() else ""
    shutil.rmtree(directory, ignore_errors=True)
    for entry in reaped:
        reaper.forget(entry)
    raise ServiceError(f"PostgreSQL did not start:\n{started.stdout}{started.stderr}\n{log}")


@dataclass
class RedisServer:
    """A running throw-away redis-server (no persistence: nothing written to disk)."""

    directory: Path
    port: int
    process: subprocess.Popen
    command: list[str] = field(default_factory=list)  # how it was started (`resume` starts it again)
    # tests/reaper.py's entries, as for PostgreSQL: the directory, and the running server's group
    _directory_entry: list | None = None
    _group_entry: list | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def pause(self) -> None:
        """Stop the server (a Redis outage: every connection is cut); `resume` ends it."""
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        if self._group_entry is not None:
            reaper.forget(self._group_entry)
            self._group_entry = None

    def resume(self) -> None:
        """Start the server again after `pause`, on the same port (clients reconnect to the same URL)."""
        self.process = _popen_redis(self.command)
        self._group_entry = reaper.register_group(self.process.pid)
        wait_for_port(self.port, START_TIMEOUT, self.process)

    def stop(self) -> None:
        self.pause()
        shutil.rmtree(self.directory, ignore_errors=True)
        if self._directory_entry is not None:
            reaper.forget(self._directory_entry)


def _popen_redis(command: list[str]) -> subprocess.Popen:
    # a process group of its own: the reaper kills the group if this process dies first
    return subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
    )


def start_redis() -> RedisServer:
    executable = shutil.which("redis-server") or "/usr/bin/redis-server"
    if not Path(executable).exists():
        raise ServiceError("redis-server was not found: run `make test`, which installs `redis-server`")
    directory = Path(tempfile.mkdtemp(prefix="cosmotable-redis-"))
    reaped = reaper.register("directory", directory)
    for _attempt in range(3):
        port = free_port()
        command = [
            executable,
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(directory),
            "--daemonize",
            "no",
            "--loglevel",
            "warning",
        ]
        process = _popen_redis(command)
        group = reaper.register_group(process.pid)
        try:
            wait_for_port(port, START_TIMEOUT, process)
        except ServiceError:
            process.kill()
            process.wait()
            reaper.forget(group)
            continue
        return RedisServer(
            directory=directory,
            port=port,
            process=process,
            command=command,
            _directory_entry=reaped,
            _group_entry=group,
        )
    shutil.rmtree(directory, ignore_errors=True)
    reaper.forget(reaped)
    raise ServiceError("redis-server did not start on a free port (three attempts)")
