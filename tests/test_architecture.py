"""The layers of docs/architecture.md, enforced on the source: which part of cosmotable may import
which, and no import circle inside a game package.

Every import statement counts - at the top of a module, inside a function, or under
`if TYPE_CHECKING:` - because each one is a dependency a reader has to follow. The imports are
read with `ast` from the files, so nothing here runs the code it checks.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
PACKAGE = SRC / "cosmotable"

#: part -> the other parts it may import (its own part always). "games.*" stands for every game
#: package, "games" for the registry (cosmotable/games/__init__.py). Keep in step with
#: docs/architecture.md.
ALLOWED: dict[str, set[str]] = {
    "cosmotable": {"games"},  # the top package hands the games registry to the engine
    "engine": set(),
    "games.*": {"engine"},
    "games": {"engine", "games.*"},
    "bots": {"engine", "games", "games.*"},
    "sim": {"engine", "games", "games.*", "bots"},
    "envs": {"engine", "games", "games.*", "bots"},
    "ui": set(),
    "ui.numbers": set(),
    "ui.plots": {"ui.numbers"},
    "ui.glyphs": set(),
    "ui.rules": {"games", "games.*", "ui.glyphs"},
    "ui.terminal": {
        "engine",
        "games",
        "games.*",
        "bots",
        "sim",
        "ui.numbers",
        "ui.plots",
        "ui.glyphs",
        "ui.rules",
    },
    # "cosmotable": the top package, for __version__
    "server": {"cosmotable", "engine", "games", "games.*", "bots", "ui.rules"},
    "cli": {"cosmotable", "engine", "games", "games.*", "bots", "sim", "envs", "server", "ui", "ui.numbers"}
    | {"ui.plots", "ui.terminal"},
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
    if src == dst:
        return True
    rule = ALLOWED["games.*"] if src.startswith("games.") else ALLOWED[src]
    return dst in rule or (dst.startswith("games.") and "games.*" in rule)


def test_every_part_of_the_package_has_a_rule():
    parts = {part(m) for m in MODULES}
    unruled = sorted(p for p in parts if not p.startswith("games.") and p not in ALLOWED)
    assert not unruled, f"add these parts to ALLOWED here and to docs/architecture.md: {unruled}"


def test_the_parts_import_only_the_layers_below_them():
    wrong = sorted(
        f"{module} imports {target} ({part(module)} may not import {part(target)})"
        for module in MODULES
        for target in imports(module)
        if target in MODULES and not allowed(part(module), part(target))
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


def test_the_cycle_finder_finds_a_circle(monkeypatch):
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    monkeypatch.setattr(f"{__name__}.imports", lambda module: graph[module])
    assert cycle_in(set(graph)) in (["a", "b", "c", "a"], ["b", "c", "a", "b"], ["c", "a", "b", "c"])
    graph["c"] = set()
    assert cycle_in(set(graph)) is None
