"""Rulebook: the travel phase, steps 1-3 (rolling and grouping, choosing whole groups, setting
dice aside), and where movement ends (Ruling R8)."""

import pytest
from mlem_helpers import advance, crash, legal, roll, start, stay_all

from cosmotable.engine import CHANCE, IllegalAction
from cosmotable.games.mlem.actions import Travel


def unchanged_after_refusal(s, action, match=None):
    before, history = s.fingerprint(), list(s.history)
    with pytest.raises(IllegalAction, match=match):
        s.apply(action)
    assert s.fingerprint() == before and s.history == history


# ----------------------------------------------------------------------------------- step 1
def test_step1_commander_rolls_all_available_dice():
    s = start(3)
    assert {len(o.faces) for o in s.legal_actions()} == {6}
    unchanged_after_refusal(s, "roll 1,2,2,A,3", "6 dice")
    roll(s, "1,3,3,3,4,4")
    s.apply("travel 1")  # one die set aside: 5 left
    assert s.current_player() == CHANCE
    outcomes = s.legal_actions()
    assert len(outcomes) == 126 and {len(o.faces) for o in outcomes} == {5}
    unchanged_after_refusal(s, "roll 1,3,3,3,4,4", "5 dice")


def test_step1_dice_are_grouped_by_face_and_a_single_die_is_a_group():
    s = start(3)
    roll(s, "1,2,2,3,4,A")  # groups 1 | 2,2 | 3 | 4 | A ; space 0 accepts A 1 2
    assert sorted(legal(s)) == sorted(
        ["travel 1", "travel 2", "travel A", "travel 1,2", "travel 1,A", "travel 2,A", "travel 1,2,A"]
    )


def test_step1_dice_not_shown_at_the_rocket_space_cannot_be_used():
    s = start(3)
    roll(s, "1,2,2,3,4,A")
    unchanged_after_refusal(s, "travel 3", "accepts only")
    unchanged_after_refusal(s, "travel 1,4", "accepts only")
    unchanged_after_refusal(s, "travel 1,3")


def test_step1_a_face_that_was_not_rolled_cannot_be_used():
    s = start(3)
    roll(s, "2,2,3,3,4,4")
    unchanged_after_refusal(s, "travel 1", "no die shows 1")
    unchanged_after_refusal(s, "travel A")


# ----------------------------------------------------------------------------------- step 2
def test_step2_a_chosen_group_of_several_dice_is_used_whole():
    s = start(3)
    roll(s, "2,2,2,3,3,4")
    assert legal(s) == ["travel 2"]  # there is no way to use only some of the 2s
    with pytest.raises(IllegalAction, match="name each group of dice and each helper once"):
        s.apply("travel 2,2")
    s.apply("travel 2")
    assert s.position == 6 and s.dice == 3


def test_step2_rocket_moves_the_sum_of_all_chosen_groups():
    s = start(3)
    roll(s, "1,2,2,3,4,A")
    s.apply("travel 1,2,A")  # 1 + 2 + 2 + A(1 at space 0)
    assert s.position == 6


def test_step2_commander_may_choose_fewer_groups_and_move_less():
    s = start(3)
    roll(s, "1,2,2,3,4,A")
    s.apply("travel 1")
    assert s.position == 1 and s.dice == 5


def test_step2_rulebook_example_one_pip_and_two_afterburners_move_three_spaces():
    s = start(3)
    roll(s, "1,3,3,4,A,A")
    s.apply("travel 1,A")  # 1 x one pip + 2 x afterburner worth 1 here
    assert s.position == 3


def test_step2_commander_must_choose_at_least_one_group():
    s = start(3)
    roll(s, "1,2,2,3,4,A")
    unchanged_after_refusal(s, "travel", "travel G,G")
    unchanged_after_refusal(s, Travel((), ()), "not a legal choice")
    unchanged_after_refusal(s, "stay")
    unchanged_after_refusal(s, "crash", "cannot choose to crash")


def test_step2_the_commander_chooses_the_groups():
    s = start(3)
    roll(s, "1,2,2,3,4,A")
    assert s.current_player() == 0 == s.rocket[s.commander][0]


@pytest.mark.parametrize("space, value", [(0, 1), (3, 2), (10, 3), (25, 3)])
def test_step2_afterburner_value_is_the_one_printed_at_the_rocket_space(space, value):
    s = start(3)
    if space:
        advance(s, space)
        stay_all(s)
    assert s.space.afterburner == value
    before, dice = s.position, s.dice
    faces = ["A"] + ["4"] * (dice - 1)  # 4 is not accepted at 0, 3, 10 or 25
    roll(s, ",".join(faces))
    s.apply("travel A")
    if space == 25:  # 25 + 3 is past the track: deep space, and the expedition is over
        assert s.expedition == 2 and len(s.deep_space) == 3
    else:
        assert s.position == before + value and s.dice == dice


def test_step2_afterburner_is_not_usable_where_the_space_does_not_show_it():
    s = start(3)
    roll(s, "4,4,4,4,4,A")  # space 0 accepts A 1 2
    s.apply("travel A")
    roll(s, "1,1,1,1,4,A")  # space 1 accepts A 1 3
    s.apply("travel 1")  # 1 + 4 = 5; space 5 shows only 1 and 4
    assert s.position == 5 and not s.space.accepts("A")
    roll(s, "4,A")
    assert legal(s) == ["travel 4"]


# ----------------------------------------------------------------------------------- step 3
def test_step3_used_dice_are_set_aside_except_afterburners():
    """Ukrainian step 3 example: two afterburners and a 1 used, only the 1 is set aside."""
    s = start(3)
    roll(s, "1,3,3,4,A,A")
    s.apply("travel 1,A")
    assert s.dice == 5
    assert s.public_view()["rocket"]["dice"] == 5


def test_step3_afterburners_are_never_set_aside():
    s = start(3)
    roll(s, "A,A,A,A,A,A")
    s.apply("travel A")
    assert s.position == 6 and s.dice == 6


def test_step3_set_aside_dice_stay_out_until_the_end_of_the_expedition():
    s = start(3)
    roll(s, "2,2,3,3,3,4")
    s.apply("travel 2")  # 0 -> 4, two dice set aside
    assert s.dice == 4
    roll(s, "2,3,4,4")  # space 4 accepts A 2 3
    s.apply("travel 2,3")  # 4 -> 9 (a moon space): 2 more set aside
    assert s.dice == 2
    stay_all(s)
    assert {len(o.faces) for o in s.legal_actions()} == {2}
    crash(s)
    # a new expedition starts with every die again
    assert s.expedition == 2 and s.dice == 6


def test_step3_the_commander_always_keeps_at_least_one_die():
    s = start(3)
    roll(s, "2,2,2,2,2,2")
    s.apply("travel 2")  # all six used: 0 -> 12
    assert s.position == 12 and s.dice == 1
    stay_all(s)
    roll(s, "4")  # space 12 accepts 3 4
    s.apply("travel 4")
    assert s.position == 16 and s.dice == 1


def test_step3_mixed_groups_only_the_numbers_are_set_aside():
    s = start(3)
    roll(s, "1,2,2,3,A,A")
    s.apply("travel 1,2,A")  # 1 + 4 + 2 = 7 (spaces)
    assert s.position == 7 and s.dice == 3


# ----------------------------------------------------------------------------------- Ruling R8
def test_ruling_R8_movement_past_space_25_ends_in_deep_space():
    s = start(3, ["moon_expert", "planet_expert", "helper"])
    advance(s, 24)
    stay_all(s)
    faces = ["4"] * s.dice
    roll(s, ",".join(faces))  # 24 + 4 x dice > 26
    s.apply("travel 4")
    travel = [e for e in s.events if e.kind == "travel"][-1]
    assert travel.data["end"] == s.mat.deep_space == 26
    assert [(seat, where) for seat, _, where, _ in s.deep_space] == [
        (0, "comet"),
        (1, "galaxy"),
        (2, "galaxy"),
    ]
    assert s.expedition == 2 and s.position == 0


def test_ruling_R8_exactly_reaching_the_field_after_25_is_deep_space():
    s = start(3, ["moon_expert", "planet_expert", "helper"])
    advance(s, 25)
    stay_all(s)
    roll(s, ",".join(["1"] + ["4"] * (s.dice - 1)))  # 25 + 1 = deep space
    s.apply("travel 1")
    assert len(s.deep_space) == 3 and s.expedition == 2
