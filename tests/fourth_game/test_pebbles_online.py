"""Pebbles online (issue 44): the throwaway fourth game through the server and the browser, with
nothing outside tests/fourth_game naming it.

- Over the server's HTTP API and websocket (in this process, its descriptor registered by
  conftest.py): listed, created, joined, started and played to its end, one seat by HTTP, the other
  over its websocket; then its record and replay.
- In Chromium, against a real server process that finds Pebbles as an installed game does: through
  the registry's entry-point group, from a distribution's metadata written here. Pebbles has no
  browser module (`web` is None), so the web client shows it on its generic page, and a seat plays it
  to the end there against a bot.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from cosmotable import games
from cosmotable.engine import GameRecord
from cosmotable.server.app import create_app
from cosmotable.server.settings import Settings

HERE = Path(__file__).resolve().parent
#: the browser suite's set-up (its server process and Chromium), reused rather than copied
WEB_CONFTEST = HERE.parent / "web" / "conftest.py"


@pytest.fixture
def client(tmp_path, pebbles_registered):
    # registered before the app is made: the app serves the games it finds when it is made
    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 'tables.db'}",
        data_dir=tmp_path / "data",
        bot_workers=0,
        rate_limit=0,
    )
    with TestClient(create_app(settings)) as test_client:
        yield test_client


def test_pebbles_is_listed_without_a_browser_module(client):
    listed = {game["id"]: game for game in client.get("/api/games").json()}
    pebbles = listed["pebbles"]
    assert (pebbles["name"], pebbles["min_players"], pebbles["max_players"]) == ("Pebbles", 2, 3)
    assert set(pebbles["options"]) == {"pile", "max_turns"} and set(pebbles["variants"]) == {"calm"}
    # no module of its own: the web client's generic page shows it
    assert pebbles["web"] is None
    assert listed["mlem"]["web"] == "/web/games/mlem/"


def test_pebbles_is_created_joined_and_played_to_the_end_over_http_and_the_websocket(client):
    made = client.post(
        "/api/tables",
        json={"game": "pebbles", "seats": [{"kind": "human"}, {"kind": "human"}], "options": {"pile": 5}},
    )
    assert made.status_code == 201, made.text
    table_id, host = made.json()["table"]["id"], {"X-Host-Token": made.json()["host_token"]}
    joined = [client.post(f"/api/tables/{table_id}/join", json={"name": name}) for name in ("Ann", "Bo")]
    assert [answer.status_code for answer in joined] == [200, 200]
    tokens = {link["seat"]: link["token"] for link in (answer.json() for answer in joined)}
    assert sorted(tokens) == [0, 1]
    assert client.post(f"/api/tables/{table_id}/join", json={}).status_code == 409  # no seat left
    assert client.post(f"/api/tables/{table_id}/start", headers=host).json()["status"] == "running"

    # seat 0 plays over HTTP, seat 1 over its websocket, which is pushed every change
    acted_at = -1  # the step at which seat 1 last acted: a push from before it is not acted on again
    with client.websocket_connect(f"/api/tables/{table_id}/ws?token={tokens[1]}") as socket:
        for _ in range(200):
            message = socket.receive_json()
            assert message["type"] == "state", message  # never an error: every action is legal
            if message["table"]["status"] == "finished":
                break
            assert message["seat"] == 1 and message["view"]["seat"] == 1
            if message["legal_actions"] and message["step"] > acted_at:
                acted_at = message["step"]
                action = message["legal_actions"][-1]["json"]
                socket.send_json({"type": "action", "action": action, "client_action_id": f"b{acted_at}"})
                continue
            mine = client.get(f"/api/tables/{table_id}/state", headers={"X-Seat-Token": tokens[0]}).json()
            if mine["legal_actions"]:
                answer = client.post(
                    f"/api/tables/{table_id}/actions",
                    headers={"X-Seat-Token": tokens[0]},
                    json={"action": mine["legal_actions"][0]["text"], "client_action_id": f"a{mine['step']}"},
                )
                assert answer.status_code == 200 and answer.json()["applied"], answer.text
        else:
            pytest.fail("the game did not end within 200 pushes")

    summary = client.get(f"/api/tables/{table_id}").json()
    assert summary["status"] == "finished" and [s["name"] for s in summary["seats"]] == ["Ann", "Bo"]
    assert sum(summary["scores"]) >= 5 and summary["winners"]
    record = client.get(f"/api/tables/{table_id}/record", headers={"X-Seat-Token": tokens[0]}).json()
    replayed = GameRecord.from_json(record).replay()
    assert replayed.is_terminal() and replayed.scores() == summary["scores"]
    last = client.get(f"/api/tables/{table_id}/replay", params={"step": len(record["actions"])}).json()
    assert last["view"]["pile"] == 0 or last["view"]["turn"] == last["view"]["max_turns"]


def load_web_conftest():
    """tests/web/conftest.py as a module of its own (not as a conftest: its fixtures stay there)."""
    spec = importlib.util.spec_from_file_location("pebbles_web_setup", WEB_CONFTEST)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def installed_as_a_distribution(folder: Path) -> Path:
    """`folder` made a place where Pebbles is installed as a game is: a distribution's metadata
    declaring the registry's entry point (`cosmotable.games`), beside nothing else; the package itself
    comes from this folder."""
    info = folder / "cosmotable_pebbles-0.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: cosmotable-pebbles\nVersion: 0.0\n")
    (info / "entry_points.txt").write_text(f"[{games.ENTRY_POINT_GROUP}]\npebbles = pebbles\n")
    return folder


@pytest.fixture(scope="module")
def browser_setup():
    return load_web_conftest()


@pytest.fixture(scope="module")
def pebbles_server(tmp_path_factory, browser_setup):
    """A server process (and its bot workers) that finds Pebbles through the entry-point group."""
    installed = installed_as_a_distribution(tmp_path_factory.mktemp("site"))
    path = [str(installed), str(HERE), *filter(None, [os.environ.get("PYTHONPATH")])]
    data = tmp_path_factory.mktemp("server-data")
    with browser_setup.running_server(data, PYTHONPATH=os.pathsep.join(path)) as server:
        yield server


@pytest.fixture
def page(browser_setup, playwright_driver):
    # the worker's Playwright driver (tests/conftest.py), shared with tests/web: a driver of its own
    # is refused when a web test ran first on this worker
    chromium = playwright_driver.chromium.launch(
        executable_path=browser_setup.CHROMIUM, args=browser_setup.CHROMIUM_ARGS
    )
    # the suite's page: its console errors and page errors collected, to fail the test below
    context, page = browser_setup._new_page(chromium, 1280, 900)
    yield page
    errors = list(page.js_errors)
    context.close()
    chromium.close()
    assert not errors, "the page logged errors:\n" + "\n".join(errors)


@pytest.mark.browser
def test_pebbles_is_played_to_the_end_in_the_browser_on_the_generic_page(pebbles_server, page):
    from web_helpers import open_client, screenshot

    server = pebbles_server
    assert {"id": "pebbles", "web": None}.items() <= next(
        game for game in server.api.get("/api/games").json() if game["id"] == "pebbles"
    ).items()
    created = server.create_table(
        "pebbles",
        [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random", "name": "Rita"}],
        options={"pile": 5},
    )
    server.start(created)
    table_id, token = created["table"]["id"], created["seats"][0]["token"]

    open_client(page, server, f"/table/{table_id}?token={token}")
    for _ in range(40):
        summary = server.wait_until(table_id, lambda s: s["status"] == "finished" or s["to_act"] == 0)
        if summary["status"] == "finished":
            break
        # the generic page: the view as a list, the seat's moves as buttons with their text
        board = page.locator(f"#board[data-step='{summary['step']}']")
        moves = board.locator(".plain-moves button.move")
        moves.first.wait_for()
        assert sorted(moves.all_inner_texts()) == sorted(
            a["text"] for a in server.state(table_id, token)["legal_actions"]
        )
        if summary["step"] <= 2:
            screenshot(page, "fourth-game-pebbles-plain")
        moves.first.click()
        server.wait_until(table_id, lambda s, step=summary["step"]: s["step"] > step)
    else:
        pytest.fail("the game did not end within 40 of Ann's turns")

    end = page.locator("#end-screen")
    end.wait_for()
    assert end.get_by_role("heading", name="Game over").is_visible()
    rows = end.locator("table.scores tbody tr")
    assert [rows.nth(seat).locator("th").inner_text().strip() for seat in (0, 1)] == ["Ann", "Rita"]
    screenshot(page, "fourth-game-pebbles-end")
