"""Each game's browser module, served from the game's own package.

A game's descriptor names the folder of its browser module (`web`: 'package:folder', e.g.
'cosmotable.games.mlem:web'); the server serves it at `/web/games/<id>/` and `GET /api/games` gives
that URL (`GameInfo.web`), from which the web client imports `index.js` and reads `i18n/`. The web
client itself knows no game, so a game installed as a package of its own brings its module with it;
a game without one has `web` null and is shown by the client's generic page.

The URL keeps the layout the client had when the modules lived in its own folder, beside the
shell's files under `/web/`.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from cosmotable import games
from cosmotable.engine.descriptor import GameDescriptor

#: where a game's browser module is served: this, its id and a slash
URL_PREFIX = "/web/games/"


def web_folder(descriptor: GameDescriptor) -> Path | None:
    """The folder of the game's browser module on disk; None when the game has none (or its
    package is not unpacked on disk, where no file could be served from)."""
    if descriptor.web is None:
        return None
    package, _, folder = descriptor.web.partition(":")
    found = resources.files(package).joinpath(folder)
    return found if isinstance(found, Path) and (found / "index.js").is_file() else None


def web_url(game_id: str) -> str | None:
    """The URL of the game's browser module folder (ends with '/'), None when it has none."""
    return f"{URL_PREFIX}{game_id}/" if web_folder(games.descriptor(game_id)) is not None else None


def mount_game_webs(app: FastAPI) -> None:
    """Serve each game's browser module folder at its URL. Mounted before the client's own `/web`
    folder, which would otherwise answer (with a 404) for these paths first. The games are those
    registered when the app is made."""
    for game_id in games.ids():
        folder = web_folder(games.descriptor(game_id))
        if folder is not None:
            app.mount(f"{URL_PREFIX}{game_id}", StaticFiles(directory=folder), name=f"web-{game_id}")
