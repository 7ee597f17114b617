"""Rulebook (team play): allies share cells, may enter allied ships and bring coins aboard them,
never steer them; seats alternate teams; a portal takes you to your own ship only."""

from planet_helpers import act, coins, legal, put, table, where

BOARD = """
.. S0 .. S2 ..
S1 __ __ __ ..
.. __ PO __ ..
.. __ __ __ ..
.. .. .. S3 ..
"""


def teams_table():
    return table(BOARD, players=4, teams=True)


def test_seats_alternate_teams():
    s = teams_table()
    assert s.team == [0, 1, 0, 1]


def test_allies_share_a_cell_without_fighting():
    s = teams_table()
    put(s, 2, 1, "c3")
    put(s, 0, 1, "b3")
    act(s, "move 1 E")
    assert where(s, 2, 1) == "c3"


def test_a_coin_may_be_brought_aboard_an_allied_ship():
    s = teams_table()
    put(s, 0, 1, "d2")
    coins(s, "d2", 1)
    assert "move 1 N coin" in legal(s)
    act(s, "move 1 N coin")
    assert where(s, 0, 1) == "ship 2" and s.delivered[2] == 1
    assert s.scores()[0] == 1


def test_you_cannot_steer_an_allied_ship():
    s = teams_table()
    for n in (1, 2, 3):
        put(s, 0, n, "ship 2")
    assert not [m for m in legal(s) if m.startswith("sail")]


def test_the_portal_takes_you_to_your_own_ship_not_your_allys():
    s = teams_table()
    put(s, 0, 1, "d2")
    act(s, "move 1 SW")
    assert where(s, 0, 1) == "ship"
