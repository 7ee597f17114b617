"""Rulebook (arrows): go where the arrow points without a word; with several directions pick one;
an arrow can even send you into space. Loops return the astronaut to its ship."""

from planet_helpers import act, coins, legal, put, table, where


def test_single_arrow_moves_the_astronaut_on_in_its_direction():
    s = table("""
    .. S0 .. .. ..
    .. __ →  __ ..
    .. __ __ __ ..
    .. .. .. S1 ..
    """)
    put(s, 0, 1, "b2")
    act(s, "move 1 E")
    assert where(s, 0, 1) == "d2"


def test_arrows_chain_and_diagonal_arrows_point_diagonally():
    s = table("""
    .. S0 .. .. ..
    .. __ ↘  __ ..
    .. __ __ ↓  ..
    .. __ __ __ ..
    .. .. .. S1 ..
    """)
    put(s, 0, 1, "b2")
    act(s, "move 1 E")
    assert where(s, 0, 1) == "d4"


def test_arrow_with_several_directions_lets_the_mover_choose():
    s = table("""
    .. S0 .. .. ..
    .. __ ↕  __ ..
    .. __ __ __ ..
    .. .. .. S1 ..
    """)
    put(s, 0, 1, "b2")
    act(s, "move 1 E")
    assert s.phase == "choose" and s.current_player() == 0
    assert sorted(legal(s)) == ["go N", "go S"]
    act(s, "go S")
    assert where(s, 0, 1) == "c3"


def test_arrow_into_space_leaves_the_astronaut_in_space_and_its_coin_is_lost():
    s = table("""
    .. .. .. .. ..
    S0 __ ↑  __ ..
    .. __ __ __ ..
    .. .. .. S1 ..
    """)
    put(s, 0, 1, "b2")
    coins(s, "b2", 1)
    act(s, "move 1 E")  # without the coin: into space
    assert where(s, 0, 1) == "space:c1"


def test_carrying_a_coin_along_an_arrow_into_space_loses_the_coin():
    s = table("""
    .. .. .. .. ..
    S0 __ ↑  __ ..
    .. __ __ __ ..
    .. .. .. S1 ..
    """)
    put(s, 0, 1, "b2")
    coins(s, "b2", 1)
    act(s, "move 1 E coin")
    assert where(s, 0, 1) == "space:c1"
    assert s.lost == 1 and not s.coins


def test_two_arrows_facing_each_other_are_a_loop_that_sends_the_astronaut_home():
    s = table("""
    .. S0 .. .. ..
    .. __ →  ←  ..
    .. __ __ __ ..
    .. .. .. S1 ..
    """)
    put(s, 0, 1, "b2")
    act(s, "move 1 E")
    assert where(s, 0, 1) == "ship"
    assert any(e.kind == "loop" for e in s.events)


def test_arrow_onto_your_own_ship_brings_the_coin_aboard():
    s = table("""
    .. .. S0 .. ..
    .. __ ↑  __ ..
    .. __ __ __ ..
    .. .. .. S1 ..
    """)
    put(s, 0, 1, "b2")
    coins(s, "b2", 1)
    act(s, "move 1 E coin")
    assert where(s, 0, 1) == "ship" and s.delivered[0] == 1


def test_a_four_way_arrow_offers_four_directions():
    s = table("""
    .. S0 .. .. ..
    .. __ __ __ ..
    .. __ ✜  __ ..
    .. __ __ __ ..
    .. .. .. S1 ..
    """)
    put(s, 0, 1, "b2")
    act(s, "move 1 SE")
    assert sorted(legal(s)) == ["go E", "go N", "go S", "go W"]
