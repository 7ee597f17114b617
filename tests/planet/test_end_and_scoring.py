"""Rulebook (end of the game, team play scoring); Rulings on the claim and the safety cap."""

import pytest
from planet_helpers import act, legal, new, table

from cosmotable.engine import ConfigError

SMALL = """
.. S0 .. ..
.. __ ?? ..
.. __ __ ..
.. .. S1 ..
"""


REVEALED_STATION = """
.. .. ..
.. __ ..
.. .. ..
"""


def test_game_ends_when_every_tile_is_revealed_and_no_coin_is_left():
    s = table(SMALL, station=REVEALED_STATION)
    s.pos[0][0] = ("cell", ("p", 1, 1), 0)
    s._legal_cache = None
    act(s, "move 1 E", "reveal empty")
    assert s.is_terminal() and "every tile is revealed" in s.end_reason


def test_coins_left_on_the_planet_keep_the_game_going():
    s = table(SMALL, station=REVEALED_STATION)
    s.coins[("p", 2, 1)] = 1
    s.supply -= 1
    s.pos[0][0] = ("cell", ("p", 1, 1), 0)
    s._legal_cache = None
    act(s, "move 1 E", "reveal empty")
    assert not s.is_terminal()


def all_face_up_with_a_coin(players=3):
    """Every tile face up and one coin left on a tile: the only case where a claim may be made (R21)."""
    s = table(
        SMALL.replace("??", "__").replace(".. __ __ ..", "S2 __ __ ..", 1),
        players=players,
        station=REVEALED_STATION,
    )
    s.coins[("p", 2, 2)] = 1
    s.supply -= 1
    s._legal_cache = None
    return s


def test_claim_ends_the_game_when_every_other_player_agrees():
    """Rulebook (end): «В таком случае по единогласному решению всех игроков монета не достаётся
    никому и игра заканчивается.»"""
    s = all_face_up_with_a_coin()
    act(s, "claim")
    assert s.current_player() == 1 and legal(s) == ["agree", "refuse"]
    # the proposal is a public event every seat's log shows (the browser and terminal name it)
    proposal = s.events[-1]
    assert proposal.kind == "claim" and proposal.seat == 0 and proposal.visible(2)
    act(s, "agree", "agree")
    assert s.is_terminal() and "agreed" in s.end_reason
    assert s.coins_left() == 1  # the coin goes to no one («монета не достаётся никому»)


def test_one_refusal_rejects_the_claim_and_the_claimant_plays_on():
    """Same sentence: the decision must be unanimous, so one refusal keeps the game going."""
    s = all_face_up_with_a_coin()
    act(s, "claim", "agree", "refuse")
    assert s.current_player() == 0 and "claim" not in legal(s) and not s.is_terminal()


def test_no_claim_while_a_tile_is_face_down():
    """Rulebook (end): «Игра заканчивается, когда все клетки открыты и на планете и станции не
    осталось монет»; the agreement is only for «ситуация, когда ни один игрок не может завладеть
    последней монетой» - while a tile is face down the game can still go on to its end (Ruling R21)."""
    s = new(3)
    assert "claim" not in legal(s)
    assert "face down" in s.explain_illegal(s.to_action("claim"))
    s = table(SMALL, station=REVEALED_STATION)  # one planet tile face down, coins still to find
    assert "claim" not in legal(s)
    s = table(SMALL.replace("??", "__"))  # the planet face up, the station's tile face down
    assert "claim" not in legal(s)
    assert "claim" in legal(all_face_up_with_a_coin())


def test_safety_cap_ends_the_game_with_a_logged_reason():
    s = new(2, max_turns=2)
    act(s, "sail +1", "sail +1")
    assert s.is_terminal() and "safety cap of 2 turns" in s.end_reason
    assert s.events[-1].kind == "game-over"


def test_most_coins_wins_then_most_artifacts_then_a_shared_win():
    s = new(3, max_turns=1)
    s.delivered = [2, 2, 1]
    s.supply -= 5
    s.hand[1].append({"id": "boots", "ready": True, "spent": False})
    act(s, "sail -1")
    assert s.winners() == [1]
    s.hand[1].clear()
    assert s.winners() == [0, 1]


def test_team_play_scores_the_sum_of_both_partners():
    s = new(4, variants=["teams"])
    s.delivered = [1, 2, 3, 0]
    assert s.scores() == [4, 2, 4, 2]


def test_teams_need_four_players():
    with pytest.raises(ConfigError, match="4 players"):
        new(2, variants=["teams"])


def test_a_bad_safety_cap_is_refused():
    with pytest.raises(ConfigError, match="max_turns"):
        new(2, max_turns=0)


def test_coins_locked_in_a_container_keep_the_game_going():
    """Rulebook (end): «Игра заканчивается, когда все клетки открыты и на планете и станции не осталось
    монет» - coins still locked in a container are coins left on the planet."""
    s = table(SMALL, station=REVEALED_STATION)
    s.locks[("p", 2, 1)] = 3
    s.supply -= 3
    s.pos[0][0] = ("cell", ("p", 1, 1), 0)
    s._legal_cache = None
    act(s, "move 1 E", "reveal empty")
    assert not s.is_terminal() and s.coins_left() == 3
