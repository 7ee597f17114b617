"""Helpers for the browser tests (tests/web): the running server's handle, opening the client, screenshots.

See tests/web/conftest.py for the fixtures that use them.
"""

from __future__ import annotations

import re
import socket
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from cosmotable import games
from cosmotable.server.game_web import web_folder

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
#: the web client's own files (the shell); each game's module is in the game's package
CLIENT = Path(__file__).resolve().parents[2] / "src" / "cosmotable" / "web"


def game_web(game_id: str) -> Path:
    """The folder of a game's browser module, where its descriptor names it (in its package)."""
    folder = web_folder(games.descriptor(game_id))
    assert folder is not None, f"{game_id} has no browser module"
    return folder


def client_site(web: Path) -> None:
    """Lay out the folder `web` as the server serves `/web/` (symlinks): the client's files, and each
    game's browser module under `games/<id>/`, for the test pages that load a module without the
    server."""
    web.mkdir()
    for entry in CLIENT.iterdir():
        (web / entry.name).symlink_to(entry, target_is_directory=entry.is_dir())
    (web / "games").mkdir()
    for game_id in games.ids():
        folder = web_folder(games.descriptor(game_id))
        if folder is not None:
            (web / "games" / game_id).symlink_to(folder, target_is_directory=True)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@dataclass
class Server:
    url: str
    api: httpx.Client
    process: subprocess.Popen
    log_path: Path
    tables: list = field(default_factory=list)

    def log(self) -> str:
        return self.log_path.read_text(encoding="utf-8", errors="replace")[-4000:]

    def create_table(self, game: str, seats: list[dict], **fields) -> dict:
        body = {
            "game": game,
            "seats": seats,
            "variants": fields.pop("variants", []),
            "options": fields.pop("options", {}),
            **fields,
        }
        answer = self.api.post("/api/tables", json=body)
        assert answer.status_code == 201, answer.text
        return answer.json()

    def start(self, created: dict) -> dict:
        answer = self.api.post(
            f"/api/tables/{created['table']['id']}/start", headers={"X-Host-Token": created["host_token"]}
        )
        assert answer.status_code == 200, answer.text
        return answer.json()

    def state(self, table_id: str, token: str | None = None) -> dict:
        headers = {"X-Seat-Token": token} if token else {}
        answer = self.api.get(f"/api/tables/{table_id}/state", headers=headers)
        assert answer.status_code == 200, answer.text
        return answer.json()

    def act(self, table_id: str, token: str, action, action_id: str) -> dict:
        answer = self.api.post(
            f"/api/tables/{table_id}/actions",
            headers={"X-Seat-Token": token},
            json={"action": action, "client_action_id": action_id},
        )
        assert answer.status_code == 200, answer.text
        return answer.json()

    def wait_until(self, table_id: str, predicate, timeout: float = 120.0) -> dict:
        deadline = time.monotonic() + timeout
        while True:
            summary = self.api.get(f"/api/tables/{table_id}").json()
            if predicate(summary):
                return summary
            if time.monotonic() > deadline:
                raise AssertionError(
                    f"table {table_id} did not reach the wanted state in {timeout} s: {summary}"
                )
            time.sleep(0.2)


def open_client(page, server: Server, route: str = "/") -> None:
    page.goto(f"{server.url}/#{route}")
    page.wait_for_selector("body[data-ready]")


def screenshot(page, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


# --- hidden information in the page -------------------------------------------------------------------

# attributes that hold geometry or styling, not words: "s12" in an SVG path is not mission s12
_GEOMETRY = [
    "d",
    "points",
    "transform",
    "viewBox",
    "style",
    "class",
    "x",
    "y",
    "width",
    "height",
    "cx",
    "cy",
    "r",
    "rx",
    "ry",
    "x1",
    "x2",
    "y1",
    "y2",
    "fill",
    "stroke",
    "href",
    "src",
]

_PAGE_WORDS = """(geometry) => {
  const parts = [];
  const walker = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  for (let node = walker.currentNode; node; node = walker.nextNode()) {
    if (node.nodeType === Node.TEXT_NODE) { parts.push(node.nodeValue); continue; }
    if (node.tagName === "SCRIPT" || node.tagName === "STYLE") continue;
    for (const attr of node.attributes) if (!geometry.includes(attr.name)) parts.push(attr.value);
    if ("value" in node && typeof node.value === "string") parts.push(node.value);
  }
  return parts.join("\\n");
}"""


def string_leaves(value) -> set[str]:
    """Every string in a view (dict keys excluded: they name fields, they hold no secrets)."""
    found: set[str] = set()
    if isinstance(value, str):
        found.add(value)
    elif isinstance(value, dict):
        for item in value.values():
            found |= string_leaves(item)
    elif isinstance(value, list):
        for item in value:
            found |= string_leaves(item)
    return found


def field_names(value) -> set[str]:
    """Every dict key in a view: the shape every seat shares (a field may be named like a card)."""
    found: set[str] = set()
    if isinstance(value, dict):
        found |= set(value)
        for item in value.values():
            found |= field_names(item)
    elif isinstance(value, list):
        for item in value:
            found |= field_names(item)
    return found


def secret_strings(hidden, *other_views: dict) -> set[str]:
    """The strings of `hidden` (a seat's hand, its missions: part of its own view) that none of the other
    views hold, as values or as field names (a field may be named like a card, and is shown to all)."""
    others = set().union(*(string_leaves(view) | field_names(view) for view in other_views))
    return {text for text in string_leaves(hidden) - others if len(text) >= 2}


def page_words(page) -> str:
    """All text and attribute values of the page's DOM (hidden elements included)."""
    return page.evaluate(_PAGE_WORDS, _GEOMETRY)


def contains_word(haystack: str, word: str) -> bool:
    import re

    return re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", haystack) is not None


#: MLEM's move controls on the table page: one-click moves and the parts of a travel
MLEM_CONTROLS = "[data-move]:not([data-confirm]), [data-travel-item]"
MLEM_READY = f"() => !document.querySelector('.mlem-busy') && document.querySelector('{MLEM_CONTROLS}')"


def one_mlem_move(page) -> None:
    """Make one MLEM move by clicks: a one-click move, else a travel built from the offered dice."""
    page.wait_for_function(MLEM_READY, timeout=60_000)
    singles = page.locator("[data-move]:not([data-confirm])")
    if singles.count():
        singles.first.click()
        return
    confirm = page.locator("[data-confirm]")
    for _ in range(12):
        if confirm.is_enabled():
            break
        page.locator(
            "[data-travel-item][aria-pressed='false']:not([aria-disabled='true']):not([disabled])"
        ).first.click()
    confirm.click()


def catalog_forms(value: str | dict) -> list[str]:
    """The texts of one catalog entry: a plain text, or each plural form of a {"one": …, "other": …}
    entry (i18n.js picks the form by the count; languages differ in how many forms they have)."""
    return list(value.values()) if isinstance(value, dict) else [value]


def catalog_placeholders(value: str | dict) -> set[str]:
    """The {name} placeholders an entry uses in any of its forms."""
    return {name for form in catalog_forms(value) for name in re.findall(r"\{(\w+)\}", form)}
