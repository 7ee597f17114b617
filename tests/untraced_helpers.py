"""tests/untraced.txt: the tests run without coverage's tracer (read by tests/conftest.py; written by
scripts/untraced_tests.py)."""

from pathlib import Path

UNTRACED = Path(__file__).with_name("untraced.txt")


def untraced_ids(text: str) -> set[str]:
    """The node ids of tests/untraced.txt (one a line; `#` starts a comment line)."""
    return {line.strip() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")}
