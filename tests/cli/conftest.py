"""Shared fixtures for the CLI tests: an in-process runner and a scratch working directory, and
`cosmotable` in an 80x24 pseudo-terminal (`term`)."""

from __future__ import annotations

import pytest
from terminal_helpers import Terminal
from typer.testing import CliRunner

from cosmotable.cli import app


@pytest.fixture
def run(tmp_path, monkeypatch):
    """run(args..., input=None) -> Result, executed in a fresh directory (records/ lands there)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "120")
    runner = CliRunner()

    def invoke(*args: str, input: str | None = None):
        return runner.invoke(app, list(args), input=input)

    return invoke


@pytest.fixture(scope="session")
def bot_record(tmp_path_factory):
    """A finished 2-bot game (seed 6) saved as a record, made once through the engine API."""
    from cosmotable import games
    from cosmotable.bots import make_bot
    from cosmotable.engine import GameRecord

    state = games.get("mlem").new_state(num_players=2, seed=6)
    bots = [make_bot("heuristic", 60), make_bot("heuristic", 61)]
    while not state.is_terminal():
        if state.is_chance_node():
            state.sample_chance()
        else:
            state.apply(bots[state.current_player()].act(state))
    path = tmp_path_factory.mktemp("records") / "r.json"
    GameRecord.from_state(state).save(path)
    return path


@pytest.fixture
def term(tmp_path):
    """term(args..., **kwargs) -> Terminal: `cosmotable` in a pseudo-terminal, closed after the test."""
    started: list[Terminal] = []

    def start(*args: str, **kwargs) -> Terminal:
        t = Terminal(list(args), tmp_path, **kwargs)
        started.append(t)
        return t

    yield start
    for t in started:
        t.close()
