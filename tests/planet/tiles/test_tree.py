"""Rulebook (dangerous tree): the astronaut skips 1 turn; your other astronauts may move; you cannot
walk through a tree without its effect."""

from planet_helpers import act, legal, put, table, where

BOARD = """
.. S0 .. .. ..
.. __ TR EN ..
.. __ __ __ ..
.. .. .. S1 ..
"""


def test_tree_stops_the_astronaut_for_its_owners_next_turn_only():
    s = table(BOARD)
    put(s, 0, 1, "b2")
    act(s, "move 1 E")
    assert where(s, 0, 1) == "c2"
    act(s, "pass" if legal(s) == ["pass"] else legal(s)[0])  # seat 1 moves
    assert s.current_player() == 0
    assert not any(m.startswith("move 1 ") for m in legal(s))
    assert any(m.startswith("move 2 ") for m in legal(s))  # the others may move
    act(s, "move 2 SE")
    act(s, legal(s)[0])
    assert any(m.startswith("move 1 ") for m in legal(s))  # stood up again


def test_energy_cannot_carry_an_astronaut_through_a_tree():
    s = table("""
    .. S0 .. .. .. ..
    .. __ EN TR __ ..
    .. __ __ __ __ ..
    .. .. .. S1 .. ..
    """)
    put(s, 0, 1, "b2")
    act(s, "move 1 E")
    assert where(s, 0, 1) == "d2"  # repeated the step onto the tree and stopped there
