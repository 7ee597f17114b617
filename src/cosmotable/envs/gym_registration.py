"""Register the Gymnasium ids when gymnasium is imported, without importing it.

`import cosmotable` installs this (through `cosmotable.envs`), so `gymnasium.make("cosmotable/Mlem-v0")`
works after `import cosmotable` alone, in either order of the two imports, while `import cosmotable`
stays light: gymnasium (and numpy under it) is imported only by whoever uses it. Gymnasium 1.x has
no plugin entry points, so the hook is an import finder that runs once: it finds gymnasium's own
spec, lets gymnasium's module run, then registers the ids.
"""

from __future__ import annotations

import importlib.abc
import importlib.util
import sys
import warnings
from collections.abc import Callable


class _AfterImport(importlib.abc.MetaPathFinder):
    """Calls `then()` right after the module `name` has run (once; then it leaves sys.meta_path)."""

    def __init__(self, name: str, then: Callable[[], object]):
        self.name = name
        self.then = then

    def find_spec(self, fullname, path=None, target=None):
        if fullname != self.name:
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(fullname)  # the finders that would have found it anyway
        if spec is None or spec.loader is None:
            return spec
        run_module = spec.loader.exec_module
        then = self.then

        def exec_module(module) -> None:
            run_module(module)
            try:
                then()
            except Exception as exc:  # noqa: BLE001 - whatever goes wrong here must not break `import gymnasium`
                warnings.warn(f"cosmotable: Gymnasium ids not registered: {exc}", stacklevel=2)

        spec.loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


def register_when_imported(register: Callable[[], object]) -> None:
    """`register()` now if gymnasium is already imported, else as soon as it is; nothing when it is
    not installed (the `rl` extra)."""
    if "gymnasium" in sys.modules:
        register()
        return
    if any(isinstance(finder, _AfterImport) for finder in sys.meta_path):
        return
    if importlib.util.find_spec("gymnasium") is None:
        return
    sys.meta_path.insert(0, _AfterImport("gymnasium", register))
