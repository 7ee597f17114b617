"""Replay of a finished game: step forward and back, jump to either end, by button and by keyboard."""

from web_helpers import open_client, screenshot


def finished_table(server, game="mlem"):
    created = server.create_table(game, [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}])
    server.start(created)
    table_id = created["table"]["id"]
    server.wait_until(table_id, lambda summary: summary["status"] == "finished")
    return table_id


def test_replay_steps_forward_and_back_move_by_move(server, page):
    table_id = finished_table(server)
    total = server.api.get(f"/api/tables/{table_id}/replay", params={"step": 0}).json()["total_steps"]
    assert total > 3

    def frame(step):
        return server.api.get(f"/api/tables/{table_id}/replay", params={"step": step}).json()

    def shown_step():
        return page.locator("#replay-step").inner_text()

    open_client(page, server, f"/replay/{table_id}")
    page.get_by_text(f"Move 0 of {total}").wait_for()
    assert page.get_by_role("button", name="One move back").is_disabled()
    start_log = page.locator(".log li").count()

    page.get_by_role("button", name="One move forward").click()
    page.get_by_text(f"Move 1 of {total}").wait_for()
    # the action in the game's words, never the engine's text ("board navigator"): issue #45
    first = page.locator("#replay-action").inner_text()
    assert first.startswith("Last action: ") and frame(1)["action"] not in first

    page.keyboard.press("ArrowRight")
    page.get_by_text(f"Move 2 of {total}").wait_for()
    second = page.locator("#replay-action").inner_text()
    assert second.startswith("Last action: ") and frame(2)["action"] not in second
    assert page.locator(".log li").count() == len(frame(2)["events"])

    page.keyboard.press("ArrowLeft")
    page.get_by_text(f"Move 1 of {total}").wait_for()
    page.get_by_role("button", name="One move back").click()
    page.get_by_text(f"Move 0 of {total}").wait_for()
    assert page.locator(".log li").count() == start_log

    page.keyboard.press("End")
    page.get_by_text(f"Move {total} of {total}").wait_for()
    assert page.get_by_role("button", name="One move forward").is_disabled()
    assert page.locator(".log li").count() == len(frame(total)["events"])
    screenshot(page, "shell-replay-end-desktop")

    page.keyboard.press("Home")
    page.get_by_text(f"Move 0 of {total}").wait_for()
    assert shown_step() == f"Move 0 of {total}"
