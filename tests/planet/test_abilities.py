"""Rulebook (ability cards): one ability a turn, at any time of the turn (ours: before the turn's
action); reusable cards flip back at the start of your next turn; once-only cards stay spent."""

from planet_helpers import act, legal, put, table, where

BOARD = """
.. S0 .. .. .. ..
.. __ __ __ __ ..
.. __ __ __ __ ..
.. __ __ __ __ ..
.. .. .. S1 .. ..
"""


def holding(card, **kw):
    s = table(BOARD, **kw)
    s.hand[0].append({"id": card, "ready": True, "spent": False})
    s._legal_cache = None
    return s


def test_pocket_teleport_brings_an_astronaut_home_and_the_turn_goes_on():
    s = holding("pocket")
    put(s, 0, 1, "d4")
    act(s, "ability pocket 1")
    assert where(s, 0, 1) == "ship" and s.current_player() == 0
    assert not [m for m in legal(s) if m.startswith("ability")]  # one ability a turn


def test_a_reusable_card_flips_back_at_the_start_of_your_next_turn():
    s = holding("pocket")
    put(s, 0, 1, "d4")
    act(s, "ability pocket 1", "sail +1")
    assert s.hand[0][0]["ready"] is False
    act(s, "sail -1")  # seat 1
    assert s.hand[0][0]["ready"] is True


def test_a_once_only_card_stays_spent():
    s = holding("teleport")
    act(s, "ability teleport 1 c3", "sail +1", "sail -1")
    assert where(s, 0, 1) == "c3"
    assert s.hand[0][0] == {"id": "teleport", "ready": False, "spent": True}
    assert not [m for m in legal(s) if m.startswith("ability")]


def test_jet_boots_move_two_cells_in_a_line():
    s = holding("boots")
    put(s, 0, 1, "b2")
    act(s, "ability boots 1 SE")
    assert where(s, 0, 1) == "d4"


def test_tame_knight_makes_a_knight_move():
    s = holding("tame_knight")
    put(s, 0, 1, "b2")
    act(s, "ability tame_knight 1 2S1E")
    assert where(s, 0, 1) == "c4"


def test_gravity_cannon_shoots_onto_your_ship_in_line():
    s = holding("gravity")
    put(s, 0, 1, "b3")
    act(s, "ability gravity 1 N")
    assert where(s, 0, 1) == "ship"


def test_special_boost_gives_an_extra_turn_without_other_artifacts():
    s = holding("boost")
    s.hand[0].append({"id": "pocket", "ready": True, "spent": False})
    act(s, "ability boost", "sail +1")
    assert s.current_player() == 0 and s.in_boost
    assert not [m for m in legal(s) if m.startswith("ability")]
    act(s, "sail -1")
    assert s.current_player() == 1
