"""Rematch (issue #46): at the end screen one player clicks "Play again", the other accepts the offer,
and both land on their seats at the new table."""

import random
import re
import uuid

from web_helpers import open_client, screenshot


def _finish(server, created: dict, rng: random.Random) -> None:
    """Both humans play random legal moves (over the API) until the game is over."""
    table_id = created["table"]["id"]
    tokens = {link["seat"]: link["token"] for link in created["seats"]}
    for _ in range(5000):
        summary = server.api.get(f"/api/tables/{table_id}").json()
        if summary["status"] == "finished":
            return
        seat = summary["to_act"]
        legal = server.state(table_id, tokens[seat])["legal_actions"] if seat in tokens else []
        if legal:
            server.act(table_id, tokens[seat], rng.choice(legal)["json"], uuid.uuid4().hex)
    raise AssertionError("the game did not finish")


def test_play_again_and_accept_bring_both_players_to_the_new_table(server, new_page):
    created = server.create_table(
        "mlem", [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bob"}]
    )
    server.start(created)
    table_id = created["table"]["id"]
    ada, bob = new_page(), new_page()
    for page, link in zip((ada, bob), created["seats"], strict=True):
        open_client(page, server, f"/table/{table_id}?token={link['token']}")
        page.wait_for_selector("#board")
    _finish(server, created, random.Random(3))
    for page in (ada, bob):
        page.locator("#end-screen").wait_for()

    ada.get_by_role("button", name="Play again").click()
    ada.wait_for_url(re.compile(r"#/table/(?!" + table_id + r")[0-9a-f]+\?token="))
    new_id = re.search(r"#/table/([0-9a-f]+)", ada.url).group(1)
    # Bob's end screen gets the offer over the old table's websocket
    offer = bob.locator("#rematch-offer")
    offer.wait_for()
    screenshot(bob, "shell-rematch-offer")
    offer.get_by_role("button", name="Accept").click()
    bob.wait_for_url(re.compile(rf"#/table/{new_id}\?token="))
    # seats rotate: Bob (old seat 1) moves first at seat 0, Ada sits at seat 1; the table runs
    summary = server.wait_until(new_id, lambda s: s["status"] == "running")
    assert [s["name"] for s in summary["seats"]] == ["Bob", "Ada"]
    bob.wait_for_selector(f".table-page[data-table='{new_id}'][data-seat='0']")
    ada.wait_for_selector(f".table-page[data-table='{new_id}'][data-seat='1']")
    # neither page's address holds the other's link
    assert bob.url.split("token=")[1] not in ada.url
    screenshot(ada, "shell-rematch-new-table")


def test_a_hot_seat_device_plays_again_with_every_seat_it_held(server, page):
    created = server.create_table(
        "mlem", [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bob"}]
    )
    server.start(created)
    table_id = created["table"]["id"]
    tokens = ",".join(link["token"] for link in created["seats"])
    open_client(page, server, f"/table/{table_id}?tokens={tokens}")
    _finish(server, created, random.Random(4))
    # the device may be waiting to be passed to the seat that was to act: pass it
    page.locator("#end-screen, #pass-ready").first.wait_for()
    if page.locator("#pass-ready").count():
        page.locator("#pass-ready").click()
    page.locator("#end-screen").wait_for()
    page.get_by_role("button", name="Play again").click()
    page.wait_for_url(re.compile(r"#/table/(?!" + table_id + r")[0-9a-f]+\?tokens=[^,]+,[^,]+$"))
    new_id = re.search(r"#/table/([0-9a-f]+)", page.url).group(1)
    # both seats were this device's: both accepted, the rematch runs at once
    summary = server.wait_until(new_id, lambda s: s["status"] == "running")
    assert [s["rematch"] for s in summary["seats"]] == ["accepted", "accepted"]
    # the address opens the two new seats, in seat order
    new_tokens = page.url.split("tokens=")[1].split(",")
    assert [server.state(new_id, token)["seat"] for token in new_tokens] == [0, 1]


def test_the_offer_is_pushed_to_an_open_page(server, page):
    # the proposal is the only change of the old table here (in the two-page flow the proposer's
    # page leaving the table also updates it): the offer must come by the push of the proposal itself
    created = server.create_table(
        "mlem", [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bob"}]
    )
    server.start(created)
    table_id = created["table"]["id"]
    ada, bob = (link["token"] for link in created["seats"])
    _finish(server, created, random.Random(5))
    open_client(page, server, f"/table/{table_id}?token={bob}")
    page.locator("#end-screen").wait_for()
    page.wait_for_selector("#connection.connection-open")
    proposed = server.api.post(f"/api/tables/{table_id}/rematch", headers={"X-Seat-Token": ada})
    assert proposed.status_code == 200, proposed.text
    page.locator("#rematch-offer").wait_for()
    page.get_by_role("button", name="Decline").click()
    page.get_by_text("You declined the rematch.").wait_for()
    seat = server.api.get(f"/api/tables/{proposed.json()['table_id']}").json()["seats"][0]
    assert (seat["rematch"], seat["claimed"]) == ("declined", False)
