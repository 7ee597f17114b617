"""No response or message to a seat holds what that seat may not see (docs/server-api.md, "Nothing
sent to a seat holds what its view would not").

Random games of every game and variant are played through a real server process: actions over HTTP
with each seat's token, one websocket per seat plus a spectator's. Afterwards the finished table's
full record (game, configuration, seed and every action, read from the server's database) is replayed
on the test side with the engine, and every message and response a seat received is checked against
the engine's full state at the step it was sent:

* its `view` is exactly `view(seat)` (a spectator's: `public_view()`), its events are exactly
  `events_for(seat)` from their index on, and its legal actions are the engine's when it is to act;
* it holds none of the seat's hidden values: the strings of the full internal state, the other seats'
  views and the events not shown to the seat, that nothing the seat may see contains (other hands,
  secret missions, face-down tile kinds, peeks, deck order);
* it holds nowhere the decimal digits of the table's seed (whoever knows it knows every future roll).

Two cases run on two server processes sharing PostgreSQL and Redis, with a socket on each (issue #43).

Now and then during play every seat and the spectator also ask for the table's record: before the
end it is the asker's own history, checked like the rest (its events exactly the seat's own).

The seats and the spectator also chat now and then (issue #46), each message a unique marker: chat is
public and never part of a seat's view, so no state, view or record sent holds a marker; no chat
payload (the POST's answer, GET /chat, the websocket's `chat` messages) holds a seat token, and the
server's log holds none; a seat never gets the spectators' channel while the game runs, and every
socket gets every message of the channels it reads.

Each table is a Hypothesis property over the random moves' seed: one game per table in the
everyday profile, ten in `thorough` (tests/budget_helpers.py).
"""

from __future__ import annotations

import functools
import json
import random
import re
import uuid
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from live_helpers import SeatSocket, start_server
from sqlalchemy import create_engine, select
from sqlalchemy.orm import Session

from budget_helpers import examples
from cosmotable.engine import GameConfig
from cosmotable.engine.audit import json_differences
from cosmotable.engine.record import GameRecord
from cosmotable.server.db import ActionRow, TableRow

# (game, variants, options, seats); a turn cap (the games' own rule for a game that stalls) keeps
# each random game to a few hundred moves at most
TABLES = [
    pytest.param("mlem", [], {}, 2, id="mlem-2p"),
    pytest.param("mlem", ["secret_missions", "ufo", "discovery"], {}, 3, id="mlem-secret_missions-3p"),
    pytest.param("kosmodrom", [], {"max_turns": 24}, 2, id="kosmodrom-2p"),
    pytest.param(
        "kosmodrom", ["negotiation", "superpowers"], {"max_turns": 12}, 3, id="kosmodrom-variants-3p"
    ),
    pytest.param("planet", [], {"max_turns": 100}, 2, id="planet-2p"),
    pytest.param("planet", ["teams"], {"max_turns": 40}, 4, id="planet-teams-4p"),
]
#: Every table on SQLite; on PostgreSQL the richest one only. What a seat is sent is built from the
#: engine's views and the record, the same whatever the database; the PostgreSQL run checks that a
#: record read back from PostgreSQL (the replay below) holds what the SQLite one does.
#: The last case runs two server processes sharing PostgreSQL and fanning out through Redis: each
#: seat's socket (and the spectator's) alternates between them, and the actions go to the first, so
#: every push to a socket on the second was built there from a change made elsewhere.
CASES = [
    *(pytest.param("sqlite", 1, *table.values, id=f"sqlite-{table.id}") for table in TABLES),
    pytest.param("postgresql", 1, *TABLES[3].values, id=f"postgresql-{TABLES[3].id}"),
    *(
        pytest.param("postgresql", 2, *TABLES[i].values, id=f"postgresql-redis-2-processes-{TABLES[i].id}")
        for i in (1, 3)
    ),
]
SPECTATOR = None
MOVE_LIMIT = 3000


@pytest.fixture
def live_servers(request, tmp_path, database_url, processes):
    if processes == 2:
        yield request.getfixturevalue("live_pair")  # on the same PostgreSQL database
        return
    server = start_server(tmp_path, database_url)
    yield (server,)
    server.stop()
    assert "Traceback" not in server.output(), server.output()


@dataclass
class Received:
    """One thing a seat was sent: a websocket message or an HTTP response body, at a table step."""

    seat: int | None
    step: int
    text: str
    what: str


@pytest.mark.parametrize(
    "database_url, processes, game, variants, options, players", CASES, indirect=["database_url"]
)
@given(moves_seed=st.integers(0, 2**32 - 1))
@settings(
    max_examples=examples(1),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
def test_nothing_sent_to_a_seat_holds_another_seats_secrets_or_the_seed(
    live_servers, database_url, processes, game, variants, options, players, moves_seed
):
    # the server processes are shared by the examples: each plays a table of its own
    rng = random.Random(moves_seed)
    live_server = live_servers[0]
    with live_server.client() as http:
        created = http.post(
            "/api/tables",
            json={
                "game": game,
                "variants": variants,
                "options": options,
                "seats": [{"kind": "human"}] * players,
            },
        )
        assert created.status_code == 201, created.text
        made = created.json()
        table_id = made["table"]["id"]
        tokens = {link["seat"]: link["token"] for link in made["seats"]}
        received = [Received(seat, 0, created.text, "POST /api/tables") for seat in (*tokens, SPECTATOR)]
        started = http.post(f"/api/tables/{table_id}/start", headers={"X-Host-Token": made["host_token"]})
        assert started.status_code == 200, started.text

        watchers = (*tokens, SPECTATOR)
        sockets = [
            SeatSocket.open(live_servers[n % len(live_servers)], table_id, tokens.get(seat), seat)
            for n, seat in enumerate(watchers)
        ]
        for socket in sockets:
            socket.read_in_background()
        for socket in sockets:
            # the server subscribes a socket to the table's changes before it sends the first state:
            # chat written before that would not be this socket's to get
            socket.wait_for_step(0)
        chat: list[tuple[str, str]] = []  # (channel, marker) of each message the server took
        try:
            final_step = _play(http, table_id, tokens, rng, received, chat)
            for socket in sockets:
                socket.wait_for_step(final_step)
        finally:
            for socket in sockets:
                socket.close()

    record = stored_record(database_url, table_id)
    assert len(record.actions) == final_step
    seed = record.seed
    assert seed.bit_length() > 64, "the server's seeds must be long"
    for socket in sockets:
        received += [
            # a chat message carries the step at which it was written
            Received(socket.seat, message["message"]["step"], text, f"websocket chat message {n}")
            if message.get("type") == "chat"
            else Received(socket.seat, message.get("step", -1), text, f"websocket message {n}")
            for n, (message, text) in enumerate(zip(socket.messages, socket.raw))
        ]
        problems_of_chat = chat_problems(socket, chat)
        assert not problems_of_chat, problems_of_chat
    truth = Truth(record, {item.step for item in received})
    problems = []
    for item in received:
        problems += check(item, str(seed), truth)
    problems += chat_leaks(received, chat, tokens, [server.output() for server in live_servers])
    assert not problems, f"{len(problems)} problems, the first ones:\n" + "\n".join(problems[:15])
    # the figure of the closing notes (`pytest -s`): what was compared with the engine's truth
    sockets_seen = sum(1 for item in received if item.what.startswith("websocket"))
    print(f"\nleak audit {game} on {processes} process(es): {len(received)} answers and messages checked")
    print(f"  ({sockets_seen} websocket messages) over {final_step} steps")


def _play(
    http,
    table_id: str,
    tokens: dict[int, str],
    rng: random.Random,
    received: list[Received],
    chat: list[tuple[str, str]],
) -> int:
    """Random legal moves over HTTP until the game ends; every response is kept as received by the
    seat that asked (or the spectator). Now and then the seat to act, or the spectator, writes in the
    chat (`chat` gets each message the server took). Returns the final step."""
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
        for writer, channel in ((seat, "players"), (SPECTATOR, "spectators")):
            if rng.random() < 0.06 or not illegal_tried:  # always in the first turn
                marker = f"chatmark{uuid.uuid4().hex}"
                written = http.post(
                    f"/api/tables/{table_id}/chat",
                    headers={"X-Seat-Token": tokens[writer]} if writer is not None else {},
                    json={"channel": channel, "text": marker},
                )
                assert written.status_code in (201, 429), written.text  # 429: past the chat's rate
                if written.status_code == 201:
                    chat.append((channel, marker))
                    received.append(Received(writer, step, written.text, "POST /chat"))
        if not illegal_tried:  # a refusal's message is sent to the seat too
            refused = http.post(
                f"/api/tables/{table_id}/actions",
                headers=headers,
                json={"action": "no such move", "client_action_id": uuid.uuid4().hex},
            )
            assert refused.status_code in (409, 422), refused.text
            received.append(Received(seat, step, refused.text, "refused action"))
            illegal_tried = True
        if rng.random() < 0.05:  # now and then every seat and the spectator look at the table
            for other, token in (*tokens.items(), (SPECTATOR, None)):
                look = http.get(
                    f"/api/tables/{table_id}/state", headers={"X-Seat-Token": token} if token else {}
                )
                assert look.status_code == 200, look.text
                received.append(Received(other, step, look.text, "GET /state (any seat)"))
                record = http.get(
                    f"/api/tables/{table_id}/record", headers={"X-Seat-Token": token} if token else {}
                )
                assert record.status_code == 200, record.text
                assert record.json()["format"] == "cosmotable-seat-history", "the full record before the end"
                received.append(Received(other, step, record.text, "GET /record (running)"))
                log = http.get(
                    f"/api/tables/{table_id}/chat", headers={"X-Seat-Token": token} if token else {}
                )
                assert log.status_code == 200, log.text
                received.append(Received(other, step, log.text, "GET /chat"))
        answer = http.post(
            f"/api/tables/{table_id}/actions",
            headers=headers,
            json={"action": rng.choice(legal)["json"], "client_action_id": uuid.uuid4().hex},
        )
        assert answer.status_code == 200, answer.text
        received.append(Received(seat, answer.json()["step"], answer.text, "POST /actions"))
    raise AssertionError(f"the game did not end within {MOVE_LIMIT} moves")


def stored_record(database_url: str, table_id: str) -> GameRecord:
    """The table's full record as the server stored it: what the engine replays to the truth."""
    engine = create_engine(database_url)
    try:
        with Session(engine) as session:
            row = session.get(TableRow, table_id)
            actions = session.scalars(
                select(ActionRow.text).where(ActionRow.table_id == table_id).order_by(ActionRow.index)
            ).all()
            return GameRecord(
                row.game, GameConfig.from_json(json.loads(row.config)), int(row.seed), list(actions)
            )
    finally:
        engine.dispose()


class Truth:
    """What each seat may and may not see at each step, from the engine's full state (replayed).

    The event log only grows while a game is replayed, so each seat's events, and the strings they
    show or keep from it, are carried from one step to the next instead of rebuilt at every step."""

    def __init__(self, record: GameRecord, steps: set[int]):
        self.at: dict[int, dict] = {}
        seen = 0
        state = None
        for step, state in enumerate(record.states()):
            if step == 0:
                seats = list(range(state.config.num_players))
                everyone = (*seats, SPECTATOR)
                events = {seat: [] for seat in everyone}
                shown = {seat: set() for seat in everyone}  # strings of the events a seat sees
                kept = {seat: set() for seat in everyone}  # strings of the events it does not
            for event in state.events[seen:]:
                normal = _normal(event.to_json())
                words = _strings(normal, keys=False)
                for seat in everyone:
                    if event.visible(seat):
                        events[seat].append(normal)
                        shown[seat] |= words
                    else:
                        kept[seat] |= words
            seen = len(state.events)
            if step in steps:
                self.at[step] = self._facts(state, seats, events, shown, kept)

    @staticmethod
    def _facts(state, seats, events, shown, kept) -> dict:
        everyone = (*seats, SPECTATOR)
        full = _strings(state.snapshot(), keys=False)
        views = {seat: _normal(state.view(seat)) for seat in seats}
        views[SPECTATOR] = _normal(state.public_view())
        view_strings = {seat: _strings(views[seat]) for seat in everyone}
        view_values = {seat: _strings(views[seat], keys=False) for seat in seats}
        to_act = state.current_player()
        legal = {
            seat: sorted(str(a) for a in state.legal_actions()) if seat == to_act else [] for seat in everyone
        }
        hidden = {}
        for seat in everyone:
            secret = full | kept[seat]
            for other in seats:
                if other != seat:
                    secret |= view_values[other]
            visible = view_strings[seat] | view_strings[SPECTATOR] | shown[seat] | _strings(legal[seat])
            hidden[seat] = {value for value in secret - visible if _meaningful(value)}
        # a seat's events so far: its (growing) list and how long it was at this step
        so_far = {seat: (events[seat], len(events[seat])) for seat in everyone}
        return {"views": views, "events": so_far, "legal": legal, "hidden": hidden}


def check(item: Received, seed: str, truth: Truth) -> list[str]:
    where = f"{item.what} to seat {item.seat} at step {item.step}"
    problems = []
    if seed in item.text:
        problems.append(f"{where}: holds the table's seed")
    facts = truth.at.get(item.step)
    if facts is None:
        return problems + [f"{where}: step {item.step} is not in the game's record"]
    body = json.loads(item.text)
    # the values of the whole body, and the keys inside the view (the envelope's own keys, such as
    # "step" or "table", are the API's field names, which a game may also use as a value)
    sent = _strings(body, keys=False)
    if isinstance(body, dict):
        sent |= _strings(body.get("view"))
    leaked = sorted(facts["hidden"][item.seat] & sent)
    if leaked:
        problems.append(f"{where}: holds hidden values {leaked[:8]}")
    if isinstance(body, dict) and body.get("type") == "state":
        view_differences = json_differences("view", facts["views"][item.seat], body["view"])
        problems += [f"{where}: {line}" for line in view_differences]
        for event in body["events"]:
            index = event.pop("index")
            log, count = facts["events"][item.seat]
            if index >= count or log[index] != event:
                problems.append(f"{where}: event {index} is not the seat's event {index}: {event}")
        legal = sorted(action["text"] for action in body["legal_actions"])
        if legal != facts["legal"][item.seat]:
            problems.append(f"{where}: legal actions {legal[:5]} are not the engine's")
    if isinstance(body, dict) and body.get("format") == "cosmotable-seat-history":
        # the seat's own history before the end: exactly its own events, nothing of the record
        log, count = facts["events"][item.seat]
        events = [{k: v for k, v in event.items() if k != "index"} for event in body["events"]]
        if events != log[:count]:
            problems.append(f"{where}: the history's {len(events)} events are not the seat's {count}")
        if "actions" in body or "seed" in body:
            problems.append(f"{where}: the running table's history holds the actions or the seed")
    return problems


def chat_problems(socket: SeatSocket, chat: list[tuple[str, str]]) -> list[str]:
    """A socket got exactly the chat of the channels it reads while the game runs: a seat the
    players', a spectator both, in the order written."""
    reads = ("players", "spectators") if socket.seat is SPECTATOR else ("players",)
    got = [m["message"]["text"] for m in socket.messages if m.get("type") == "chat"]
    wanted = [marker for channel, marker in chat if channel in reads]
    return [] if got == wanted else [f"socket of seat {socket.seat} got chat {got}, not {wanted}"]


def chat_leaks(received: list[Received], chat: list[tuple[str, str]], tokens: dict, logs: list[str]):
    """Chat is never part of a seat's view (no marker outside the chat's own payloads), a seat reads
    no spectators' message while the game runs, and no seat token is in a chat payload or the log."""
    problems = []
    spectators = [marker for channel, marker in chat if channel == "spectators"]
    for item in received:
        where = f"{item.what} to seat {item.seat} at step {item.step}"
        if "chat" not in item.what:
            problems += [f"{where}: holds chat {m}" for _, m in chat if m in item.text]
            continue
        problems += [f"{where}: holds seat {s}'s token" for s, token in tokens.items() if token in item.text]
        if item.seat is not SPECTATOR:
            problems += [f"{where}: holds the spectators' {m}" for m in spectators if m in item.text]
    for log in logs:
        problems += [
            f"the server's log holds seat {s}'s token" for s, token in tokens.items() if token in log
        ]
    return problems


def _normal(value):
    """As it would be after a trip through JSON (tuples become lists, keys strings)."""
    return json.loads(json.dumps(value))


_WORD = re.compile(r"[\w:.\-]+")


def _strings(value, keys: bool = True) -> set[str]:
    """Every string in a JSON-ready value, and each word of it (so a value named inside a sentence
    is found too); with `keys`, dict keys count as well."""
    texts: set[str] = set()
    pending = [value]
    pop, extend, add = pending.pop, pending.extend, texts.add
    while pending:  # exact types, not isinstance: this walk is most of the test's time
        item = pop()
        kind = type(item)
        if kind is str:
            add(item)
        elif kind is dict:
            if keys:
                texts.update(map(str, item))
            extend(item.values())
        elif kind is list or kind is tuple:
            extend(item)
        # subclasses (an enum's str value, a Counter or defaultdict in a snapshot) take the slow path
        elif isinstance(item, str):
            add(item)
        elif isinstance(item, dict):
            if keys:
                texts.update(map(str, item))
            extend(item.values())
        elif isinstance(item, (list, tuple)):
            extend(item)
    found = set(texts)
    for text in texts:
        found |= _words(text)
    return found


@functools.cache
def _words(text: str) -> frozenset[str]:
    # the same texts come back in every view and message of a game: split each once
    return frozenset(_WORD.findall(text))


def _meaningful(value: str) -> bool:
    """A string that names something (a card, a mission, a tile), not a digit or a one-letter mark."""
    return len(value) >= 3 and any(character.isalpha() for character in value)


@pytest.mark.parametrize(
    "database_url, processes", [("sqlite", 1), ("postgresql", 1)], indirect=["database_url"]
)
def test_an_accounts_session_never_reads_another_accounts_hand_games_or_settings(live_servers, processes):
    """Two accounts at one table, each in a browser of its own (a cookie jar): a session opens no
    seat by itself (seats open by their tokens), and an account's games list, with its seat links,
    is its own. What Bea's seat sees is compared with everything Ada's session is answered."""
    live_server = live_servers[0]
    with live_server.client() as ada, live_server.client() as bea, live_server.client() as guest:
        for http, name in ((ada, "Ada"), (bea, "Bea")):
            signed = http.post("/api/account", json={"name": name, "password": f"{name} password 1"})
            assert signed.status_code == 201, signed.text
        made = ada.post("/api/tables", json={"game": "mlem", "seats": [{"kind": "human"}] * 2}).json()
        table_id = made["table"]["id"]
        joined = bea.post(f"/api/tables/{table_id}/join", json={})
        assert joined.status_code == 200 and joined.json()["seat"] == 1
        bea_token = joined.json()["token"]
        ada.post(f"/api/tables/{table_id}/start", headers={"X-Host-Token": made["host_token"]})
        bea_view = bea.get(f"/api/tables/{table_id}/state", headers={"X-Seat-Token": bea_token}).json()
        hidden = json.dumps(bea_view["view"], sort_keys=True)
        # Ada's session without a token is a spectator's, exactly what a guest sees
        as_ada = ada.get(f"/api/tables/{table_id}/state").json()
        as_guest = guest.get(f"/api/tables/{table_id}/state").json()
        assert as_ada["seat"] is None and as_ada["view"] == as_guest["view"]
        assert as_ada["view"] != bea_view["view"] and hidden != json.dumps(as_ada["view"], sort_keys=True)
        answers = [
            ada.get("/api/account/games"),
            ada.get("/api/session"),
            ada.get(f"/api/tables/{table_id}"),
            ada.get(f"/api/tables/{table_id}/record"),
            ada.post("/api/seats/lookup", json={"seats": [{"table_id": table_id, "token": "guessed-token"}]}),
        ]
        for answer in answers:
            assert answer.status_code == 200, answer.text
            assert bea_token not in answer.text
        held = [(i["table"]["id"], i["seat"]) for items in answers[0].json().values() for i in items]
        assert held == [(table_id, 0)]
        bea_held = [i["seat"] for items in bea.get("/api/account/games").json().values() for i in items]
        assert bea_held == [1]
        # Ada's settings (here: her chat mutes) are hers: Bea's session reads its own empty list at
        # the same table, and nothing Bea or a guest is answered names Ada's mute
        mutes = f"/api/account/mutes/{table_id}"
        assert ada.put(mutes, json={"seats": [1]}).json() == {"seats": [1]}
        assert bea.get(mutes).json() == {"seats": []}
        for http in (bea, guest):
            for path in ("", "/chat", "/state", "/record"):
                answer = http.get(f"/api/tables/{table_id}{path}")
                assert answer.status_code == 200 and "mute" not in answer.text.lower(), path
        assert "mute" not in bea.get("/api/account/games").text.lower()
        # without a session there is no private list at all; another's cookie name is no key
        for path in ("/api/account/games", mutes):
            assert guest.get(path).status_code == 401
            guest.cookies.set("cosmotable_session", "Bea")
            assert guest.get(path).status_code == 401
            guest.cookies.clear()
        assert ada.get(mutes).json() == {"seats": [1]}
