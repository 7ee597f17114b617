"""Golden games: make_golden.py (scripts, replay, expected outcome) importable by the tests."""

import sys
from pathlib import Path

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)
