"""Positions of real games on a real server for the layout tests (tests/web/test_table_layout.py,
test_table_text_fit.py) and the screenshot script (scripts/table_screenshots.py).

A position is reached through the API, not by clicks: seat 0 (a human) plays seeded random legal
moves, the other seats are the random bot, until seat 0 has made `decisions` decisions (and, with
`want`, until one of its legal moves is of a kind in `want`: a negotiation, a peek, a choice). The
page is then opened on that seat, as its player would see it.
"""

from __future__ import annotations

import random
import time
import uuid

from web_helpers import Server

LANGS = ("en", "uk", "ru", "pl", "nl")
SIZES = {"desktop": (1280, 800), "laptop": (1366, 768), "phone": (375, 667)}
LOCALES = {"en": "en-US", "uk": "uk-UA", "ru": "ru-RU", "pl": "pl-PL", "nl": "nl-NL"}

#: per game: (name, decisions, kinds wanted, kinds steered to, variants): the start, the middle, and
#: a decision of the game's own kind (Kosmodrom: an offer being built; MLEM: landing; Planet: an
#: ability, a peek or the knight)
POSITIONS = {
    "kosmodrom": [
        ("start", 0, None, None, []),
        ("mid", 14, None, None, []),
        ("negotiation", 1, {"give", "want"}, {"offer"}, ["negotiation"]),
    ],
    "mlem": [
        ("start", 0, None, None, []),
        ("mid", 8, None, None, ["discovery"]),
        ("choice", 2, {"land"}, None, ["secret_missions"]),
    ],
    "planet": [
        ("start", 0, None, None, []),
        ("mid", 12, None, None, []),
        ("choice", 2, {"peek", "knight", "ability", "meteor"}, None, []),
    ],
}


def my_turn(server: Server, table_id: str, token: str, timeout: float = 60.0) -> dict:
    """The seat's state once it has a decision to make (or the game is over)."""
    deadline = time.monotonic() + timeout
    while True:
        state = server.state(table_id, token)
        if state["table"]["status"] == "finished" or (
            state["table"]["to_act"] == state["seat"] and state["legal_actions"]
        ):
            return state
        if time.monotonic() > deadline:
            raise AssertionError(f"seat {state['seat']} got no decision in {timeout} s: {state['table']}")
        time.sleep(0.1)


def reach(
    server: Server,
    game: str,
    decisions: int,
    want=None,
    steer=None,
    variants=(),
    seed: int = 1,
    players: int = 2,
    limit: int = 400,
    coach: bool = False,
):
    """Create and start a table (seat 0 human, the others random bots) and play seat 0 to the
    position described above (a move of a kind in `steer` is taken whenever one is offered); returns
    (table id, seat 0's token, its state)."""
    seats = [{"kind": "human", "name": "Ada"}] + [
        {"kind": "bot", "bot": "random", "name": f"Bot {i + 1}"} for i in range(1, players)
    ]
    created = server.create_table(game, seats, variants=list(variants), coach=coach)
    server.start(created)
    table_id = created["table"]["id"]
    token = next(s["token"] for s in created["seats"] if s["seat"] == 0)
    rng = random.Random(seed)
    for made in range(limit):
        state = my_turn(server, table_id, token)
        kinds = {a["json"].get("kind") for a in state["legal_actions"] if isinstance(a["json"], dict)}
        if state["table"]["status"] == "finished":
            break
        if made >= decisions and (not want or kinds & want):
            return table_id, token, state
        options = [a for a in state["legal_actions"] if steer and a["json"].get("kind") in steer]
        options = options or state["legal_actions"]
        server.act(table_id, token, rng.choice(options)["json"], uuid.uuid4().hex)
    raise AssertionError(f"{game}: no position with {decisions} decisions and {want} within {limit} moves")


def open_table(page, server: Server, table_id: str, token: str) -> None:
    """Load the table page for the seat and wait until its board is drawn."""
    page.goto(f"{server.url}/#/table/{table_id}?token={token}")
    page.wait_for_selector("body[data-ready]")
    page.wait_for_selector(f'.table-page[data-table="{table_id}"] #board[data-step]')
    # measured only once every style sheet (the game's own is linked by its module) and font is in:
    # on a loaded machine a fixed pause measured pages still laid out without the game's CSS
    page.wait_for_function(
        "[...document.querySelectorAll('link[rel=stylesheet]')].every((link) => link.sheet)"
        " && document.fonts.status === 'loaded'"
    )
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def position(server: Server, game: str, name: str, seed: int = 1):
    """`reach` the named position of POSITIONS[game]."""
    _, decisions, want, steer, variants = next(p for p in POSITIONS[game] if p[0] == name)
    return reach(server, game, decisions, want=want, steer=steer, variants=variants, seed=seed)
