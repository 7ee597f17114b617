"""The Kosmodrom browser module (web/games/kosmodrom) in Chromium, on views from real engine games:
it draws what the view says, offers exactly the legal moves and sends their json unchanged, never
shows a hidden hand, narrates every event in every language, and throws no JavaScript error."""

import json
import re
from pathlib import Path

import pytest
from kosmodrom_web_helpers import (
    LANGS,
    finished_game,
    move_family,
    positions,
    positions_for_every_move_family,
    serve_page,
)
from web_helpers import catalog_forms, catalog_placeholders, game_web

from cosmotable.games.kosmodrom.cards import default_cards

CATALOGS = game_web("kosmodrom") / "i18n"
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
GAMES = [  # (seed, players, variants): every variant and player count
    (1, 2, []),
    (2, 3, ["quick"]),
    (3, 4, ["slow"]),
    (4, 3, ["negotiation"]),
    (5, 2, ["superpowers", "quick"]),
    (6, 4, ["negotiation", "superpowers"]),
]
# Negotiation positions are many (an offer is built one card a click), so fewer are clicked through.
POSITIONS = {(4, 3): 8, (6, 4): 5}


@pytest.fixture(scope="module")
def kosmo(browser, tmp_path_factory):
    """One page for the whole file (Chromium from tests/web/conftest.py) with the module's test page;
    JavaScript errors are collected in `kosmo.js_errors`."""
    server, url = serve_page(tmp_path_factory.mktemp("kosmodrom-page"))
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    pg = context.new_page()
    errors = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    pg.goto(url)
    pg.wait_for_function("window.kdReady === true")
    pg.js_errors = errors
    yield pg
    context.close()
    server.shutdown()


def show(page, position, lang="en"):
    page.evaluate("([p, l]) => kd.show(p, l)", [position, lang])


def board_state(page):
    """What the board shows, read back from the DOM."""
    return page.evaluate("""() => {
      const q = (s) => [...document.querySelectorAll(`#root ${s}`)];
      return {
        boards: q(".kd-board").map((b) => Number(b.dataset.seat)),
        rockets: q("[data-rocket]").map((r) => ({
          id: r.dataset.rocket, zone: r.dataset.zone, metal: Number(r.dataset.metal), fuel: Number(r.dataset.fuel),
          advantages: r.dataset.advantages ? r.dataset.advantages.split(" ") : [],
          owner: Number(r.closest(".kd-board").dataset.seat) })),
        experts: q(".kd-expert").map((e) => [Number(e.closest(".kd-board").dataset.seat), e.dataset.zone, e.dataset.expert]),
        pads: q(".kd-zone-pads").map((e) => [Number(e.closest(".kd-board").dataset.seat), e.dataset.zone, e.dataset.pads]),
        upgrades: q(".kd-upgrade").map((e) => [Number(e.closest(".kd-board").dataset.seat), e.dataset.card]),
        known: q(".kd-known").map((e) => [Number(e.closest(".kd-board").dataset.seat), e.dataset.card]),
        handCounts: q(".kd-header").map((e) => [Number(e.closest(".kd-board").dataset.seat), Number(e.dataset.handCount)]),
        hand: q(".kd-hand-card").map((e) => e.dataset.card),
        deck: Number(document.querySelector("#root .kd-deck").dataset.count),
        discardTop: document.querySelector("#root .kd-pile").dataset.top,
        discardCount: Number(document.querySelector("#root .kd-pile").dataset.count),
        centre: document.querySelector("#root .kd-pad-area").dataset.pads,
        countdown: document.querySelector("#root .kd-turn-info").dataset.countdown,
        text: document.querySelector("#root").innerText,
      };
    }""")


def expected_board(view):
    return {
        "boards": sorted(p["seat"] for p in view["players"]),
        "rockets": sorted(
            (r["id"], r["zone"], r["metal"], r["fuel"], tuple(r["advantages"]), r["owner"])
            for r in view["rockets"]
        ),
        "experts": sorted((p["seat"], z, e or "") for p in view["players"] for z, e in p["experts"].items()),
        "pads": sorted(
            (p["seat"], z, " ".join(c)) for p in view["players"] for z, c in p["launch_pads"].items()
        ),
        "upgrades": sorted((p["seat"], c) for p in view["players"] for c in p["upgrades"]),
        "known": sorted((p["seat"], c) for p in view["players"] for c in p["known_hand"]),
        "handCounts": sorted((p["seat"], p["hand_count"]) for p in view["players"]),
        "hand": view["hand"] or [],
        "deck": view["deck"]["count"],
        "discardTop": view["discard_top"] or "",
        "discardCount": len(view["discard"]),
        "centre": " ".join(view["launch_pad_area"]),
        "countdown": str(view["countdown"]["turns_left"]) if view["countdown"] else "",
    }


def drawn_board(dom):
    return {
        "boards": sorted(dom["boards"]),
        "rockets": sorted(
            (r["id"], r["zone"], r["metal"], r["fuel"], tuple(r["advantages"]), r["owner"])
            for r in dom["rockets"]
        ),
        "experts": sorted(tuple(e) for e in dom["experts"]),
        "pads": sorted(tuple(p) for p in dom["pads"]),
        "upgrades": sorted(tuple(u) for u in dom["upgrades"]),
        "known": sorted(tuple(k) for k in dom["known"]),
        "handCounts": sorted(tuple(h) for h in dom["handCounts"]),
        "hand": dom["hand"],
        **{k: dom[k] for k in ("deck", "discardTop", "discardCount", "centre", "countdown")},
    }


@pytest.mark.parametrize("seed,players,variants", GAMES, ids=lambda v: str(v))
def test_board_shows_the_view_and_offers_exactly_the_legal_moves(kosmo, seed, players, variants):
    checked = offered = 0
    for position in positions(seed, players, variants, every=9, limit=POSITIONS.get((seed, players), 14)):
        show(kosmo, position)
        assert drawn_board(board_state(kosmo)) == expected_board(position["view"])
        found = kosmo.evaluate("() => kd.explore()")
        sent = sorted(json.dumps(f["json"], sort_keys=True) for f in found)
        legal = sorted(json.dumps(e["json"], sort_keys=True) for e in position["legal"])
        # every legal action can be clicked, once, and nothing else can
        assert sent == legal, (position["view"]["phase"], set(sent) ^ set(legal))
        checked += 1
        offered += len(found)
    assert checked >= 5 and offered > checked
    assert kosmo.js_errors == []
    assert kosmo.evaluate("() => kd.missing") == []


FAMILIES = {
    "advance",
    "done",
    "draw",
    "take",
    "keep",
    "discard",
    "top",
    "offer",
    "give",
    "want",
    "propose",
    "withdraw",
    "accept",
    "refuse",
    "play rocket",
    "play component",
    "play expert",
    "play advantage",
    "play upgrade",
    "play scrub",
    "play key_to_start",
    "play budget_cut",
    "play top_priority",
    "play research",
    "play retest",
    "play headhunting",
    "play brainstorm",
    "play sabotage",
    "play soldering_iron",
    "play field_duty",
    "play espionage",
    "play espionage two",
    "play vacuum",
}


def test_every_kind_of_move_can_be_made_by_clicks_and_only_legal_ones(kosmo):
    found = positions_for_every_move_family(FAMILIES, range(1, 400))
    assert set(found) == FAMILIES, FAMILIES - set(found)
    for family, position in sorted(found.items()):
        show(kosmo, position)
        clicked = kosmo.evaluate("() => kd.explore()")
        sent = sorted(json.dumps(f["json"], sort_keys=True) for f in clicked)
        legal = sorted(json.dumps(e["json"], sort_keys=True) for e in position["legal"])
        assert sent == legal, (family, set(sent) ^ set(legal))
        assert family in {move_family(f["json"]) for f in clicked}
    assert kosmo.js_errors == []


def test_a_spectator_sees_no_hand_and_no_controls(kosmo):
    state = finished_game(11, 3, ["negotiation"])
    view = state.public_view()
    show(kosmo, {"view": view, "legal": [], "seat": None, "events": []})
    dom = board_state(kosmo)
    assert dom["hand"] == []
    assert kosmo.evaluate("() => document.querySelectorAll('#root [data-pick], #root .kd-hand').length") == 0
    assert drawn_board(dom) == expected_board(view)


def test_the_dom_holds_no_card_of_another_hand_that_the_view_hides(kosmo):
    for position in positions(21, 3, ["negotiation"], every=5, limit=30):
        if position["seat"] is None:
            continue
        show(kosmo, position)
        dom = board_state(kosmo)
        view = position["view"]
        # the seat's own hand face up; of other hands only counts (card backs) and the known cards
        assert dom["hand"] == view["hand"]
        assert sorted(tuple(k) for k in dom["known"]) == sorted(
            (p["seat"], c) for p in view["players"] for c in p["known_hand"]
        )
        others = kosmo.evaluate("""() => [...document.querySelectorAll('#root .kd-board')]
            .filter((b) => b.dataset.seat !== String(kd.ctx.seat))
            .flatMap((b) => [...b.querySelectorAll('[data-card]')].map((e) => e.closest('.kd-known, .kd-upgrade') ? null : e.dataset.card))
            .filter(Boolean)""")
        assert others == []
        if isinstance(view["step"]["stolen_pending"], int):
            assert "stolen_pending" not in kosmo.content()


def test_every_event_of_every_kind_reads_as_a_sentence_in_every_language(kosmo):
    states = [finished_game(seed, n, v) for seed, n, v in GAMES]
    events = {}
    for state in states:
        for seat in (None, 0):
            for e in state.events_for(seat):
                events.setdefault((e.kind, tuple(sorted(e.data))), e.to_json())
    kinds = {k for k, _ in events}
    assert {"turn", "advance", "draw", "play", "discard", "pad", "game-over", "offer"} <= kinds
    view = states[0].view(0)
    for lang in LANGS:
        lines = kosmo.evaluate(
            """([events, view, lang]) => {
            kd.show({view, legal: [], seat: 0, events: []}, lang);
            return events.map((e) => kd.module.describeEvent(e, kd.ctx));
        }""",
            [list(events.values()), view, lang],
        )
        for event, line in zip(events.values(), lines):
            assert line and line != event["text"] or lang == "en" and line, (lang, event)
            assert "{" not in line and "undefined" not in line, (lang, event, line)
    assert kosmo.evaluate("() => kd.missing") == []


def test_score_rows_add_up_to_the_totals(kosmo):
    state = finished_game(31, 3, [])
    view = state.view(0)
    show(kosmo, {"view": view, "legal": [], "seat": 0, "events": []})
    rows = kosmo.evaluate("() => kd.module.scoreRows(kd.ctx.view, kd.ctx)")
    assert [r["total"] for r in rows] == state.scores()
    for row, player in zip(rows, view["players"]):
        numbers = [int(re.search(r"-?\d+", c).group()) for c in row["cells"][:4]]
        assert sum(numbers) == row["total"] == player["score"]["total"]


def test_the_card_table_of_the_module_matches_the_engine_data(kosmo):
    cards = kosmo.evaluate("async () => (await import('./web/games/kosmodrom/cards.js')).CARDS")
    engine = default_cards().cards
    assert set(cards) == set(engine)
    for cid, spec in engine.items():
        mine = cards[cid]
        assert (mine["type"], mine["count"], mine.get("points", 0)) == (spec.type, spec.count, spec.points), (
            cid
        )
        if spec.type == "rocket":
            assert (mine["metal"], mine["fuel"]) == (spec.metal, spec.fuel), cid
        assert mine.get("zone") == spec.zone, cid


def test_catalogs_have_the_same_keys_and_placeholders_in_all_five_languages():
    english = json.loads((CATALOGS / "en.json").read_text(encoding="utf-8"))
    for lang in LANGS:
        catalog = json.loads((CATALOGS / f"{lang}.json").read_text(encoding="utf-8"))
        assert set(catalog) == set(english), lang
        for key, text in english.items():
            assert catalog_placeholders(catalog[key]) == catalog_placeholders(text), (lang, key)
            assert all(form.strip() for form in catalog_forms(catalog[key])), (lang, key)
        if lang != "en":
            same = [
                k
                for k in english
                if catalog[k] == english[k]
                and not all(re.fullmatch(r"[{}\w\s/×:·]*", f) for f in catalog_forms(english[k]))
            ]
            assert len(same) < 5, (lang, same)


def test_russian_card_names_are_the_rulebooks(kosmo):
    russian = json.loads((CATALOGS / "ru.json").read_text(encoding="utf-8"))
    for cid, spec in default_cards().cards.items():
        assert russian[f"card.{cid}"] == spec.name_ru


@pytest.mark.parametrize("width", [375, 1280])
def test_the_table_fits_the_screen_and_is_saved_as_a_screenshot(kosmo, width):
    # the busiest table of a random game: most rockets, advantages and launch-pad cards
    position = max(
        (p for p in positions(4, 3, ["negotiation"], every=5, limit=80) if p["legal"]),
        key=lambda p: sum(2 + len(r["advantages"]) for r in p["view"]["rockets"]),
    )
    kosmo.set_viewport_size({"width": width, "height": 900})
    show(kosmo, position)
    overflow = kosmo.evaluate(
        "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0
    ARTIFACTS.mkdir(exist_ok=True)
    kosmo.screenshot(path=str(ARTIFACTS / f"kosmodrom-module-{width}.png"), full_page=True)
    kosmo.set_viewport_size({"width": 1200, "height": 900})


def test_keyboard_enter_on_a_focused_control_makes_the_move(kosmo):
    position = next(p for p in positions(1, 2, [], every=3, limit=60) if p["view"]["phase"] == "draw")
    show(kosmo, position)
    before = kosmo.evaluate("() => kd.acted.length")
    kosmo.focus('#root [data-pick="deck"]')
    kosmo.keyboard.press("Enter")
    acted = kosmo.evaluate("() => kd.acted")
    assert len(acted) == before + 1 and acted[-1] == {"kind": "draw"}
    labels = kosmo.evaluate(
        "() => [...document.querySelectorAll('#root [data-pick]')].map((e) => e.getAttribute('aria-label'))"
    )
    assert labels and all(labels)


def test_english_texts_write_card_terms_as_names_never_as_card_ids():
    # A card id in the page (`fuel`, `oxygen`) then always comes from the view (data attributes), so a
    # search of the DOM for another seat's card ids - the hot-seat privacy test - finds only real leaks.
    english = json.loads((CATALOGS / "en.json").read_text(encoding="utf-8"))
    ids = [key.removeprefix("card.") for key in english if key.startswith("card.")]
    for key, value in english.items():
        # placeholders are not shown
        words = " ".join(re.sub(r"\{\w+\}", "", text) for text in catalog_forms(value))
        for card in ids:
            assert not re.search(rf"(?<![\w-]){re.escape(card)}(?![\w-])", words), (key, card)
