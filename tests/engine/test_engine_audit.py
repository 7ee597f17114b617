"""The hidden-information audit helpers (`cosmotable.engine.audit`) on small hand-made cases."""

import random

import pytest

from cosmotable import games
from cosmotable.engine.audit import (
    PlayoutTooLong,
    compare_for,
    json_differences,
    leak_differences,
    next_chance_outcome,
    play_to_end,
)


def test_json_differences_name_the_path_of_each_difference():
    a = {"phase": "peek-orient", "seats": [{"hand": 3}, {"hand": 4}], "only_a": 1}
    b = {"phase": "peek-reveal", "seats": [{"hand": 3}, {"hand": 5}]}
    assert json_differences("view(1)", a, b) == [
        "view(1).only_a: only in the first",
        "view(1).phase: 'peek-orient' != 'peek-reveal'",
        "view(1).seats[1].hand: 4 != 5",
    ]


def test_json_differences_treat_tuples_as_the_lists_they_become_in_json():
    assert json_differences("x", {"a": (1, 2)}, {"a": [1, 2]}) == []


def test_json_differences_stop_at_the_limit():
    assert len(json_differences("x", list(range(20)), list(range(1, 21)), limit=3)) == 3


def test_compare_for_sees_a_different_view_and_legal_actions():
    game = games.get("kosmodrom")
    a = game.new_state(2, seed=1)
    a.resolve_chance()
    b = game.new_state(2, seed=2)
    b.resolve_chance()
    seat = a.current_player()
    found = compare_for(a, b, seat)
    assert any(line.startswith(f"view({seat})") for line in found)


def test_a_sound_determinization_shows_no_difference_and_leaves_the_state_alone():
    state = games.get("kosmodrom").new_state(3, seed=5)
    state.resolve_chance()
    before = state.fingerprint()
    assert leak_differences(state, 1, random.Random(3)) == []
    assert state.fingerprint() == before


def test_a_leaking_resample_is_reported():
    state = games.get("kosmodrom").new_state(2, seed=5)
    state.resolve_chance()
    other = games.get("kosmodrom").new_state(2, seed=6)
    other.resolve_chance()
    state.resample_for = lambda seat, rng: other  # a determinization that shows the seat another hand
    assert any(line.startswith("view(0).") for line in leak_differences(state, 0, random.Random(0)))


def test_play_to_end_plays_a_copy_with_chance_from_the_given_rng():
    state = games.get("mlem").new_state(2, seed=9)
    end = play_to_end(state, random.Random(4))
    assert end.is_terminal() and not state.is_terminal() and state.history == []
    again = play_to_end(state, random.Random(4))
    assert [str(a) for a in again.history] == [str(a) for a in end.history]


def test_play_to_end_refuses_to_run_past_its_step_limit():
    with pytest.raises(PlayoutTooLong, match="not over after 5 steps"):
        play_to_end(games.get("planet").new_state(2, seed=1), random.Random(0), max_steps=5)


def test_next_chance_outcome_is_what_sample_chance_draws_and_changes_nothing():
    state = games.get("mlem").new_state(2, seed=9)
    while not state.is_chance_node():
        state.apply(state.legal_actions()[0])
    history = list(state.history)
    expected = next_chance_outcome(state)
    assert state.history == history and state.is_chance_node()
    assert str(state.sample_chance()) == expected


def test_next_chance_outcome_is_none_where_a_seat_acts():
    state = games.get("mlem").new_state(2, seed=9)
    state.resolve_chance()
    assert next_chance_outcome(state) is None
