"""A spectator (no token) sees the public view: no moves, no seat's hand, the live log."""

from web_helpers import contains_word, open_client, page_words, screenshot, secret_strings


def test_spectator_sees_the_public_table_without_moves_or_hands(server, page):
    created = server.create_table(
        "kosmodrom", [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}]
    )
    server.start(created)
    table_id = created["table"]["id"]
    token = created["seats"][0]["token"]

    open_client(page, server, f"/table/{table_id}")
    page.locator(".table-page[data-seat='spectator'] #board[data-step]").wait_for()
    assert page.locator(".role").inner_text() == "You are watching as a spectator."
    assert page.get_by_role("button", name="Take back").count() == 0
    assert page.locator("#coach-toggle").count() == 0
    # the players and whose turn it is are in the header
    assert page.locator(".players .player").count() == 2
    assert "Ann" in page.locator(".players").inner_text()

    seat_view = server.state(table_id, token)["view"]
    public = server.state(table_id)["view"]
    hand = secret_strings(seat_view["hand"], public)
    assert hand, "Ann's hand should hold cards a spectator cannot see"
    words = page_words(page)
    assert [card for card in hand if contains_word(words, card)] == []
    screenshot(page, "shell-spectator-desktop")

    # a move made at the table reaches the spectator's page without a reload
    step = int(page.locator("#board").get_attribute("data-step"))
    state = server.state(table_id, token)
    server.act(table_id, token, state["legal_actions"][-1]["json"], "spectated-move")
    page.wait_for_function(f"Number(document.querySelector('#board').dataset.step) > {step}")
