"""Refused actions say precisely what was wrong; equivalent spellings of a move are one move."""

import copy

import pytest
from mlem_helpers import advance, new, roll, start

from cosmotable.engine import IllegalAction
from cosmotable.games.mlem.board import default_mat_data, mat_problems


def refusal(s, text):
    before = s.fingerprint()
    with pytest.raises(IllegalAction) as info:
        s.apply(text)
    assert s.fingerprint() == before
    return info.value.reason


def test_refusal_names_the_helper_that_is_not_aboard_not_the_first_one_named():
    s = start(3, ["helper", "moon_expert", "planet_expert"])  # only seat 0 has a helper aboard
    roll(s, "1,3,3,3,4,4")
    reason = refusal(s, "travel 1,H0,H2")
    assert "seat 2" in reason and "seat 0" not in reason


def test_refusal_of_a_used_helper_says_it_was_used():
    s = start(2, ["helper", "moon_expert"])
    roll(s, "1,3,3,3,4,4")
    s.apply("travel H0")  # space 0 -> 1
    roll(s, "1,2,2,2,4,4")  # space 1 shows A 1 3
    assert "already used" in refusal(s, "travel 1,H0")


def test_refusal_of_a_face_the_space_does_not_accept_lists_the_accepted_faces():
    s = start(2)
    roll(s, "1,2,3,3,4,4")  # space 0 shows A 1 2
    reason = refusal(s, "travel 3")
    assert "accepts only 1 2 A(1)" in reason


def test_refusal_of_a_face_not_rolled():
    s = start(2)
    roll(s, "1,1,3,3,4,4")
    assert "no die shows 2" in refusal(s, "travel 2")


def test_refusal_out_of_turn_actions_say_what_is_expected():
    s = new(2)
    assert "board" in refusal(s, "stay")
    assert "board" in refusal(s, "travel 1")


def test_refusal_of_unparseable_text_says_it_cannot_be_read():
    s = new(2)
    assert "cannot be read" in refusal(s, "fly to the moon")


def test_ruling_R14_naming_the_only_planet_is_the_same_move():
    s = start(2)
    advance(s, 11)  # planet Azur, alone on space 11
    s.apply("land planet azur")
    assert str(s.history[-1]) == "land planet"
    assert [seat for seat, _ in s.planets["azur"]] == [0]


def test_naming_a_planet_that_is_not_at_the_space_is_refused_with_the_planets_there():
    s = start(2)
    advance(s, 11)
    assert "'kotan' is not reached from space 11" in refusal(s, "land planet kotan")


def test_a_scripted_chance_outcome_that_is_illegal_stays_queued():
    s = start(2)
    s.inject_chance(["roll 1,2"])  # 2 dice, but the commander holds 6
    with pytest.raises(IllegalAction, match="a roll here has 6 dice, got 2"):
        s.sample_chance()
    assert s._scripted_chance and str(s._scripted_chance[0]) == "roll 1,2"
    assert s.history and str(s.history[-1]).startswith("board")


def test_mat_with_a_non_text_face_is_reported_not_crashed():
    data = copy.deepcopy(default_mat_data())
    data["space"][4]["faces"] = [["A"], "2"]
    problems = mat_problems(data)
    assert any("space 4: unknown face ['A']" in p for p in problems), problems
