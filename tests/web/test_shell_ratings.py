"""Ratings in the browser (issue #46): sign up, create a rated table against the random bot, play it to
the end, "Play again", play the rematch to the end, and the profile page shows the rating moved, its
history plotted, the nearest bot level and both finished games with their replays; the leaderboard
lists the player among the bot levels."""

from __future__ import annotations

import random
import re
import uuid

import pytest
from web_helpers import open_client, screenshot

pytestmark = pytest.mark.browser

PASSWORD = "correct horse 42"


def _play_to_the_end(server, table_id: str, token: str, rng: random.Random) -> dict:
    """The player's seat plays random legal moves over the API (the page only watches); the bot plays
    its own. Waits on the table's state, never on time."""
    seat = server.state(table_id, token)["seat"]
    for _ in range(2000):
        summary = server.wait_until(table_id, lambda s: s["status"] == "finished" or s["to_act"] == seat)
        if summary["status"] == "finished":
            return summary
        legal = server.state(table_id, token)["legal_actions"]
        server.act(table_id, token, rng.choice(legal)["json"], uuid.uuid4().hex)
    raise AssertionError("the game did not finish")


def _profile_rating(page, server, name: str) -> str:
    """The rating the profile page shows, read from a fresh load of the page."""
    open_client(page, server, f"/player/{name}")
    page.reload()  # the same address again would not load the page again
    page.wait_for_selector("body[data-ready]")
    rating = page.locator(".game-rating[data-game='mlem'] .rating")
    rating.wait_for()
    return rating.get_attribute("data-rating")


def test_sign_up_play_a_rated_game_and_its_rematch_and_see_the_rating_move(server, page):
    name = f"Rita {uuid.uuid4().hex[:6]}"
    open_client(page, server, "/account")
    form = page.locator("#sign-up")
    form.get_by_label("Name").fill(name)
    form.get_by_label("New password (at least 8 characters)").fill(PASSWORD)
    form.get_by_role("button", name="Create an account").click()
    page.get_by_role("heading", name=f"Your account: {name}").wait_for()

    # the create form: rated follows undo (off with undo, on without), and is sent as shown
    open_client(page, server, "/new/mlem")
    seats = page.locator("fieldset.seat-row")
    seats.nth(1).get_by_label("Who plays").select_option("bot")
    seats.nth(1).get_by_label("Bot level").select_option("random")
    rated = page.locator("input[name=rated]")
    undo = page.locator("input[name=undo]")
    assert undo.is_checked() and not rated.is_checked()
    undo.uncheck()
    assert rated.is_checked()
    page.get_by_role("button", name="Create the table").click()
    page.get_by_role("heading", name="The table is ready").wait_for()
    link = page.locator("li.seat-link input").first.input_value()
    table_id = link.split("/table/")[1].split("?")[0]
    token = link.split("token=")[1]
    page.get_by_role("button", name="Start the game").click()
    page.get_by_text("The game has started.").wait_for()
    assert server.api.get(f"/api/tables/{table_id}").json()["rated"] is True

    page.goto(link)
    page.locator(".table-page[data-seat='0']").wait_for()
    _play_to_the_end(server, table_id, token, random.Random(11))
    # the page shows the game's last moves before the end screen: a long wait on a loaded machine
    page.locator("#end-screen").wait_for(timeout=120_000)
    after_one = server.api.get(f"/api/players/{name}").json()["ratings"][0]
    assert after_one["games"] == 1

    # "Play again": the only other seat is a bot's, so the rematch runs at once
    page.get_by_role("button", name="Play again").click()
    page.wait_for_url(re.compile(r"#/table/(?!" + table_id + r")[0-9a-f]+\?token="))
    new_id, new_token = re.search(r"#/table/([0-9a-f]+)\?token=([^&]+)", page.url).groups()
    assert server.api.get(f"/api/tables/{new_id}").json()["rated"] is True
    first_rating = _profile_rating(page, server, name)
    assert float(first_rating) == pytest.approx(after_one["rating"])
    _play_to_the_end(server, new_id, new_token, random.Random(12))

    # the profile page: the rating moved, two games plotted (and the start), both games listed
    second_rating = _profile_rating(page, server, name)
    assert second_rating != first_rating
    section = page.locator(".game-rating[data-game='mlem']")
    assert section.locator("svg.rating-plot circle.rating-point").count() == 3
    assert "2 rated games" in section.inner_text()
    level = section.locator(".bot-level")
    assert re.match(r"You play at the level of the \w+ bot\.", level.inner_text())
    games = page.locator("#finished-games li")
    assert {games.nth(i).get_attribute("data-table") for i in range(games.count())} == {table_id, new_id}
    page.locator(f"#finished-games li[data-table='{table_id}'] a", has_text="Replay").click()
    page.wait_for_url(re.compile(rf"#/replay/{table_id}"))
    open_client(page, server, f"/player/{name}")
    page.locator(".rating-plot").wait_for()
    screenshot(page, "ratings-profile")

    # the leaderboard: the player among the bot levels, on one scale
    open_client(page, server, "/ratings/mlem")
    board = page.locator("#leaderboard")
    board.wait_for()
    assert board.get_by_role("link", name=name).count() == 1
    assert board.locator("tr.bot-entry[data-bot='random']").count() == 1
    screenshot(page, "ratings-leaderboard")
