"""Request limits (issue #23, "Hostile input"): per-client rate limiting (429 with Retry-After; one
client's flood does not reach the tables, other clients are served in full), websocket messages under
the same limits, messages over the size limit refused, and seat tokens compared in constant time.

The limiter's clock is frozen in these tests, so what passes and what is refused is counted exactly,
never timed."""

from __future__ import annotations

import ast
import uuid
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from server_helpers import create, seat_headers, token_of

import cosmotable.server
from cosmotable.server.app import create_app
from cosmotable.server.limits import ADDRESS_FACTOR, RateLimiter
from cosmotable.server.settings import Settings

RATE, BURST = 5.0, 10


class FrozenClock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def limited(tmp_path, database_url):
    """An app limited to BURST requests at once per client, then RATE a second, with a frozen clock."""
    settings = Settings(
        database_url=database_url,
        data_dir=tmp_path / "data",
        bot_workers=0,
        timer_poll_seconds=0.05,
        rate_limit=RATE,
        rate_burst=BURST,
    )
    app = create_app(settings)
    clock = FrozenClock()
    app.state.server.limiter.clock = clock
    with TestClient(app) as client:
        yield app, client, clock


def test_the_bucket_allows_a_burst_then_its_rate():
    clock = FrozenClock()
    limiter = RateLimiter(RATE, BURST, clock)
    assert [limiter.take("a") for _ in range(BURST)] == [0.0] * BURST
    wait = limiter.take("a")
    assert wait == pytest.approx(1 / RATE)  # one request's worth of refill
    assert limiter.take("b") == 0.0  # another client has its own bucket
    clock.now += 1.0  # a second later: RATE more requests, no more
    assert [limiter.take("a") for _ in range(int(RATE))] == [0.0] * int(RATE)
    assert limiter.take("a") > 0
    clock.now += 3600  # the bucket refills to the burst, never beyond
    assert sum(limiter.take("a") == 0.0 for _ in range(3 * BURST)) == BURST


def test_a_rate_limit_must_be_positive():
    with pytest.raises(ValueError, match="rate > 0"):
        RateLimiter(0, 10)


def _count_calls(monkeypatch, service, name: str) -> list[int]:
    calls: list[int] = []
    real = getattr(service, name)

    def counted(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(service, name, counted)
    return calls


def test_a_flood_from_one_client_is_refused_and_other_clients_are_served(limited, monkeypatch):
    app, client, clock = limited
    service = app.state.server.service
    flooder = create(client, "mlem", ["human", "human"])
    other = create(client, "mlem", ["human", "human"])
    seat = client.get(f"/api/tables/{flooder['table']['id']}").json()["to_act"]
    other_seat = client.get(f"/api/tables/{other['table']['id']}").json()["to_act"]
    before = client.get(f"/api/tables/{flooder['table']['id']}").json()
    reads = _count_calls(monkeypatch, service, "seat_state")

    flood = [
        client.get(f"/api/tables/{flooder['table']['id']}/state", headers=seat_headers(flooder, seat))
        for _ in range(4 * BURST)
    ]
    served = [r for r in flood if r.status_code == 200]
    refused = [r for r in flood if r.status_code == 429]
    assert len(served) == BURST and len(refused) == 3 * BURST
    assert len(reads) == BURST  # the refused requests never reached the tables
    for answer in refused[:3]:
        assert int(answer.headers["Retry-After"]) >= 1
        body = answer.json()
        assert body["error"] == "rate_limited" and "too many requests from this client" in body["message"]
        assert f"at most {RATE:g} a second" in body["message"]
    # an action from the flooding seat is refused too and changes nothing
    acted = client.post(
        f"/api/tables/{flooder['table']['id']}/actions",
        json={"action": "stay", "client_action_id": uuid.uuid4().hex},
        headers=seat_headers(flooder, seat),
    )
    assert acted.status_code == 429
    assert client.get(f"/api/tables/{flooder['table']['id']}").json()["step"] == before["step"]

    # the other table's seat is served in full, every request of its own allowance
    answers = [
        client.get(f"/api/tables/{other['table']['id']}/state", headers=seat_headers(other, other_seat))
        for _ in range(BURST)
    ]
    assert [a.status_code for a in answers] == [200] * BURST
    move = answers[-1].json()["legal_actions"][0]["json"]
    # (its allowance is spent now: once the clock moves on by what refills it, the seat plays)
    clock.now += BURST / RATE
    played = client.post(
        f"/api/tables/{other['table']['id']}/actions",
        json={"action": move, "client_action_id": uuid.uuid4().hex},
        headers=seat_headers(other, other_seat),
    )
    assert played.status_code == 200, played.text


def test_an_address_making_up_tokens_still_meets_its_own_limit(limited):
    _app, client, _clock = limited
    answers = [
        client.get("/api/tables", headers={"X-Seat-Token": uuid.uuid4().hex})
        for _ in range(ADDRESS_FACTOR * BURST + 5)
    ]
    codes = [a.status_code for a in answers]
    assert codes.count(200) == ADDRESS_FACTOR * BURST and codes.count(429) == 5


def test_websocket_messages_count_against_the_seat_and_the_rest_are_refused(limited):
    _app, client, _clock = limited
    made = create(client, "mlem", ["human", "human"])
    table_id = made["table"]["id"]
    seat = client.get(f"/api/tables/{table_id}").json()["to_act"]
    step = client.get(f"/api/tables/{table_id}").json()["step"]
    sent = 3 * BURST
    with client.websocket_connect(f"/api/tables/{table_id}/ws?token={token_of(made, seat)}") as ws:
        assert ws.receive_json()["type"] == "state"
        for _ in range(sent):
            ws.send_json({"type": "action", "action": "no such move", "client_action_id": uuid.uuid4().hex})
        errors = []
        while len(errors) < sent:  # an answer to each message, among the state pushes
            message = ws.receive_json()
            if message["type"] == "error":
                errors.append(message)
    codes = [e["error"] for e in errors]
    # the socket's opening took one request of the seat's allowance
    assert codes.count("rate_limited") == sent - (BURST - 1)
    assert codes.count("conflict") + codes.count("validation_error") == BURST - 1
    limited_message = next(e for e in errors if e["error"] == "rate_limited")
    assert limited_message["retry_after"] >= 1 and "too many requests" in limited_message["message"]
    assert client.get(f"/api/tables/{table_id}").json()["step"] == step


def test_a_websocket_message_over_the_size_limit_is_refused_unread(client, settings):
    made = create(client, "mlem", ["human", "human"])
    table_id = made["table"]["id"]
    seat = client.get(f"/api/tables/{table_id}").json()["to_act"]
    step = client.get(f"/api/tables/{table_id}").json()["step"]
    with client.websocket_connect(f"/api/tables/{table_id}/ws?token={token_of(made, seat)}") as ws:
        assert ws.receive_json()["type"] == "state"
        ws.send_json(
            {"type": "action", "action": "x" * (settings.max_body_bytes + 1), "client_action_id": "a"}
        )
        error = ws.receive_json()
        while error["type"] != "error":
            error = ws.receive_json()
    assert error["error"] == "too_large" and f"at most {settings.max_body_bytes} bytes" in error["message"]
    assert client.get(f"/api/tables/{table_id}").json()["step"] == step


SERVER_SOURCES = sorted(Path(cosmotable.server.__file__).parent.glob("*.py"))


def _secret_name(node: ast.AST) -> str | None:
    """The name of a token or token hash an expression reads, if any."""
    for sub in ast.walk(node):
        name = sub.id if isinstance(sub, ast.Name) else sub.attr if isinstance(sub, ast.Attribute) else ""
        if "token" in name.lower() and name not in ("request_token",):
            return name
    return None


#: SQL expressions, not Python comparisons: a session is found by the SHA-256 of its id through the
#: database's index (there is no table of sessions to scan in constant time); the asker cannot choose
#: the hash, so where it first differs from a stored one tells nothing of any session's id
SQL_LOOKUPS = {"AccountSessionRow.id_hash"}


@pytest.mark.parametrize("path", SERVER_SOURCES, ids=lambda p: p.name)
def test_tokens_are_only_compared_in_constant_time(path):
    """No `==`, `!=` or `in` between a token (or its hash) and anything in the server: tokens are
    compared through tokens_match (hmac.compare_digest), whose time does not depend on where the
    texts first differ (lookups by a session id's hash in SQL excepted: SQL_LOOKUPS)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare) and any(
            isinstance(op, (ast.Eq, ast.NotEq, ast.In, ast.NotIn)) for op in node.ops
        ):
            operands = [node.left, *node.comparators]
            if ast.unparse(node.left) in SQL_LOOKUPS:
                continue
            # a comparison with None or a literal (is a token given at all?) tells nothing of its value
            if all(not isinstance(o, ast.Constant) for o in operands) and any(
                _secret_name(o) for o in operands
            ):
                found.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
    assert not found, "tokens compared with ==/in instead of hmac.compare_digest:\n" + "\n".join(found)


def test_the_token_check_uses_compare_digest_for_every_seat(client, monkeypatch):
    import hmac

    from cosmotable.server import tokens

    made = create(client, "mlem", ["human", "human", "human"])
    calls = []
    real = hmac.compare_digest

    def counted(a, b):
        calls.append((a, b))
        return real(a, b)

    monkeypatch.setattr(tokens.hmac, "compare_digest", counted)
    answer = client.get(f"/api/tables/{made['table']['id']}/state", headers={"X-Seat-Token": "wrong"})
    assert answer.status_code == 403
    assert len(calls) == 3  # every seat's hash is compared, whichever the token would have matched
