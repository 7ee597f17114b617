"""Revoked seat links over the wire (issue #43, item 1): real `cosmotable serve` processes, a real
websocket client, both transports. Each way a link stops opening its seat (left, then joined by
someone else; left, then given to a bot by the host; the table deleted) is made on one process while
the old link's socket is open on another (two processes sharing PostgreSQL and Redis), and on a
single SQLite process. The old socket must be told why and closed at once, with the documented code,
and receive nothing after; every REST route must refuse the old link; the new holder's secrets
(Kosmodrom's hand, MLEM's returned mission) reach nothing the old link receives: it sees no step
made after its link was revoked.
"""

from __future__ import annotations

import random
import uuid

import pytest
from live_helpers import SeatSocket, start_server
from websockets.exceptions import ConnectionClosed

WAIT = 60.0


@pytest.fixture(params=["one-sqlite-process", "two-processes-postgresql-redis"])
def servers(request, tmp_path):
    """(the process the changes are made on, the process the old link's socket is open on)."""
    if request.param == "one-sqlite-process":
        server = start_server(tmp_path, f"sqlite:///{tmp_path / 'tables.db'}")
        yield server, server
        server.stop()
        assert "Traceback" not in server.output(), server.output()
    else:
        yield request.getfixturevalue("live_pair")


def _create(server, game, variants=(), start=False) -> dict:
    with server.client() as http:
        made = http.post(
            "/api/tables",
            json={"game": game, "variants": list(variants), "seats": [{"kind": "human"}] * 2},
        )
        assert made.status_code == 201, made.text
        body = made.json()
        if start:
            _start(server, body)
        return body


def _start(server, made) -> None:
    with server.client() as http:
        started = http.post(
            f"/api/tables/{made['table']['id']}/start", headers={"X-Host-Token": made["host_token"]}
        )
        assert started.status_code == 200, started.text


def _token(made, seat) -> str:
    return next(link["token"] for link in made["seats"] if link["seat"] == seat)


def _read_to_close(socket: SeatSocket) -> ConnectionClosed:
    """Every message until the server closes the socket (within WAIT), kept in `socket.raw`."""
    while True:
        try:
            socket.receive(timeout=WAIT)
        except ConnectionClosed as closed:
            return closed
        except TimeoutError:
            raise AssertionError(f"the socket was not closed within {WAIT:.0f} s: {socket.messages[-3:]}")


def _assert_dark(socket: SeatSocket, closed: ConnectionClosed, code: int, error: str, version: int):
    assert closed.rcvd is not None, "the server sent no close frame (a dropped connection: 1006)"
    assert closed.rcvd.code == code, closed.rcvd
    assert closed.rcvd.reason, "the close frame says why"
    assert socket.messages[-1]["type"] == "error" and socket.messages[-1]["error"] == error
    late = [m for m in socket.messages if m["type"] == "state" and m["table"]["version"] >= version]
    assert not late, f"{len(late)} states built after the revocation reached the old link"


def _refused_everywhere(server, table_id: str, token: str, status: int) -> None:
    headers = {"X-Seat-Token": token}
    with server.client() as http:
        for method, path in [
            ("GET", "state"),
            ("GET", "record"),
            ("GET", "coach"),
            ("POST", "takeback"),
            ("POST", "undo"),
            ("POST", "leave"),
        ]:
            answer = http.request(method, f"/api/tables/{table_id}/{path}", headers=headers)
            assert answer.status_code == status, (path, answer.status_code, answer.text)
        action = {"action": "pass", "client_action_id": uuid.uuid4().hex}
        answer = http.post(f"/api/tables/{table_id}/actions", json=action, headers=headers)
        assert answer.status_code == status, answer.text
    again = SeatSocket.open(server, table_id, token, 0)
    try:
        closed = _read_to_close(again)
        assert closed.rcvd is not None and closed.rcvd.code == (1008 if status == 403 else 4404)
        assert [m["type"] for m in again.messages] == ["error"]
    finally:
        again.close()


def _play_some(server, table_id: str, tokens: dict[int, str], moves: int) -> dict:
    """A few random decisions by the seats' current links (over REST); the last states seen."""
    rng = random.Random(43)
    seen = {}
    with server.client() as http:
        for _ in range(moves):
            summary = http.get(f"/api/tables/{table_id}").json()
            if summary["status"] != "running" or summary["to_act"] is None:
                break
            seat = summary["to_act"]
            state = http.get(f"/api/tables/{table_id}/state", headers={"X-Seat-Token": tokens[seat]}).json()
            if not state["legal_actions"]:
                break  # a bot plays the seat
            choice = rng.choice(state["legal_actions"])
            body = {"action": choice["json"], "client_action_id": uuid.uuid4().hex}
            answer = http.post(
                f"/api/tables/{table_id}/actions", json=body, headers={"X-Seat-Token": tokens[seat]}
            )
            assert answer.status_code == 200, answer.text
        for seat, token in tokens.items():
            seen[seat] = http.get(f"/api/tables/{table_id}/state", headers={"X-Seat-Token": token}).json()
    return seen


@pytest.mark.parametrize(
    ("game", "variants"), [("kosmodrom", ()), ("mlem", ("secret_missions",))], ids=["kosmodrom", "mlem"]
)
def test_left_then_joined_by_another_the_old_link_goes_dark(servers, game, variants):
    changer, watcher = servers
    made = _create(changer, game, variants)
    table_id = made["table"]["id"]
    old = _token(made, 0)
    socket = SeatSocket.open(watcher, table_id, old, 0)
    try:
        socket.receive_until(lambda m: m["type"] == "state", "the first state")
        with changer.client() as http:
            left = http.post(f"/api/tables/{table_id}/leave", headers={"X-Seat-Token": old})
            assert left.status_code == 200, left.text
        closed = _read_to_close(socket)
        _assert_dark(socket, closed, 1008, "forbidden", left.json()["version"])
        with changer.client() as http:
            joined = http.post(f"/api/tables/{table_id}/join", json={"seat": 0, "name": "Newcomer"})
            assert joined.status_code == 200, joined.text
        _start(changer, made)
        tokens = {0: joined.json()["token"], 1: _token(made, 1)}
        seen = _play_some(changer, table_id, tokens, 6)
        # the game went on under the new holder (their deal, their draws, their returned mission);
        # the old link saw no step of it
        at_leave = left.json()["step"]
        assert seen[0]["step"] > at_leave
        assert max(m["step"] for m in socket.messages if m["type"] == "state") <= at_leave
        assert all(m["table"]["status"] == "open" for m in socket.messages if m["type"] == "state")
        _refused_everywhere(watcher, table_id, old, 403)
        _refused_everywhere(changer, table_id, old, 403)
    finally:
        socket.close()


def test_left_then_given_to_a_bot_the_old_link_goes_dark(servers):
    changer, watcher = servers
    made = _create(changer, "mlem", ("secret_missions",))
    table_id = made["table"]["id"]
    old = _token(made, 1)
    socket = SeatSocket.open(watcher, table_id, old, 1)
    try:
        socket.receive_until(lambda m: m["type"] == "state", "the first state")
        with changer.client() as http:
            left = http.post(f"/api/tables/{table_id}/leave", headers={"X-Seat-Token": old})
            assert left.status_code == 200, left.text
            given = http.put(
                f"/api/tables/{table_id}/seats/1",
                json={"bot": "random"},
                headers={"X-Host-Token": made["host_token"]},
            )
            assert given.status_code == 200, given.text
        closed = _read_to_close(socket)
        _assert_dark(socket, closed, 1008, "forbidden", left.json()["version"])
        _start(changer, made)
        _refused_everywhere(watcher, table_id, old, 403)
    finally:
        socket.close()


def test_a_deleted_table_closes_its_sockets_on_every_process(servers):
    changer, watcher = servers
    made = _create(changer, "kosmodrom", start=True)
    table_id = made["table"]["id"]
    seat_socket = SeatSocket.open(watcher, table_id, _token(made, 0), 0)
    spectator = SeatSocket.open(watcher, table_id, None, None)
    try:
        for socket in (seat_socket, spectator):
            socket.receive_until(lambda m: m["type"] == "state", "the first state")
        with changer.client() as http:
            deleted = http.delete(f"/api/tables/{table_id}", headers={"X-Host-Token": made["host_token"]})
            assert deleted.status_code == 204, deleted.text
        for socket in (seat_socket, spectator):
            closed = _read_to_close(socket)
            assert closed.rcvd is not None and closed.rcvd.code == 4404, closed
            assert "deleted" in closed.rcvd.reason
            assert socket.messages[-1]["error"] == "not_found"
        _refused_everywhere(watcher, table_id, _token(made, 0), 404)
    finally:
        seat_socket.close()
        spectator.close()
