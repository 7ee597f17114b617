"""Connection status: a dropped websocket shows "reconnecting", the page reconnects by itself and the game
goes on (moves made meanwhile arrive)."""

import re

from web_helpers import open_client


def test_dropped_socket_reconnects_and_catches_up(server, page):
    created = server.create_table("mlem", [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}])
    server.start(created)
    table_id = created["table"]["id"]
    ann = created["seats"][0]["token"]
    sockets = []
    refuse = {"next": False}

    def through_test(ws):
        sockets.append(ws)
        if refuse["next"]:
            refuse["next"] = False
            ws.close(code=1011, reason="test: the network is down")
            return
        ws.connect_to_server()

    page.route_web_socket(re.compile(r"/api/tables/.*/ws"), through_test)
    open_client(page, server, f"/table/{table_id}?token={ann}")
    status = page.locator("#connection")
    status.get_by_text("Connected").wait_for()
    step = server.state(table_id, ann)["step"]

    refuse["next"] = True  # the first attempt to reconnect fails too
    sockets[-1].close(code=1011, reason="test: connection dropped")
    status.get_by_text("Connection lost, reconnecting…").wait_for()
    # meanwhile Ann's move is made elsewhere (another tab): it must show once the page is back
    state = server.state(table_id, ann)
    server.act(table_id, ann, state["legal_actions"][0]["json"], "while-away")
    status.get_by_text("Connected").wait_for(timeout=30_000)
    page.locator(f"#board[data-step='{step + 1}']").wait_for()
    assert len(sockets) >= 3
    assert page.locator(".turn").inner_text() == "Bo to move"
