"""No response or message to a seat holds what that seat may not see (docs/server-api.md, "Nothing
sent to a seat holds what its view would not").

Random games of every game and variant are played through a real server process: actions over HTTP
with each seat's token, one websocket per seat plus a spectator's. Afterwards the finished table's
full record (seed and every action) is replayed on the test side with the engine, and every message
and response a seat received is checked against the engine's full state at the step it was sent:

* its `view` is exactly `view(seat)` (a spectator's: `public_view()`), its events are exactly
  `events_for(seat)` from their index on, and its legal actions are the engine's when it is to act;
* it holds none of the seat's hidden values: the strings of the full internal state, the other seats'
  views and the events not shown to the seat, that nothing the seat may see contains (other hands,
  secret missions, face-down tile kinds, peeks, deck order);
* it holds nowhere the decimal digits of the table's seed (whoever knows it knows every future roll).
"""

from __future__ import annotations

import json
import random
import re
import uuid
from dataclasses import dataclass

import pytest
from live_helpers import SeatSocket, start_server

from cosmotable.engine.audit import json_differences
from cosmotable.engine.record import GameRecord

# (game, variants, options, seats); Kosmodrom's turn cap keeps a random game to a few hundred moves
# (the cap is the game's own rule for ending a game that stalls).
TABLES = [
    pytest.param("mlem", [], {}, 2, id="mlem-2p"),
    pytest.param("mlem", ["secret_missions", "ufo", "discovery"], {}, 3, id="mlem-secret_missions-3p"),
    pytest.param("kosmodrom", [], {"max_turns": 24}, 2, id="kosmodrom-2p"),
    pytest.param("kosmodrom", ["negotiation", "superpowers"], {"max_turns": 24}, 3, id="kosmodrom-variants-3p"),
    pytest.param("planet", [], {}, 2, id="planet-2p"),
    pytest.param("planet", ["teams"], {}, 4, id="planet-teams-4p"),
]
SPECTATOR = None
MOVE_LIMIT = 3000


@pytest.fixture
def live_server(tmp_path, database_url):
    server = start_server(tmp_path, database_url)
    yield server
    server.stop()
    assert "Traceback" not in server.output(), server.output()


@dataclass
class Received:
    """One thing a seat was sent: a websocket message or an HTTP response body, at a table step."""

    seat: int | None
    step: int
    text: str
    what: str


@pytest.mark.parametrize("game, variants, options, players", TABLES)
def test_nothing_sent_to_a_seat_holds_another_seats_secrets_or_the_seed(
    live_server, game, variants, options, players
):
    rng = random.Random(f"{game}:{players}:{variants}")
    with live_server.client() as http:
        created = http.post("/api/tables", json={
            "game": game, "variants": variants, "options": options, "seats": [{"kind": "human"}] * players,
        })
        assert created.status_code == 201, created.text
        made = created.json()
        table_id = made["table"]["id"]
        tokens = {link["seat"]: link["token"] for link in made["seats"]}
        received = [Received(seat, 0, created.text, "POST /api/tables") for seat in (*tokens, SPECTATOR)]
        started = http.post(f"/api/tables/{table_id}/start", headers={"X-Host-Token": made["host_token"]})
        assert started.status_code == 200, started.text

        sockets = [SeatSocket.open(live_server, table_id, tokens.get(seat), seat) for seat in (*tokens, SPECTATOR)]
        for socket in sockets:
            socket.read_in_background()
        try:
            final_step = _play(http, table_id, tokens, rng, received)
            for socket in sockets:
                socket.wait_for_step(final_step)
        finally:
            for socket in sockets:
                socket.close()
        record = http.get(f"/api/tables/{table_id}/record")
        assert record.status_code == 200, record.text

    record = record.json()
    seed = record["seed"]
    assert isinstance(seed, int) and seed.bit_length() > 64, "the server's seeds must be long"
    for socket in sockets:
        received += [Received(socket.seat, message.get("step", -1), text, f"websocket message {n}")
                     for n, (message, text) in enumerate(zip(socket.messages, socket.raw))]
    truth = Truth(GameRecord.from_json(record), {item.step for item in received})
    problems = []
    for item in received:
        problems += check(item, str(seed), truth)
    assert not problems, f"{len(problems)} problems, the first ones:\n" + "\n".join(problems[:15])


def _play(http, table_id: str, tokens: dict[int, str], rng: random.Random, received: list[Received]) -> int:
    """Random legal moves over HTTP until the game ends; every response is kept as received by the
    seat that asked (or the spectator). Returns the final step."""
    step, illegal_tried = 0, False
    for _ in range(MOVE_LIMIT):
        summary = http.get(f"/api/tables/{table_id}")
        received.append(Received(SPECTATOR, step, summary.text, "GET /api/tables/{id}"))
        summary = summary.json()
        step = summary["step"]
        if summary["status"] == "finished":
            return step
        seat = summary["to_act"]
        headers = {"X-Seat-Token": tokens[seat]}
        state = http.get(f"/api/tables/{table_id}/state", headers=headers)
        received.append(Received(seat, step, state.text, "GET /state"))
        legal = state.json()["legal_actions"]
        assert legal, f"seat {seat} is to act at step {step} and was given no legal action"
        if not illegal_tried:  # a refusal's message is sent to the seat too
            refused = http.post(f"/api/tables/{table_id}/actions", headers=headers,
                                json={"action": "no such move", "client_action_id": uuid.uuid4().hex})
            assert refused.status_code in (409, 422), refused.text
            received.append(Received(seat, step, refused.text, "refused action"))
            illegal_tried = True
        if rng.random() < 0.05:  # now and then each seat fetches its (redacted) record
            for other, token in (*tokens.items(), (SPECTATOR, None)):
                copy = http.get(f"/api/tables/{table_id}/record", headers={"X-Seat-Token": token} if token else {})
                assert copy.status_code == 200, copy.text
                received.append(Received(other, step, copy.text, "GET /record while running"))
        answer = http.post(f"/api/tables/{table_id}/actions", headers=headers,
                           json={"action": rng.choice(legal)["json"], "client_action_id": uuid.uuid4().hex})
        assert answer.status_code == 200, answer.text
        received.append(Received(seat, answer.json()["step"], answer.text, "POST /actions"))
    raise AssertionError(f"the game did not end within {MOVE_LIMIT} moves")


class Truth:
    """What each seat may and may not see at each step, from the engine's full state (replayed)."""

    def __init__(self, record: GameRecord, steps: set[int]):
        self.at: dict[int, dict] = {}
        for step, state in enumerate(record.states()):
            if step in steps:
                self.at[step] = self._facts(state)

    @staticmethod
    def _facts(state) -> dict:
        seats = list(range(state.config.num_players))
        full = _strings(state.snapshot(), keys=False)
        views = {seat: _normal(state.view(seat)) for seat in seats}
        views[SPECTATOR] = _normal(state.public_view())
        events = {seat: [_normal(e.to_json()) for e in state.events_for(seat)] for seat in (*seats, SPECTATOR)}
        to_act = state.current_player()
        legal = {seat: sorted(str(a) for a in state.legal_actions()) if seat == to_act else []
                 for seat in (*seats, SPECTATOR)}
        hidden = {}
        for seat in (*seats, SPECTATOR):
            secret = set(full)
            for other in seats:
                if other != seat:
                    secret |= _strings(views[other], keys=False)
            secret |= _strings([e.to_json() for e in state.events if not e.visible(seat)], keys=False)
            visible = _strings(views[seat]) | _strings(views[SPECTATOR]) | _strings(events[seat])
            visible |= _strings(legal[seat])
            hidden[seat] = {value for value in secret - visible if _meaningful(value)}
        return {"views": views, "events": events, "legal": legal, "hidden": hidden}


def check(item: Received, seed: str, truth: Truth) -> list[str]:
    where = f"{item.what} to seat {item.seat} at step {item.step}"
    problems = []
    if seed in item.text:
        problems.append(f"{where}: holds the table's seed")
    facts = truth.at.get(item.step)
    if facts is None:
        return problems + [f"{where}: step {item.step} is not in the game's record"]
    body = json.loads(item.text)
    leaked = sorted(facts["hidden"][item.seat] & _strings(body))
    if leaked:
        problems.append(f"{where}: holds hidden values {leaked[:8]}")
    if isinstance(body, dict) and body.get("type") == "state":
        view_differences = json_differences("view", facts["views"][item.seat], body["view"])
        problems += [f"{where}: {line}" for line in view_differences]
        for event in body["events"]:
            index = event.pop("index")
            log = facts["events"][item.seat]
            if index >= len(log) or log[index] != event:
                problems.append(f"{where}: event {index} is not the seat's event {index}: {event}")
        legal = sorted(action["text"] for action in body["legal_actions"])
        if legal != facts["legal"][item.seat]:
            problems.append(f"{where}: legal actions {legal[:5]} are not the engine's")
    return problems


def _normal(value):
    """As it would be after a trip through JSON (tuples become lists, keys strings)."""
    return json.loads(json.dumps(value))


_WORD = re.compile(r"[\w:.\-]+")


def _strings(value, keys: bool = True) -> set[str]:
    """Every string in a JSON-ready value, and each word of it (so a value named inside a sentence
    is found too); with `keys`, dict keys count as well."""
    found: set[str] = set()
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, dict):
            if keys:
                pending.extend(str(key) for key in item)
            pending.extend(item.values())
        elif isinstance(item, (list, tuple)):
            pending.extend(item)
        elif isinstance(item, str):
            found.add(item)
            found.update(_WORD.findall(item))
    return found


def _meaningful(value: str) -> bool:
    """A string that names something (a card, a mission, a tile), not a digit or a one-letter mark."""
    return len(value) >= 3 and any(character.isalpha() for character in value)
