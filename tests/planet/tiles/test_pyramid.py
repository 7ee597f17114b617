"""Rulebook (pyramid): safe - astronauts of other teams cannot enter while yours stand in it; no
coins may be carried in; any number of your team may stand there."""

from planet_helpers import coins, legal, put, table

BOARD = """
.. S0 .. ..
.. __ PY ..
.. __ __ ..
.. .. S1 ..
"""


def test_enemies_cannot_enter_an_occupied_pyramid():
    s = table(BOARD)
    put(s, 0, 1, "c2")
    put(s, 1, 1, "b2")
    s.seat = 1
    s._legal_cache = None
    assert "move 1 E" not in legal(s)
    assert "refused" not in s.explain_illegal(s.to_action("move 1 E"))
    assert "pyramid" in s.explain_illegal(s.to_action("move 1 E"))


def test_your_own_team_may_join_and_no_coin_may_be_carried_in():
    s = table(BOARD)
    put(s, 0, 1, "c2")
    put(s, 0, 2, "b2")
    coins(s, "b2", 1)
    assert "move 2 E" in legal(s)
    assert "move 2 E coin" not in legal(s)
