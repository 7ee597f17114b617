"""The coach searches apart from the bots: a table's bot still moves while coach searches run, and
coach requests beyond the coach's queue are refused (503) instead of piling up."""

from __future__ import annotations

import random
import threading

from server_helpers import act, create, seat_headers, state_of, wait_until

from cosmotable.server import bots


class _HeldCoach:
    """Stands in for the coach's search: each call waits until released (a long `hard` search)."""

    def __init__(self):
        self.release = threading.Event()
        self.entered = 0
        self._lock = threading.Lock()

    def __call__(self, job):
        with self._lock:
            self.entered += 1
        self.release.wait(120)
        return {"moves": [], "odds": None}


def _summary(client, made):
    return client.get(f"/api/tables/{made['table']['id']}").json()


def _ask_coach(client, made, results):
    response = client.get(f"/api/tables/{made['table']['id']}/coach", headers=seat_headers(made, 0))
    results.append(response.status_code)


def _admitted(app) -> int:
    """Coach searches the server has taken in (running or waiting for the coach's worker)."""
    return app.state.server.bots._coach_pending


def test_a_tables_bot_moves_while_coach_searches_run(client, app, monkeypatch):
    held = _HeldCoach()
    monkeypatch.setattr(bots, "advise", held)
    made = create(client, "mlem", ["human", "random"], coach=True)
    wait_until(lambda: _summary(client, made)["to_act"] == 0, what="the human seat's turn")
    results: list[int] = []
    # more searches than the bots' own pool has workers (2 in tests): sharing it, they would stall the bot
    askers = [threading.Thread(target=_ask_coach, args=(client, made, results)) for _ in range(3)]
    try:
        for asker in askers:
            asker.start()
        # all three admitted before the seat moves: a request still on its way would find the seat no
        # longer to act (409); waiting on the counter, not on time, keeps this true on a loaded machine
        wait_until(
            lambda: held.entered >= 1 and _admitted(app) == 3,
            timeout=120,
            what="the three coach searches to be taken in",
        )
        rng = random.Random(3)
        while True:  # play until the bot is to act
            answer = act(client, made, 0, rng.choice(state_of(client, made, 0)["legal_actions"])["json"])
            assert answer.status_code == 200, answer.text
            if answer.json()["table"]["to_act"] != 0:
                break
        # the step the human's last action left: the bot may already have moved by the next read
        step = answer.json()["table"]["step"]
        wait_until(
            lambda: _summary(client, made)["step"] > step,
            timeout=120,
            what="the bot to move while the coach searches",
        )
        assert held.entered == 1 and not held.release.is_set()  # the searches were still running or waiting
    finally:
        held.release.set()
        for asker in askers:
            asker.join(120)
    assert results == [200, 200, 200]


def test_coach_requests_beyond_the_queue_are_refused_not_queued(client, app, monkeypatch):
    held = _HeldCoach()
    monkeypatch.setattr(bots, "advise", held)
    app.state.server.bots.coach_queue = 1
    made = create(client, "mlem", ["human", "human"], coach=True)
    seat = _summary(client, made)["to_act"]
    results: list[int] = []
    asker = threading.Thread(
        target=lambda: results.append(
            client.get(
                f"/api/tables/{made['table']['id']}/coach", headers=seat_headers(made, seat)
            ).status_code
        )
    )
    asker.start()
    try:
        wait_until(lambda: held.entered == 1, timeout=120, what="the first coach search to start")
        refused = client.get(f"/api/tables/{made['table']['id']}/coach", headers=seat_headers(made, seat))
        assert refused.status_code == 503
        assert refused.json()["error"] == "unavailable" and "coach is busy" in refused.json()["message"]
    finally:
        held.release.set()
        asker.join(120)
    assert results == [200]
    again = client.get(f"/api/tables/{made['table']['id']}/coach", headers=seat_headers(made, seat))
    assert again.status_code == 200  # the queue frees as searches finish
