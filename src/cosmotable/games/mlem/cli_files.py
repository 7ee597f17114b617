"""MLEM's files read for the command line: a space mat (`--board`) and the token sets of the variants
(`--expedition-tokens`, `--ufo-tokens`, `--discoveries`, `--missions`), each checked, every problem
told, before a game or a tool uses it."""

from __future__ import annotations

from pathlib import Path

from cosmotable.cli.common import EXIT_ERROR, fail
from cosmotable.engine.errors import DataError


def read_board(path: Path) -> dict:
    from cosmotable.games.mlem.board import mat_problems, read_data_file

    try:
        data = read_data_file(path)
    except DataError as exc:
        raise fail(f"{path}: " + "; ".join(exc.problems), EXIT_ERROR) from None
    problems = mat_problems(data)
    if problems:
        lines = "\n".join(f"  - {p}" for p in problems)
        raise fail(
            f"{path} is not a valid mat ({len(problems)} problem(s)):\n{lines}\n"
            f"(cosmotable mlem check-board {path} lists them too)",
            EXIT_ERROR,
        )
    return data


def read_tokens(option: str, path: Path, board: dict | None) -> dict:
    from cosmotable.games.mlem.board import default_mat, mat_from_data, read_data_file
    from cosmotable.games.mlem.tokens import token_problems

    flag = "--" + option.replace("_", "-")
    try:
        data = read_data_file(path)
    except DataError as exc:
        raise fail(f"{flag} {path}: " + "; ".join(exc.problems), EXIT_ERROR) from None
    mat = default_mat() if board is None else mat_from_data(board, "board")
    problems = token_problems(option, data, mat)
    if problems:
        lines = "\n".join(f"  - {p}" for p in problems)
        raise fail(
            f"{flag} {path} is not a valid token file ({len(problems)} problem(s)):\n{lines}", EXIT_ERROR
        )
    return data
