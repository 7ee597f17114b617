"""#45 item 7, the small things: MLEM's Moon expert icon, the astronauts' names, a Planet team's win,
"Connected" beside "cannot be reached", and several tabs on one seat."""

from __future__ import annotations

import re

from layout_helpers import open_table, position
from playwright.sync_api import expect
from web_helpers import open_client


def test_the_moon_expert_icon_is_a_crescent_clickable_or_not(server, page):
    table_id, token, _ = position(server, "mlem", "mid")
    open_table(page, server, table_id, token)
    # a point in the crescent's body (left of its centre) is painted, whatever the token's state
    filled = page.evaluate(
        """() => [...document.querySelectorAll('[data-astronaut="moon_expert"]')].map((g) => {
             const shape = g.querySelector('path');
             const r = Number(g.querySelector('circle').getAttribute('r'));
             return shape.isPointInFill(new DOMPoint(-0.45 * r, 0));
           })"""
    )
    assert filled and all(filled), filled


def test_astronauts_are_named_on_hover_and_in_a_legend(server, page):
    table_id, token, _ = position(server, "mlem", "mid")
    open_table(page, server, table_id, token)
    crew = page.evaluate(
        """() => [...document.querySelectorAll('svg.mlem-hand [data-crew]')].map((g) => {
             const title = g.querySelector(':scope > title');
             return [g.dataset.crew, title ? title.textContent : null];
           })"""
    )
    assert len(crew) == 8 and all(title for _, title in crew), crew
    legend = page.locator("details.mlem-legend")
    legend.locator("summary").click()
    items = legend.locator("li")
    assert items.count() == 8
    names = {name: title.split(" — ")[0] for name, title in crew}
    for name, shown in names.items():
        # the name in the legend is the one the icon's tooltip gives (e.g. "Moon expert")
        assert legend.locator(f'li[data-legend="{name}"] b').inner_text() in shown


def test_a_planet_team_win_names_the_team(server, page):
    created = server.create_table(
        "planet",
        [{"kind": "bot", "bot": "random", "name": f"Bot {i + 1}"} for i in range(4)],
        variants=["teams"],
    )
    server.start(created)
    table_id = created["table"]["id"]
    summary = server.wait_until(table_id, lambda s: s["status"] == "finished", timeout=240)
    open_client(page, server, f"/table/{table_id}")
    line = page.locator("#end-screen .winners")
    # the line waits for the spectator's view: it never shows the shell's "Shared victory" meanwhile
    expect(line).not_to_have_text("Loading…", timeout=20_000)
    text = line.inner_text()
    winners = summary["winners"]
    teams = {seat % 2 for seat in winners}  # rulebook: players 1 and 3 against 2 and 4
    if len(teams) == 1:
        assert text.startswith(f"Team {teams.pop() + 1} wins"), text
        assert "Shared victory" not in text
    else:  # a draw between the teams is a shared victory indeed
        assert "Shared victory" in text


def test_connected_again_clears_the_cannot_be_reached_error(server, page):
    table_id, token, _ = position(server, "planet", "start")
    down = {"on": False}
    sockets = []

    def socket(ws):
        sockets.append(ws)
        if down["on"]:
            ws.close(code=1011, reason="test: the server restarts")
            return
        ws.connect_to_server()

    def rest(route):
        if down["on"]:
            route.abort()
        else:
            route.continue_()

    page.route_web_socket(re.compile(r"/api/tables/.*/ws"), socket)
    page.route(re.compile(r"/api/tables/.*/state"), rest)
    open_table(page, server, table_id, token)
    page.locator("#connection").get_by_text("Connected").wait_for()
    # the server goes away: the socket drops, the page polls the state over REST, which fails
    down["on"] = True
    sockets[-1].close(code=1011, reason="test: connection dropped")
    page.locator(".error").get_by_text("cannot be reached").wait_for(timeout=20_000)
    # it is back: the page reconnects by itself and must not say both things
    down["on"] = False
    page.locator("#connection").get_by_text("Connected").wait_for(timeout=30_000)
    page.locator(".error").wait_for(state="detached", timeout=5_000)
    assert "cannot be reached" not in page.locator(".table-page").inner_text()


def test_other_tabs_on_the_same_seat_are_told(server, new_page):
    table_id, token, _ = position(server, "kosmodrom", "start")
    first = new_page(1280, 800)
    open_table(first, server, table_id, token)
    assert first.locator(".other-tabs").count() == 0
    second = first.context.new_page()
    second.js_errors = []
    open_table(second, server, table_id, token)
    for tab in (first, second):
        tab.locator(".other-tabs").wait_for()
        assert "also open in 1 other tab" in tab.locator(".other-tabs").inner_text()
    second.close()
    first.locator(".other-tabs").wait_for(state="detached")
