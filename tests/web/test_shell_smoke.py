"""The browser fixtures work end to end: a real server, Chromium, the client's lobby."""

from web_helpers import open_client, screenshot


def test_lobby_lists_every_game_the_server_offers(server, page):
    games = server.api.get("/api/games").json()
    open_client(page, server, "/")
    cards = page.locator(".game-card")
    cards.first.wait_for()
    assert sorted(cards.evaluate_all("cards => cards.map(c => c.dataset.game)")) == sorted(
        g["id"] for g in games
    )
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.get_by_role("heading", name="Lobby", level=1).is_visible()
    screenshot(page, "shell-lobby-desktop")
