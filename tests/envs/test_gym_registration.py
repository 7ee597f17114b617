"""`gymnasium.make("cosmotable/Mlem-v0")` after `import cosmotable` alone (issue #49 item 4), without
`import cosmotable` importing gymnasium: run in a fresh interpreter, where nothing is imported yet."""

from __future__ import annotations

import subprocess
import sys

import pytest

pytest.importorskip("gymnasium")

CHECK = """
import sys
import cosmotable
assert "gymnasium" not in sys.modules and "numpy" not in sys.modules, "import cosmotable is heavy"
assert not any(m.startswith("cosmotable.envs.") and m != "cosmotable.envs.gym_registration"
               for m in sys.modules), "an adapter was imported"
import gymnasium
env = gymnasium.make("cosmotable/Mlem-v0", opponents=["random"])
obs, info = env.reset(seed=1)
print(type(env.unwrapped).__name__, obs.shape[0], int(info["action_mask"].sum()) > 0)
"""

GYMNASIUM_FIRST = """
import gymnasium
import cosmotable
print(gymnasium.make("cosmotable/Kosmodrom-v0").spec.id)
"""


def run(code: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", code], check=False, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_make_works_after_import_cosmotable_only_and_import_stays_light():
    assert run(CHECK) == "SingleAgentEnv 1159 True"


def test_make_works_when_gymnasium_was_imported_first():
    assert run(GYMNASIUM_FIRST) == "cosmotable/Kosmodrom-v0"
