"""Rulebook (meteorite): swap 2 tiles where nobody stands and nothing lies - of any colours - and
arrows may be turned."""

from planet_helpers import act, coins, legal, put, table

BOARD = """
.. S0 .. .. ..
.. __ ME ↑  ..
.. ?? __ __ ..
.. .. .. S1 ..
"""


def test_meteorite_swaps_two_free_tiles_and_lets_you_turn_an_arrow():
    s = table(BOARD)
    put(s, 0, 1, "b2")
    coins(s, "c3", 1)
    act(s, "move 1 E")
    assert s.phase == "meteor"
    assert "meteor b2" in legal(s)  # left free by the move
    assert "meteor c2" not in legal(s)  # the astronaut stands there
    assert "meteor c3" not in legal(s)  # a coin lies there
    act(s, "meteor d2", "meteor b3")
    assert s.back[("p", 2, 1)] == "yellow" and s.tile[("p", 2, 1)] == ("arrow1", 0)
    assert ("p", 1, 3) not in s.revealed  # the face-down tile moved to d2
    assert s.phase == "turn"
    act(s, "turn b3 1")
    assert s.tile[("p", 2, 1)] == ("arrow1", 1)
    assert s.current_player() == 1
