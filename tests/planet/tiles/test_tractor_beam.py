"""Rulebook (tractor beam): put on this tile any coin lying on the planet; with none it does nothing."""

from planet_helpers import act, coin_total, coins, legal, put, table, where

BOARD = """
.. S0 .. .. ..
.. __ BE __ ..
.. __ __ __ ..
.. .. .. S1 ..
"""


def test_beam_pulls_a_chosen_coin_to_its_tile():
    s = table(BOARD)
    put(s, 0, 1, "b2")
    coins(s, "d3", 2)
    act(s, "move 1 E")
    assert legal(s) == ["beam d3"]
    act(s, "beam d3")
    assert s.coins == {("p", 2, 3): 1, ("p", 1, 2): 1}
    assert coin_total(s) == 30 and s.current_player() == 1


def test_beam_without_coins_does_nothing():
    s = table(BOARD)
    put(s, 0, 1, "b2")
    act(s, "move 1 E")
    assert where(s, 0, 1) == "c2" and s.current_player() == 1
