"""Rulebook (ability cards): one ability a turn, at any time of the turn (Ruling R20: before the
action, at a choice inside its chained move, or in the window right after it); reusable cards flip
back at the start of your next turn; once-only cards stay spent."""

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


# ---------------------------------------------------------------- Ruling R20: the window after the action
# Rulebook (cards): "you may use an artifact at any moment of your turn, but only 1 ability a turn".
# These replace the old simplification (abilities only before the action).
import pytest
from planet_helpers import coins

from cosmotable.engine import IllegalAction
from cosmotable.games.planet.actions import EndTurn, action_from_json, parse_action


def test_after_the_action_the_same_seat_may_still_use_its_ability():
    s = holding("pocket")
    put(s, 0, 1, "d4")
    act(s, "move 2 S")  # the turn's action: astronaut 2 steps off the ship onto b2
    assert s.phase == "post" and s.current_player() == 0
    assert legal(s) == ["ability pocket 1", "ability pocket 2", "end turn"]
    assert s.total_turns == 0 and s.turns[0] == 0  # the turn is not over yet
    act(s, "ability pocket 1")
    assert where(s, 0, 1) == "ship" and where(s, 0, 2) == "b2"
    assert s.current_player() == 1 and s.total_turns == 1 and s.turns[0] == 1
    assert s.hand[0][0]["ready"] is False


def test_end_turn_closes_the_window_and_keeps_the_card():
    s = holding("pocket")
    put(s, 0, 1, "d4")
    act(s, "move 2 S", "end turn")
    assert s.current_player() == 1 and s.total_turns == 1 and s.phase == "act"
    assert s.hand[0][0]["ready"] is True and where(s, 0, 1) == "d4"
    assert s.events[-1].kind == "end-turn"


def test_no_window_when_no_ability_is_usable():
    s = holding("pocket")  # every astronaut aboard: pocket teleport has nothing to do
    act(s, "sail +1")
    assert s.current_player() == 1 and s.phase == "act" and s.total_turns == 1
    s = table(BOARD)  # no cards at all
    act(s, "move 1 S")
    assert s.current_player() == 1


def test_an_ability_before_the_action_means_no_window_after_it():
    s = holding("pocket")
    s.hand[0].append({"id": "teleport", "ready": True, "spent": False})
    put(s, 0, 1, "d4")
    act(s, "ability pocket 1")
    assert s.current_player() == 0 and s.phase == "act"  # the action still to come
    with pytest.raises(IllegalAction, match="one ability per turn, and you have used one"):
        s.apply("ability teleport 1 b2")
    act(s, "move 1 S")
    assert s.current_player() == 1  # one ability a turn: the teleport cannot follow


CHAIN = """
.. S0 .. .. .. ..
.. __ ↔  __ __ ..
.. __ __ __ __ ..
.. __ __ __ __ ..
.. .. .. S1 .. ..
"""


def test_an_ability_may_be_used_at_a_choice_inside_a_chained_move():
    """Rulebook (ability cards): «Вы можете применить артефакт в любой момент своего хода» - also at
    an arrow's direction choice (Ruling R20): the moving astronaut leaves its chain there."""
    s = table(CHAIN)
    s.hand[0].append({"id": "pocket", "ready": True, "spent": False})
    put(s, 0, 1, "b2")
    put(s, 0, 2, "d4")
    act(s, "move 1 E")  # onto the two-way arrow: a choice inside the move
    assert s.phase == "choose" and legal(s) == ["go E", "go W", "ability pocket 1"]
    act(s, "ability pocket 1")
    assert where(s, 0, 1) == "ship" and s.current_player() == 1  # the ability ended the turn
    assert not s.hand[0][0]["ready"]


def test_a_coin_carrier_at_a_choice_may_use_only_the_boost():
    """Same sentence (Ruling R20): a card carries no coin, and a coin left on the arrow could never be
    picked up again (no one stands on an arrow), so the carrier's own card waits; the boost may be used."""
    s = table(CHAIN)
    s.hand[0].append({"id": "pocket", "ready": True, "spent": False})
    s.hand[0].append({"id": "boost", "ready": True, "spent": False})
    put(s, 0, 1, "b2")
    s.coins[("p", 1, 1)] = 1
    s.supply -= 1
    s._legal_cache = None
    act(s, "move 1 E coin")
    assert s.phase == "choose" and legal(s) == ["go E", "go W", "ability boost"]


def test_special_boost_at_a_choice_keeps_the_move_going():
    """Same sentence: the boost used mid-move gives the extra turn after this one; the choice stays."""
    s = table(CHAIN)
    s.hand[0].append({"id": "boost", "ready": True, "spent": False})
    put(s, 0, 1, "b2")
    act(s, "move 1 E", "ability boost")
    assert s.phase == "choose" and legal(s) == ["go E", "go W"]  # one ability a turn
    act(s, "go E")
    assert where(s, 0, 1) == "d2" and s.current_player() == 0 and s.in_boost


def test_mid_chain_abilities_act_only_on_the_moving_astronaut():
    """Ruling R20: a turn moves «одного своего космонавта»; another astronaut's card waits for the
    window after the move."""
    s = table(CHAIN)
    s.hand[0].append({"id": "pocket", "ready": True, "spent": False})
    put(s, 0, 1, "b2")
    put(s, 0, 2, "d4")
    act(s, "move 1 E")
    assert "ability pocket 2" not in legal(s)
    act(s, "go E")
    assert where(s, 0, 1) == "d2" and s.phase == "post" and "ability pocket 2" in legal(s)


def test_an_artifact_found_by_the_action_can_be_used_at_once():
    s = table("""
    .. S0 .. ..
    .. __ ?G ..
    .. __ __ ..
    .. .. S1 ..
    """)
    put(s, 0, 1, "b2")
    act(s, "move 1 E", "reveal artifact", "draw pocket")
    assert s.phase == "post" and legal(s) == ["ability pocket 1", "end turn"]
    act(s, "ability pocket 1")
    assert where(s, 0, 1) == "ship" and s.current_player() == 1


def test_a_tree_caught_astronaut_cannot_be_moved_in_the_window_and_still_skips_one_turn():
    s = table("""
    .. S0 .. .. .. ..
    .. __ TR __ __ ..
    .. __ __ __ __ ..
    .. __ __ __ __ ..
    .. .. .. S1 .. ..
    """)
    s.hand[0].append({"id": "pocket", "ready": True, "spent": False})
    put(s, 0, 1, "b2")
    put(s, 0, 2, "e4")
    act(s, "move 1 E")  # caught by the tree
    assert s.phase == "post"
    assert [m for m in legal(s) if m.startswith("ability")] == ["ability pocket 2"]
    act(s, "end turn", "move 1 N")  # seat 1
    assert not [m for m in legal(s) if m.startswith(("move 1", "ability pocket 1"))]  # still skipping
    act(s, "move 2 W", "end turn", "move 1 N")
    assert "move 1 E" in legal(s)  # the turn after: free again


def test_the_turn_cap_counts_the_turn_when_the_window_closes():
    s = holding("pocket", max_turns=1)
    put(s, 0, 1, "d4")
    act(s, "move 2 S")
    assert not s.is_terminal() and s.phase == "post"
    act(s, "end turn")
    assert s.is_terminal() and "safety cap of 1 turns" in s.end_reason


def test_the_game_ends_at_once_when_the_action_takes_the_last_coin():
    s = table(
        """
    .. S0 .. .. ..
    .. __ __ __ ..
    .. __ __ __ ..
    .. .. .. S1 ..
    """,
        station=".. .. ..\n.. __ ..\n.. .. ..",
    )
    s.hand[0].append({"id": "pocket", "ready": True, "spent": False})
    put(s, 0, 1, "b2")
    put(s, 0, 2, "d3")
    coins(s, "b2", 1)
    act(s, "move 1 N coin")
    assert s.is_terminal() and s.delivered[0] == 1 and "every tile is revealed" in s.end_reason


def test_no_claim_in_the_window():
    s = holding("pocket")
    put(s, 0, 1, "d4")
    act(s, "move 2 S")
    assert "claim" not in legal(s)
    with pytest.raises(IllegalAction, match="use one ability card now or 'end turn'"):
        s.apply("claim")


def test_end_turn_is_only_for_the_window():
    s = holding("pocket")
    put(s, 0, 1, "d4")
    assert "end turn" not in legal(s)
    with pytest.raises(IllegalAction, match="first make the turn's action"):
        s.apply("end turn")
    assert parse_action("end turn") == EndTurn() == parse_action("end")
    assert str(action_from_json(EndTurn().to_json())) == "end turn"


def test_special_boost_in_the_window_gives_the_extra_turn_after_this_one():
    s = holding("boost")
    s.hand[0].append({"id": "pocket", "ready": True, "spent": False})
    act(s, "move 1 S")
    assert s.phase == "post" and "ability boost" in legal(s)
    act(s, "ability boost")
    assert s.current_player() == 0 and s.in_boost and s.total_turns == 1
    assert not [m for m in legal(s) if m.startswith("ability")]
    act(s, "move 1 E")
    assert s.current_player() == 1 and s.phase == "act"  # no window during the extra turn


def test_jet_boots_in_the_window_end_the_turn_where_they_land():
    s = holding("boots")
    act(s, "move 1 S")
    assert "ability boots 1 SE" in legal(s)
    act(s, "ability boots 1 SE")
    assert where(s, 0, 1) == "d4" and s.current_player() == 1
