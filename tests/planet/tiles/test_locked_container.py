"""Rulebook (locked container): a lock token goes on it; it opens only when a second astronaut of
your team (or an allied one) arrives, and then its coins are put on the tile."""

from planet_helpers import act, coin_total, put, table, tile

BOARD = """
.. S0 .. ..
.. __ ?G ..
.. __ __ ..
.. .. S1 ..
"""


def test_one_astronaut_leaves_it_locked_the_second_opens_it():
    s = table(BOARD)
    put(s, 0, 1, "b2")
    put(s, 0, 2, "b3")
    act(s, "move 1 E", "reveal locked3")
    assert s.locks == {("p", 1, 2): 3} and not s.coins
    s.seat = 0
    s._legal_cache = None
    act(s, "move 2 NE")
    assert not s.locks and s.coins[("p", 1, 2)] == 3
    assert tile(s, "c2") == "empty"
    assert coin_total(s) == 30


def test_an_enemy_arriving_does_not_open_the_lock_but_attacks():
    s = table(BOARD)
    put(s, 0, 1, "b2")
    put(s, 1, 1, "b3")
    act(s, "move 1 E", "reveal locked3")
    act(s, "move 1 NE")
    assert s.locks == {("p", 1, 2): 3}
    assert s.pos[0][0] == ("ship", 0)


def test_allies_open_it_together_in_team_play():
    s = table(
        """
    .. S0 .. .. ..
    S2 __ ?G __ ..
    .. __ __ __ ..
    .. S1 .. S3 ..
    """,
        players=4,
        teams=True,
    )
    put(s, 0, 1, "b2")
    put(s, 2, 1, "b3")
    act(s, "move 1 E", "reveal locked3")
    s.seat = 2
    s._legal_cache = None
    act(s, "move 1 NE")
    assert s.coins[("p", 1, 2)] == 3
