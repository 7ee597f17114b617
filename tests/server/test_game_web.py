"""Each game's browser module is served from the game's own package, at the URL GET /api/games gives
(`GameInfo.web`): the web client names no game (issue 44)."""

from __future__ import annotations

import pytest

from cosmotable import games
from cosmotable.engine.descriptor import GameDescriptor
from cosmotable.server.game_web import web_folder


def test_each_game_s_module_is_served_at_the_url_the_api_gives(client):
    listed = client.get("/api/games").json()
    assert {game["id"]: game["web"] for game in listed} == {
        game_id: f"/web/games/{game_id}/" for game_id in ("mlem", "kosmodrom", "planet")
    }
    for game in listed:
        module = client.get(f"{game['web']}index.js")
        assert module.status_code == 200 and "javascript" in module.headers["content-type"]
        assert module.text == (web_folder(games.descriptor(game["id"])) / "index.js").read_text("utf-8")
        assert client.get(f"{game['web']}i18n/en.json").json()
    # the shell's own files are still served beside them; a game with no folder has nothing there
    assert client.get("/web/games.js").status_code == 200
    assert client.get("/web/games/unknown/index.js").status_code == 404


def descriptor(web: str | None) -> GameDescriptor:
    return GameDescriptor(id="probe", name="Probe", min_players=1, max_players=1, game="x:GAME", web=web)


def test_a_game_without_a_module_folder_has_none():
    assert web_folder(descriptor(None)) is None
    # a folder without index.js is no module: the client's generic page shows the game
    assert web_folder(descriptor("cosmotable.games.mlem:data")) is None
    assert web_folder(descriptor("cosmotable.games.mlem:web")) == web_folder(games.descriptor("mlem"))


@pytest.mark.parametrize("web", ["mlem", "cosmotable.games.mlem:", ":web"])
def test_the_descriptor_refuses_a_web_that_is_not_package_and_folder(web):
    with pytest.raises(ValueError, match="package:folder"):
        descriptor(web)
