"""The server's log, the same in every process: Uvicorn's access and error lines and cosmotable's own,
each with the id of the process that wrote it (which worker served a request), and never a token.

`cosmotable serve --workers N` starts its workers as new interpreters, which configure their logging
from Uvicorn's `log_config`; filters added to the parent's loggers would not reach them (issue #50: a
two-worker server logged 751 seat tokens in clear). So everything is in the one `log_config()` dict,
its filters named by import path, and both modes pass it to Uvicorn.
"""

from __future__ import annotations

import logging
import re
import threading
import time
from typing import Any

_TOKEN = re.compile(r"(token=)[A-Za-z0-9_\-%.~+]+")


def redact(text: str) -> str:
    return _TOKEN.sub(r"\1***", text)


class RedactTokens(logging.Filter):
    """Seat tokens travel in the websocket's query string: keep them out of every line, the message,
    its arguments and a traceback's text alike."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.args:
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact(record.exc_text)
        return True


class ClientFaults(logging.Filter):
    """A client's protocol fault is the client's, not the server's: Uvicorn logs a text frame that
    is not UTF-8 as an error with a traceback (after closing the socket with 1007, as it should).
    Kept as one warning line, so that a traceback in the log always means a fault of the server."""

    FAULTS = ("Invalid UTF-8 sequence received from client.",)

    def filter(self, record: logging.LogRecord) -> bool:
        if record.msg in self.FAULTS:
            record.levelno, record.levelname = logging.WARNING, "WARNING"
            record.exc_info = None
            record.exc_text = None
            record.msg = f"{record.msg} (closed with 1007)"
        return True


class RepeatLimit(logging.Filter):
    """At most one warning or error line of a kind every WINDOW seconds; the next one written says how
    many of its kind were left out. During a 20 s outage the server wrote ~80 identical lines a second
    (issue #50), which buries the one line that says what changed.

    A kind is the logger, the level and the message *before* its arguments are filled in ("database
    unavailable during %s"), so that the same fault on different tables counts as one kind. Lines
    below WARNING (the access log) are never left out. The count of a burst's last window is written
    with the next line of its kind (a filter writes nothing by itself)."""

    WINDOW = 5.0

    def __init__(self, window: float | None = None, clock=time.monotonic) -> None:
        super().__init__()
        self.window = self.WINDOW if window is None else window
        self._clock = clock
        # per kind: when its last line was written, and how many were left out since
        self._kinds: dict[tuple[str, int, str], tuple[float, int]] = {}
        self._lock = threading.Lock()  # the service's worker threads log too

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno < logging.WARNING:
            return True
        kind = (record.name, record.levelno, str(record.msg))
        now = self._clock()
        with self._lock:
            written, left_out = self._kinds.get(kind, (None, 0))
            if written is not None and now - written < self.window:
                self._kinds[kind] = (written, left_out + 1)
                return False
            self._kinds[kind] = (now, 0)
            if len(self._kinds) > 1000:  # bounded: drop kinds that have been quiet for a window
                self._kinds = {k: v for k, v in self._kinds.items() if now - v[0] < self.window}
                self._kinds[kind] = (now, 0)
        if left_out:
            # appended to the message (not the arguments: a line may have none)
            record.msg = f"{record.msg} [{left_out} more like this left out since the last one written]"
        return True


def log_config() -> dict[str, Any]:
    """Uvicorn's default logging, with the process id on every line, the filters above on every
    handler, and cosmotable's loggers (the root's) written through the same handlers."""
    filters = ["redact_tokens", "client_faults", "repeat_limit"]
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {
            "redact_tokens": {"()": "cosmotable.server.logs.RedactTokens"},
            "client_faults": {"()": "cosmotable.server.logs.ClientFaults"},
            "repeat_limit": {"()": "cosmotable.server.logs.RepeatLimit"},
        },
        "formatters": {
            "default": {
                "()": "uvicorn.logging.DefaultFormatter",
                "fmt": "%(levelprefix)s [%(process)d] %(message)s",
                "use_colors": None,
            },
            "access": {
                "()": "uvicorn.logging.AccessFormatter",
                "fmt": '%(levelprefix)s [%(process)d] %(client_addr)s - "%(request_line)s" %(status_code)s',
            },
        },
        "handlers": {
            "default": {
                "formatter": "default",
                "class": "logging.StreamHandler",
                "stream": "ext://sys.stderr",
                "filters": filters,
            },
            "access": {
                "formatter": "access",
                "class": "logging.StreamHandler",
                "stream": "ext://sys.stdout",
                "filters": filters,
            },
        },
        "loggers": {
            "uvicorn": {"handlers": ["default"], "level": "INFO", "propagate": False},
            "uvicorn.error": {"level": "INFO"},
            "uvicorn.access": {"handlers": ["access"], "level": "INFO", "propagate": False},
            # Alembic's migrations say what they upgrade (kept); its plugin set-up is noise at start
            "alembic.runtime.plugins": {"level": "WARNING"},
        },
        "root": {"handlers": ["default"], "level": "INFO"},
    }
