"""The variant token sets as data: expedition and UFO tokens (UFO), discoveries, secret missions.

Like the mat, each set is printed only on its components, so each is a data file with a `source`
field, replaceable by an owner's file (`--expedition-tokens FILE` ...), validated with messages
naming the offending entry and checked against the mat it is played on.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, TypeGuard

from cosmotable.engine.errors import DataError
from cosmotable.engine.inputs import quoted
from cosmotable.games.mlem.board import DIE_FACES, Mat

ABILITIES = ("extra", "keep", "reroll")
DISCOVERY_KINDS = ("points", "die_return", "wormhole")
#: option name -> (data file, format tag)
TOKEN_FILES = {
    "expedition_tokens": ("expedition_tokens.toml", "mlem-expedition-tokens"),
    "ufo_tokens": ("ufo_tokens.toml", "mlem-ufo-tokens"),
    "discoveries": ("discoveries.toml", "mlem-discoveries"),
    "missions": ("missions.toml", "mlem-missions"),
}


@dataclass(frozen=True)
class ExpeditionToken:
    id: str
    ufo_move: int
    dice: int
    ability: str  # extra | keep | reroll
    extra_dice: tuple[str, ...] = ()

    def describe(self) -> str:
        extra = f" {'+'.join(self.extra_dice)}" if self.extra_dice else ""
        return f"UFO {self.ufo_move}, {self.dice} dice, {self.ability}{extra}"


@dataclass(frozen=True)
class Discovery:
    id: str
    kind: str  # points | die_return | wormhole
    space: int
    points: int = 0

    def describe(self) -> str:
        return (
            f"{self.points} point{'s' if self.points != 1 else ''}"
            if self.kind == "points"
            else self.kind.replace("_", " ")
        )


@dataclass(frozen=True)
class Mission:
    id: str
    kind: str  # moon | planet
    target: str
    spaces: tuple[int, ...]


@dataclass(frozen=True)
class TokenSets:
    expedition: dict[str, ExpeditionToken]
    ufo_points: tuple[int, ...]  # the UFO stack, top first
    discoveries: dict[str, Discovery]
    missions: dict[str, Mission]
    mission_points: tuple[int, ...]  # points for 0, 1, 2, 3 completed missions


def _int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _header(data: dict[str, Any], fmt: str, problems: list[str]) -> None:
    if data.get("format") != fmt:
        problems.append(f"format: must be {fmt!r}, got {quoted(data.get('format'), 60)}")
    if not isinstance(data.get("source"), str) or not data["source"].strip():
        problems.append("source: say where the values come from")


def _entries(data: dict[str, Any], table: str, problems: list[str]) -> list[tuple[str, dict[str, Any]]]:
    """(where, entry) pairs of a [[table]] list, with duplicate and missing ids reported."""
    entries = data.get(table)
    if not isinstance(entries, list) or not entries:
        problems.append(f"{table}: no [[{table}]] entries")
        return []
    seen: set[str] = set()
    result = []
    for index, entry in enumerate(entries):
        if not isinstance(entry, dict) or not isinstance(entry.get("id"), str) or not entry["id"]:
            problems.append(f"{table} #{index + 1}: needs a non-empty string 'id'")
            continue
        if entry["id"] in seen:
            problems.append(f"{table} {quoted(entry['id'], 60)}: duplicate id")
        seen.add(entry["id"])
        result.append((f"{table} {quoted(entry['id'], 60)}", entry))
    return result


def expedition_problems(data: dict[str, Any], mat: Mat) -> list[str]:
    problems: list[str] = []
    _header(data, "mlem-expedition-tokens", problems)
    for where, token in _entries(data, "token", problems):
        if not _int(token.get("ufo_move")) or token["ufo_move"] < 0:
            problems.append(f"{where}: 'ufo_move' must be a non-negative integer")
        if not _int(token.get("dice")) or not 1 <= token["dice"] <= mat.dice_count:
            problems.append(f"{where}: 'dice' must be 1..{mat.dice_count}")
        if token.get("ability") not in ABILITIES:
            problems.append(f"{where}: 'ability' must be one of {', '.join(ABILITIES)}")
        extra = token.get("extra_dice", [])
        if token.get("ability") == "extra":
            if not isinstance(extra, list) or not extra:
                problems.append(f"{where}: an 'extra' token must list its 'extra_dice' faces")
            else:
                for face in extra:
                    if face not in DIE_FACES:
                        problems.append(
                            f"{where}: unknown extra die face {quoted(face, 60)} (known: {', '.join(DIE_FACES)})"
                        )
        elif extra:
            problems.append(f"{where}: 'extra_dice' only belongs on an 'extra' token")
    return problems


def ufo_problems(data: dict[str, Any], mat: Mat) -> list[str]:
    problems: list[str] = []
    _header(data, "mlem-ufo-tokens", problems)
    points = data.get("points")
    if not isinstance(points, list) or not points or not all(_int(p) and p >= 0 for p in points):
        problems.append("points: must list the UFO tokens' points, top of the stack first")
    return problems


def discovery_problems(data: dict[str, Any], mat: Mat) -> list[str]:
    problems: list[str] = []
    _header(data, "mlem-discoveries", problems)
    spaces: dict[int, str] = {}
    for where, token in _entries(data, "token", problems):
        kind = token.get("kind")
        if kind not in DISCOVERY_KINDS:
            problems.append(f"{where}: 'kind' must be one of {', '.join(DISCOVERY_KINDS)}")
        if kind == "points" and (not _int(token.get("points")) or token["points"] < 1):
            problems.append(f"{where}: a points token needs positive 'points'")
        space = token.get("space")
        if not _int(space) or not 1 <= space <= mat.last_space:
            problems.append(f"{where}: 'space' must be a space of the mat, 1..{mat.last_space}")
        elif space in spaces:
            # rulebook (discovery): each token lies on its own space of the mat.
            problems.append(
                f"{where}: space {space} already holds {quoted(spaces[space], 60)}; one token per space"
            )
        else:
            spaces[space] = token["id"]
    return problems


def mission_problems(data: dict[str, Any], mat: Mat) -> list[str]:
    problems: list[str] = []
    _header(data, "mlem-missions", problems)
    points = data.get("points")
    if not isinstance(points, list) or len(points) != 4 or not all(_int(p) for p in points):
        problems.append("points: must be 4 integers, the points for 0, 1, 2 and 3 completed missions")
    for where, mission in _entries(data, "mission", problems):
        kind, target = mission.get("kind"), mission.get("target")
        known: Mapping[str, object]
        if kind == "moon":
            known = mat.moons
        elif kind == "planet":
            known = mat.planets
        else:
            problems.append(f"{where}: 'kind' must be 'moon' or 'planet'")
            continue
        if not isinstance(target, str) or target not in known:
            problems.append(f"{where}: names {kind} {quoted(target, 60)}, which is not on the mat")
            continue
        spaces = mission.get("spaces")
        if (
            not isinstance(spaces, list)
            or not all(_int(s) for s in spaces)
            or sorted(spaces) != sorted(known[target].spaces)
        ):
            problems.append(
                f"{where}: 'spaces' {quoted(spaces, 60)} must be the spaces {kind} {quoted(target, 60)} is reached from: "
                f"{list(known[target].spaces)}"
            )
    return problems


CHECKS = {
    "expedition_tokens": expedition_problems,
    "ufo_tokens": ufo_problems,
    "discoveries": discovery_problems,
    "missions": mission_problems,
}


def token_problems(option: str, data: Any, mat: Mat) -> list[str]:
    if not isinstance(data, dict):
        return [f"{option}: must be the contents of a token file (a table)"]
    return CHECKS[option](data, mat)


@cache
def default_token_data(option: str) -> dict[str, Any]:
    name = TOKEN_FILES[option][0]
    return tomllib.loads(resources.files("cosmotable.games.mlem").joinpath("data", name).read_text("utf-8"))


def token_sets(mat: Mat, overrides: dict[str, dict[str, Any]] | None = None) -> TokenSets:
    """Build the token sets: the packaged defaults, with any set replaced by `overrides`."""
    overrides = overrides or {}
    data = {opt: overrides.get(opt) or default_token_data(opt) for opt in TOKEN_FILES}
    problems = [f"{opt}: {p}" for opt in TOKEN_FILES for p in token_problems(opt, data[opt], mat)]
    if problems:
        raise DataError("token sets", problems)
    return TokenSets(
        expedition={
            t["id"]: ExpeditionToken(
                t["id"], t["ufo_move"], t["dice"], t["ability"], tuple(t.get("extra_dice", ()))
            )
            for t in data["expedition_tokens"]["token"]
        },
        ufo_points=tuple(data["ufo_tokens"]["points"]),
        discoveries={
            t["id"]: Discovery(t["id"], t["kind"], t["space"], t.get("points", 0))
            for t in data["discoveries"]["token"]
        },
        missions={
            m["id"]: Mission(m["id"], m["kind"], m["target"], tuple(m["spaces"]))
            for m in data["missions"]["mission"]
        },
        mission_points=tuple(data["missions"]["points"]),
    )
