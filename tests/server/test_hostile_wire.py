"""Hostile input over the wire (issue #43, items 2 and 3): a real `cosmotable serve` process is sent
arbitrary JSON, arbitrary text, arbitrary bytes and arbitrary unicode (lone surrogates and C1
controls included) on every REST route of its OpenAPI schema, in bodies, path parameters, query
strings and tokens, and over the websocket as text frames, binary frames and text frames that are
not UTF-8. None may get a 5xx, drop a connection without a close frame (1006), log a traceback, or
change the table it is aimed at.

Over the socket the contract is the documented one: a text frame is answered (an error message
naming what was wrong) and the socket stays open; a binary frame is answered, then closed with 1003;
a text frame that is not UTF-8 is closed with 1007 by the protocol layer.
"""

from __future__ import annotations

import json
import re
import urllib.parse
from collections import Counter

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from live_helpers import SeatSocket, start_server
from websockets.exceptions import ConnectionClosed

from budget_helpers import examples

#: what was sent and what came back, for the figures of the closing note (`pytest -s` prints them)
TALLY: Counter[str] = Counter()

ANY_TEXT = st.text(alphabet=st.characters(codec=None, exclude_categories=()), max_size=60)
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | ANY_TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(ANY_TEXT, inner, max_size=4),
    max_leaves=12,
)
DEEP = st.integers(1, 6000).map(lambda depth: "[" * depth + "]" * depth)
#: a request body: JSON (escapes let lone surrogates through), bytes, any text, deep nesting
BODIES = st.one_of(
    st.none(),
    JSON_VALUES.map(lambda v: json.dumps(v).encode()),
    st.binary(max_size=200),
    ANY_TEXT.map(lambda t: t.encode("utf-8", "surrogatepass")),
    DEEP.map(str.encode),
    st.fixed_dictionaries(
        {"name": ANY_TEXT, "seat": JSON_VALUES},
        optional={"game": ANY_TEXT, "seats": JSON_VALUES, "kind": ANY_TEXT},
    ).map(lambda v: json.dumps(v).encode()),
)
FUZZ = settings(
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@pytest.fixture(scope="module")
def wire(tmp_path_factory):
    """A server process with a started 2-seat Kosmodrom table, both seats claimed."""
    workdir = tmp_path_factory.mktemp("hostile")
    server = start_server(workdir, f"sqlite:///{workdir / 'tables.db'}")
    with server.client() as http:
        made = http.post("/api/tables", json={"game": "kosmodrom", "seats": [{"kind": "human"}] * 2}).json()
        table_id = made["table"]["id"]
        http.post(f"/api/tables/{table_id}/start", headers={"X-Host-Token": made["host_token"]})
        for link in made["seats"]:
            http.get(f"/api/tables/{table_id}/state", headers={"X-Seat-Token": link["token"]})
        schema = http.get("/openapi.json").json()
        to_act = http.get(f"/api/tables/{table_id}").json()["to_act"]
    routes = [
        (method.upper(), path)
        for path, operations in schema["paths"].items()
        for method in operations
        if path.startswith("/api/")
    ]
    assert len(routes) >= 15, routes
    idle = next(link["token"] for link in made["seats"] if link["seat"] != to_act)
    yield server, table_id, idle, routes
    server.stop()
    log = server.output()
    assert "Traceback" not in log and "Exception in ASGI application" not in log, log[-3000:]
    print(f"\nhostile wire: {dict(sorted(TALLY.items()))}")


def _mark(server, table_id: str) -> tuple:
    with server.client() as http:
        summary = http.get(f"/api/tables/{table_id}").json()
    return summary["version"], summary["step"], summary["status"]


def _fill(path: str, table_id: str, value: str, use_table: bool) -> str:
    """The path with its parameters: the real table's id (or `value`) and `value` for the rest."""
    quoted = urllib.parse.quote(value.encode("utf-8", "surrogatepass"), safe="")

    def fill(match: re.Match) -> str:
        return table_id if match.group(1) == "table_id" and use_table else (quoted or "x")

    return re.sub(r"\{(\w+)\}", fill, path)


#: the routes other than reads that may answer 2xx to whatever comes: they make something new (a
#: table, an account) or change nothing of a table (signing out a browser with no session; the
#: guest's seat lookup, a read sent as POST for its body of links)
MAY_SUCCEED = {
    ("POST", "/api/tables"),
    ("POST", "/api/account"),
    ("DELETE", "/api/session"),
    ("POST", "/api/seats/lookup"),
}


@given(
    route=st.integers(0, 100),
    body=BODIES,
    value=ANY_TEXT,
    use_table=st.booleans(),
    query=st.dictionaries(ANY_TEXT, ANY_TEXT, max_size=3),
    token=st.sampled_from(["none", "idle seat", "wrong", "latin-1 junk"]),
)
@settings(FUZZ, max_examples=examples(150))
def test_every_rest_route_refuses_hostile_input_cleanly(wire, route, body, value, use_table, query, token):
    server, table_id, idle, routes = wire
    method, template = routes[route % len(routes)]
    headers: dict = {"Content-Type": "application/json"}
    if token == "idle seat" and method == "GET":  # reads only: a valid token may not change a thing
        headers["X-Seat-Token"] = idle
    elif token == "wrong":
        headers["X-Seat-Token"] = headers["X-Host-Token"] = "w" * 32
    elif token == "latin-1 junk":
        # any byte HTTP allows in a header value (not controls, no white space at the ends)
        visible = bytes(b for b in value.encode("latin-1", "ignore") if b > 0x20 and b != 0x7F)
        headers["X-Seat-Token"] = b"\xff\x85\x9b" + visible
    params = {
        k.encode("utf-8", "surrogatepass"): v.encode("utf-8", "surrogatepass") for k, v in query.items()
    }
    url = _fill(template, table_id, value, use_table) + "?" + urllib.parse.urlencode(params)
    before = _mark(server, table_id)
    TALLY["rest requests"] += 1
    try:
        with httpx.Client(base_url=server.url, timeout=60) as http:
            answer = http.request(method, url, content=body, headers=headers)
    except httpx.RemoteProtocolError as exc:  # the server dropped the connection
        TALLY["rest drops"] += 1
        raise AssertionError(f"{method} {url}: connection dropped ({exc})") from None
    TALLY[f"rest {answer.status_code}"] += 1
    assert answer.status_code < 500, (method, url, body, answer.text)
    if answer.status_code >= 400:
        json_answer = answer.headers.get("content-type", "").startswith("application/json")
        assert json_answer, (method, url, answer.status_code, answer.text)
        assert set(answer.json()) >= {"error", "message"}, answer.text
    if answer.status_code < 300 and (method, template) not in MAY_SUCCEED:
        assert method == "GET", (method, url, answer.status_code)  # nothing else may succeed here
    assert _mark(server, table_id) == before, (method, url, body)


FRAMES = st.one_of(
    # (a text frame is UTF-8: text with a lone surrogate cannot be one, see "not utf-8" below)
    st.tuples(st.just("text"), ANY_TEXT.filter(lambda t: not any(0xD800 <= ord(c) <= 0xDFFF for c in t))),
    st.tuples(st.just("text"), JSON_VALUES.map(json.dumps)),
    st.tuples(st.just("text"), DEEP),
    st.tuples(
        st.just("text"),
        st.fixed_dictionaries(
            {"type": st.just("action"), "action": JSON_VALUES, "client_action_id": ANY_TEXT},
            optional={"seat": JSON_VALUES, "as_host": JSON_VALUES},
        ).map(json.dumps),
    ),
    st.tuples(st.just("binary"), st.binary(max_size=200)),
    st.tuples(st.just("not utf-8"), st.binary(min_size=1, max_size=50)),
)


def _close_of(socket: SeatSocket) -> ConnectionClosed:
    while True:
        try:
            socket.receive(timeout=60)
        except ConnectionClosed as closed:
            return closed


@given(frame=FRAMES, as_seat=st.booleans())
@settings(FUZZ, max_examples=examples(150))
def test_the_socket_answers_every_frame_and_closes_only_as_documented(wire, frame, as_seat):
    server, table_id, idle, _routes = wire
    kind, payload = frame
    before = _mark(server, table_id)
    socket = SeatSocket.open(server, table_id, idle if as_seat else None, 0 if as_seat else None)
    TALLY[f"socket {kind} frames"] += 1
    try:
        socket.receive_until(lambda m: m["type"] == "state", "the first state")
        if kind == "text":
            socket.connection.send(payload)
            socket.connection.send("probe, not JSON {")
            answers = [socket.receive_until(lambda m: m["type"] == "error", "an answer") for _ in range(2)]
            assert answers[1]["error"] == "bad_request", answers
            assert answers[0]["error"] in ("bad_request", "validation_error", "forbidden", "conflict"), (
                answers
            )
            TALLY["socket answers"] += 2
        else:
            data = payload if kind == "binary" else b"\xff" + payload  # \xff never starts UTF-8
            try:
                socket.connection.send(data, text=kind == "not utf-8")
            except ConnectionClosed:
                pass
            closed = _close_of(socket)
            if closed.rcvd is None:
                TALLY["socket drops (1006)"] += 1
            assert closed.rcvd is not None, f"{kind}: dropped with no close frame (1006)"
            TALLY[f"socket close {closed.rcvd.code}"] += 1
            assert closed.rcvd.code == (1003 if kind == "binary" else 1007), closed.rcvd
            if kind == "binary":
                assert socket.messages[-1]["type"] == "error", socket.messages[-1:]
    finally:
        socket.close()
    assert _mark(server, table_id) == before
