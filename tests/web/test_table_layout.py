"""#45 item 1: what a player plays with is in the window without scrolling.

At 1280x800 and 1366x768, at the start, the middle and a decision of each game's own kind
(layout_helpers.POSITIONS, reached through the API), every enabled control of the seat's decision
and the seat's own things (Kosmodrom's hand, MLEM's astronauts, Planet's own player panel with its
ability cards) lie inside the viewport, and the page does not scroll sideways; so too at 3 and 4
players, mid-game (the other seats' panels may lie below the fold). At 375x667 the
decision panel's enabled controls are in view both at the top of the page and with the page
scrolled to the board's end (they stick while the board scrolls under them); a control in a panel that
scrolls on its own (Kosmodrom's offer builder on a phone) counts when that panel is in view.
"""

from __future__ import annotations

import pytest
from layout_helpers import POSITIONS, open_table, position, reach

#: the seat's own things, per game
OWN = {
    "kosmodrom": ".kd-hand",
    "mlem": "svg.mlem-hand",
    "planet": '.pl-player[data-player="0"]',
}
#: the panel holding the current decision's prompt and buttons, per game
DECISION = {"kosmodrom": ".kd-status", "mlem": ".mlem-controls, .mlem-status", "planet": ".pl-bar"}

# The enabled controls inside `scope` (or the whole board) that are drawn, and the rectangle of each
# one that lies (partly) outside the window; plus the own things' rectangles outside it.
OUTSIDE = """([scope, own]) => {
  const W = window.innerWidth, H = window.innerHeight;
  const out = (r) => r.left < -1 || r.top < -1 || r.right > W + 1 || r.bottom > H + 1;
  const desc = (e) => (e.getAttribute('aria-label') || e.textContent || e.tagName).trim().slice(0, 40);
  const roots = [...document.querySelectorAll(scope)];
  const controls = roots.flatMap((root) => [...root.querySelectorAll(
    'button:not(:disabled), [role="button"]:not([aria-disabled="true"]), [data-pick], [tabindex="0"]')]);
  const drawn = controls.filter((e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; });
  // a control in a panel that scrolls on its own, the panel in view, is in reach
  const scroller = (e) => { for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
    if (['auto', 'scroll'].includes(getComputedStyle(a).overflowY) && a.scrollHeight > a.clientHeight) return a; } return null; };
  const reach = (e) => { const s = scroller(e); return s && !out(s.getBoundingClientRect()); };
  const bad = drawn.filter((e) => out(e.getBoundingClientRect()) && !reach(e))
    .map((e) => { const r = e.getBoundingClientRect(); return `${desc(e)} @ ${Math.round(r.left)},${Math.round(r.top)}-${Math.round(r.right)},${Math.round(r.bottom)}`; });
  const ownNodes = own ? [...document.querySelectorAll(own)] : [];
  for (const e of ownNodes) if (out(e.getBoundingClientRect())) {
    const r = e.getBoundingClientRect();
    bad.push(`own things ${own} @ ${Math.round(r.top)}-${Math.round(r.bottom)}`);
  }
  return {count: drawn.length, own: ownNodes.length, bad,
          sideways: document.documentElement.scrollWidth > W + 1};
}"""

CASES = [(game, name) for game, positions in POSITIONS.items() for name, *_ in positions]


@pytest.fixture(scope="module")
def positions(server):
    return {}


def _position(positions, server, game, name):
    if (game, name) not in positions:
        positions[game, name] = position(server, game, name)
    return positions[game, name]


@pytest.mark.parametrize(("game", "name"), CASES)
def test_the_decision_and_the_seats_own_things_fit_a_desktop_window(server, new_page, positions, game, name):
    table_id, token, state = _position(positions, server, game, name)
    assert state["legal_actions"], "the position has a decision to make"
    assert_fits_a_desktop_window(server, new_page, game, f"{game}/{name}", table_id, token)


def assert_fits_a_desktop_window(server, new_page, game: str, where: str, table_id: str, token: str) -> None:
    for width, height in ((1280, 800), (1366, 768)):
        page = new_page(width, height)
        open_table(page, server, table_id, token)
        found = page.evaluate(OUTSIDE, ["#board", OWN[game]])
        assert found["count"] > 0, "the decision offers enabled controls"
        assert found["own"] == 1, f"the seat's own things ({OWN[game]}) are drawn"
        assert not found["bad"], f"{where} at {width}x{height}: outside the window: {found['bad']}"
        assert not found["sideways"], f"{where} at {width}x{height}: the page scrolls sideways"


#: (game, players) beyond the 2-player positions above: the most seats each game takes, and Planet's 3
MORE_SEATS = [("kosmodrom", 4), ("mlem", 4), ("planet", 3), ("planet", 4)]


@pytest.mark.parametrize(("game", "players"), MORE_SEATS)
def test_with_more_seats_the_decision_and_own_things_still_fit(server, new_page, game, players):
    table_id, token, state = reach(server, game, 10, players=players)
    assert state["legal_actions"], "the position has a decision to make"
    assert_fits_a_desktop_window(server, new_page, game, f"{game} with {players} seats", table_id, token)


@pytest.mark.parametrize(("game", "name"), CASES)
def test_the_decision_stays_in_view_on_a_phone(server, new_page, positions, game, name):
    table_id, token, _ = _position(positions, server, game, name)
    page = new_page(375, 667)
    open_table(page, server, table_id, token)
    top = page.evaluate(OUTSIDE, [DECISION[game], None])
    # the board's end at the window's bottom (below it come the log and the coach, without the board)
    page.evaluate(
        "window.scrollTo(0, window.scrollY + document.querySelector('#board').getBoundingClientRect().bottom"
        " - window.innerHeight)"
    )
    page.wait_for_timeout(50)
    assert page.evaluate("window.scrollY") > 200, "the phone's page is long enough to scroll"
    bottom = page.evaluate(OUTSIDE, [DECISION[game], None])
    assert not top["bad"], f"{game}/{name} on a phone, page top: outside the window: {top['bad']}"
    assert not bottom["bad"], f"{game}/{name} on a phone, scrolled: outside the window: {bottom['bad']}"
    assert not top["sideways"], f"{game}/{name} on a phone: the page scrolls sideways"
