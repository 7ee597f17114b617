"""The Alembic migrations build exactly the schema the server's models describe, and undo it.

The server applies them at start (`db.migrate`); these tests run them in this process, on a fresh
SQLite file, so a model changed without its migration fails here rather than on a user's database."""

from __future__ import annotations

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from fastapi.testclient import TestClient
from server_helpers import act, create, seat_headers, state_of, wait_until
from sqlalchemy import create_engine, inspect, text

from cosmotable.server.app import create_app
from cosmotable.server.db import MIGRATIONS, Base, migrate
from cosmotable.server.settings import Settings

#: the tables before revision 0004 (accounts)
TABLES_0003 = {"tables", "seats", "actions", "undone_actions"}
MODEL_TABLES = TABLES_0003 | {
    "accounts",
    "account_sessions",
    "chat_messages",
    "ratings",
    "rating_changes",
    "chat_mutes",
}


def _config(url: str | None) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    if url is not None:
        config.attributes["database_url"] = url
    return config


def _differences(url: str) -> list:
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            return compare_metadata(MigrationContext.configure(connection), Base.metadata)
    finally:
        engine.dispose()


def _tables(url: str) -> set[str]:
    engine = create_engine(url)
    try:
        return set(inspect(engine).get_table_names()) - {"alembic_version"}
    finally:
        engine.dispose()


@pytest.fixture
def url(tmp_path) -> str:
    return f"sqlite:///{tmp_path / 'tables.db'}"


def test_the_migrations_build_the_models_schema_and_nothing_else(url):
    migrate(url)
    assert _tables(url) == MODEL_TABLES == set(Base.metadata.tables)
    assert _differences(url) == []


def test_migrating_again_changes_nothing_and_keeps_the_rows(url):
    migrate(url)
    engine = create_engine(url)
    with engine.begin() as connection:
        connection.execute(
            text(
                "INSERT INTO undone_actions (table_id, client_action_id, created_at) "
                "VALUES ('t1', 'a1', CURRENT_TIMESTAMP)"
            )
        )
    migrate(url)
    with engine.connect() as connection:
        assert connection.execute(text("SELECT table_id, client_action_id FROM undone_actions")).all() == [
            ("t1", "a1")
        ]
    engine.dispose()


def test_each_migration_downgrades_to_the_one_before(url):
    config = _config(url)
    command.upgrade(config, "head")
    command.downgrade(config, "0007")
    assert _tables(url) == MODEL_TABLES - {"chat_mutes"}
    command.downgrade(config, "0006")
    assert _tables(url) == MODEL_TABLES - {"ratings", "rating_changes", "chat_mutes"}
    assert "rated" not in _columns(url, "tables") and "chat" in _columns(url, "tables")
    command.downgrade(config, "0003")
    assert _tables(url) == TABLES_0003 and "account_id" not in _columns(url, "seats")
    assert "bot_turn" in _columns(url, "seats")
    command.downgrade(config, "0002")
    assert _tables(url) == TABLES_0003 and "bot_turn" not in _columns(url, "seats")
    command.downgrade(config, "0001")
    assert _tables(url) == TABLES_0003 - {"undone_actions"}
    command.downgrade(config, "base")
    assert _tables(url) == set()
    command.upgrade(config, "head")
    assert _differences(url) == []


def _columns(url: str, table: str) -> set[str]:
    engine = create_engine(url)
    try:
        return {column["name"] for column in inspect(engine).get_columns(table)}
    finally:
        engine.dispose()


def _server(url: str, tmp_path) -> TestClient:
    settings = Settings(
        database_url=url, data_dir=tmp_path / "data", bot_workers=0, timer_poll_seconds=0.05, rate_limit=0
    )
    return TestClient(create_app(settings))


def test_tables_stored_before_the_time_out_count_upgrade_and_stay_playable(url, tmp_path):
    """Revision 0003 (issue #45: time-outs counted per seat): a database holding running tables of
    every game in revision 0002's schema upgrades, and each table plays on; a seat a bot played
    before the upgrade is still the bot's until its player takes it back."""
    with _server(url, tmp_path) as client:  # the server migrates to head and makes the tables
        tables = {
            game: create(client, game, ["human", "human"], timer_seconds=3600)
            for game in ("mlem", "kosmodrom", "planet")
        }
        for made in tables.values():  # a few decisions each, so each has a record to replay
            for _ in range(3):
                seat = client.get(f"/api/tables/{made['table']['id']}").json()["to_act"]
                legal = state_of(client, made, seat)["legal_actions"]
                assert act(client, made, seat, legal[0]["json"]).status_code == 200
        mlem = tables["mlem"]
        left = 1 - client.get(f"/api/tables/{mlem['table']['id']}").json()["to_act"]
        assert (
            client.post(
                f"/api/tables/{mlem['table']['id']}/leave", headers=seat_headers(mlem, left)
            ).status_code
            == 200
        )
    # back to the previous schema: the rows stay, the new columns go
    command.downgrade(_config(url), "0002")
    assert "timeouts" not in _columns(url, "seats") and "timeouts_to_bot" not in _columns(url, "tables")
    with _server(url, tmp_path) as client:  # starting the server upgrades the database again
        assert _differences(url) == []
        for made in tables.values():
            table_id = made["table"]["id"]
            summary = client.get(f"/api/tables/{table_id}").json()
            assert summary["timeouts_to_bot"] == 3 and summary["status"] == "running"
            assert all(s["timeouts"] == 0 and not s["bot_turn"] for s in summary["seats"])
            seat = summary["to_act"]
            if summary["seats"][seat]["bot_playing"]:
                continue  # the bot plays that seat's turn; its player takes it back below
            legal = state_of(client, made, seat)["legal_actions"]
            response = act(client, made, seat, legal[0]["json"])
            assert response.status_code == 200, (made["table"]["game"], response.text)
        back = client.post(f"/api/tables/{mlem['table']['id']}/takeback", headers=seat_headers(mlem, left))
        assert back.status_code == 200 and not back.json()["seats"][left]["bot_playing"]


def test_the_migrations_refuse_to_run_without_a_database_url():
    with pytest.raises(RuntimeError, match="no database URL"):
        command.upgrade(_config(None), "head")


def test_offline_mode_writes_the_schema_as_sql_for_a_database_administrator(capsys):
    # `alembic upgrade head --sql`: the statements are printed, no database is touched
    command.upgrade(_config("postgresql://nobody@nowhere/none"), "head", sql=True)
    script = capsys.readouterr().out
    for table in MODEL_TABLES:
        assert f"CREATE TABLE {table}" in script
    assert "INSERT INTO alembic_version" in script


@pytest.fixture(params=["sqlite", "postgresql"])
def any_url(request, tmp_path) -> str:
    if request.param == "postgresql":
        return request.getfixturevalue("postgres_url")
    return f"sqlite:///{tmp_path / 'tables.db'}"


def test_tables_stored_before_accounts_upgrade_and_stay_playable(any_url, tmp_path):
    """Revision 0004 (issue #46: accounts): a database at revision 0003 holding open and running
    tables of every game, with guest seat links handed out (made, then the schema taken back to
    0003: the rows as 0003 keeps them), upgrades when today's server starts; every table plays on
    with the links it had, and an account can join a free seat of a table made before."""
    url = any_url
    with _server(url, tmp_path) as client:
        tables = {
            game: create(client, game, ["human", "human"], timer_seconds=3600)
            for game in ("mlem", "kosmodrom", "planet")
        }
        waiting = create(client, "mlem", ["human", "human"], start=False)
        for made in tables.values():
            seat = client.get(f"/api/tables/{made['table']['id']}").json()["to_act"]
            legal = state_of(client, made, seat)["legal_actions"]
            assert act(client, made, seat, legal[0]["json"]).status_code == 200
    command.downgrade(_config(url), "0003")  # the rows stay; the accounts' columns and tables go
    assert "account_id" not in _columns(url, "seats") and "accounts" not in _tables(url)
    with _server(url, tmp_path) as client:  # starting the server upgrades the database again
        assert _differences(url) == []
        for made in tables.values():
            table_id = made["table"]["id"]
            for _ in range(2):  # both seats' links still open their seats
                summary = client.get(f"/api/tables/{table_id}").json()
                assert summary["status"] == "running"
                assert not any(s["account_deleted"] for s in summary["seats"])
                seat = summary["to_act"]
                legal = state_of(client, made, seat)["legal_actions"]
                response = act(client, made, seat, legal[0]["json"])
                assert response.status_code == 200, (made["table"]["game"], response.text)
        signed = client.post("/api/account", json={"name": "Ada", "password": "correct horse"})
        assert signed.status_code == 201
        joined = client.post(f"/api/tables/{waiting['table']['id']}/join", json={"seat": 1})
        assert joined.status_code == 200
        games = client.get("/api/account/games").json()
        assert [item["table"]["id"] for item in games["waiting"]] == [waiting["table"]["id"]]


def test_tables_stored_before_ratings_upgrade_unrated_and_stay_playable(any_url, tmp_path):
    """Revision 0007 (issue #46: ratings): a database at revision 0006 holding a finished game and a
    running one of two accounts upgrades when today's server starts; both tables are unrated (no
    old game changes anyone's rating), the running one plays to its end, and a table made after
    the upgrade is rated."""
    url = any_url
    with _server(url, tmp_path) as client:
        client.post("/api/account", json={"name": "Ada", "password": "correct horse"})
        finished = create(client, "mlem", ["human", "human"], undo=False)
        # Ada against a bot level: two rated players, a rated table before the downgrade
        running = create(client, "mlem", ["human", "random"], undo=False)
        assert running["table"]["rated"] is True
        _play_to_the_end(client, finished)
    command.downgrade(_config(url), "0006")  # the rows stay; the ratings' column and tables go
    assert "rated" not in _columns(url, "tables") and "ratings" not in _tables(url)
    with _server(url, tmp_path) as client:  # starting the server upgrades the database again
        assert _differences(url) == []
        for made in (finished, running):
            assert client.get(f"/api/tables/{made['table']['id']}").json()["rated"] is False
        assert _play_to_the_end(client, running)["status"] == "finished"
        assert client.get("/api/players/Ada").json()["ratings"] == []
        made = create(client, "mlem", ["human", "random"], undo=False, start=False)
        assert made["table"]["rated"] is True


def _play_to_the_end(client, made: dict) -> dict:
    """The human seats play their first legal action (the bots theirs) until the game is over."""
    table_id = made["table"]["id"]
    humans = {link["seat"] for link in made["seats"]}
    for _ in range(3000):
        summary = client.get(f"/api/tables/{table_id}").json()
        if summary["status"] == "finished":
            return summary
        seat = summary["to_act"]
        if seat not in humans:
            wait_until(
                lambda seat=seat: client.get(f"/api/tables/{table_id}").json()["to_act"] != seat,
                what="the bot",
            )
            continue
        legal = state_of(client, made, seat)["legal_actions"]
        assert act(client, made, seat, legal[0]["json"]).status_code == 200
    raise AssertionError("the game did not finish")
