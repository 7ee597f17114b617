"""Mat validation: every problem in a board file is reported, each naming the offending entry."""

import copy

import pytest

from cosmotable.engine import DataError
from cosmotable.games.mlem.board import (
    check_mat_file,
    default_mat,
    default_mat_data,
    load_mat,
    mat_from_data,
    mat_problems,
)


@pytest.fixture
def mat():
    """A private deep copy of the default mat data (the packaged one is cached: never mutate it)."""
    return copy.deepcopy(default_mat_data())


def space(data, number):
    return next(s for s in data["space"] if s["number"] == number)


def only_problem(data):
    problems = mat_problems(data)
    assert len(problems) == 1, problems
    return problems[0]


def test_the_default_mat_is_valid():
    assert mat_problems(copy.deepcopy(default_mat_data())) == []
    assert default_mat().last_space == 25


def test_unknown_face_names_the_space_and_the_face(mat):
    space(mat, 4)["faces"] = ["A", "2", "7"]
    problem = only_problem(mat)
    assert "space 4" in problem and "unknown face '7'" in problem


def test_unknown_face_on_the_dice_is_named(mat):
    mat["dice"]["faces"] = ["1", "2", "2", "3", "4", "X"]
    problem = only_problem(mat)
    assert "dice.faces" in problem and "'X'" in problem


def test_moon_linked_to_a_missing_space_names_the_moon_and_the_space(mat):
    mat["moon"][0]["spaces"] = [40]
    problem = only_problem(mat)
    assert "moon 'moon-6-2'" in problem and "space 40" in problem and "not on the mat" in problem


def test_planet_linked_to_a_space_without_landing_is_named(mat):
    mat["planet"][0]["spaces"] = [2]
    problem = only_problem(mat)
    assert "planet 'rubin'" in problem and "space 2" in problem


def test_duplicate_ids_are_named(mat):
    mat["moon"][1]["id"] = "moon-6-2"
    problem = only_problem(mat)
    assert "moon #2" in problem and "duplicate id 'moon-6-2'" in problem


def test_duplicate_id_shared_by_a_moon_and_a_planet_is_named(mat):
    mat["planet"][0]["id"] = "moon-8-3"
    problem = only_problem(mat)
    assert "planet #1" in problem and "duplicate id 'moon-8-3'" in problem


def test_duplicate_space_number_is_named(mat):
    space(mat, 7)["number"] = 6
    problems = mat_problems(mat)
    assert any("space 6: duplicate space number" in p for p in problems)
    assert any("[7] are missing" in p for p in problems)


def test_missing_afterburner_value_names_the_space(mat):
    del space(mat, 6)["afterburner"]
    problem = only_problem(mat)
    assert "space 6" in problem and "afterburner" in problem


def test_afterburner_value_without_the_afterburner_face_names_the_space(mat):
    space(mat, 5)["afterburner"] = 2
    problem = only_problem(mat)
    assert "space 5" in problem and "'A' is not among its faces" in problem


def test_increasing_planet_points_name_the_planet(mat):
    next(p for p in mat["planet"] if p["id"] == "azur")["points"] = [2, 3, 5]
    problem = only_problem(mat)
    assert "planet 'azur'" in problem and "must not increase" in problem


def test_every_problem_is_reported_at_once(mat):
    space(mat, 4)["faces"] = ["A", "2", "7"]
    mat["moon"][0]["spaces"] = [40]
    del space(mat, 6)["afterburner"]
    next(p for p in mat["planet"] if p["id"] == "azur")["points"] = [2, 3, 5]
    mat["format"] = "chess"
    assert len(mat_problems(mat)) == 5
    with pytest.raises(DataError) as info:
        mat_from_data(mat, "my-mat.toml")
    assert info.value.path == "my-mat.toml" and len(info.value.problems) == 5
    assert "my-mat.toml: 5 problem(s)" in str(info.value)


def test_a_mat_file_is_checked_and_loaded(tmp_path):
    from importlib import resources

    text = resources.files("cosmotable.games.mlem").joinpath("data", "mat.toml").read_text("utf-8")
    good = tmp_path / "mat.toml"
    good.write_text(text, encoding="utf-8")
    assert check_mat_file(good) == []
    assert load_mat(good) == default_mat()
    bad = tmp_path / "bad.toml"
    bad.write_text(
        text.replace('number = 4\nfaces = ["A", "2", "3"]', 'number = 4\nfaces = ["A", "2", "9"]'),
        encoding="utf-8",
    )
    assert check_mat_file(bad) == ["space 4: unknown face '9' (known: 1, 2, 3, 4, A)"]
    broken = tmp_path / "broken.toml"
    broken.write_text("format = ", encoding="utf-8")
    assert "is not valid TOML" in check_mat_file(broken)[0]
    assert "cannot be read" in check_mat_file(tmp_path / "missing.toml")[0]
