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


RIVAL_SHIP = """
.. .. S1 .. .. ..
.. __ __ __ __ ..
.. __ TM __ __ ..
.. __ __ __ __ ..
.. __ __ __ __ ..
.. .. .. S0 .. ..
"""

ONLY_RIVAL = """
.. S1 .. ..
.. __ __ ..
.. TM __ ..
S0 __ __ ..
.. .. .. ..
"""


def test_a_rival_ship_is_no_landing_while_the_trampoline_offers_another():
    """Rulebook (moving): «Но если эффект клетки обязывает вашего космонавта переместиться на чужой
    корабль, то переместите его» - a jump with other landings does not oblige (Ruling R9)."""
    s = table(RIVAL_SHIP)
    put(s, 0, 1, "b2")
    act(s, "move 1 SE")
    assert sorted(legal(s)) == ["jump E", "jump S", "jump SE"]  # c1 (seat 1's ship) left out


def test_a_rival_ship_as_the_only_landing_obliges_the_jump():
    """Same sentence: when the rival ship is the only landing, the tile obliges the astronaut to go there."""
    s = table(ONLY_RIVAL)
    put(s, 0, 1, "b2")
    act(s, "move 1 S")
    assert legal(s) == ["jump N"]
    act(s, "jump N")
    assert where(s, 0, 1) == "ship 1"
