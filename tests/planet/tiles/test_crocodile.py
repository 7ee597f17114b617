"""Rulebook (alien crocodile): go back to the tile you came from."""

from planet_helpers import act, put, table, where


def test_crocodile_sends_the_astronaut_back():
    s = table("""
    .. S0 .. ..
    .. __ CR ..
    .. __ __ ..
    .. .. S1 ..
    """)
    put(s, 0, 1, "b2")
    act(s, "move 1 E")
    assert where(s, 0, 1) == "b2"


def test_crocodile_sends_you_back_to_your_ship_if_you_came_from_it():
    s = table("""
    .. S0 .. ..
    .. CR __ ..
    .. __ __ ..
    .. .. S1 ..
    """)
    act(s, "move 1 S")
    assert where(s, 0, 1) == "ship"


def test_arrow_into_a_crocodile_is_a_loop():
    s = table("""
    .. S0 .. .. ..
    .. __ →  CR ..
    .. __ __ __ ..
    .. .. .. S1 ..
    """)
    put(s, 0, 1, "b2")
    act(s, "move 1 E")
    assert where(s, 0, 1) == "ship"
