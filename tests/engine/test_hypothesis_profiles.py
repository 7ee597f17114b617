"""The suite's Hypothesis profiles (tests/budget_helpers.py, docs/engine.md): chosen by
HYPOTHESIS_PROFILE, they scale every property test's budget; an unknown name is refused."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]


def _budget(profile: str | None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("HYPOTHESIS_PROFILE", "CI")}
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); import budget_helpers as b; "
        "b.register_profiles(sys.argv[2] or None); print(b.examples(2), b.examples(60))"
    )
    return subprocess.run(
        [sys.executable, "-c", code, str(TESTS), profile or ""],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,  # the callers read the output; a failure shows in it
    )


def test_the_default_profiles_keep_the_everyday_budget_and_thorough_multiplies_it():
    assert _budget(None).stdout.split() == ["2", "60"]
    assert _budget("ci").stdout.split() == ["2", "60"]
    assert _budget("thorough").stdout.split() == ["20", "600"]


def test_an_unknown_profile_is_refused_with_the_names_to_use():
    run = _budget("thorow")
    assert run.returncode != 0
    assert "unknown Hypothesis profile 'thorow'; the suite's profiles are default, ci, thorough" in run.stderr
