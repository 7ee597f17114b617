"""Rulebook (trampoline mushroom): jump over one cell in a straight line, any direction, with a coin
if you carry one; it can land you on a ship."""

from planet_helpers import act, coins, legal, put, table, where

BOARD = """
.. .. S0 .. .. ..
.. __ __ __ __ ..
.. __ TM __ __ ..
.. __ __ __ __ ..
.. __ __ __ __ ..
.. .. .. S1 .. ..
"""


def test_trampoline_jumps_two_cells():
    s = table(BOARD)
    put(s, 0, 1, "b2")
    act(s, "move 1 SE")
    assert s.phase == "choose"
    assert sorted(legal(s)) == ["jump E", "jump N", "jump S", "jump SE"]  # tiles, or the own ship at c1
    act(s, "jump SE")
    assert where(s, 0, 1) == "e5"


def test_trampoline_onto_your_ship_delivers_a_carried_coin():
    s = table(BOARD)
    put(s, 0, 1, "b4")
    coins(s, "b4", 1)
    act(s, "move 1 NE coin", "jump N")
    assert where(s, 0, 1) == "ship" and s.delivered[0] == 1
