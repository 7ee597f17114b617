"""Turn time-outs (issue #45, item 4): a time-out lets the timeout bot make that turn's decisions and
the seat stays its player's; `timeouts_to_bot` time-outs in a row hand the seat to the bot until its
player takes it back, which they may do at once; the player's own decision resets the count.

The timer is a long one (an hour) that the test runs out on purpose (`_time_out` moves the deadline
into the past; the server's sweep, every 0.05 s here, finds it), so only the seat the test picks
ever times out, however slowly the machine runs."""

from __future__ import annotations

import random
from datetime import timedelta

from server_helpers import (
    act,
    bot_turn_over,
    create,
    play_until_turn_of,
    seat_headers,
    state_of,
    summary_of,
    wait_until,
)
from sqlalchemy import update

from cosmotable.server.db import TableRow, utcnow

HOUR = 3600


def _time_out(app, client, made, seat: int) -> None:
    """Run `seat`'s clock out now (it must be the seat to act, with a clock running)."""
    summary = summary_of(client, made)
    assert summary["to_act"] == seat and summary["deadline"] is not None, summary
    service = app.state.server.service
    with service.sessions.begin() as session:
        session.execute(
            update(TableRow)
            .where(TableRow.id == made["table"]["id"])
            .values(deadline=utcnow() - timedelta(seconds=1), version=TableRow.version + 1)
        )


def _own_decision(client, made, seat: int, rng: random.Random) -> dict:
    legal = state_of(client, made, seat)["legal_actions"]
    assert legal, "the seat should be able to act without a takeback"
    response = act(client, made, seat, rng.choice(legal)["json"])
    assert response.status_code == 200, response.text
    return response.json()["table"]


def test_the_create_form_default_is_three_time_outs_and_the_option_is_checked(client):
    made = create(client, "mlem", ["human", "human"], timer_seconds=60)
    assert made["table"]["timeouts_to_bot"] == 3
    assert all(s["timeouts"] == 0 and not s["bot_turn"] for s in made["table"]["seats"])
    for wrong in (0, 21, "3", True):
        response = client.post(
            "/api/tables",
            json={"game": "mlem", "seats": [{"kind": "human"}] * 2, "timeouts_to_bot": wrong},
        )
        assert response.status_code == 422, (wrong, response.text)


def test_one_time_out_lets_the_bot_make_that_turn_and_the_seat_stays_the_players(app, client):
    rng = random.Random(7)
    made = create(client, "mlem", ["human", "human"], timer_seconds=HOUR, timeout_bot="random")
    late = summary_of(client, made)["to_act"]
    step = summary_of(client, made)["step"]
    _time_out(app, client, made, late)
    after = bot_turn_over(client, made, late)
    assert after["step"] > step  # the bot decided for the seat
    seat = after["seats"][late]
    assert seat["timeouts"] == 1 and not seat["bot_playing"] and not seat["bot_turn"]
    assert after["deadline"] is not None  # the other seat's clock runs
    # the seat is still its player's: on their next turn they act, no takeback needed
    play_until_turn_of(client, made, late, rng)
    assert summary_of(client, made)["deadline"] is not None  # and their own clock runs again
    mine = _own_decision(client, made, late, rng)
    assert mine["seats"][late]["timeouts"] == 0  # their own decision resets the count
    assert (
        client.post(
            f"/api/tables/{made['table']['id']}/takeback", headers=seat_headers(made, late)
        ).status_code
        == 409
    )  # nothing to take back: no bot plays the seat


def test_time_outs_in_a_row_hand_the_seat_to_the_bot_and_takeback_works_at_once(app, client):
    rng = random.Random(8)
    made = create(
        client, "mlem", ["human", "human"], timer_seconds=HOUR, timeout_bot="random", timeouts_to_bot=2
    )
    table_id = made["table"]["id"]
    late = summary_of(client, made)["to_act"]
    _time_out(app, client, made, late)
    bot_turn_over(client, made, late)
    play_until_turn_of(client, made, late, rng)
    _time_out(app, client, made, late)
    handed = wait_until(
        lambda: (s := summary_of(client, made))["seats"][late]["bot_playing"] and s,
        what="the seat handed over",
    )
    assert handed["seats"][late]["timeouts"] == 2 and not handed["seats"][late]["bot_turn"]
    # while the bot plays the seat its player may not act, but may take the seat back at any moment
    assert state_of(client, made, late)["legal_actions"] == []
    back = client.post(f"/api/tables/{table_id}/takeback", headers=seat_headers(made, late))
    assert back.status_code == 200, back.text
    seat = back.json()["seats"][late]
    assert not seat["bot_playing"] and seat["timeouts"] == 0
    # the player plays on: their turn comes back and is theirs (not a bot's) to play
    play_until_turn_of(client, made, late, rng)
    assert not summary_of(client, made)["seats"][late]["bot_playing"]
    _own_decision(client, made, late, rng)


def test_the_players_own_decision_resets_the_count(app, client):
    rng = random.Random(9)
    made = create(
        client, "mlem", ["human", "human"], timer_seconds=HOUR, timeout_bot="random", timeouts_to_bot=2
    )
    late = summary_of(client, made)["to_act"]
    _time_out(app, client, made, late)
    bot_turn_over(client, made, late)
    play_until_turn_of(client, made, late, rng)
    assert _own_decision(client, made, late, rng)["seats"][late]["timeouts"] == 0
    play_until_turn_of(client, made, late, rng)
    # one more time-out is the first in a row again: the bot makes the turn, the seat stays theirs
    _time_out(app, client, made, late)
    after = bot_turn_over(client, made, late)
    assert after["seats"][late]["timeouts"] == 1 and not after["seats"][late]["bot_playing"]
