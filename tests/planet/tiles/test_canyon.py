"""Rulebook (canyon): crossed in 2 moves; only an astronaut on the far half can be attacked."""

from planet_helpers import act, legal, put, table, where

BOARD = """
.. S0 .. ..
.. __ CA ..
.. __ __ ..
.. .. S1 ..
"""


def test_canyon_takes_two_moves():
    s = table(BOARD)
    put(s, 0, 1, "b2")
    act(s, "move 1 E")
    assert where(s, 0, 1) == "c2 half 1"
    s.seat = 0
    s._legal_cache = None
    assert [m for m in legal(s) if m.startswith("move 1")] == ["move 1 canyon"]
    act(s, "move 1 canyon")
    assert where(s, 0, 1) == "c2 half 2"


def test_an_astronaut_on_the_first_half_is_safe():
    s = table(BOARD)
    put(s, 0, 1, "c2")
    s.pos[0][0] = ("cell", ("p", 1, 2), 1)
    put(s, 1, 1, "b2")
    s.seat = 1
    s._legal_cache = None
    act(s, "move 1 E")
    assert where(s, 0, 1) == "c2 half 1" and where(s, 1, 1) == "c2 half 1"


def test_the_far_half_can_be_attacked():
    s = table(BOARD)
    s.pos[0][0] = ("cell", ("p", 1, 2), 2)
    s.pos[1][0] = ("cell", ("p", 1, 2), 1)
    s.seat = 1
    s._legal_cache = None
    act(s, "move 1 canyon")
    assert where(s, 0, 1) == "ship" and where(s, 1, 1) == "c2 half 2"
