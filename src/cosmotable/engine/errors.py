"""Errors raised by the engine. Each carries a message a person can act on, quoting at most a short
piece of the input that caused it (`inputs.quoted`)."""

import dataclasses

from cosmotable.engine.inputs import field_problem, quoted


class CosmotableError(Exception):
    """Base class for every error the engine raises on purpose."""


def _shown(action: object) -> str:
    """An action as an error message names it: its text form when it is a well-formed Action,
    else a bounded description of whatever was passed."""
    if isinstance(action, str):
        return quoted(action)
    if dataclasses.is_dataclass(action) and not isinstance(action, type) and field_problem(action) is None:
        return quoted(str(action))
    return quoted(action)


class IllegalAction(CosmotableError, ValueError):
    """An action that is not legal in the current state. The state is left unchanged."""

    def __init__(self, action: object, reason: str):
        self.action = action
        self.reason = reason
        super().__init__(f"illegal action {_shown(action)}: {reason}")


class ConfigError(CosmotableError, ValueError):
    """A game configuration that the game does not accept (player count, unknown variant...)."""


class DataError(CosmotableError, ValueError):
    """A game-content data file (board, tokens, cards) that fails validation.

    `problems` lists every problem found, each naming the offending entry.
    """

    def __init__(self, path: str, problems: list[str]):
        self.path = path
        self.problems = list(problems)
        lines = "\n".join(f"  - {p}" for p in self.problems)
        super().__init__(f"{path}: {len(self.problems)} problem(s):\n{lines}")


class RecordError(CosmotableError, ValueError):
    """A game record or save file that is corrupt, tampered with, of an unknown format, or (when a
    key is given) not signed with that key."""
