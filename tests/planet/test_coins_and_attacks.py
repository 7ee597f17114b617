"""Rulebook (astronaut with a coin, several astronauts on one cell, attacks)."""

from planet_helpers import act, coin_total, coins, legal, put, table, where

BOARD = """
.. S0 .. .. ..
.. __ ?? __ ..
.. __ __ __ ..
.. __ __ __ ..
.. .. .. S1 ..
"""


def test_a_coin_carrier_may_not_step_onto_a_face_down_tile():
    s = table(BOARD)
    put(s, 0, 1, "b2")
    coins(s, "b2", 1)
    assert "move 1 E" in legal(s) and "move 1 E coin" not in legal(s)
    assert "face down" in s.explain_illegal(s.to_action("move 1 E coin"))


def test_a_coin_carrier_may_not_step_onto_enemies_but_may_leave_the_coin_and_attack():
    s = table(BOARD)
    put(s, 0, 1, "b3")
    coins(s, "b3", 1)
    put(s, 1, 1, "c3")
    assert "move 1 E coin" not in legal(s)
    act(s, "move 1 E")
    assert where(s, 1, 1) == "ship" and where(s, 0, 1) == "c3"
    assert s.coins[("p", 2, 1)] == 1  # the coin stayed behind


def test_stepping_onto_enemies_sends_all_of_them_home_and_their_coins_stay():
    s = table(BOARD)
    put(s, 1, 1, "c3")
    put(s, 1, 2, "c3")
    coins(s, "c3", 2)
    put(s, 0, 1, "b3")
    act(s, "move 1 E")
    assert where(s, 1, 1) == "ship" and where(s, 1, 2) == "ship"
    assert s.coins[("p", 2, 2)] == 2 and coin_total(s) == 30


def test_an_attacked_astronaut_goes_to_its_ship_even_at_the_station():
    s = table(BOARD)
    s.ship[1] = ("s", 0)
    put(s, 1, 1, "c3")
    put(s, 0, 1, "b3")
    act(s, "move 1 E")
    assert where(s, 1, 1) == "ship"


def test_your_own_astronauts_share_a_cell():
    s = table(BOARD)
    put(s, 0, 1, "b3")
    put(s, 0, 2, "c3")
    act(s, "move 1 E")
    assert where(s, 0, 1) == where(s, 0, 2) == "c3"


def test_a_carried_coin_goes_along_and_is_dropped_where_the_move_ends():
    s = table(BOARD)
    put(s, 0, 1, "b3")
    coins(s, "b3", 1)
    act(s, "move 1 E coin")
    assert s.coins == {("p", 2, 2): 1}


ARROW_ONTO_RIVAL = """
.. S0 .. .. ..
.. __ →  __ ..
.. __ __ __ ..
.. .. .. S1 ..
"""


def test_an_arrow_may_not_carry_a_coin_bearer_onto_a_rival():
    """Rulebook (astronaut with a coin): «Космонавт с монетой не может: наступать на клетку, где
    находятся чужие космонавты» - also at the end of a chained move: «Если по какой-то причине вы
    должны завершить свой ход ... на клетке с чужим космонавтом, то такой ход невозможен.»"""
    s = table(ARROW_ONTO_RIVAL)
    put(s, 0, 1, "b2")
    coins(s, "b2", 1)
    put(s, 1, 1, "d2")  # the arrow at c2 points east, onto seat 1's astronaut
    assert "move 1 E" in legal(s) and "move 1 E coin" not in legal(s)
    put(s, 1, 1, "d3")  # with the rival gone from d2 the carrier may ride the arrow
    assert "move 1 E coin" in legal(s)
