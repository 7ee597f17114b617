"""Undo: a player takes back their own last decision from the table page while nothing has followed it."""

from web_helpers import open_client


def test_undo_button_takes_back_the_last_decision(server, page):
    created = server.create_table(
        "mlem", [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}], undo=True
    )
    server.start(created)
    table_id = created["table"]["id"]
    ann = created["seats"][0]["token"]
    open_client(page, server, f"/table/{table_id}?token={ann}")
    before = server.state(table_id, ann)
    page.locator(f"#board[data-step='{before['step']}']").wait_for()
    assert page.locator("#undo").count() == 0  # nothing of Ann's to take back yet

    server.act(table_id, ann, before["legal_actions"][0]["json"], "undo-me")
    undo = page.get_by_role("button", name="Take back")
    undo.wait_for()
    assert page.locator(".turn").inner_text() == "Bo to move"

    undo.click()
    page.locator(f"#board[data-step='{before['step']}']").wait_for()
    after = server.state(table_id, ann)
    assert after["step"] == before["step"] and after["table"]["to_act"] == 0
    assert [a["text"] for a in after["legal_actions"]] == [a["text"] for a in before["legal_actions"]]
    assert page.locator(".turn").inner_text() == "Your turn"
    assert page.locator("#undo").count() == 0


def test_undo_is_not_offered_at_a_table_without_it(server, page):
    created = server.create_table("mlem", [{"kind": "human"}, {"kind": "human"}], undo=False)
    server.start(created)
    table_id = created["table"]["id"]
    token = created["seats"][0]["token"]
    open_client(page, server, f"/table/{table_id}?token={token}")
    state = server.state(table_id, token)
    server.act(table_id, token, state["legal_actions"][0]["json"], "no-undo")
    page.locator(f"#board[data-step='{state['step'] + 1}']").wait_for()
    assert page.locator(".turn").inner_text() == "Player 2 to move"
    assert page.locator("#undo").count() == 0
