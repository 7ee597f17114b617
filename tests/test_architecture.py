"""The layers of docs/architecture.md, enforced on the source: which part of cosmotable may import
which, what a game's rules and a game's adapters may import, no import circle inside a game
package, and no source file over MAX_LINES lines.

And the browser modules: each game's in its own folder (`games/<id>/web/`, importing only files
beside it), the web client naming none of them (it asks the API for a game's module URL).

Every import statement counts - at the top of a module, inside a function, or under
`if TYPE_CHECKING:` - because each one is a dependency a reader has to follow. The imports are
read with `ast` from the files, so nothing here runs the code it checks.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
PACKAGE = SRC / "cosmotable"

#: part -> the other parts it may import (its own part always). "games" stands for the registry
#: (cosmotable/games/__init__.py): the layers reach a game through its descriptor, never by importing
#: the game's modules. Keep in step with docs/architecture.md.
ALLOWED: dict[str, set[str]] = {
    # the top package hands the games registry to the engine, and has the research environments
    # register their Gymnasium ids when gymnasium is imported (envs/gym_registration.py)
    "cosmotable": {"games", "envs"},
    "engine": set(),
    "games": {"engine"},
    "bots": {"engine", "games"},
    "sim": {"engine", "games", "bots"},
    "envs": {"engine", "games", "bots"},
    "ui": set(),
    "ui.numbers": set(),
    "ui.plots": {"ui.numbers"},
    "ui.rules": {"games"},
    "ui.terminal": {"engine", "games", "bots", "sim", "ui.numbers", "ui.plots", "ui.rules"},
    # "cosmotable": the top package, for __version__
    "server": {"cosmotable", "engine", "games", "bots", "ui.rules"},
    "cli": {"cosmotable", "engine", "games", "bots", "sim", "envs", "server", "ui", "ui.numbers"}
    | {"ui.plots", "ui.terminal"},
}

#: Modules (or packages, each of their modules) of a layer that still import one game's modules by
#: name, each a tool of that game alone (MLEM's compiled batch simulator and the fast path that drives
#: it), with what they import.
GAME_TOOLS: dict[str, str] = {
    "cosmotable.sim.batch_mlem": "games.mlem",
    "cosmotable.sim.fast": "games.mlem",
}


def tool_of(module: str) -> str | None:
    """The game a module is a tool of (GAME_TOOLS names it or its package), or None."""
    return next(
        (game for tool, game in GAME_TOOLS.items() if module == tool or module.startswith(tool + ".")),
        None,
    )


#: A game's adapters, by the start of their file name inside the game's package -> the layer whose
#: base they build on. Every other module of a game package is its rules (game.py, and __init__.py,
#: the descriptor): the rules import only the engine, so that they never load a bot or a screen.
ADAPTERS: dict[str, str] = {
    "bots": "bots",
    "bot_": "bots",
    "encoding": "envs",
    "drawing": "envs",
    "screen": "ui.terminal",
    "summary": "ui.rules",
    "glyphs": "ui.rules",  # Planet's tile marks, shared by its rules summary and its screen
    "features": "sim",
    "report": "sim",
    "cli": "cli",
}


def module_name(path: Path) -> str:
    parts = path.relative_to(SRC).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def part(module: str) -> str:
    """The layer a module belongs to: 'engine', 'games.planet', 'games' (the registry), ..."""
    names = module.split(".")
    if len(names) == 1:
        return "cosmotable"
    if names[1] in ("games", "ui") and len(names) > 2:
        return f"{names[1]}.{names[2]}"
    return names[1]


def imports(module: str) -> set[str]:
    """The cosmotable modules `module` imports, anywhere in its file."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, *([base] if base else [])])
            for alias in node.names:
                # `from cosmotable.games import planet` imports the module cosmotable.games.planet
                sub = f"{base}.{alias.name}"
                found.add(sub if sub in MODULES else base)
    return {name for name in found if name.split(".")[0] == "cosmotable" and name != module}


def allowed(src: str, dst: str) -> bool:
    """May part `src` import part `dst` (neither a game package; see `game_import_allowed`)?"""
    return src == dst or dst in ALLOWED[src]


def adapter_layer(module: str) -> str | None:
    """The layer a game module adapts the game to, or None for the game's rules."""
    name = module.rsplit(".", 1)[1]
    return next((layer for start, layer in ADAPTERS.items() if name.startswith(start)), None)


def game_import_allowed(module: str, target: str) -> bool:
    """A game's rules import the engine and the game's own rules; an adapter of a layer imports
    what that layer may (the layer itself included), the game's rules and the game's adapters of
    the layers its layer may import (a screen its game's rules summary). No game module imports
    another game's."""
    game, layer = part(module), adapter_layer(module)
    if part(target) == game:
        other = adapter_layer(target)
        return other is None or (layer is not None and (other == layer or other in ALLOWED[layer]))
    if layer is None:
        return part(target) == "engine"
    owner = part(target)
    return not owner.startswith("games.") and (owner == layer or owner in ALLOWED[layer])


def import_allowed(module: str, target: str) -> bool:
    if part(module).startswith("games."):
        return game_import_allowed(module, target)
    if part(target).startswith("games."):
        return part(target) == tool_of(module) or allowed(part(module), part(target))
    return allowed(part(module), part(target))


def test_every_part_of_the_package_has_a_rule():
    parts = {part(m) for m in MODULES}
    unruled = sorted(p for p in parts if not p.startswith("games.") and p not in ALLOWED)
    assert not unruled, f"add these parts to ALLOWED here and to docs/architecture.md: {unruled}"


def test_the_parts_import_only_the_layers_below_them():
    wrong = sorted(
        f"{module} imports {target} ({part(module)} may not import {part(target)})"
        for module in MODULES
        if not part(module).startswith("games.")
        for target in imports(module)
        if target in MODULES and not import_allowed(module, target)
    )
    assert not wrong, "\n".join(wrong)


def game_modules(kind: str) -> list[str]:
    """The modules of every game package that are its rules ("rules") or its adapters ("adapters")."""
    inside = [m for m in MODULES if part(m).startswith("games.")]
    return [m for m in inside if (adapter_layer(m) is None) == (kind == "rules")]


@pytest.mark.parametrize("kind", ["rules", "adapters"])
def test_a_game_s_rules_import_only_the_engine_and_its_adapters_their_layer(kind):
    """games/<id>/: the rules (and the descriptor) import the engine and the game's own rules; an
    adapter (bots.py, encoding.py, screen.py, ...) imports its layer and what its layer may."""
    modules = game_modules(kind)
    assert modules, f"no {kind} modules found in the game packages"
    wrong = sorted(
        f"{module} imports {target}"
        + (f" (a {adapter_layer(module)} adapter)" if adapter_layer(module) else " (rules: engine only)")
        for module in modules
        for target in imports(module)
        if target in MODULES and not game_import_allowed(module, target)
    )
    assert not wrong, "\n".join(wrong)


def test_the_game_check_refuses_a_rule_that_imports_a_bot_and_an_adapter_of_another_layer():
    assert not game_import_allowed("cosmotable.games.planet.moves", "cosmotable.bots.heuristic")
    assert not game_import_allowed("cosmotable.games.planet.moves", "cosmotable.games.planet.bots")
    assert not game_import_allowed("cosmotable.games.planet.bots", "cosmotable.games.planet.screen")
    assert not game_import_allowed("cosmotable.games.planet.bots", "cosmotable.games.mlem.board")
    assert not game_import_allowed("cosmotable.games.planet.bots", "cosmotable.ui.terminal.common")
    assert game_import_allowed("cosmotable.games.planet.bots", "cosmotable.bots.heuristic")
    assert game_import_allowed("cosmotable.games.planet.bots", "cosmotable.games.planet.bot_routes")
    assert game_import_allowed("cosmotable.games.planet.moves", "cosmotable.engine.core")


def test_no_layer_imports_a_game_s_modules_by_name():
    """The layers ask the registry for a game's descriptor and load its parts by their dotted paths;
    only the named tools of one game import a game's modules."""
    wrong = sorted(
        f"{module} imports {target}"
        for module in MODULES
        if not part(module).startswith("games.")
        for target in imports(module)
        if part(target).startswith("games.") and tool_of(module) != part(target)
    )
    assert not wrong, "\n".join(wrong)


def test_the_check_sees_a_forbidden_import(tmp_path, monkeypatch):
    """The walk above finds imports inside functions and under TYPE_CHECKING: a planted one fails."""
    planted = tmp_path / "planted.py"
    planted.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from cosmotable.server import app\n"
        "def f():\n    from ..bots import mcts\n",
        encoding="utf-8",
    )
    monkeypatch.setitem(MODULES, "cosmotable.engine.planted", planted)
    found = imports("cosmotable.engine.planted")
    assert {"cosmotable.server.app", "cosmotable.bots.mcts"} <= found
    assert not any(allowed("engine", part(m)) for m in found)


def cycle_in(modules: set[str]) -> list[str] | None:
    """One import circle among `modules` (as a path that returns to its start), or None."""
    graph = {m: sorted(imports(m) & modules) for m in sorted(modules)}
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in graph[node]:
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        path.pop()
        state[node] = 2
        return None

    for start in graph:
        if start not in state and (found := visit(start)):
            return found
    return None


GAME_PACKAGES = sorted({part(m) for m in MODULES if part(m).startswith("games.")})


@pytest.mark.parametrize("game", GAME_PACKAGES)
def test_no_import_circle_inside_a_game_package(game):
    modules = {m for m in MODULES if part(m) == game}
    circle = cycle_in(modules)
    assert circle is None, " -> ".join(circle or [])


def test_no_import_circle_anywhere_in_the_package():
    """Issue #44: no import circles at all - between the engine's modules (core and record), inside
    a layer, or across the registry - not only inside a game package."""
    circle = cycle_in(set(MODULES))
    assert circle is None, " -> ".join(circle or [])


def test_the_cycle_finder_finds_a_circle(monkeypatch):
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    monkeypatch.setattr(f"{__name__}.imports", lambda module: graph[module])
    assert cycle_in(set(graph)) in (["a", "b", "c", "a"], ["b", "c", "a", "b"], ["c", "a", "b", "c"])
    graph["c"] = set()
    assert cycle_in(set(graph)) is None


# ---------------------------------------------------------------- the browser modules
#: the web client's own files (the shell): it reaches a game's module by the URL GET /api/games gives
CLIENT = PACKAGE / "web"
#: a static import or a dynamic import() of a relative path in a script
JS_IMPORT = re.compile(r"""(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["'`](\.{1,2}/[^"'`]*)["'`]""")


def descriptor_web(game_id: str) -> str | None:
    """The `web` of the game's descriptor, read from its __init__.py (`web="package:folder"`)."""
    tree = ast.parse((PACKAGE / "games" / game_id / "__init__.py").read_text(encoding="utf-8"))
    return next(
        (
            keyword.value.value
            for node in ast.walk(tree)
            if isinstance(node, ast.Call)
            for keyword in node.keywords
            if keyword.arg == "web" and isinstance(keyword.value, ast.Constant)
        ),
        None,
    )


def game_web_folders() -> dict[str, Path]:
    """Each built-in game's browser module folder, where its descriptor's `web` names it."""
    found = {}
    for game_id in ("mlem", "kosmodrom", "planet"):
        web = descriptor_web(game_id)
        assert web is not None, f"{game_id} names no browser module"
        package, _, folder = web.partition(":")
        found[game_id] = SRC.joinpath(*package.split("."), folder)
    return found


@pytest.mark.parametrize("game_id", ["mlem", "kosmodrom", "planet"])
def test_a_game_s_browser_module_is_in_its_folder_and_imports_only_from_it(game_id):
    """games/<id>/web/ holds the module (index.js) and its catalogs; the server serves it from
    wherever the game's package is installed, so its scripts import only files beside them."""
    folder = game_web_folders()[game_id]
    assert folder == PACKAGE / "games" / game_id / "web"
    assert (folder / "index.js").is_file() and (folder / "i18n" / "en.json").is_file()
    wrong = sorted(
        f"{script.relative_to(folder)} imports {target}"
        for script in folder.rglob("*.js")
        for target in JS_IMPORT.findall(script.read_text(encoding="utf-8"))
        if not (script.parent / target).resolve().is_relative_to(folder)
    )
    assert not wrong, "\n".join(wrong)


def test_the_web_client_names_no_game_s_module():
    """The shell loads a game's module and catalogs from the URL the API gives (GameInfo.web), never
    from a path of its own into a games folder."""
    path_into_games = re.compile(r"(?:\./|web/)games/")  # not the API's /games/{id}/rules
    wrong = sorted(
        f"{script.relative_to(CLIENT)}:{number}: {line.strip()}"
        for script in [*CLIENT.rglob("*.js"), CLIENT / "index.html"]
        for number, line in enumerate(script.read_text(encoding="utf-8").splitlines(), start=1)
        if path_into_games.search(line)
    )
    assert not wrong, "\n".join(wrong)
    assert not (CLIENT / "games").exists(), "a game's module lives in its game's folder (games/<id>/web/)"


def test_the_import_pattern_reads_the_forms_the_modules_use():
    text = 'import a from "./a.js";\nimport { b } from "../b.js";\nconst c = await import(`./c.js`);'
    assert JS_IMPORT.findall(text) == ["./a.js", "../b.js", "./c.js"]


#: The longest a source file may be (issue #44: files that hold one idea; none of the big ones a
#: grab-bag). A file that outgrows it is split along its seams, each new file one idea.
MAX_LINES = 600

#: Files still over MAX_LINES while they are being split (none now: issue #44 split the last). Each
#: entry is a debt named here; the test below fails once an entry is short, so none can grow back.
LONG_FILES_BEING_SPLIT: set[str] = set()


def test_no_source_file_is_longer_than_max_lines():
    # the Python modules, and the browser client's scripts, styles and pages (the shell's and each
    # game's): source too, read by the same people
    sources = [
        *MODULES.values(),
        *(p for suffix in ("js", "css", "html") for p in PACKAGE.rglob(f"*.{suffix}")),
    ]
    lengths = {
        path.relative_to(PACKAGE).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
        for path in sources
    }
    long = sorted(
        f"{name}: {lines} lines"
        for name, lines in lengths.items()
        if lines > MAX_LINES and name not in LONG_FILES_BEING_SPLIT
    )
    assert not long, f"split these along their seams (at most {MAX_LINES} lines each):\n" + "\n".join(long)
    # An exception that is short now is done: take it off the list, so it cannot grow back.
    done = sorted(name for name in LONG_FILES_BEING_SPLIT if lengths.get(name, 0) <= MAX_LINES)
    assert not done, (
        f"these are at most {MAX_LINES} lines now: remove them from LONG_FILES_BEING_SPLIT: {done}"
    )
