"""Rulebook (artifact): take the top ability card; you may hold any number. One use."""

from planet_helpers import act, put, table, tile

BOARD = """
.. S0 .. ..
.. __ ?G ..
.. __ __ ..
.. .. S1 ..
"""


def test_artifact_draws_an_ability_card_by_chance():
    s = table(BOARD)
    put(s, 0, 1, "b2")
    act(s, "move 1 E", "reveal artifact")
    assert s.phase == "draw" and len(s.chance_outcomes()) == 6
    act(s, "draw boots")
    assert s.hand[0] == [{"id": "boots", "ready": True, "spent": False}]
    assert tile(s, "c2") == "empty" and "boots" not in s.deck
