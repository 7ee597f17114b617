"""Rulebook (knight): make a chess knight's move; only the tile where it ends is revealed."""

from planet_helpers import act, legal, put, table, where

BOARD = """
.. S0 .. .. .. ..
.. __ KN __ __ ..
.. __ ?? __ ?? ..
.. __ __ ?? __ ..
.. .. .. S1 .. ..
"""


def test_knight_offers_the_knight_moves_that_land_on_the_planet():
    s = table(BOARD)
    put(s, 0, 1, "b2")
    act(s, "move 1 E")
    assert s.phase == "choose"
    assert sorted(legal(s)) == sorted(["knight 1S2E", "knight 2S1W", "knight 2S1E"])


def test_only_the_landing_tile_is_revealed():
    s = table(BOARD)
    put(s, 0, 1, "b2")
    act(s, "move 1 E", "knight 2S1E")
    assert s.phase == "reveal" and s.pending == ("p", 3, 3)
    act(s, "reveal empty")
    assert where(s, 0, 1) == "d4"
    assert ("p", 2, 2) not in s.revealed  # c3 was jumped over, still face down
