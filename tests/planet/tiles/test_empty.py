"""Rulebook (tile actions): an empty tile - nothing happens, the turn ends."""

from planet_helpers import act, legal, put, table, where

BOARD = """
.. S0 .. ..
.. __ __ ..
.. ?? __ ..
.. .. S1 ..
"""


def test_stepping_onto_an_empty_tile_ends_the_turn_there():
    s = table(BOARD)
    put(s, 0, 1, "b2")
    act(s, "move 1 E")
    assert where(s, 0, 1) == "c2"
    assert s.current_player() == 1


def test_revealing_an_empty_tile_is_a_chance_draw_then_nothing_happens():
    s = table(BOARD)
    put(s, 0, 1, "b2")
    act(s, "move 1 S")
    assert s.phase == "reveal" and s.is_chance_node()
    act(s, "reveal empty")
    assert where(s, 0, 1) == "b3" and s.current_player() == 1


def test_an_astronaut_may_not_step_into_empty_space_by_itself():
    s = table(BOARD)
    put(s, 0, 1, "c2")
    assert "move 1 E" not in legal(s)  # d2 is space with no ship
    assert "move 1 NW" in legal(s)  # b1 holds seat 0's own ship
