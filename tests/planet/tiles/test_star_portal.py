"""Rulebook (star portal): to your own ship at once (never an ally's); no one can stand on it."""

from planet_helpers import act, coins, put, table, where


def test_portal_sends_the_astronaut_to_its_ship():
    s = table("""
    .. S0 .. .. ..
    .. __ PO __ ..
    .. __ __ __ ..
    .. .. .. S1 ..
    """)
    put(s, 0, 1, "b2")
    act(s, "move 1 E")
    assert where(s, 0, 1) == "ship"


def test_portal_carries_a_coin_home():
    s = table("""
    .. S0 .. .. ..
    .. __ PO __ ..
    .. __ __ __ ..
    .. .. .. S1 ..
    """)
    put(s, 0, 1, "b2")
    coins(s, "b2", 1)
    act(s, "move 1 E coin")
    assert s.delivered[0] == 1
