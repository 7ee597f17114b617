"""Rulebook (fuel): turn your ship to the fuel side; now it can fly between the planet and the station."""

from planet_helpers import act, legal, put, table, where


def test_fuel_lets_the_ship_fly_to_the_station_and_back():
    s = table("""
    .. S0 .. ..
    .. __ ?R ..
    .. __ __ ..
    .. .. S1 ..
    """)
    put(s, 0, 1, "b2")
    act(s, "move 1 E", "reveal fuel")
    assert s.fuel[0] and s.tile[("p", 1, 2)] == ("empty", 0)
    s.seat = 0
    s._legal_cache = None
    flights = [m for m in legal(s) if m.startswith("fly s:")]
    assert flights
    act(s, flights[0])
    assert s.ship[0][0] == "s"
    assert where(s, 0, 2) == "ship"  # the astronauts aboard travel with it


def test_without_fuel_the_ship_cannot_fly():
    s = table("""
    .. S0 .. ..
    .. __ __ ..
    .. __ __ ..
    .. .. S1 ..
    """)
    assert not [m for m in legal(s) if m.startswith("fly")]
    assert "no fuel" in s.explain_illegal(s.to_action("fly s:b1"))
