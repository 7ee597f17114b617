"""Shared fixtures for the CLI tests: an in-process runner and a scratch working directory."""

from __future__ import annotations

import pytest
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
