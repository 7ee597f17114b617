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


def _hold(s, card):
    s.hand[0].append({"id": card, "ready": True, "spent": False})
    s._legal_cache = None
    return s


def test_pocket_teleport_may_move_an_astronaut_onto_the_allied_ship():
    """Rulebook (cards, Карманный телепорт): «Космонавта можно передвинуть таким образом на союзный корабль.»"""
    s = _hold(teams_table(), "pocket")
    put(s, 0, 1, "c4")
    assert {"ability pocket 1", "ability pocket 1 ALLY"} <= set(legal(s))
    act(s, "ability pocket 1 ALLY")
    assert where(s, 0, 1) == "ship 2"
    # an astronaut already aboard the ally's ship may still be sent home, not to the ally's ship again
    s2 = _hold(teams_table(), "pocket")
    put(s2, 0, 1, "ship 2")
    assert "ability pocket 1" in legal(s2) and "ability pocket 1 ALLY" not in legal(s2)


def test_teleport_cannon_may_move_an_astronaut_onto_the_allied_ship():
    """Rulebook (cards, Пушка-телепорт): «Космонавта можно передвинуть таким образом на союзный корабль.»"""
    s = _hold(teams_table(), "teleport")
    put(s, 0, 1, "c4")
    assert {"ability teleport 1 SHIP", "ability teleport 1 ALLY"} <= set(legal(s))
    act(s, "ability teleport 1 ALLY")
    assert where(s, 0, 1) == "ship 2"


def test_without_teams_no_ally_ship_is_offered():
    """The ally's ship exists only in the teams variant (rulebook: игра командами)."""
    s = table(BOARD, players=4)
    _hold(s, "pocket")
    _hold(s, "teleport")
    put(s, 0, 1, "c4")
    assert not [m for m in legal(s) if m.endswith("ALLY")]
    assert "ability pocket 1" in legal(s) and "ability teleport 1 SHIP" in legal(s)


def test_gravity_cannon_may_shoot_an_astronaut_onto_the_allied_ship():
    """Rulebook (cards, Гравитационная пушка): «Космонавта можно передвинуть таким образом на союзный корабль.»"""
    s = _hold(teams_table(), "gravity")
    put(s, 0, 1, "d4")
    act(s, "ability gravity 1 N")
    assert where(s, 0, 1) == "ship 2"


def test_a_ship_stopping_on_an_allied_astronaut_in_space_takes_it_aboard():
    """Rulebook (team play): «Союзники могут ... заходить на союзные корабли» - only a rival («чужой
    корабль налетит») is knocked home; an ally in space where the ship stops climbs aboard (R6)."""
    s = teams_table()
    put(s, 2, 1, "space:a3")  # seat 2 is seat 0's ally
    s.ship[0] = ("p", s.areas["p"].ring_index((3, 0)))  # seat 0's ship at a4
    s._legal_cache = None
    act(s, "sail +1")  # clockwise up the west side onto a3
    assert where(s, 2, 1) == "ship 0"
    assert not any(e.kind == "attack" for e in s.events)
