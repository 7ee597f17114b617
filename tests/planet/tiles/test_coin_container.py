"""Rulebook (coin container): put that many coins on the tile; any astronaut there may take one along."""

from planet_helpers import act, coin_total, legal, put, table, tile, where


def test_revealing_a_container_puts_its_coins_on_the_tile():
    s = table("""
    .. S0 .. ..
    .. __ ?? ..
    .. __ __ ..
    .. .. S1 ..
    """)
    put(s, 0, 1, "b2")
    act(s, "move 1 E", "reveal coins2")
    assert s.coins[("p", 1, 2)] == 2 and s.supply == 28
    assert tile(s, "c2") == "empty"  # one use: then an empty tile
    assert coin_total(s) == 30


def test_an_astronaut_carries_one_coin_and_delivers_it_to_its_ship():
    s = table("""
    .. S0 .. ..
    .. C2 __ ..
    .. __ __ ..
    .. .. S1 ..
    """)
    put(s, 0, 1, "b2")
    s.coins[("p", 1, 1)] = 2
    s.supply -= 2
    assert "move 1 N coin" in legal(s)
    act(s, "move 1 N coin")
    assert where(s, 0, 1) == "ship" and s.delivered[0] == 1
    assert s.coins[("p", 1, 1)] == 1


def test_a_delivered_coin_cannot_be_taken_back():
    s = table("""
    .. S0 .. ..
    .. __ __ ..
    .. __ __ ..
    .. .. S1 ..
    """)
    s.delivered[0] = 3
    s.supply -= 3
    put(s, 1, 1, "b2")
    s.seat = 1
    s._legal_cache = None
    assert "move 1 N" not in legal(s)  # no stepping onto a rival ship: what lies aboard stays there
    assert "not step off the planet" in s.explain_illegal(s.to_action("move 1 N"))
    assert s.delivered[0] == 3
