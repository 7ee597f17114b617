"""Rulebook (canyon): crossed in 2 moves; only an astronaut on the far half can be attacked."""

from planet_helpers import act, coins, legal, put, table, where

BOARD = """
.. S0 .. ..
.. __ CA ..
.. __ __ ..
.. .. S1 ..
"""


def test_canyon_takes_two_moves():
    s = table(BOARD)
    put(s, 0, 1, "b2")
    act(s, "move 1 E")
    assert where(s, 0, 1) == "c2 half 1"
    s.seat = 0
    s._legal_cache = None
    assert [m for m in legal(s) if m.startswith("move 1")] == ["move 1 canyon"]
    act(s, "move 1 canyon")
    assert where(s, 0, 1) == "c2 half 2"


def test_an_astronaut_on_the_first_half_is_safe():
    s = table(BOARD)
    put(s, 0, 1, "c2")
    s.pos[0][0] = ("cell", ("p", 1, 2), 1)
    put(s, 1, 1, "b2")
    s.seat = 1
    s._legal_cache = None
    act(s, "move 1 E")
    assert where(s, 0, 1) == "c2 half 1" and where(s, 1, 1) == "c2 half 1"


def test_the_far_half_can_be_attacked():
    s = table(BOARD)
    s.pos[0][0] = ("cell", ("p", 1, 2), 2)
    s.pos[1][0] = ("cell", ("p", 1, 2), 1)
    s.seat = 1
    s._legal_cache = None
    act(s, "move 1 canyon")
    assert where(s, 0, 1) == "ship" and where(s, 1, 1) == "c2 half 2"


def test_a_coin_carrier_may_not_step_into_a_canyon_where_a_rival_stands():
    """Rulebook (astronaut with a coin): «Космонавт с монетой не может: наступать на клетку, где
    находятся чужие космонавты». A canyon is one tile: a rival on its near half closes it too."""
    s = table(BOARD)
    put(s, 0, 1, "b2")
    coins(s, "b2", 1)
    s.pos[1][0] = ("cell", ("p", 1, 2), 1)
    s._legal_cache = None
    assert "move 1 E" in legal(s) and "move 1 E coin" not in legal(s)
    assert "enemies" in s.explain_illegal(s.to_action("move 1 E coin"))
    s.pos[1][0] = ("ship", 1)  # with the canyon empty the carrier may enter it
    s._legal_cache = None
    assert "move 1 E coin" in legal(s)


def test_a_coin_carrier_may_not_cross_to_a_far_half_held_by_a_rival():
    """Same sentence: crossing to the far half with a coin would step onto the rival there."""
    s = table(BOARD)
    s.pos[0][0] = ("cell", ("p", 1, 2), 1)
    coins(s, "c2", 1)
    s.pos[1][0] = ("cell", ("p", 1, 2), 2)
    s._legal_cache = None
    assert "move 1 canyon" in legal(s) and "move 1 canyon coin" not in legal(s)
    s.pos[1][0] = ("ship", 1)
    s._legal_cache = None
    assert "move 1 canyon coin" in legal(s)


# Jet boots: "a canyon counts as one cell" (reconstructed card text; Ruling R20).
BOOTS = """
.. S0 .. .. .. ..
.. __ __ CA __ ..
.. __ CA __ __ ..
.. __ __ __ __ ..
.. .. .. S1 .. ..
"""


def booted(**kw):
    s = table(BOOTS, **kw)
    s.hand[0].append({"id": "boots", "ready": True, "spent": False})
    s._legal_cache = None
    return s


def test_jet_boots_landing_in_a_canyon_cross_it_whole_and_fight_on_the_far_half():
    s = booted()
    put(s, 0, 1, "b2")
    s.pos[1][0] = ("cell", ("p", 1, 3), 2)  # a rival on the far half of d2
    s.pos[1][1] = ("cell", ("p", 1, 3), 1)  # and one on the near half
    s._legal_cache = None
    act(s, "ability boots 1 E")
    assert where(s, 0, 1) == "d2 half 2"
    assert where(s, 1, 1) == "ship" and where(s, 1, 2) == "d2 half 1"
    s.seat = 0
    s._legal_cache = None
    assert "move 1 canyon" not in legal(s)  # nothing left to cross


def test_jet_boots_over_a_canyon_count_it_as_one_cell():
    s = booted()
    put(s, 0, 1, "b3")
    s.pos[1][0] = ("cell", ("p", 2, 2), 2)  # a rival in the canyon they leap over
    s._legal_cache = None
    act(s, "ability boots 1 E")
    assert where(s, 0, 1) == "d3" and where(s, 1, 1) == "c3 half 2"


def test_jet_boots_leave_a_canyon_from_its_near_half_in_one_move():
    s = booted()
    s.pos[0][0] = ("cell", ("p", 2, 2), 1)  # c3, near half
    s._legal_cache = None
    assert "ability boots 1 E" in legal(s)
    act(s, "ability boots 1 E")
    assert where(s, 0, 1) == "e3"


def test_a_forced_move_after_the_boots_enters_a_canyon_by_the_usual_rule():
    s = table("""
    .. S0 .. .. .. ..
    .. __ __ →  CA ..
    .. __ __ __ __ ..
    .. .. .. S1 .. ..
    """)
    s.hand[0].append({"id": "boots", "ready": True, "spent": False})
    put(s, 0, 1, "b2")
    act(s, "ability boots 1 E")  # lands on the arrow at d2, which pushes it on into the canyon
    assert where(s, 0, 1) == "e2 half 1"
