"""Suite-wide set-up.

Tests run in pytest's importlib mode (several games have test files of the same name), so the
per-game scripting helpers (`mlem_helpers.py`, `kosmodrom_helpers.py`, ...) are put on the
import path here, from whichever folder holds them. Their names are unique across the suite.
"""

import sys
from pathlib import Path

for helper in sorted(Path(__file__).resolve().parent.rglob("*_helpers.py")):
    folder = str(helper.parent)
    if folder not in sys.path:
        sys.path.insert(0, folder)

# Hypothesis: on CI every run explores the same examples (a red build is reproducible from its log);
# locally each run explores new ones and remembers failures in .hypothesis/.
import os  # noqa: E402

from hypothesis import settings  # noqa: E402

settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")
