"""Repeated warnings and errors are rate-limited in the log (issue #50, item 5: a 20 s outage wrote
~80 identical lines a second): one line per kind per window, and the next one written says how many
were left out. Lines below WARNING (the access log) are never left out."""

from __future__ import annotations

import logging

from cosmotable.server.logs import RepeatLimit, log_config


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def record(
    msg: str, *args, level: int = logging.WARNING, name: str = "cosmotable.server"
) -> logging.LogRecord:
    return logging.LogRecord(name, level, __file__, 1, msg, args, None)


def test_one_line_per_kind_per_window_and_the_next_one_counts_what_was_left_out():
    clock = Clock()
    limit = RepeatLimit(window=5.0, clock=clock)
    kind = "database unavailable during %s: %s"
    # a 20 s outage at 80 lines a second, on changing tables (the same kind: the template is equal)
    written = []
    for tick in range(20 * 80):
        clock.now = 1000.0 + tick / 80
        line = record(kind, f"table-{tick % 7}", "OperationalError")
        if limit.filter(line):
            written.append(line.getMessage())
    assert len(written) == 4  # at 0, 5, 10 and 15 s
    assert "more like this" not in written[0]
    assert all("[399 more like this left out since the last one written]" in line for line in written[1:])


def test_other_kinds_and_info_lines_pass_untouched():
    clock = Clock()
    limit = RepeatLimit(window=5.0, clock=clock)
    assert limit.filter(record("Redis unreachable (%s): change of table %s", "ConnectionError", "t1"))
    assert not limit.filter(record("Redis unreachable (%s): change of table %s", "ConnectionError", "t2"))
    # another message, another level, another logger: each its own kind
    assert limit.filter(record("database unavailable during %s: %s", "push", "OperationalError"))
    assert limit.filter(record("Redis unreachable (%s): change of table %s", "x", "t", level=logging.ERROR))
    assert limit.filter(record("Redis unreachable (%s): change of table %s", "x", "t", name="uvicorn.error"))
    # the access log and other INFO lines are never left out
    assert all(
        limit.filter(record('%s - "%s" %d', "127.0.0.1", "GET /", 200, level=logging.INFO)) for _ in range(50)
    )


def test_every_process_s_log_configuration_has_the_limit_on_every_handler():
    config = log_config()
    assert config["filters"]["repeat_limit"] == {"()": "cosmotable.server.logs.RepeatLimit"}
    assert all("repeat_limit" in handler["filters"] for handler in config["handlers"].values())
