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


RIVAL_SHIP = """
.. .. S1 .. ..
S0 __ __ __ ..
.. KN __ __ ..
.. __ __ __ ..
.. .. .. .. ..
"""


def test_a_rival_ship_is_no_landing_while_the_knight_offers_another():
    """Rulebook (moving): «Но если эффект клетки обязывает вашего космонавта переместиться на чужой
    корабль, то переместите его» - a knight with other landings does not oblige (Ruling R9)."""
    s = table(RIVAL_SHIP)
    put(s, 0, 1, "b2")
    act(s, "move 1 S")
    assert sorted(legal(s)) == ["knight 1N2E", "knight 1S2E"]  # 2N1E, seat 1's ship at c1, left out
