"""Server settings, read from the environment (COSMOTABLE_*) or passed to `create_app`."""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass, field
from pathlib import Path

from cosmotable.server.proxies import Network, parse_networks

#: The record-signing key is kept in this file under the data directory when not given.
SECRET_KEY_FILE = "secret_key"


@dataclass
class Settings:
    """What a server process needs to know.

    * `database_url`: SQLAlchemy URL; SQLite file under the data directory by default, PostgreSQL
      (`postgresql+psycopg://...`) when several processes share the tables.
    * `data_dir`: where the default database and the secret key live (created when missing).
    * `redis_url`: Redis for fanning out table changes to other processes (None: one process).
    * `secret_key`: the record signing key; generated once and kept in the data directory.
    * `bot_workers`: worker processes that think for the bots (0: a thread pool, for tests).
    * `max_body_bytes`: the largest request body accepted (413 beyond it).
    * `timer_poll_seconds`: how often turn timers are checked.
    * `rate_limit`, `rate_burst`: each client (a seat or host token) may send `rate_burst` requests
      or websocket messages at once, then `rate_limit` a second; an address ten times as many
      (429 with Retry-After beyond; server/limits.py). `rate_limit` 0 switches the limit off.
    * `secure_cookies`: the session cookie is always Secure (the site is served over HTTPS behind a
      proxy that speaks HTTP to the server); without it, it is Secure when the request was https.
    * `table_seed`: for tests and development only, never for play: every new table is dealt with
      this seed and its bots draw their choices from seeds that follow from it and the step, so a
      test can replay a game of known length. None (the default): a secret random seed per table
      and per decision. Only the server's own start-up sets it (no request can): the seed decides
      the deck order and every other chance outcome, so whoever knows it knows the hidden cards.
    * `test_clock`: for tests only: a file holding seconds added to the server's time (clock.py),
      so that a test moves a turn-based table to the next day without waiting. None (the default):
      the real time. Only the server's start-up sets it, like `table_seed`.
    * `trusted_proxies`: addresses or networks of the reverse proxies in front of the server
      (`"127.0.0.1, 10.0.0.0/8"`); only a connection from one of them may say, in X-Forwarded-For
      or Forwarded, which client it carries, and in X-Forwarded-Proto its scheme (server/proxies.py). "" (the default): nobody, so the
      address that connected is the client's (behind a proxy: the proxy's, for every player).
    """

    database_url: str = ""  # "" (the default): the SQLite file under data_dir
    data_dir: Path = field(default_factory=lambda: Path("./data"))
    redis_url: str | None = None
    secret_key: str = ""  # "" (the default): the key stored under data_dir
    bot_workers: int = 2
    max_body_bytes: int = 256 * 1024
    timer_poll_seconds: float = 0.5
    rate_limit: float = 30.0
    rate_burst: int = 120
    table_seed: int | None = None
    trusted_proxies: str = ""
    secure_cookies: bool = False
    test_clock: Path | None = None

    def __post_init__(self) -> None:
        #: `trusted_proxies` parsed (a bad entry fails here, at start, with the setting's name)
        self.proxy_networks: tuple[Network, ...] = parse_networks(self.trusted_proxies)
        self.data_dir = Path(self.data_dir)
        self.data_dir.mkdir(parents=True, exist_ok=True)
        if not self.database_url:
            self.database_url = default_database_url(self.data_dir)
        if not self.secret_key:
            self.secret_key = _stored_secret_key(self.data_dir)

    @classmethod
    def from_env(cls, **overrides) -> Settings:
        """Settings from COSMOTABLE_DATABASE_URL, COSMOTABLE_DATA_DIR, COSMOTABLE_REDIS_URL,
        COSMOTABLE_SECRET_KEY, COSMOTABLE_BOT_WORKERS, COSMOTABLE_RATE_LIMIT (requests a second
        per client, optionally `/burst`: `30/120`; `0` for none), COSMOTABLE_TRUSTED_PROXIES,
        COSMOTABLE_SECURE_COOKIES (1: the session cookie is always Secure), COSMOTABLE_TABLE_SEED and
        COSMOTABLE_TEST_CLOCK (tests only: see `table_seed`, `test_clock`); `overrides` (not None) win."""
        env = os.environ
        values: dict = {
            "database_url": env.get("COSMOTABLE_DATABASE_URL") or "",
            "data_dir": Path(env.get("COSMOTABLE_DATA_DIR") or "./data"),
            "redis_url": env.get("COSMOTABLE_REDIS_URL") or None,
            "secret_key": env.get("COSMOTABLE_SECRET_KEY") or "",
            "trusted_proxies": env.get("COSMOTABLE_TRUSTED_PROXIES") or "",
        }
        workers = _whole_number("COSMOTABLE_BOT_WORKERS", "a whole number of processes")
        if workers is not None:
            values["bot_workers"] = workers
        limit = env.get("COSMOTABLE_RATE_LIMIT")
        if limit:
            values["rate_limit"], burst = _rate_limit(limit)
            if burst is not None:
                values["rate_burst"] = burst
        values["table_seed"] = _whole_number("COSMOTABLE_TABLE_SEED", "(tests only) a whole number")
        test_clock = env.get("COSMOTABLE_TEST_CLOCK")
        if test_clock:
            values["test_clock"] = Path(test_clock)
        secure = (env.get("COSMOTABLE_SECURE_COOKIES") or "").strip().lower()
        if secure:
            if secure not in ("1", "true", "yes", "0", "false", "no"):
                raise ValueError(f"COSMOTABLE_SECURE_COOKIES must be 1 or 0, got {secure!r}")
            values["secure_cookies"] = secure in ("1", "true", "yes")
        values.update({k: v for k, v in overrides.items() if v is not None})
        return cls(**values)


def default_database_url(data_dir: Path) -> str:
    """The SQLite file a server uses when no database URL is given."""
    return f"sqlite:///{(Path(data_dir) / 'cosmotable.db').resolve()}"


def database_url_from_env(database_url: str | None = None, data_dir: Path | None = None) -> str:
    """The database a server started with these options and this environment would use (without
    creating the data directory or a key, as `Settings` does)."""
    env = os.environ
    given = database_url or env.get("COSMOTABLE_DATABASE_URL")
    return given or default_database_url(data_dir or Path(env.get("COSMOTABLE_DATA_DIR") or "./data"))


def _whole_number(name: str, what: str) -> int | None:
    """The environment variable `name` as an int (None when unset or empty)."""
    text = os.environ.get(name)
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"{name} must be {what}, got {text!r}") from None


def _rate_limit(text: str) -> tuple[float, int | None]:
    """COSMOTABLE_RATE_LIMIT: `RATE` or `RATE/BURST` (requests a second per client, burst size)."""
    rate, _, burst = text.partition("/")
    try:
        value = float(rate)
        size = int(burst) if burst else None
    except ValueError:
        raise ValueError(
            f"COSMOTABLE_RATE_LIMIT must be requests a second per client, optionally with a burst size "
            f"(e.g. '30' or '30/120'; '0' for no limit), got {text!r}"
        ) from None
    if value < 0 or (size is not None and size < 1):
        raise ValueError(f"COSMOTABLE_RATE_LIMIT: the rate must be >= 0 and the burst >= 1, got {text!r}")
    return value, size


def _stored_secret_key(data_dir: Path) -> str:
    """The key kept in the data directory, written (readable by the owner only) on first use."""
    path = data_dir / SECRET_KEY_FILE
    if path.exists():
        key = path.read_text(encoding="utf-8").strip()
        if key:
            return key
    key = secrets.token_urlsafe(32)
    tmp = path.with_suffix(".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(key + "\n")
    tmp.replace(path)
    return key
