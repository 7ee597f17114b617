"""Helpers for the Planet module's browser tests: a static server for the module and its test page, and
positions of real random games (views, legal actions, events) to hand to it.

Named `planet_page_helpers` so it never shadows another test folder's helpers on `sys.path`.
"""

from __future__ import annotations

import functools
import random
import shutil
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from web_helpers import client_site

from cosmotable import games
from cosmotable.engine import CHANCE

HERE = Path(__file__).resolve().parent
ARTIFACTS = HERE / "artifacts"


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args):  # the test output stays readable
        pass


def serve_harness(tmp: Path):
    """Serve `tmp` holding the test page and `web/` (the client's files and the games' modules, as
    the server lays them out); returns (url, stop)."""
    shutil.copy(HERE / "planet_harness.html", tmp / "harness.html")
    client_site(tmp / "web")
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(tmp)))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()

    def stop():
        httpd.shutdown()
        httpd.server_close()

    return f"http://127.0.0.1:{httpd.server_address[1]}/harness.html", stop


def legal_entries(state):
    return [{"text": str(a), "json": a.to_json()} for a in state.legal_actions()]


def play_positions(num_players: int, seed: int, every: int, limit: int = 400, variants=None, pick=None):
    """Yield each `every`-th decision position of a game played by random legal moves (chance by the
    engine's own RNG); `pick(state, rng)` may choose the move instead."""
    game = games.get("planet")
    state = game.new_state(num_players, seed=seed, variants=variants or [])
    rng = random.Random(seed)
    decisions = 0
    for _ in range(limit):
        if state.is_terminal():
            break
        if state.current_player() == CHANCE:
            state.sample_chance()
            continue
        if decisions % every == 0:
            yield state
        decisions += 1
        legal = state.legal_actions()
        state.apply(pick(state, rng) if pick else rng.choice(legal))
    yield state


def no_claims(state, rng):
    """A random legal move, never proposing or accepting the end by claim (games then run long)."""
    legal = state.legal_actions()
    if any(a.kind == "refuse" for a in legal):
        return next(a for a in legal if a.kind == "refuse")
    return rng.choice([a for a in legal if a.kind != "claim"] or legal)


def case_for(state, seat, lang="en", new_events=0):
    """What the shell would hand the module for `seat` (None: a spectator) at this position."""
    to_act = state.current_player() == seat and seat is not None
    view = state.view(seat) if seat is not None else state.public_view()
    events = [e.to_json() for e in state.events_for(seat)]
    return {
        "view": view,
        "seat": seat,
        "lang": lang,
        "interactive": seat is not None,
        "legal": legal_entries(state) if to_act else [],
        "newEvents": events[-new_events:] if new_events else [],
    }
