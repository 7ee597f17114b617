"""Turn-based tables (issue #46): timers of hours and days (up to 7 days), whose deadlines are stored
in the database, so that a game lasts across server restarts: the clock resumes with the time that
was left, and a deadline that passed while the server was down fires at start-up with the timeout
bot's usual behaviour (that turn's decisions; `timeouts_to_bot` in a row hand the seat over).

Days pass on the server's test clock (`Settings.test_clock`, server/clock.py): the test moves it on,
nobody waits. A "restart" is one app stopped (its lifespan ends) and a new one started on the same
database and data directory; every test runs on SQLite and on PostgreSQL (conftest.py)."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest
from fastapi.testclient import TestClient
from server_helpers import (
    bot_turn_over,
    create,
    play_until_turn_of,
    seat_headers,
    summary_of,
    token_of,
    wait_until,
)
from sqlalchemy import select

from cosmotable.server.app import create_app
from cosmotable.server.clock import TestClock, use_test_clock
from cosmotable.server.db import TableRow
from cosmotable.server.store import aware

MINUTE = 60
HOUR = 3600
DAY = 24 * HOUR
WEEK = 7 * DAY


@pytest.fixture
def clock(settings, tmp_path) -> TestClock:
    """The servers of the test run on a test clock the test moves on."""
    settings.test_clock = tmp_path / "clock"
    return TestClock(settings.test_clock)


def serve(settings) -> TestClient:
    """One life of the server: started on entering the block, stopped on leaving it."""
    return TestClient(create_app(settings))


def _time(text: str) -> datetime:
    return datetime.fromisoformat(text)


def _left(client, made) -> tuple[dict, float]:
    """The table's summary and its deadline's seconds left by the server's clock (X-Server-Time)."""
    response = client.get(f"/api/tables/{made['table']['id']}")
    summary = response.json()
    return summary, (_time(summary["deadline"]) - _time(response.headers["X-Server-Time"])).total_seconds()


def _stored_deadline(client, made) -> datetime | None:
    """The deadline as the database holds it (an absolute time), read past every cache."""
    service = client.app.state.server.service
    with service.readers() as session:
        stored = session.scalar(select(TableRow.deadline).where(TableRow.id == made["table"]["id"]))
    return aware(stored) if stored is not None else None


def _turn_based(client, **extra) -> dict:
    """A started two-player MLEM table with 24 hours a decision and a quick timeout bot."""
    return create(client, "mlem", ["human", "human"], timer_seconds=DAY, timeout_bot="random", **extra)


def test_timers_of_up_to_seven_days_are_taken_and_longer_ones_refused_with_the_reason(client):
    for seconds in (30, 10 * MINUTE, HOUR, DAY, 3 * DAY, WEEK):
        made = create(client, "mlem", ["human", "human"], start=False, timer_seconds=seconds)
        assert made["table"]["timer_seconds"] == seconds
    total = client.get("/api/tables").json()["total"]
    for wrong in (WEEK + 1, 30 * DAY):
        response = client.post(
            "/api/tables",
            json={"game": "mlem", "seats": [{"kind": "human"}] * 2, "timer_seconds": wrong},
        )
        assert response.status_code == 422, response.text
        message = response.json()["message"]
        assert "timer_seconds" in message and "604800" in message and "7 days" in message, message
    assert client.get("/api/tables").json()["total"] == total  # nothing was made


def test_the_deadline_is_stored_and_a_restart_resumes_the_time_that_was_left(settings, clock):
    with serve(settings) as client:
        made = _turn_based(client)
        before, left = _left(client, made)
        assert DAY - MINUTE < left <= DAY, left
        assert _stored_deadline(client, made) == _time(before["deadline"])
    clock.advance(10 * HOUR)  # the server is down for ten hours
    with serve(settings) as client:
        after, left = _left(client, made)
        # the same deadline: neither a new 24 hours nor lost; fourteen hours are left
        assert after["deadline"] == before["deadline"] and after["to_act"] == before["to_act"]
        assert 14 * HOUR - 10 * MINUTE < left <= 14 * HOUR, left
        clock.advance(left - MINUTE)
        # a minute before the deadline: no seat's time is up (the sweep finds nothing due)
        assert client.app.state.server.service.expire_timers() == []
        clock.advance(2 * MINUTE)
        late = before["to_act"]
        timed_out = bot_turn_over(client, made, late)
        assert timed_out["seats"][late]["timeouts"] == 1 and not timed_out["seats"][late]["bot_playing"]


def test_a_deadline_that_passed_while_the_server_was_down_fires_at_start_up(settings, clock):
    with serve(settings) as client:
        made = _turn_based(client)
        before = summary_of(client, made)
    late = before["to_act"]
    clock.advance(3 * DAY)  # down for three days: past the deadline, and past two more periods
    with serve(settings) as client:
        after = bot_turn_over(client, made, late)
        assert after["step"] > before["step"]  # the timeout bot made the late seat's decisions
        seat = after["seats"][late]
        # one time-out, however long the server was down; the seat stays its player's
        assert seat["timeouts"] == 1 and not seat["bot_playing"] and not seat["bot_turn"]
        # and the next seat's clock starts from now, a whole period
        summary, left = _left(client, made)
        assert summary["to_act"] != late and DAY - 10 * MINUTE < left <= DAY, left
        assert _stored_deadline(client, made) == _time(summary["deadline"])


def test_time_outs_in_a_row_are_kept_across_restarts_and_then_hand_the_seat_to_the_bot(settings, clock):
    rng = random.Random(46)
    with serve(settings) as client:
        made = _turn_based(client, timeouts_to_bot=2)
        late = summary_of(client, made)["to_act"]
    clock.advance(DAY + MINUTE)
    with serve(settings) as client:
        assert bot_turn_over(client, made, late)["seats"][late]["timeouts"] == 1
        play_until_turn_of(client, made, late, rng)  # the other player answers at once
    with serve(settings) as client:
        # the count survived the restart, and the late seat's clock runs
        summary, left = _left(client, made)
        assert summary["to_act"] == late and summary["seats"][late]["timeouts"] == 1
        assert 0 < left <= DAY
    clock.advance(DAY + MINUTE)  # the second time-out in a row, again while the server is down
    with serve(settings) as client:
        handed = wait_until(
            lambda: (s := summary_of(client, made))["seats"][late]["bot_playing"] and s,
            what="the seat handed to the timeout bot",
        )
        assert handed["seats"][late]["timeouts"] == 2
        back = client.post(f"/api/tables/{made['table']['id']}/takeback", headers=seat_headers(made, late))
        assert back.status_code == 200, back.text
        assert not back.json()["seats"][late]["bot_playing"] and back.json()["seats"][late]["timeouts"] == 0


def test_another_seat_leaving_does_not_give_the_seat_to_act_a_new_period(settings, clock):
    with serve(settings) as client:
        made = create(client, "mlem", ["human"] * 3, timer_seconds=DAY, timeout_bot="random")
        before = summary_of(client, made)
        other = next(seat for seat in range(3) if seat != before["to_act"])
        clock.advance(5 * HOUR)
        left = client.post(f"/api/tables/{made['table']['id']}/leave", headers=seat_headers(made, other))
        assert left.status_code == 200, left.text
        after, remaining = _left(client, made)
        assert after["seats"][other]["bot_playing"] and after["to_act"] == before["to_act"]
        assert after["deadline"] == before["deadline"] and remaining <= 19 * HOUR


def test_the_page_is_told_the_servers_time_over_http_and_on_its_socket(settings, clock):
    clock.advance(DAY)  # the server lives a day ahead of the real time (and of the browser's clock)
    with serve(settings) as client:
        made = _turn_based(client)
        table_id = made["table"]["id"]
        told = [client.get(f"/api/tables/{table_id}").headers["X-Server-Time"]]
        state = client.get(f"/api/tables/{table_id}/state", headers=seat_headers(made, 0))
        told.append(state.headers["X-Server-Time"])
        with client.websocket_connect(f"/api/tables/{table_id}/ws?token={token_of(made, 0)}") as socket:
            first = socket.receive_json()
        assert first["type"] == "state" and first["table"]["id"] == table_id
        told.append(first["now"])
        for text in told:
            assert _time(text) - datetime.now(UTC) > timedelta(hours=23), (text, told)


def test_the_test_clock_moves_on_in_whole_writes_and_refuses_a_file_without_a_number(tmp_path):
    clock = TestClock(tmp_path / "clock")
    assert clock.offset() == 0.0  # no file yet: the real time
    clock.advance(DAY)
    clock.advance(HOUR)
    assert clock.offset() == DAY + HOUR
    bad = tmp_path / "bad"
    for text in ("tomorrow", "nan", "inf"):
        bad.write_text(text)
        with pytest.raises(ValueError, match="must hold a number of seconds"):
            use_test_clock(bad)
    use_test_clock(None)
