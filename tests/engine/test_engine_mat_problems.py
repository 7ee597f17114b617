"""Each kind of mistake an owner can make when correcting the MLEM mat file is named in words that
say where it is and what is expected (brief: game content is data; bad data gets a clear error).

One corruption of the packaged mat per case; the problem list must hold the expected message."""

from __future__ import annotations

import copy
import json

import pytest

from cosmotable.engine import DataError
from cosmotable.games.mlem.board import check_mat_file, default_mat_data, mat_from_data, mat_problems


def _space(data, number):
    return next(s for s in data["space"] if s["number"] == number)


def _set(path: str, value):
    def change(data):
        *keys, last = path.split(".")
        target = data
        for key in keys:
            target = target[key]
        target[last] = value

    return change


CASES = [
    (_set("format", "mlem-board"), "format: must be \"mlem-mat\", got 'mlem-board'"),
    (_set("source", " "), "source: say where the values come from"),
    (_set("last_space", "25"), "last_space: must be an integer, got '25'"),
    (_set("satellite_space", True), "satellite_space: must be an integer"),
    (_set("deep_space.comet_points", -1), "deep_space.comet_points: must be a non-negative integer"),
    (_set("deep_space", []), "deep_space.galaxy_points: must be a non-negative integer"),
    (_set("dice.count", 13), "dice.count: must be an integer from 1 to 12"),
    (_set("dice", "six"), "dice.count: must be an integer from 1 to 12"),
    (_set("dice.faces", []), "dice.faces: must list the faces of one die"),
    (_set("space", []), "space: the mat needs [[space]] entries numbered 0 to last_space"),
    (lambda d: d["space"].append("seven"), "space #27: must be a table"),
    (lambda d: _space(d, 3).update(number="3"), "space #4: 'number' must be an integer"),
    (lambda d: _space(d, 3).update(faces=[]), "space 3: 'faces' must list the accepted die faces"),
    (lambda d: _space(d, 3).update(faces=["1", "1"]), "space 3: a face is listed twice in ['1', '1']"),
    (
        lambda d: _space(d, 0).update(afterburner=0),
        "space 0: accepts the afterburner 'A' but has no positive",
    ),
    (lambda d: d["space"].remove(_space(d, 9)), "space: numbers [9] are missing (spaces run 0..25)"),
    (
        lambda d: d["space"].append({"number": 26, "faces": ["1"]}),
        "space: numbers [26] are beyond last_space 25",
    ),
    (lambda d: d["moon"][0].update(spaces=[]), "'spaces' must list the space numbers it is reached from"),
    (lambda d: d["moon"][0].update(spaces=[2]), "linked to space 2, but no one lands below space 6"),
    (lambda d: d["moon"][0].update(id=""), "moon #1: 'id' must be a non-empty string"),
    (lambda d: d["moon"][0].update(points=-2), "'points' must be a non-negative integer"),
    (lambda d: d["moon"].append(3), "moon #"),
    (lambda d: d.update(planet=[]), "planet: the mat needs at least one [[planet]]"),
    (lambda d: d["planet"].append("x"), "must be a table"),
    (lambda d: d["planet"][0].update(name=7), "planet 'rubin': 'name' must be a string"),
    (lambda d: d["planet"][0].update(points=[3, 2]), "'points' must be three non-negative integers"),
    (_set("satellite_space", 40), "satellite_space: 40 is not a space on the mat"),
    (_set("ufo_start_space", "the moon"), 'ufo_start_space: must be a space number or "deep_space"'),
    (_set("crash_track_length", 0), "crash_track_length: must be at least 1"),
]


@pytest.mark.parametrize("corrupt, expected", CASES, ids=[expected[:40] for _, expected in CASES])
def test_each_mistake_in_the_mat_is_named(corrupt, expected):
    data = copy.deepcopy(default_mat_data())
    corrupt(data)
    problems = mat_problems(data)
    assert any(expected in problem for problem in problems), problems
    with pytest.raises(DataError) as refused:
        mat_from_data(data)
    assert any(expected in problem for problem in refused.value.problems)


def test_a_mat_file_that_is_not_toml_or_json_says_so(tmp_path):
    broken = tmp_path / "mat.toml"
    broken.write_text("last_space = [", encoding="utf-8")
    assert any("is not valid TOML" in p for p in check_mat_file(broken))
    as_json = tmp_path / "mat.json"
    as_json.write_text("[1, 2]", encoding="utf-8")
    assert check_mat_file(as_json) == ["the top level must be a table/object"]
    good = tmp_path / "good.json"
    good.write_text(json.dumps(default_mat_data()), encoding="utf-8")
    assert check_mat_file(good) == []
    assert any("cannot be read" in p for p in check_mat_file(tmp_path / "missing.toml"))
