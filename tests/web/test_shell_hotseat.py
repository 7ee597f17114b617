"""Hot-seat: several human seats on one device (`#/table/{id}?tokens=T0,T1`).

Between turns the page shows only "pass the device to X", and at no moment does the DOM (hidden elements
included) hold what another seat of this device may not see: the other Kosmodrom hand, the other player's
MLEM secret missions. What is secret is read on the test side from the seats' own views
(`secret_strings`: strings one seat's view holds and the other seat's and a spectator's do not).

Each game runs twice: with its own game module, and with the plain renderer (the module's file refused),
which writes every string of the view into the page, so there the shown seat's own secrets must be found
in the DOM too - proof that the check can see a hand when one is there.
"""

import pytest
from web_helpers import contains_word, open_client, page_words, screenshot, secret_strings

HANDOVERS = 3


def pick(legal: list[dict]) -> dict:
    # finish a turn quickly: "done"/"pass" ends a Kosmodrom turn; otherwise the first legal action
    for action in legal:
        if action["text"].split()[0] in ("done", "pass"):
            return action
    return legal[0]


def views(server, table_id, tokens):
    return {seat: server.state(table_id, token)["view"] for seat, token in tokens.items()}


def hidden_part(game: str, view: dict, seat: int):
    """The part of a seat's own view that is its secret: a Kosmodrom hand, MLEM's dealt secret missions."""
    if game == "kosmodrom":
        return view["hand"]
    missions = view["variant_state"]["missions"]["hands"][str(seat)]
    return [{"id": m["id"], "name": m["name"]} for m in missions["dealt"]]


def secrets_of(server, game, table_id, tokens):
    seen = views(server, table_id, tokens)
    public = server.state(table_id)["view"]
    return {
        seat: secret_strings(
            hidden_part(game, view, seat), public, *(v for s, v in seen.items() if s != seat)
        )
        for seat, view in seen.items()
    }


def table_where_each_seat_holds_a_secret(server, game, variants, tries=12):
    """A started table whose deal leaves each seat something the other cannot see.

    Secrets are compared as strings, and a Kosmodrom hand names card kinds: in about one deal of 75 every
    kind in one seat's hand is also in the other hand or on the table, and the check would have nothing to
    look for. The server draws each table's seed itself, so the test deals again instead of fixing a seed.
    """
    for _ in range(tries):
        created = server.create_table(
            game, [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}], variants=variants
        )
        server.start(created)
        tokens = {link["seat"]: link["token"] for link in created["seats"]}
        secrets = secrets_of(server, game, created["table"]["id"], tokens)
        if secrets[0] and secrets[1]:
            return created
    pytest.fail(f"{tries} deals in a row left a seat without a secret")


def leaked(page, strings):
    words = page_words(page)
    return sorted(text for text in strings if contains_word(words, text))


@pytest.mark.parametrize("renderer", ["module", "plain"])
@pytest.mark.parametrize(
    "game,variants",
    [("kosmodrom", []), ("mlem", ["secret_missions"])],
    ids=["kosmodrom-hands", "mlem-secret-missions"],
)
def test_hotseat_hides_each_seat_behind_a_pass_screen(server, page, game, variants, renderer):
    created = table_where_each_seat_holds_a_secret(server, game, variants)
    table_id = created["table"]["id"]
    tokens = {link["seat"]: link["token"] for link in created["seats"]}
    names = {0: "Ann", 1: "Bo"}
    if renderer == "plain":
        page.route("**/web/games/*/index.js", lambda route: route.fulfill(status=404, body=""))

    open_client(page, server, f"/table/{table_id}?tokens={tokens[0]},{tokens[1]}")
    for handover in range(HANDOVERS):
        to_act = server.api.get(f"/api/tables/{table_id}").json()["to_act"]
        assert to_act in tokens, f"a seat of this device should be to act, not {to_act}"
        other = 1 - to_act
        # the pass screen: nobody's view in the page
        page.locator(f"#pass-screen[data-seat='{to_act}']").wait_for()
        assert page.get_by_role("heading", name=f"Pass the device to {names[to_act]}").is_visible()
        assert page.locator("#board").count() == 0
        secrets = secrets_of(server, game, table_id, tokens)
        assert secrets[0] and secrets[1], "each seat should hold something the other cannot see"
        assert leaked(page, secrets[0] | secrets[1]) == []
        if handover == 0:
            screenshot(page, f"shell-hotseat-pass-{game}-{renderer}")

        page.get_by_role("button", name=f"I am {names[to_act]}: show my view").click()
        page.locator(f".table-page[data-seat='{to_act}'] #board[data-seat='{to_act}'][data-step]").wait_for()
        assert leaked(page, secrets[other]) == [], f"seat {other}'s secrets in seat {to_act}'s page"
        if renderer == "plain":
            assert leaked(page, secrets[to_act]), "the plain renderer shows the seat's own secrets"
        if handover == 0:
            screenshot(page, f"shell-hotseat-{game}-{renderer}")

        # the seat plays until the turn passes to the other seat (moves sent over the API, as a second
        # device would; the page learns of them through its websocket)
        for _ in range(200):
            state = server.state(table_id, tokens[to_act])
            if state["table"]["to_act"] != to_act or state["table"]["status"] != "running":
                break
            server.act(
                table_id, tokens[to_act], pick(state["legal_actions"])["json"], f"h{handover}-{state['step']}"
            )
            assert leaked(page, secrets[other]) == []
        else:
            pytest.fail("the turn never passed to the other seat")
        assert server.api.get(f"/api/tables/{table_id}").json()["to_act"] == other
