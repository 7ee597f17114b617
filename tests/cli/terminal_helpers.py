"""Drive `cosmotable` in a real pseudo-terminal of 80×24, as a person does, and read the screen.

pexpect runs the command in a pty of the given size (Rich sizes itself from it); pyte keeps the
24×80 screen the person would see, so a test can ask what is visible at a prompt. Screens are saved
under tests/cli/artifacts/ (git-ignored) to be looked at.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import sys
from pathlib import Path

try:
    import pexpect
    import pyte
except ImportError as missing:  # an older .venv: say how to fix it instead of a bare ImportError
    raise ImportError(
        f"{missing.name} is a test dependency (the 'dev' extra in pyproject.toml): run "
        "`make install-dev` or `.venv/bin/pip install -e '.[dev]'`"
    ) from missing

ARTIFACTS = Path(__file__).parent / "artifacts"
ROWS, COLS = 24, 80
#: What ends every question the play loop asks (a move, a confirmation, Enter to go on).
PROMPT = re.compile(r"(\]: |quit\): |choose again\]: |stop -- |the table(?:, p = previous)? -- )")
ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\r")


def cosmotable_command() -> list[str]:
    """The installed `cosmotable` script beside this Python, else `python -m cosmotable.cli`."""
    script = Path(sys.executable).with_name("cosmotable")
    if script.exists():
        return [str(script)]
    found = shutil.which("cosmotable")
    return [found] if found else [sys.executable, "-m", "cosmotable.cli"]


def _ctrl_c_as_in_a_terminal() -> None:
    """Ctrl-C interrupts the program, as it does in a person's terminal, even when the test run
    itself was started in the background by a shell (which makes its children ignore SIGINT, and
    a program ignoring it at start keeps ignoring it: the arena's Ctrl-C test then timed out)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Terminal:
    def __init__(self, args: list[str], cwd: Path, rows: int = ROWS, cols: int = COLS, timeout: float = 120):
        env = dict(os.environ, COLUMNS=str(cols), LINES=str(rows), TERM="xterm-256color")
        env.pop("NO_COLOR", None)
        command = cosmotable_command()
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = b""
        self.child = pexpect.spawn(
            command[0],
            command[1:] + args,
            cwd=str(cwd),
            env=env,
            dimensions=(rows, cols),
            timeout=timeout,
            preexec_fn=_ctrl_c_as_in_a_terminal,
        )

    def _feed(self, data: bytes) -> None:
        self.raw += data
        self.stream.feed(data)

    def prompt(self) -> str:
        """Wait for the next question; return the screen as it is then (24 lines)."""
        self.child.expect(PROMPT)
        self._feed(self.child.before + self.child.after)
        return self.text()

    def send(self, line: str) -> None:
        self.child.sendline(line)

    def answer(self, line: str) -> str:
        """Type `line` at the current question and wait for the next one."""
        self.send(line)
        return self.prompt()

    def finish(self) -> str:
        """Wait for the program to end; return everything it printed (without colours)."""
        self.child.expect(pexpect.EOF)
        self._feed(self.child.before)
        self.child.close()
        return self.transcript()

    @property
    def exit_code(self) -> int | None:
        return self.child.exitstatus

    def lines(self) -> list[str]:
        return [line.rstrip() for line in self.screen.display]

    def text(self) -> str:
        return "\n".join(self.lines())

    def transcript(self) -> str:
        return ANSI.sub("", self.raw.decode("utf-8", "replace"))

    def save(self, name: str) -> Path:
        """Keep the current screen (and the whole transcript) to look at."""
        ARTIFACTS.mkdir(exist_ok=True)
        path = ARTIFACTS / f"{name}.txt"
        path.write_text(self.text() + "\n", encoding="utf-8")
        (ARTIFACTS / f"{name}.transcript.txt").write_text(self.transcript(), encoding="utf-8")
        return path

    def close(self) -> None:
        if self.child.isalive():
            self.child.terminate(force=True)


def render(*things) -> str:
    """Rich renderables printed one after another at 160 columns, without colour, as text."""
    import io

    from rich.console import Console

    console = Console(file=io.StringIO(), width=160, color_system=None)
    for thing in things:
        console.print(thing)
    return console.file.getvalue()
