"""Shared pieces of the MLEM module's browser tests: paths, the harness page driver, and engine
positions from random games (all variants, 2-5 players) to render."""

from __future__ import annotations

import http.server
import random
from pathlib import Path

from cosmotable import games
from cosmotable.engine import CHANCE

ROOT = Path(__file__).resolve().parents[3]
HARNESS = Path(__file__).with_name("harness.html")
ARTIFACTS = ROOT / "tests" / "web" / "artifacts"


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):  # keep the test output clean
        pass


class Harness:
    """One page of the harness; collects every JavaScript error."""

    def __init__(self, page, url):
        self.page = page
        self.errors: list[str] = []
        page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        page.on("console", lambda msg: self.errors.append(msg.text) if msg.type == "error" else None)
        page.goto(url + "/harness.html")
        page.wait_for_function("window.harnessReady === true")

    def render(self, view, legal=(), seat=None, interactive=True, new_events=(), lang="en"):
        self.page.evaluate(
            "opts => window.mlemRender(opts)",
            {
                "view": view,
                "legal": list(legal),
                "seat": seat,
                "interactive": interactive,
                "newEvents": list(new_events),
                "lang": lang,
            },
        )

    def keys(self, jsons):
        return set(self.page.evaluate("list => list.map(j => window.actionKey(j))", list(jsons)))

    def acted(self):
        return self.page.evaluate("window.acted")

    def missing(self):
        return self.page.evaluate("window.missing")


def legal_entries(state):
    return [{"text": str(a), "json": a.to_json()} for a in state.legal_actions()]


CONFIGS = [
    (2, ()),
    (3, ()),
    (5, ()),
    (2, ("ufo",)),
    (3, ("discovery",)),
    (4, ("secret_missions",)),
    (2, ("ufo", "discovery", "secret_missions")),
    (4, ("ufo", "discovery", "secret_missions")),
]


def positions(seed: int, every: int = 7, limit: int = 400):
    """Decision points of random games over CONFIGS: (state, config) every `every` decisions."""
    rng = random.Random(seed)
    for num, variants in CONFIGS:
        state = games.get("mlem").new_state(num, seed=rng.randrange(10**6), variants=list(variants))
        decisions = 0
        while not state.is_terminal() and decisions < limit:
            if state.current_player() == CHANCE:
                state.sample_chance()
                continue
            if decisions % every == 0:
                yield state.clone(), (num, variants)
            state.apply(rng.choice(state.legal_actions()))
            decisions += 1
        if state.is_terminal():
            yield state, (num, variants)
