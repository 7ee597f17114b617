"""GET /api/games/{game}/rules: the rules summary the terminal prints (`cosmotable rules`), with the
game's reconstructed data files; an unknown game is a 404 that lists the games."""

from __future__ import annotations

import pytest

from cosmotable.ui.rules import summary_markdown

#: a heading each summary must carry (MLEM's variants are a part of their own)
HEADINGS = {
    "mlem": ["# MLEM: Space Agency - rules summary", "# Advanced variants"],
    "kosmodrom": ["# Космо Дром (Kosmodrom) - rules summary"],
    "planet": ["# Planet — rules summary", "## Every tile", "## The six ability cards"],
}


@pytest.mark.parametrize("game", sorted(HEADINGS))
def test_the_rules_endpoint_serves_the_terminal_summary(client, game):
    response = client.get(f"/api/games/{game}/rules")
    assert response.status_code == 200
    body = response.json()
    assert body["game"] == game and body["text"] == summary_markdown(game)
    lines = body["text"].splitlines()
    for heading in HEADINGS[game]:
        assert heading in lines
    assert all(entry["file"].startswith(f"games/{game}/data/") for entry in body["reconstructed"])


def test_planet_rules_list_every_tile_with_its_glyph(client):
    from cosmotable.games.planet.board import default_box

    text = client.get("/api/games/planet/rules").json()["text"]
    for kind in default_box().kinds.values():
        assert f"**{kind.name}**:" in text
    assert "- ✜ **" in text or "- ↑ **" in text  # arrows drawn with the terminal's glyphs


def test_an_unknown_game_has_no_rules(client):
    response = client.get("/api/games/chess/rules")
    assert response.status_code == 404
    assert "mlem" in response.json()["message"]
