"""Storage: tables as records (game, config, seed, seats, actions with timestamps), SQLAlchemy 2.

The schema itself is created by the Alembic migrations in `migrations/` (`migrate()` applies them at
start-up); the classes here map it. Types are portable (SQLite and PostgreSQL): the seed, a number of
at least 128 bits, is kept as text; JSON documents (config, options) as text too.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from sqlalchemy import (
    Boolean,
    DateTime,
    Engine,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    create_engine,
    event,
    false,
    true,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship, sessionmaker

from cosmotable.server import clock


def utcnow() -> datetime:
    """The server's time (its test clock under `Settings.test_clock`): clock.py."""
    return clock.now()


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    """One table: its game and configuration, secret seed, status and a version for optimistic
    concurrency (every change bumps it; a change based on an older version is retried)."""

    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(32), index=True)
    config: Mapped[str] = mapped_column(Text)  # GameConfig.to_json() as JSON text
    seed: Mapped[str] = mapped_column(String(64))  # decimal; never leaves the server before the end
    status: Mapped[str] = mapped_column(String(16), index=True)  # open | running | finished
    step: Mapped[int] = mapped_column(Integer, default=0)  # number of actions in the record
    version: Mapped[int] = mapped_column(Integer, default=0)
    #: bumped when actions are taken back, so a cached state of the same length is known stale
    epoch: Mapped[int] = mapped_column(Integer, default=0)
    #: the seat whose decision is due (None: chance never waits, the game is over)
    to_act: Mapped[int | None] = mapped_column(Integer, nullable=True)
    #: {"scores": [...], "winners": [...]} as JSON text once finished
    result: Mapped[str | None] = mapped_column(Text, nullable=True)
    host_token_hash: Mapped[str] = mapped_column(String(64))
    timer_seconds: Mapped[int | None] = mapped_column(Integer, nullable=True)
    timeout_bot: Mapped[str] = mapped_column(String(16), default="heuristic")
    #: time-outs in a row after which a seat is handed to the timeout bot until its player takes it
    #: back (fewer: the bot makes only the timed-out turn's decisions). The server default fills the
    #: tables made before the column existed (migration 0003).
    timeouts_to_bot: Mapped[int] = mapped_column(Integer, default=3, server_default="3")
    undo: Mapped[bool] = mapped_column(Boolean, default=True)
    coach: Mapped[bool] = mapped_column(Boolean, default=False)
    deadline: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True, index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow, index=True)
    #: the rematch proposed at the end of this (finished) table: its id (migration 0005)
    rematch: Mapped[str | None] = mapped_column(String(32), nullable=True)
    #: this table is the rematch of that one (unique: one rematch per table, whoever proposes it)
    rematch_of: Mapped[str | None] = mapped_column(String(32), nullable=True, unique=True, index=True)
    #: the table's chat is open (the host may close it; migration 0006)
    chat: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    #: the table's result changes its players' ratings when it finishes (migration 0007; the tables
    #: made before were unrated)
    rated: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())

    # UPDATE ... WHERE version = <read>: stale -> retry. (SQLAlchemy's typing declares
    # __mapper_args__ a plain attribute, so no ClassVar here.)
    __mapper_args__ = {"version_id_col": version}  # noqa: RUF012

    seats: Mapped[list[SeatRow]] = relationship(
        back_populates="table", order_by="SeatRow.seat", cascade="all, delete-orphan", lazy="selectin"
    )


class SeatRow(Base):
    """A seat at a table: a human (with the hash of its seat token) or a bot of some level."""

    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))  # human | bot
    bot: Mapped[str | None] = mapped_column(String(16), nullable=True)
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    claimed: Mapped[bool] = mapped_column(Boolean, default=False)
    #: a human seat played by the table's timeout bot (after a time-out or `leave`)
    bot_playing: Mapped[bool] = mapped_column(Boolean, default=False)
    #: the seat's time ran out: the timeout bot makes this turn's decisions, and the seat stays its
    #: player's (cleared when another seat is to act, or when the player decides first)
    bot_turn: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    #: the seat's time-outs in a row; any decision of its player's own (or a takeback) resets it
    timeouts: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    #: the account the seat is bound to (a signed-in player created or joined it); None: a guest's
    account_id: Mapped[str | None] = mapped_column(
        ForeignKey("accounts.id", ondelete="SET NULL"), nullable=True, index=True
    )
    #: random text from which, with the server's secret key, an account-bound seat's token is derived
    #: again when its account asks for its link (accounts.py); the token itself is never stored
    token_salt: Mapped[str | None] = mapped_column(String(32), nullable=True)
    #: the seat's account was deleted: the game stays, the seat shows as "deleted player"
    account_deleted: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    #: a rematch's human seat: "offered" (kept for the old table's player until they answer),
    #: "accepted" or "declined" (then open to anyone); None: not a rematch seat
    rematch: Mapped[str | None] = mapped_column(String(16), nullable=True)

    table: Mapped[TableRow] = relationship(back_populates="seats")


class AccountRow(Base):
    """A player's account (optional: guests play by seat links alone). The password is kept only as
    its Argon2id hash; `name_key` (the name case-folded) makes names unique whatever their case."""

    __tablename__ = "accounts"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    name_key: Mapped[str] = mapped_column(String(160), unique=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class RatingRow(Base):
    """An account's rating at one game (rating_store.py): openskill's mean and uncertainty, and the
    rated games it played. A bot level is rated as an account of its own that never signs in."""

    __tablename__ = "ratings"

    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True)
    game: Mapped[str] = mapped_column(String(32), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class RatingChangeRow(Base):
    """What one finished rated table did to one account's rating (the profile's plot). The key is
    also the guard that a table changes ratings once: a second attempt finds its rows."""

    __tablename__ = "rating_changes"
    __table_args__ = (Index("ix_rating_changes_account_game", "account_id", "game", "created_at"),)

    table_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    mu_before: Mapped[float] = mapped_column(Float)
    sigma_before: Mapped[float] = mapped_column(Float)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    #: the account's place at the table (0: first)
    rank: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class AccountSessionRow(Base):
    """A signed-in browser: the SHA-256 of its session cookie (never the cookie itself), so a copy of
    the database opens no session; deleting the row signs that browser out."""

    __tablename__ = "account_sessions"

    id_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


class ActionRow(Base):
    """One action of a table's record, in order: a seat's decision or a chance outcome."""

    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("table_id", "client_action_id", name="uq_actions_client_action_id"),)

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    index: Mapped[int] = mapped_column(Integer, primary_key=True)
    text: Mapped[str] = mapped_column(Text)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)  # None: a chance outcome
    source: Mapped[str] = mapped_column(String(8))  # player | bot | chance
    client_action_id: Mapped[str | None] = mapped_column(String(128), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ChatRow(Base):
    """One chat message written at a table (chat.py): public, never part of a seat's view."""

    __tablename__ = "chat_messages"
    #: a table's messages in order (the GET reads them by table, after an id)
    __table_args__ = (Index("ix_chat_messages_table_id", "table_id", "id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    channel: Mapped[str] = mapped_column(String(16))  # players | spectators
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)  # None: a spectator
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    text: Mapped[str] = mapped_column(Text)
    #: the table's step when written: a replay shows the message at its place in the game
    step: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ChatMuteRow(Base):
    """A seat of a table whose chat messages an account hides for itself (chat_mutes.py): private to
    that account, never shown to anyone else; the messages stay stored and shown to everyone else."""

    __tablename__ = "chat_mutes"

    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class UndoneActionRow(Base):
    """The client action id of a decision taken back by undo. The action row goes, but the id was
    acknowledged: a client retrying it must not see it applied again (docs/server-api.md, undo)."""

    __tablename__ = "undone_actions"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    client_action_id: Mapped[str] = mapped_column(String(128), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


def make_engine(url: str, writer: bool = True) -> Engine:
    """A SQLAlchemy engine. On SQLite: WAL (readers never wait for the writer), a busy timeout, and
    for the writer real BEGIN IMMEDIATE transactions (pysqlite's own transaction handling would take
    the write lock late, and two writers could deadlock); readers begin deferred."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _sqlite_connect(dbapi_connection, _record):
            dbapi_connection.isolation_level = None  # we issue BEGIN ourselves
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            # WAL + NORMAL: a commit survives the process being killed (SIGKILL) at any moment; only
            # a power cut or an OS crash could lose the last commits. FULL would fsync every commit.
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA busy_timeout=30000")
            cursor.close()

        @event.listens_for(engine, "begin")
        def _sqlite_begin(connection):
            connection.exec_driver_sql("BEGIN IMMEDIATE" if writer else "BEGIN")

        return engine
    return create_engine(url, pool_pre_ping=True, pool_size=10, max_overflow=20)


def make_sessionmaker(engine: Engine) -> sessionmaker:
    return sessionmaker(engine, expire_on_commit=False)


MIGRATIONS = Path(__file__).parent / "migrations"


def migrate(url: str) -> None:
    """Bring the database at `url` to the newest schema (Alembic `upgrade head`)."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["database_url"] = url
    command.upgrade(config, "head")
