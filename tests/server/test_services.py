"""The throw-away PostgreSQL and Redis of tests/services.py are real, isolated servers."""

import os

import psycopg
import redis
import sqlalchemy


def test_each_postgres_database_starts_empty_and_is_its_own(postgres_server):
    first, second = postgres_server.new_database(), postgres_server.new_database()
    try:
        with sqlalchemy.create_engine(first).begin() as connection:
            connection.execute(sqlalchemy.text("CREATE TABLE seats (seat integer)"))
            connection.execute(sqlalchemy.text("INSERT INTO seats VALUES (0), (1)"))
        with sqlalchemy.create_engine(first).connect() as connection:
            assert connection.execute(sqlalchemy.text("SELECT count(*) FROM seats")).scalar() == 2
        with sqlalchemy.create_engine(second).connect() as connection:
            tables = connection.execute(
                sqlalchemy.text("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'")
            ).scalar()
        assert tables == 0
    finally:
        postgres_server.drop_database(first)
        postgres_server.drop_database(second)


def test_postgres_listens_on_loopback_with_its_data_in_a_temporary_directory(postgres_server):
    assert (postgres_server.directory / "data" / "PG_VERSION").exists()
    with psycopg.connect(postgres_server.admin_dsn) as connection:
        address = connection.execute("SHOW listen_addresses").fetchone()[0]
        data_directory = connection.execute("SHOW data_directory").fetchone()[0]
    assert address == "127.0.0.1"
    assert os.path.realpath(data_directory) == os.path.realpath(postgres_server.directory / "data")


def test_a_test_database_exists_until_dropped(postgres_server, postgres_url):
    name = postgres_url.rsplit("/", 1)[1]
    with psycopg.connect(postgres_server.admin_dsn) as connection:
        assert connection.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone()
    postgres_server.drop_database(postgres_url)
    with psycopg.connect(postgres_server.admin_dsn) as connection:
        assert connection.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone() is None


def test_redis_delivers_a_published_message_and_keeps_nothing_on_disk(redis_server, redis_url):
    with redis.Redis.from_url(redis_url) as client:
        subscriber = client.pubsub(ignore_subscribe_messages=True)
        subscriber.subscribe("table:7")
        assert client.publish("table:7", '{"step": 3}') == 1
        message = None
        for _ in range(50):
            message = subscriber.get_message(timeout=0.1)
            if message:
                break
        subscriber.close()
        assert message["data"] == b'{"step": 3}'
        assert client.config_get("save")["save"] == ""
        assert client.config_get("appendonly")["appendonly"] == "no"
