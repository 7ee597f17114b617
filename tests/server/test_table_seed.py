"""`Settings.table_seed` (COSMOTABLE_TABLE_SEED): a test-only server setting that deals every new table
with one seed and fixes the bots' choices with it, so that a browser test plays a game of known
length. Off by default, and no request can set it: the seed decides the deck order and every other
chance outcome, so whoever knew it would know the hidden cards."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from server_helpers import create, server_state, wait_until

from cosmotable.server.app import create_app
from cosmotable.server.settings import Settings

#: actions compared between two tables (the bots keep playing: only a common prefix is stable)
STEPS = 60


def _app(tmp_path, **settings):
    return create_app(
        Settings(
            database_url=f"sqlite:///{tmp_path / 'tables.db'}",
            data_dir=tmp_path / "data",
            bot_workers=0,
            rate_limit=0,
            **settings,
        )
    )


def _two_bot_games(app, client) -> tuple[list[str], list]:
    """Two Kosmodrom tables of two random bots each, started: their ids, and their states once both
    have played STEPS actions."""
    tables = [create(client, "kosmodrom", ("random", "random"))["table"]["id"] for _ in range(2)]
    for table_id in tables:
        wait_until(
            lambda table_id=table_id: len(server_state(app, table_id).history) >= STEPS,
            what=f"{STEPS} actions at table {table_id}",
        )
    return tables, [server_state(app, table_id) for table_id in tables]


def test_a_fixed_table_seed_deals_every_table_alike_and_fixes_the_bots_choices(tmp_path, caplog):
    with caplog.at_level("WARNING", logger="cosmotable.server"):
        app = _app(tmp_path, table_seed=5)
    assert "COSMOTABLE_TABLE_SEED is set" in caplog.text  # said loudly at start-up
    with TestClient(app) as client:
        _, (first, second) = _two_bot_games(app, client)
    assert first.seed == second.seed == 5
    # the same deal and the same bot choices: the same game (random bots with secret seeds would
    # part ways within a few moves)
    assert [str(a) for a in first.history[:STEPS]] == [str(a) for a in second.history[:STEPS]]


def test_without_the_setting_every_table_and_every_bot_choice_has_its_own_secret_seed(tmp_path, caplog):
    with caplog.at_level("WARNING", logger="cosmotable.server"):
        app = _app(tmp_path)
    assert "COSMOTABLE_TABLE_SEED" not in caplog.text
    with TestClient(app) as client:
        tables, (first, second) = _two_bot_games(app, client)
        # a bot job of a running table (the other table's may be between two decisions)
        jobs = [job for job in map(app.state.server.service.bot_job, tables) if job is not None]
    assert first.seed != second.seed
    assert jobs and all(job.bot_seed is None for job in jobs)
    assert [str(a) for a in first.history[:STEPS]] != [str(a) for a in second.history[:STEPS]]


def test_the_setting_is_read_from_the_environment_only_as_a_whole_number(tmp_path, monkeypatch):
    monkeypatch.delenv("COSMOTABLE_TABLE_SEED", raising=False)
    assert Settings.from_env(data_dir=tmp_path).table_seed is None
    monkeypatch.setenv("COSMOTABLE_TABLE_SEED", "17")
    assert Settings.from_env(data_dir=tmp_path).table_seed == 17
    monkeypatch.setenv("COSMOTABLE_TABLE_SEED", "deck order please")
    with pytest.raises(ValueError, match="COSMOTABLE_TABLE_SEED"):
        Settings.from_env(data_dir=tmp_path)


def test_no_request_can_choose_a_tables_seed(tmp_path):
    app = _app(tmp_path)
    with TestClient(app) as client:
        response = client.post(
            "/api/tables",
            json={"game": "kosmodrom", "seats": [{"kind": "human"}, {"kind": "human"}], "seed": 5},
        )
    assert response.status_code == 422, response.text
    assert "seed" in response.text
