"""Rulebook (circular flower): move on in the arrow's direction; at the end of your turn it turns
90 degrees clockwise, only once a turn however often you passed it."""

from planet_helpers import act, put, table, where


def test_flower_moves_you_on_and_then_turns_clockwise():
    s = table("""
    .. S0 .. .. ..
    .. __ __ __ ..
    .. __ FL __ ..
    .. __ __ __ ..
    .. .. .. S1 ..
    """)
    put(s, 0, 1, "b4")
    act(s, "move 1 NE")
    assert where(s, 0, 1) == "c2"
    assert s.tile[("p", 2, 2)] == ("flower", 1)  # now points east


def test_flower_turns_once_even_when_passed_twice():
    s = table("""
    .. S0 .. .. ..
    .. __ ↓  __ ..
    .. __ FL __ ..
    .. __ __ __ ..
    .. .. .. S1 ..
    """)
    put(s, 0, 1, "b4")
    act(s, "move 1 NE")  # flower N -> arrow S -> flower N -> ... a loop: back to the ship
    assert where(s, 0, 1) == "ship"
    assert s.tile[("p", 2, 2)] == ("flower", 1)
