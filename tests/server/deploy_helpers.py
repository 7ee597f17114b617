"""Reading the deployment files (deploy/) the way their tools do, so the tests run what they say:
the Containerfile's instructions per stage, compose's `${VAR:-default}` interpolation, and a fresh
virtual environment with the wheel installed as the image installs it."""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import sysconfig
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"


@dataclass
class Stage:
    """One FROM ... stage: its instructions in order, as (KEYWORD, rest of the line)."""

    base: str
    instructions: list[tuple[str, str]] = field(default_factory=list)

    def all(self, keyword: str) -> list[str]:
        return [rest for key, rest in self.instructions if key == keyword]

    def one(self, keyword: str) -> str:
        found = self.all(keyword)
        assert len(found) == 1, f"{keyword}: expected one, found {found}"
        return found[0]

    def env(self) -> dict[str, str]:
        values: dict[str, str] = {}
        for rest in self.all("ENV"):
            for pair in shlex.split(rest):
                key, _, value = pair.partition("=")
                values[key] = value
        return values

    def exec_form(self, keyword: str) -> list[str]:
        """CMD / HEALTHCHECK ... CMD in exec form (a JSON list), options dropped."""
        rest = self.one(keyword)
        if keyword == "HEALTHCHECK":
            rest = rest.split(" CMD ", 1)[1]
        return json.loads(rest)


def containerfile(path: Path = DEPLOY / "Containerfile") -> list[Stage]:
    """The stages of a Containerfile: continuation lines joined, comments dropped."""
    stages: list[Stage] = []
    logical = re.sub(
        r"\\\n",
        " ",
        "\n".join(line for line in path.read_text().splitlines() if not line.lstrip().startswith("#")),
    )
    for line in logical.splitlines():
        if not line.strip():
            continue
        keyword, _, rest = line.strip().partition(" ")
        rest = " ".join(rest.split())
        if keyword.upper() == "FROM":
            stages.append(Stage(rest))
        else:
            stages[-1].instructions.append((keyword.upper(), rest))
    return stages


_VARIABLE = re.compile(r"\$\{(\w+)(?::([-?])([^}]*))?\}")


def interpolate(text: str, values: dict[str, str]) -> str:
    """compose's `${NAME}`, `${NAME:-default}` and `${NAME:?message}`."""

    def one(match: re.Match) -> str:
        name, kind, word = match.groups()
        if values.get(name):
            return values[name]
        if kind == "?":
            raise KeyError(f"{name}: {word}")
        return word if kind == "-" else ""

    return _VARIABLE.sub(one, text)


def make_venv(where: Path, wheel: Path) -> Path:
    """A new virtual environment (this interpreter's base Python) with `wheel` installed in it as the
    image installs it, its dependencies taken from the test environment instead of PyPI (a .pth
    line: the test environment's own .pth files, the editable install of the work tree among them,
    are not read from there). Returns its python."""
    subprocess.run([sys._base_executable, "-m", "venv", "--without-pip", str(where)], check=True)  # type: ignore[attr-defined]
    python = where / "bin" / "python"
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet", "--no-deps",
         "--no-index", str(wheel)],
        check=True,
    )  # fmt: skip
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True, capture_output=True, text=True,
    ).stdout.strip()  # fmt: skip
    Path(site, "test-dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    return python


def substitute_port(command: list[str], port: int) -> list[str]:
    """The command with its `--port N` replaced (the image's 8000 may be taken on a test machine)."""
    at = command.index("--port")
    return [*command[: at + 1], str(port), *command[at + 2 :]]


def wait_healthy(url: str, process: subprocess.Popen, log: Path, timeout: float = 90.0) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert process.poll() is None, f"the server exited with {process.returncode}:\n{log.read_text()}"
        try:
            answer = httpx.get(f"{url}/api/health", timeout=3)
            if answer.status_code == 200:
                return answer.json()
        except httpx.TransportError:
            pass
        time.sleep(0.2)
    raise AssertionError(f"no healthy answer from {url}:\n{log.read_text()}")


def descendants(pid: int) -> set[int]:
    """Every living process under `pid` (from /proc)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if fields[0] != "Z":
                children.setdefault(int(fields[1]), []).append(int(entry.name))
    found, todo = set(), [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def alive(pids: set[int]) -> set[int]:
    living = set()
    for pid in pids:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z":
            living.add(pid)
    return living


def left_behind(pids: set[int], timeout: float = 20.0) -> dict[int, str]:
    """Those of `pids` still alive once `timeout` has passed (the kernel's parent-death signal
    arrives a moment after the parent ends), with their command lines; {} as soon as all are gone.
    The timeout only stops a hung test; it is no speed requirement."""
    deadline = time.monotonic() + timeout
    while alive(pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    found = {}
    for pid in alive(pids):
        try:
            found[pid] = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            pass
    return found


def stop(process: subprocess.Popen, timeout: float = 30.0) -> int:
    """SIGTERM, as `docker stop` / systemd send it; the exit code (SIGKILL after `timeout`)."""
    process.send_signal(signal.SIGTERM)
    try:
        return process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        raise AssertionError("the server did not end within 30 s of SIGTERM") from None


def build_wheel(context: Path, out: Path) -> Path:
    """The wheel, built as the Containerfile's build stage builds it: its COPY lines make the
    context, its `pip wheel` line runs there (the test environment's setuptools, of the range
    pyproject.toml's [build-system] asks for, instead of build isolation's download)."""
    build, _run = containerfile()
    for rest in build.all("COPY"):
        *sources, _target = rest.split()
        for source in sources:
            path = ROOT / source
            if path.is_dir():
                ignore = shutil.ignore_patterns("__pycache__", "*.egg-info")
                shutil.copytree(path, context / source, ignore=ignore)
            else:
                shutil.copy2(path, context / source)
    command = build.one("RUN").split()
    assert command[:2] == ["pip", "wheel"] and "--no-deps" in command, command
    command = [sys.executable, "-m", *command, "--no-build-isolation"]
    command[command.index("--wheel-dir") + 1] = str(out)
    subprocess.run(command, cwd=context, check=True, capture_output=True)
    (found,) = out.glob("cosmotable-*.whl")
    return found


def install_as_image(wheel: Path, where: Path) -> Path:
    """The run stage's `pip install /wheels/*.whl` into a fresh virtual environment (make_venv)."""
    _build, run = containerfile()
    assert any(re.fullmatch(r"pip install .*/wheels/\*\.whl.*", rest) for rest in run.all("RUN"))
    return make_venv(where, wheel)


def launch(
    command: list[str], port: int, cwd: Path, environment: dict[str, str], log: Path
) -> subprocess.Popen:
    """Start a deployment's server command on `port` (in place of its own), its output in `log`, in
    a session of its own (a failed test can kill everything under it)."""
    with open(log, "wb") as output:
        return subprocess.Popen(
            substitute_port(command, port), cwd=cwd, env=environment, stdout=output,
            stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
