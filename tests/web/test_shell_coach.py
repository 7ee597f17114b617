"""The coach panel: off by default, a toggle, then what the coach offers in this game, MLEM's crash odds
each judged move's win chance and expected lead in points ± its noise, and (MLEM) the learned bot's
probability of each move."""

import re

from web_helpers import open_client, screenshot


def test_coach_panel_shows_odds_and_every_moves_win_chance(server, page):
    created = server.create_table(
        "mlem", [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}], coach=True
    )
    server.start(created)
    table_id = created["table"]["id"]
    token = created["seats"][0]["token"]
    # play Ann's boarding choices until she has to pick a travel move (a roll is on the rocket)
    for i in range(20):
        state = server.state(table_id, token)
        if state["legal_actions"] and state["legal_actions"][0]["text"].startswith("travel"):
            break
        if state["legal_actions"]:
            server.act(table_id, token, state["legal_actions"][0]["json"], f"coach-{i}")
        else:
            server.wait_until(table_id, lambda s: s["to_act"] == 0, timeout=60)
    legal = server.state(table_id, token)["legal_actions"]
    assert legal and legal[0]["text"].startswith("travel")

    open_client(page, server, f"/table/{table_id}?token={token}")
    page.locator("#board[data-step]").wait_for()
    toggle = page.get_by_role("button", name="Coach")
    assert toggle.get_attribute("aria-pressed") == "false"
    assert page.locator("#coach").count() == 0  # off by default

    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "true"
    moves = page.locator("#coach table.coach-moves tbody tr")
    moves.first.wait_for(timeout=60_000)
    # the best few in the game's words (never the engine's "travel 1,2"), the rest behind "more"
    shown = moves.locator("td:first-child").all_inner_texts()
    assert len(shown) == min(5, len(legal)) and not {a["text"] for a in legal} & set(shown)
    if len(legal) > 5:
        page.locator("#coach button.coach-more").click()
        page.wait_for_function(
            f"document.querySelectorAll('#coach table.coach-moves tbody tr').length === {len(legal)}"
        )
    assert len(set(moves.locator("td:first-child").all_inner_texts())) == len(legal)
    # what the coach offers here, in the game's words (games/mlem/web/i18n: coach.panel)
    assert "expedition" in page.locator("#coach .coach-offers").inner_text()
    # the judged moves' expected lead in points with its standard error ("+1.4 pts ±0.3")
    leads = page.locator("#coach td.lead").all_inner_texts()
    assert leads and all(re.fullmatch(r"[+−-]?\d+\.\d pts? ±\d+\.\d", text.strip()) for text in leads), leads
    # MLEM has a learned bot: its policy's probability of each move, under the move
    policies = page.locator("#coach td .policy").all_inner_texts()
    assert len(policies) == len(legal), policies
    assert all(re.fullmatch(r"Learned bot \d+(\.\d+)?%", text.strip()) for text in policies), policies
    crash = page.locator("#coach dd.crash")
    assert crash.is_visible() and crash.inner_text().split()[0].endswith("%")
    screenshot(page, "shell-coach-mlem")

    toggle.click()
    assert page.locator("#coach").count() == 0
