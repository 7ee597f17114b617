"""Rulebook (acceleration energy): repeat your move - the same step, another knight move, the same
arrow direction, or from a dragonfly anywhere again."""

from planet_helpers import act, legal, put, table, where


def test_energy_repeats_a_plain_step():
    s = table("""
    .. S0 .. .. ..
    .. __ EN __ ..
    .. __ __ __ ..
    .. .. .. S1 ..
    """)
    put(s, 0, 1, "b2")
    act(s, "move 1 E")
    assert where(s, 0, 1) == "d2"


def test_energy_repeats_an_arrow_direction():
    s = table("""
    .. S0 .. .. ..
    .. __ __ __ ..
    .. ↓  __ __ ..
    .. EN __ __ ..
    .. __ __ __ ..
    .. .. .. S1 ..
    """)
    put(s, 0, 1, "c2")
    act(s, "move 1 SW")
    assert where(s, 0, 1) == "b5"


def test_energy_repeats_a_knight_move():
    s = table("""
    .. S0 .. .. .. ..
    .. KN __ __ __ ..
    .. __ __ EN __ ..
    .. __ __ __ __ ..
    .. __ __ __ __ ..
    .. .. .. S1 .. ..
    """)
    put(s, 0, 1, "b3")
    act(s, "move 1 N", "knight 1S2E")
    assert where(s, 0, 1) == "space:f4"  # the repeated knight move leaves the planet


def test_energy_after_a_dragonfly_flies_anywhere_again():
    s = table("""
    .. S0 .. .. ..
    .. __ DF __ ..
    .. __ __ EN ..
    .. __ __ __ ..
    .. .. .. S1 ..
    """)
    put(s, 0, 1, "b2")
    act(s, "move 1 E", "to d3")
    assert s.phase == "choose" and "to b4" in legal(s)
    act(s, "to b4")
    assert where(s, 0, 1) == "b4"
