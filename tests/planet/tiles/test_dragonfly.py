"""Rulebook (dragonfly): move to any tile of the planet, face up or face down."""

from planet_helpers import act, legal, put, table, where

BOARD = """
.. S0 .. .. ..
.. __ DF __ ..
.. ?? __ ?? ..
.. .. .. S1 ..
"""


def test_dragonfly_offers_every_other_tile_face_up_or_down():
    s = table(BOARD)
    put(s, 0, 1, "b2")
    act(s, "move 1 E")
    assert sorted(legal(s)) == sorted(f"to {c}" for c in ("b2", "d2", "b3", "c3", "d3"))
    act(s, "to d3", "reveal empty")
    assert where(s, 0, 1) == "d3"


def test_a_coin_carrier_may_fly_only_to_face_up_tiles():
    from planet_helpers import coins

    s = table(BOARD)
    put(s, 0, 1, "b2")
    coins(s, "b2", 1)
    act(s, "move 1 E coin")
    assert sorted(legal(s)) == ["to b2", "to c3", "to d2"]
