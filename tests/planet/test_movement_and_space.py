"""Rulebook (turn, moving an astronaut, astronaut in space, ships): one action per turn."""

import pytest
from planet_helpers import act, coins, legal, new, put, table, where

from cosmotable.engine import IllegalAction

BOARD = """
.. .. .. .. .. ..
S0 __ __ __ __ ..
.. __ __ __ __ ..
.. __ __ __ __ S1
.. .. .. .. .. ..
"""


def test_first_turn_steps_off_the_ship_onto_an_adjacent_yellow_tile():
    s = new(2)
    moves = [m for m in legal(s) if m.startswith("move")]
    assert moves and all(m.split()[2] in ("N", "NE", "NW") for m in moves)  # ship 1 lies below the planet
    assert {str(a) for a in s.legal_actions()} >= {"sail +1", "sail -1"}


def test_one_action_per_turn_then_the_next_seat():
    s = table(BOARD)
    act(s, "move 1 E")
    assert s.current_player() == 1


def test_astronaut_in_space_drifts_up_to_three_cells_either_way():
    s = table(BOARD)
    put(s, 0, 1, "space:c1")
    drifts = sorted(m for m in legal(s) if m.startswith("drift 1"))
    assert drifts == ["drift 1 +1", "drift 1 +2", "drift 1 +3", "drift 1 -1", "drift 1 -2", "drift 1 -3"]


def test_astronaut_in_space_returns_only_onto_a_revealed_empty_free_tile():
    s = table("""
    .. .. .. .. .. ..
    S0 __ ?? TR __ ..
    .. __ __ __ __ ..
    .. __ __ __ __ S1
    .. .. .. .. .. ..
    """)
    put(s, 0, 1, "space:c1")
    coins(s, "b2", 1)
    steps = sorted(m for m in legal(s) if m.startswith("move 1"))
    assert steps == []  # b2 has a coin, c2 face down, d2 a tree
    s.coins.clear()
    s._legal_cache = None
    assert sorted(m for m in legal(s) if m.startswith("move 1")) == ["move 1 SW"]


def test_in_space_an_enemy_ship_is_hopped_over_and_your_own_ship_taken():
    s = table(BOARD)
    put(s, 0, 1, "space:a3")
    act(s, "drift 1 +1")  # clockwise up the west side: a3 -> a2, the own ship
    assert where(s, 0, 1) == "ship"


def test_an_enemy_ship_hitting_an_astronaut_in_space_sends_it_home():
    s = table(BOARD)
    put(s, 1, 1, "space:f3")
    s.ship[0] = ("p", s.areas["p"].ring_index((1, 5)))  # seat 0's ship at f2
    s._legal_cache = None
    act(s, "sail +1")  # clockwise down the east side onto f3
    assert where(s, 1, 1) == "ship"
    assert any(e.kind == "attack" for e in s.events)


def test_a_ship_passing_through_a_rival_astronaut_in_space_sends_it_home():
    """Rulebook (astronaut in space): «Если чужой корабль налетит на космонавта в космосе, то космонавт
    сразу же отправляется на свой корабль» - flying into it on the way counts, not only stopping (R6)."""
    s = table(BOARD)
    put(s, 1, 1, "space:f1")
    s.ship[0] = ("p", s.areas["p"].ring_index((0, 4)))  # seat 0's ship at e1
    s._legal_cache = None
    act(s, "sail +2")  # clockwise: through the corner f1 to f2
    assert s.areas["p"].ring[s.ship[0][1]] == (1, 5)
    assert where(s, 1, 1) == "ship"
    assert any(e.kind == "attack" and e.data.get("by") == "ship" for e in s.events)


def test_a_ship_passing_its_own_astronaut_in_space_leaves_it_floating():
    """Only a rival is hit on the way; your own astronaut boards only where the ship stops (R6)."""
    s = table(BOARD)
    put(s, 0, 2, "space:f1")
    s.ship[0] = ("p", s.areas["p"].ring_index((0, 4)))
    s._legal_cache = None
    act(s, "sail +2")
    assert where(s, 0, 2) == "space:f1"


def test_cannot_step_onto_someone_elses_ship():
    s = table("""
    .. .. .. .. ..
    S0 __ __ __ ..
    .. __ __ __ ..
    .. S1 .. .. ..
    """)
    put(s, 0, 1, "b3")
    assert "move 1 S" not in legal(s)
    with pytest.raises(IllegalAction, match=r"except onto its own \(or an ally's\) ship"):
        s.apply("move 1 S")


def test_forced_onto_a_rival_ship_you_step_off_later_by_the_usual_rules():
    s = table("""
    .. .. .. .. ..
    S0 __ __ __ ..
    .. __ ↓  __ ..
    .. .. S1 .. ..
    """)
    put(s, 0, 1, "b2")
    act(s, "move 1 SE")  # the arrow at c3 points at seat 1's ship
    assert where(s, 0, 1) == "ship 1"
    act(s, "pass" if "pass" in legal(s) else "sail +1")
    assert [m for m in legal(s) if m.startswith("move 1")]


def test_sailing_needs_an_astronaut_aboard_and_never_stops_on_a_corner():
    s = table(BOARD)
    for n in (1, 2, 3):
        put(s, 0, n, "b2")
    assert not [m for m in legal(s) if m.startswith("sail")]
    put(s, 0, 1, "ship")
    area = s.areas["p"]
    for m in legal(s):
        if m.startswith("sail"):
            trial = s.clone()
            trial.apply(m)
            assert trial.ship[0][1] not in area.corners


def test_ships_hop_over_other_ships_without_counting_them():
    from cosmotable.games.planet.reach import sail_end

    s = table(BOARD)
    ring = s.areas["p"].ring
    s.ship[0] = ("p", ring.index((3, 0)))
    s.ship[1] = ("p", ring.index((2, 0)))
    end = sail_end(s, 0, +1)  # clockwise goes up the west side: a3 is taken, so a2
    assert ring[end] == (1, 0)
