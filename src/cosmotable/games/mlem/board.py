"""The MLEM space mat, goal tiles and astronauts as data: loading and validation.

The mat is printed only on the component, so it is data (`data/mat.toml`) with a `source` field.
Validation collects *every* problem and names the offending entry, so an owner of the physical
game correcting a value sees exactly what to fix (`cosmotable mlem check-board FILE`).
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, TypeGuard

from cosmotable.engine.errors import DataError
from cosmotable.engine.inputs import quoted

AFTERBURNER = "A"
DIE_FACES = ("1", "2", "3", "4", AFTERBURNER)
ABILITIES = (
    "satellite",
    "navigator",
    "parachutist",
    "moon_expert",
    "planet_expert",
    "deep_space_expert",
    "die_discarder",
    "helper",
)
#: How a mat file names the field after the last space (the rulebook's deep space, the last field).
DEEP_SPACE = "deep_space"
GOAL_KINDS = ("different_planets", "one_planet", "moons", "deep_space")


@dataclass(frozen=True)
class Space:
    number: int
    faces: frozenset[str]
    afterburner: int | None  # the afterburner's value here, None where it is not accepted
    moons: tuple[str, ...]  # linked moons, farthest (most points) first
    planets: tuple[str, ...]

    def accepts(self, face: str) -> bool:
        return face in self.faces

    def value(self, face: str) -> int:
        """Spaces a die of this face moves the rocket from here."""
        if face == AFTERBURNER:
            assert self.afterburner is not None
            return self.afterburner
        return int(face)

    def faces_text(self) -> str:
        return " ".join(
            f"A({self.afterburner})" if f == AFTERBURNER else f
            for f in sorted(self.faces, key=DIE_FACES.index, reverse=False)
        )


@dataclass(frozen=True)
class Moon:
    id: str
    points: int
    spaces: tuple[int, ...]


@dataclass(frozen=True)
class Planet:
    id: str
    name: str
    spaces: tuple[int, ...]
    points: tuple[int, int, int]  # most astronauts, second most, everyone else present


@dataclass(frozen=True)
class Mat:
    source: str
    spaces: tuple[Space, ...]
    moons: dict[str, Moon]
    planets: dict[str, Planet]  # in track order: the order of end-of-game scoring
    satellite_space: int
    first_landing_space: int
    ufo_start_space: int  # a space number, or `deep_space` (the field after the last space) for "deep_space"
    crash_track_length: int
    comet_points: int
    galaxy_points: int
    dice_count: int
    die_faces: tuple[str, ...]  # one entry per face of a die, repeated faces repeated

    @property
    def last_space(self) -> int:
        return len(self.spaces) - 1

    @property
    def deep_space(self) -> int:
        """Position index of deep space: the field after the last numbered space."""
        return len(self.spaces)

    def space(self, number: int) -> Space:
        return self.spaces[number]


@dataclass(frozen=True)
class Goal:
    id: str
    kind: str
    count: int
    points: int
    text: str


@dataclass(frozen=True)
class Astronaut:
    id: str
    name: str
    short: str
    text: str


# ------------------------------------------------------------------------------ reading files
def read_data_file(path: str | Path) -> dict[str, Any]:
    """Read a TOML or JSON data file into a dict; DataError says what is wrong with it."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise DataError(str(path), [f"cannot be read: {exc.strerror or exc}"]) from None
    try:
        if path.suffix.lower() == ".json":
            data = json.loads(raw.decode("utf-8"))
        else:
            data = tomllib.loads(raw.decode("utf-8"))
    except (tomllib.TOMLDecodeError, json.JSONDecodeError, UnicodeDecodeError) as exc:
        kind = "JSON" if path.suffix.lower() == ".json" else "TOML"
        raise DataError(str(path), [f"is not valid {kind}: {exc}"]) from None
    if not isinstance(data, dict):
        raise DataError(str(path), ["the top level must be a table/object"])
    return data


def _packaged(name: str) -> dict[str, Any]:
    text = resources.files("cosmotable.games.mlem").joinpath("data", name).read_text("utf-8")
    return tomllib.loads(text)


def _int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


# ------------------------------------------------------------------------------ the mat
def mat_problems(data: dict[str, Any]) -> list[str]:
    """Every problem in a mat description; an empty list means it is valid."""
    problems: list[str] = []
    if data.get("format") != "mlem-mat":
        problems.append(f'format: must be "mlem-mat", got {quoted(data.get("format"), 60)}')
    if not isinstance(data.get("source"), str) or not data["source"].strip():
        problems.append('source: say where the values come from (e.g. "printed mat, 2023 edition")')
    for key in ("last_space", "satellite_space", "first_landing_space", "crash_track_length"):
        if not _int(data.get(key)):
            problems.append(f"{key}: must be an integer, got {quoted(data.get(key), 60)}")
    deep = data.get("deep_space", {})
    for key in ("comet_points", "galaxy_points"):
        if not isinstance(deep, dict) or not _int(deep.get(key)) or deep[key] < 0:
            problems.append(f"deep_space.{key}: must be a non-negative integer")
    dice = data.get("dice", {})
    if not isinstance(dice, dict) or not _int(dice.get("count")) or not 1 <= dice.get("count", 0) <= 12:
        problems.append("dice.count: must be an integer from 1 to 12")
    faces = dice.get("faces") if isinstance(dice, dict) else None
    if not isinstance(faces, list) or not faces:
        problems.append('dice.faces: must list the faces of one die, e.g. ["1", "2", "2", "3", "4", "A"]')
    else:
        for face in faces:
            if not isinstance(face, str) or face not in DIE_FACES:
                problems.append(
                    f"dice.faces: unknown face {quoted(face, 60)} (known: {', '.join(DIE_FACES)})"
                )

    last = data.get("last_space") if _int(data.get("last_space")) else None
    spaces = data.get("space", [])
    if not isinstance(spaces, list) or not spaces:
        problems.append("space: the mat needs [[space]] entries numbered 0 to last_space")
        spaces = []
    seen: set[int] = set()
    for index, space in enumerate(spaces):
        where = f"space #{index + 1}"
        if not isinstance(space, dict):
            problems.append(f"{where}: must be a table")
            continue
        number = space.get("number")
        if not _int(number):
            problems.append(f"{where}: 'number' must be an integer, got {quoted(number, 60)}")
            continue
        where = f"space {number}"
        if number in seen:
            problems.append(f"{where}: duplicate space number")
        seen.add(number)
        sfaces = space.get("faces")
        if not isinstance(sfaces, list) or not sfaces:
            problems.append(f"{where}: 'faces' must list the accepted die faces")
            continue
        bad = [face for face in sfaces if not isinstance(face, str) or face not in DIE_FACES]
        for face in bad:
            problems.append(f"{where}: unknown face {quoted(face, 60)} (known: {', '.join(DIE_FACES)})")
        if bad:
            continue
        if len(set(sfaces)) != len(sfaces):
            problems.append(f"{where}: a face is listed twice in {sfaces}")
        burn = space.get("afterburner")
        if AFTERBURNER in sfaces:
            if not _int(burn) or burn < 1:
                problems.append(
                    f"{where}: accepts the afterburner 'A' but has no positive 'afterburner' value"
                )
        elif burn is not None:
            problems.append(f"{where}: has an 'afterburner' value but 'A' is not among its faces")
    if last is not None and seen and seen != set(range(last + 1)):
        missing = sorted(set(range(last + 1)) - seen)
        extra = sorted(seen - set(range(last + 1)))
        if missing:
            problems.append(f"space: numbers {missing} are missing (spaces run 0..{last})")
        if extra:
            problems.append(f"space: numbers {extra} are beyond last_space {last}")

    def check_links(entry: dict[str, Any], where: str) -> None:
        links = entry.get("spaces")
        if not isinstance(links, list) or not links or not all(_int(s) for s in links):
            problems.append(f"{where}: 'spaces' must list the space numbers it is reached from")
            return
        first = data.get("first_landing_space")
        for s in links:
            if s not in seen:
                problems.append(f"{where}: linked to space {s}, which is not on the mat")
            elif _int(first) and s < first:
                problems.append(f"{where}: linked to space {s}, but no one lands below space {first}")

    ids: set[str] = set()

    def check_id(entry: dict[str, Any], where: str) -> str | None:
        ident = entry.get("id")
        if not isinstance(ident, str) or not ident:
            problems.append(f"{where}: 'id' must be a non-empty string")
            return None
        if ident in ids:
            problems.append(f"{where}: duplicate id {quoted(ident, 60)}")
        ids.add(ident)
        return ident

    for index, moon in enumerate(data.get("moon", [])):
        where = f"moon #{index + 1}"
        if not isinstance(moon, dict):
            problems.append(f"{where}: must be a table")
            continue
        ident = check_id(moon, where)
        where = f"moon {quoted(ident, 60)}" if ident else where
        if not _int(moon.get("points")) or moon["points"] < 0:
            problems.append(f"{where}: 'points' must be a non-negative integer")
        check_links(moon, where)
    planets = data.get("planet", [])
    if not planets:
        problems.append("planet: the mat needs at least one [[planet]]")
    for index, planet in enumerate(planets):
        where = f"planet #{index + 1}"
        if not isinstance(planet, dict):
            problems.append(f"{where}: must be a table")
            continue
        ident = check_id(planet, where)
        where = f"planet {quoted(ident, 60)}" if ident else where
        if not isinstance(planet.get("name"), str):
            problems.append(f"{where}: 'name' must be a string")
        pts = planet.get("points")
        if not isinstance(pts, list) or len(pts) != 3 or not all(_int(p) and p >= 0 for p in pts):
            problems.append(f"{where}: 'points' must be three non-negative integers [first, second, others]")
        elif not pts[0] >= pts[1] >= pts[2]:
            problems.append(f"{where}: 'points' {pts} must not increase (first >= second >= others)")
        check_links(planet, where)
    for key in ("satellite_space", "ufo_start_space", "first_landing_space"):
        value = data.get(key)
        if _int(value) and seen and value not in seen:
            problems.append(f"{key}: {value} is not a space on the mat")
    # rulebook (UFO): the UFO starts «na ostatnim polu na kosmicznej macie (oznaczonej symbolem „+”)»,
    # the words the rulebook uses for deep space, so a mat may start it there (Ruling R24).
    ufo_start = data.get("ufo_start_space")
    if not (ufo_start == DEEP_SPACE or _int(ufo_start)):
        problems.append(
            f'ufo_start_space: must be a space number or "{DEEP_SPACE}" (the field after '
            f"last_space), got {quoted(ufo_start, 60)}"
        )
    if _int(data.get("crash_track_length")) and data["crash_track_length"] < 1:
        problems.append("crash_track_length: must be at least 1")
    return problems


def mat_from_data(data: dict[str, Any], where: str = "mat") -> Mat:
    problems = mat_problems(data)
    if problems:
        raise DataError(where, problems)
    moons_by_space: dict[int, list[tuple[int, int, str]]] = {}
    for order, moon in enumerate(data.get("moon", [])):
        for s in moon["spaces"]:
            # rulebook (landing on moons): the free moon farthest from the rocket - the one with
            # the most points - is taken first; among equal points, the order in the file.
            moons_by_space.setdefault(s, []).append((-moon["points"], order, moon["id"]))
    planets_by_space: dict[int, list[str]] = {}
    for planet in data["planet"]:
        for s in planet["spaces"]:
            planets_by_space.setdefault(s, []).append(planet["id"])
    spaces = tuple(
        Space(
            number=s["number"],
            faces=frozenset(s["faces"]),
            afterburner=s.get("afterburner"),
            moons=tuple(ident for _, _, ident in sorted(moons_by_space.get(s["number"], []))),
            planets=tuple(planets_by_space.get(s["number"], [])),
        )
        for s in sorted(data["space"], key=lambda s: s["number"])
    )
    planets = sorted(data["planet"], key=lambda p: (min(p["spaces"]), p["id"]))
    return Mat(
        source=data["source"],
        spaces=spaces,
        moons={m["id"]: Moon(m["id"], m["points"], tuple(m["spaces"])) for m in data.get("moon", [])},
        planets={
            p["id"]: Planet(p["id"], p["name"], tuple(p["spaces"]), tuple(p["points"])) for p in planets
        },
        satellite_space=data["satellite_space"],
        first_landing_space=data["first_landing_space"],
        ufo_start_space=len(spaces) if data["ufo_start_space"] == DEEP_SPACE else data["ufo_start_space"],
        crash_track_length=data["crash_track_length"],
        comet_points=data["deep_space"]["comet_points"],
        galaxy_points=data["deep_space"]["galaxy_points"],
        dice_count=data["dice"]["count"],
        die_faces=tuple(data["dice"]["faces"]),
    )


@cache
def default_mat_data() -> dict[str, Any]:
    return _packaged("mat.toml")


@cache
def default_mat() -> Mat:
    return mat_from_data(default_mat_data(), "cosmotable/games/mlem/data/mat.toml")


def load_mat(path: str | Path) -> Mat:
    return mat_from_data(read_data_file(path), str(path))


def check_mat_file(path: str | Path) -> list[str]:
    """Every problem in the mat file at `path` (empty when it is valid)."""
    try:
        return mat_problems(read_data_file(path))
    except DataError as exc:
        return exc.problems


# ------------------------------------------------------------------------------ goals, astronauts
def _entries(data: dict[str, Any], table: str, fmt: str, where: str) -> list[dict[str, Any]]:
    problems = []
    if data.get("format") != fmt:
        problems.append(f"format: must be {fmt!r}")
    if not isinstance(data.get("source"), str):
        problems.append("source: say where the values come from")
    entries = data.get(table)
    if not isinstance(entries, list) or not entries:
        problems.append(f"{table}: no [[{table}]] entries")
        entries = []
    if problems:
        raise DataError(where, problems)
    return entries


@cache
def default_goals() -> tuple[Goal, ...]:
    where = "cosmotable/games/mlem/data/goals.toml"
    entries = _entries(_packaged("goals.toml"), "goal", "mlem-goals", where)
    problems = [
        f"goal {quoted(g.get('id'), 60)}: kind must be one of {', '.join(GOAL_KINDS)}"
        for g in entries
        if g.get("kind") not in GOAL_KINDS
    ]
    if problems:
        raise DataError(where, problems)
    return tuple(Goal(g["id"], g["kind"], g["count"], g["points"], g["text"]) for g in entries)


@cache
def default_astronauts() -> dict[str, Astronaut]:
    where = "cosmotable/games/mlem/data/astronauts.toml"
    entries = _entries(_packaged("astronauts.toml"), "astronaut", "mlem-astronauts", where)
    found = [a.get("id") for a in entries]
    if sorted(found, key=str) != sorted(ABILITIES):  # key: a missing id (None) must not raise
        raise DataError(where, [f"astronaut ids must be exactly {', '.join(ABILITIES)}; got {found}"])
    return {a["id"]: Astronaut(a["id"], a["name"], a["short"], a["text"]) for a in entries}
