"""Kosmodrom's browser module on a test page: a static server over `src/cosmotable/web` plus a page
that renders any view with a stub ctx, and positions taken from real engine games.

The page (written by `module_page`) exposes `window.kd`:
  `kd.show(position, lang)`  render a position (view, legal, seat, new events) on a fresh root
  `kd.explore()`             (async) click through every move the board offers (depth first) and return the
                             json of each action sent, with the clicks that led to it
  `kd.acted`                 the json of every action the stub `ctx.act` received
  `kd.missing`               catalog keys the module asked for that the catalog lacks
"""

from __future__ import annotations

import functools
import http.server
import json
import random
import threading
from pathlib import Path

from web_helpers import client_site

from cosmotable import games

LANGS = ("en", "uk", "ru", "nl", "pl")
SEAT_COLOURS = ["#c0392b", "#2471a3", "#239b56", "#b9770e"]

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,"></head>
<body><div id="root"></div>
<script type="module">
import module from "./web/games/kosmodrom/index.js";
const catalogs = {};
for (const lang of %(langs)s) {
  catalogs[lang] = await (await fetch(`./web/games/kosmodrom/i18n/${lang}.json`)).json();
}
const colours = %(colours)s;
const kd = { acted: [], missing: [], module };
function translator(lang) {
  return (key, params = {}) => {
    let text = catalogs[lang][key];
    if (text === undefined) { kd.missing.push(`${lang}:${key}`); text = catalogs.en[key]; }
    if (text === undefined) return key;
    return text.replace(/\\{(\\w+)\\}/g, (m, k) => (k in params ? String(params[k]) : m));
  };
}
function context(position, lang) {
  return {
    view: position.view, seat: position.seat, legal: position.legal, newEvents: position.events || [],
    t: translator(lang), lang, interactive: position.seat !== null,
    playerName: (s) => `P${s}`, seatColor: (s) => colours[s],
    act: (json) => { kd.acted.push(json); return Promise.resolve(); },
  };
}
kd.show = (position, lang = "en") => {
  const root = document.createElement("div");
  root.id = "root";
  document.getElementById("root").replaceWith(root);
  kd.ctx = context(position, lang);
  module.render(root, kd.ctx);
  // the module keeps a half-built move across renders of the same position: start from none
  const cancel = root.querySelector('[data-pick="cancel"]');
  if (cancel) cancel.click();
  kd.position = position;
  kd.lang = lang;
  return root.querySelectorAll("[data-pick]").length;
};
function click(pick) {
  const el = document.querySelector(`#root [data-pick="${CSS.escape(pick)}"]`);
  if (!el) throw new Error(`no control ${pick}`);
  el.dispatchEvent(new MouseEvent("click", { bubbles: true }));
}
const picksNow = () => [...new Set([...document.querySelectorAll("#root [data-pick]")].map((e) => e.dataset.pick))];
function replay(path) {
  kd.show(kd.position, kd.lang);
  path.forEach(click);
}
// Depth first through every control the board offers. A one-click move is clicked (the stub records
// what it sends); a move that ends with a confirm is read from the confirm button, and every
// `sample`-th of those is clicked through as well, checking that the json sent is the one shown.
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
kd.explore = async (sample = 7) => {
  const found = [];
  let confirms = 0;
  async function visit(path) {
    for (const pick of picksNow().filter((p) => !path.includes(p) && p !== "cancel")) {
      if (pick === "confirm") {
        const shown = document.querySelector('#root [data-pick="confirm"]').dataset.action;
        if (confirms %% sample === 0) {
          const before = kd.acted.length;
          click("confirm");
          if (kd.acted.length !== before + 1) throw new Error(`confirm after ${path} sent nothing`);
          const sent = JSON.stringify(kd.acted[kd.acted.length - 1]);
          if (sent !== shown) throw new Error(`confirm showed ${shown}, sent ${sent}`);
          await settle(); // the module waits for the stub's answer before it takes clicks again
          replay(path);
        }
        confirms += 1;
        found.push({ json: JSON.parse(shown), path: [...path, pick] });
        continue;
      }
      const before = kd.acted.length;
      click(pick);
      if (kd.acted.length > before) {
        found.push({ json: kd.acted[kd.acted.length - 1], path: [...path, pick] });
        await settle();
        replay(path);
        continue;
      }
      await visit([...path, pick]);
      // take the pick back (a second click), or start again when its control is gone
      if (document.querySelector(`#root [data-pick="${CSS.escape(pick)}"]`)) click(pick);
      else replay(path);
    }
  }
  replay([]);
  await visit([]);
  return found;
};
window.kd = kd;
window.kdReady = true;
</script></body></html>
"""


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):  # keep test output clean
        pass


def serve_page(folder: Path):
    """Serve `folder` (holding `web`, the client's files and the games' modules as the server lays
    them out, and the test page) on a free port."""
    client_site(folder / "web")
    (folder / "kosmodrom.html").write_text(
        PAGE % {"langs": json.dumps(list(LANGS)), "colours": json.dumps(SEAT_COLOURS)}, encoding="utf-8"
    )
    handler = functools.partial(_QuietHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/kosmodrom.html"


def legal_entries(state) -> list[dict]:
    return [{"text": str(a), "json": a.to_json()} for a in state.legal_actions()]


def positions(seed: int, num_players: int, variants: list[str], every: int, limit: int):
    """Decision points of a random game (one in `every`, up to `limit`): the acting seat's view and
    legal actions with the events it saw since its previous position, and a spectator's view."""
    state = games.get("kosmodrom").new_state(num_players=num_players, seed=seed, variants=variants)
    rng = random.Random(seed)
    seen = [0] * num_players
    out = []
    step = 0
    while not state.is_terminal() and len(out) < limit:
        if state.is_chance_node():
            state.sample_chance()
            continue
        seat = state.current_player()
        if step % every == 0 or state.phase in ("answer", "stolen", "discard_order", "field_duty"):
            events = [e.to_json() for e in state.events_for(seat)]
            out.append(
                {
                    "view": state.view(seat),
                    "legal": legal_entries(state),
                    "seat": seat,
                    "events": events[seen[seat] :],
                    "config": [seed, num_players, variants],
                }
            )
            seen[seat] = len(events)
            if step % (every * 4) == 0:
                out.append(
                    {
                        "view": state.public_view(),
                        "legal": [],
                        "seat": None,
                        "events": [],
                        "config": [seed, num_players, variants],
                    }
                )
        step += 1
        state.apply(rng.choice(state.legal_actions()))
    if state.is_terminal():
        for seat in range(num_players):
            out.append(
                {
                    "view": state.view(seat),
                    "legal": [],
                    "seat": seat,
                    "events": [e.to_json() for e in state.events_for(seat)][seen[seat] :],
                    "config": [seed, num_players, variants],
                }
            )
    return out


def finished_game(seed: int, num_players: int, variants: list[str]):
    """A random game played to its end: the final state."""
    state = games.get("kosmodrom").new_state(num_players=num_players, seed=seed, variants=variants)
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.sample_chance()
        else:
            state.apply(rng.choice(state.legal_actions()))
    return state


def move_family(json_action: dict) -> str:
    """A kind of move as the board builds it: the action kind, and for a played card its type of
    target (an action card by name)."""
    if json_action["kind"] != "play":
        return json_action["kind"]
    card = games.get("kosmodrom").new_state(num_players=2, seed=0).cards.cards[json_action["card"]]
    if card.type == "action":
        return f"play {card.id}" + (" two" if "," in json_action["target"] else "")
    return f"play {card.type}"


NEGOTIATION_FAMILIES = {"offer", "give", "want", "propose", "withdraw", "accept", "refuse"}


def positions_for_every_move_family(families: set[str], seeds: range):
    """For each move family, a decision point of a random game whose legal moves include it (the
    first found over `seeds`; 3 players). Offers and answers come from games with the negotiation
    variant, every other family from games without it (where no offer is being built, so a random game
    reaches every card play sooner)."""
    found: dict[str, dict] = {}
    for seed in seeds:
        variants = ["negotiation"] if seed % 2 else []
        wanted = families & NEGOTIATION_FAMILIES if variants else families - NEGOTIATION_FAMILIES
        state = games.get("kosmodrom").new_state(num_players=3, seed=seed, variants=variants)
        rng = random.Random(seed)
        while not state.is_terminal() and not wanted <= set(found):
            if state.is_chance_node():
                state.sample_chance()
                continue
            legal = legal_entries(state)
            new = {move_family(e["json"]) for e in legal} & wanted - set(found)
            for family in new:
                seat = state.current_player()
                found[family] = {
                    "view": state.view(seat),
                    "legal": legal,
                    "seat": seat,
                    "events": [],
                    "config": [seed, 3, variants],
                }
            state.apply(rng.choice(state.legal_actions()))
        if len(found) == len(families):
            break
    return found
