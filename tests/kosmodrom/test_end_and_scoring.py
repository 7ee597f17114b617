"""The final countdown (rulebook, "Последний отсчёт") and scoring ("Подсчёт очков")."""

import pytest
from kosmodrom_helpers import arrange, end_turn, start

from cosmotable.games.kosmodrom.scoring import score_breakdown


def test_the_countdown_starts_when_the_fourth_launch_pad_card_reaches_the_centre():
    s = start(3)
    arrange(s, seat=0, pads={0: {"launch": ["pad_br"]}}, centre=["pad_tl", "pad_tr", "pad_bl"])
    assert s.countdown is not None and s.completer == 0


def test_every_player_gets_one_more_turn_the_completer_last():
    s = start(3)
    arrange(s, seat=1, pads={1: {"launch": ["pad_br"]}}, centre=["pad_tl", "pad_tr", "pad_bl"])
    seen = []
    end_turn(s)  # the completing turn itself
    while not s.is_terminal():
        seen.append(s.turn_seat)
        end_turn(s)
    assert seen == [2, 0, 1]


def test_the_game_ends_only_after_the_countdown_turns():
    s = start(2)
    arrange(s, seat=0, pads={0: {"launch": ["pad_br"]}}, centre=["pad_tl", "pad_tr", "pad_bl"])
    end_turn(s)
    end_turn(s)
    assert not s.is_terminal()
    end_turn(s)
    assert s.is_terminal()


def test_the_quick_game_completes_the_pad_from_the_draw():
    s = start(2, variants=["quick"])
    arrange(s, hand={0: ["metal"] * 5}, centre=["pad_tl", "pad_tr", "pad_bl"], discard=[])
    s.deck_top = 0
    s.apply("done") if s.phase == "advance" else None
    s.apply("deck pad_br")
    assert s.countdown is not None and s.completer == 0


def score(s, seat=0):
    return score_breakdown(s, seat)


def test_a_rocket_on_the_launch_table_scores_its_full_value():
    s = start(2)
    arrange(s, rockets=[(0, "fearless", "launch", 3, 2)], experts={0: {"launch": "mission_control"}})
    assert score(s)["total"] == 12


def test_a_rocket_on_the_test_stand_scores_nothing():
    s = start(2)
    arrange(s, rockets=[(0, "fearless", "test", 3, 2)], experts={0: {"launch": "mission_control"}})
    assert score(s)["total"] == 0


def test_a_rocket_in_the_assembly_shop_costs_its_value():
    s = start(2)
    arrange(s, rockets=[(0, "rapid", "assembly", 0, 0)], experts={0: {"launch": "mission_control"}})
    assert score(s)["total"] == -8


def test_an_astronaut_with_oxygen_scores_4_and_without_costs_4():
    s = start(2)
    arrange(
        s,
        rockets=[
            (0, "swift", "launch", 1, 1, ["astronaut", "oxygen"]),
            (0, "swift", "launch", 1, 1, ["astronaut"]),
        ],
        experts={0: {"launch": "jack"}},
    )
    assert score(s)["astronauts"] == 0 and score(s)["total"] == 12


def test_oxygen_without_an_astronaut_scores_nothing():
    s = start(2)
    arrange(s, rockets=[(0, "swift", "launch", 1, 1, ["oxygen"])], experts={0: {"launch": "jack"}})
    assert score(s)["total"] == 6


def test_certification_scores_3_on_the_launch_table_and_0_on_the_test_stand():
    s = start(2)
    arrange(
        s,
        rockets=[
            (0, "swift", "launch", 1, 1, ["certification"]),
            (0, "swift", "test", 1, 1, ["certification"]),
        ],
        experts={0: {"launch": "mission_control"}},
    )
    assert score(s)["certifications"] == 3


def test_no_mission_control_costs_10():
    s = start(2)
    arrange(s, rockets=[(0, "swift", "launch", 1, 1)])
    assert score(s)["mission_control"] == -10 and score(s)["total"] == -4


def test_jack_of_all_trades_on_the_launch_table_counts_as_mission_control():
    s = start(2)
    arrange(s, experts={0: {"launch": "jack"}})
    assert score(s)["mission_control"] == 0


def test_cards_in_hand_score_nothing():
    s = start(2, hands=[["swift", "astronaut", "oxygen", "certification", "fearless", "rapid"], ["fuel"] * 6])
    assert score(s)["total"] == -10


def finish(s):
    s.phase = "over"
    s._legal_cache = None


def test_highest_score_wins():
    s = start(2)
    arrange(s, rockets=[(1, "swift", "launch", 1, 1)], experts={0: {"launch": "jack"}, 1: {"launch": "jack"}})
    finish(s)
    assert s.scores() == [0, 6] and s.winners() == [1]


def test_a_tie_is_won_by_more_advantage_cards():
    s = start(2)
    arrange(
        s,
        rockets=[
            (0, "swift", "launch", 1, 1, ["top_secret", "oxygen"]),
            (1, "swift", "launch", 1, 1, ["top_secret"]),
        ],
        experts={0: {"launch": "jack"}, 1: {"launch": "jack"}},
    )
    finish(s)
    assert s.scores() == [6, 6] and s.winners() == [0]


def test_ruling_K10_a_tie_in_advantage_cards_too_is_a_shared_win():
    s = start(2)
    arrange(
        s,
        rockets=[(0, "swift", "launch", 1, 1), (1, "swift", "launch", 1, 1)],
        experts={0: {"launch": "jack"}, 1: {"launch": "jack"}},
    )
    finish(s)
    assert s.winners() == [0, 1]


@pytest.mark.parametrize("zone,expected", [("launch", 10), ("test", 0), ("assembly", -10)])
def test_scoring_table_for_an_intrepid(zone, expected):
    s = start(2)
    arrange(s, rockets=[(0, "intrepid", zone, 2, 2)], experts={0: {"launch": "mission_control"}})
    assert score(s)["rockets"] == expected


def test_top_secret_scores_nothing():
    """rulebook (совершенно секретно): «За карту «Совершенно секретно» дополнительные очки не
    начисляются.»"""
    s = start(2)
    arrange(
        s, rockets=[(0, "swift", "launch", 1, 1, ["top_secret"])], experts={0: {"launch": "mission_control"}}
    )
    assert score(s)["total"] == 6
