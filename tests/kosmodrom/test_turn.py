"""The six steps of a turn (rulebook, "Ход игры"), one test per rule sentence."""

from kosmodrom_helpers import arrange, end_turn, hand, legal, start, to_draw, to_play

from cosmotable.engine import CHANCE


# ---------------------------------------------------------------- step 1: launch-pad cards
def test_step1_launch_pad_cards_advance_one_zone_without_an_expert():
    s = start(3)
    arrange(s, seat=0, pads={0: {"assembly": ["pad_tl"], "test": ["pad_tr"], "launch": ["pad_bl"]}})
    pads = s.tableaux[0].pads
    assert pads == {"assembly": [], "test": ["pad_tl"], "launch": ["pad_tr"]}
    assert s.centre == ["pad_bl"]


def test_step1_only_one_launch_pad_card_leaves_a_zone_per_turn():
    s = start(3)
    arrange(s, seat=0, pads={0: {"assembly": ["pad_tl", "pad_tr"]}})
    assert s.tableaux[0].pads["assembly"] == ["pad_tr"] and s.tableaux[0].pads["test"] == ["pad_tl"]


def test_step1_only_the_current_players_launch_pad_cards_advance():
    s = start(3)
    arrange(s, seat=0, pads={1: {"assembly": ["pad_tl"]}})
    assert s.tableaux[1].pads["assembly"] == ["pad_tl"]


# ---------------------------------------------------------------- step 2: rockets advance
def test_step2_a_complete_rocket_advances_with_the_zone_expert():
    s = start(3)
    arrange(s, rockets=[(0, "swift", "assembly", 1, 1)], experts={0: {"assembly": "engineer"}})
    assert "advance r1" in legal(s)
    s.apply("advance r1")
    assert s.rockets["r1"].zone == "test"


def test_step2_advancing_is_optional():
    s = start(3)
    arrange(s, rockets=[(0, "swift", "assembly", 1, 1)], experts={0: {"assembly": "engineer"}})
    s.apply("done")
    assert s.rockets["r1"].zone == "assembly"


def test_step2_an_incomplete_rocket_does_not_advance():
    s = start(3)
    arrange(s, rockets=[(0, "swift", "assembly", 1, 0)], experts={0: {"assembly": "engineer"}})
    assert s.phase == "play"  # nothing to decide in step 2


def test_step2_no_expert_in_the_zone_no_advance():
    s = start(3)
    arrange(s, rockets=[(0, "swift", "assembly", 1, 1)], experts={0: {"test": "inspector"}})
    assert s.phase == "play"


def test_step2_jack_of_all_trades_counts_as_the_zone_expert():
    s = start(3)
    arrange(s, rockets=[(0, "swift", "test", 1, 1)], experts={0: {"test": "jack"}})
    s.apply("advance r1")
    assert s.rockets["r1"].zone == "launch"


def test_step2_one_rocket_per_zone_per_turn():
    s = start(3)
    arrange(
        s,
        rockets=[(0, "swift", "assembly", 1, 1), (0, "swift", "assembly", 1, 1)],
        experts={0: {"assembly": "engineer"}},
    )
    s.apply("advance r1")
    assert s.phase == "draw" or "advance r2" not in legal(s)


def test_step2_each_zone_may_advance_one_rocket_in_the_same_turn():
    s = start(3)
    arrange(
        s,
        rockets=[(0, "swift", "assembly", 1, 1), (0, "swift", "test", 1, 1)],
        experts={0: {"assembly": "engineer", "test": "inspector"}},
    )
    s.apply("advance r2")
    s.apply("advance r1")
    assert s.rockets["r1"].zone == "test" and s.rockets["r2"].zone == "launch"


def test_step2_a_rocket_advances_at_most_one_zone_per_turn():
    s = start(3)
    arrange(
        s,
        rockets=[(0, "swift", "assembly", 1, 1)],
        experts={0: {"assembly": "engineer", "test": "inspector"}},
    )
    s.apply("advance r1")
    assert "advance r1" not in legal(s)


def test_step2_overtime_lets_two_rockets_leave_one_zone():
    s = start(3)
    arrange(
        s,
        rockets=[
            (0, "swift", "assembly", 1, 1),
            (0, "swift", "assembly", 1, 1),
            (0, "swift", "assembly", 1, 1),
        ],
        experts={0: {"assembly": "engineer"}},
        upgrades={0: ["overtime"]},
    )
    s.apply("advance r1")
    s.apply("advance r2")
    assert s.phase != "advance" and s.rockets["r3"].zone == "assembly"


def test_step2_the_expert_must_be_there_at_the_start_of_the_turn():
    s = start(3, hands=[["engineer", "metal", "fuel", "swift", "fuel", "fuel"]] + [["fuel"] * 6] * 2)
    to_play(s)
    s.apply("play swift")
    s.apply("play metal r1")
    s.apply("play fuel r1")
    s.apply("play engineer assembly")
    assert s.rockets["r1"].zone == "assembly"  # placed this turn: no advancing until next turn
    assert "advance r1" not in legal(s)


def test_step2_rockets_on_the_launch_table_do_not_advance():
    s = start(3)
    arrange(s, rockets=[(0, "swift", "launch", 1, 1)], experts={0: {"launch": "mission_control"}})
    assert s.phase == "play"


# ---------------------------------------------------------------- step 3: draw
def test_step3_draw_up_to_the_hand_limit():
    s = start(3)
    arrange(s, hand={0: ["metal", "fuel"]}, discard=[])
    to_play(s)
    assert s.hands[0].total() == 6


def test_step3_one_card_may_come_from_the_top_of_the_discard_pile():
    s = start(3)
    arrange(s, hand={0: ["metal"] * 4}, discard=["fuel", "oxygen"])
    to_draw(s)
    assert legal(s) == ["draw", "take"]
    s.apply("take")
    assert "oxygen" in hand(s, 0)
    # the rest must come from the deck: no more choice
    assert s.current_player() == CHANCE


def test_step3_the_discard_top_may_be_taken_after_some_deck_draws():
    s = start(3)
    arrange(s, hand={0: ["metal"] * 3}, discard=["oxygen"])
    to_draw(s)
    s.apply("draw")
    s.apply("deck fuel")
    s.apply("take")
    assert hand(s, 0).count("oxygen") == 1


def test_step3_a_drawn_launch_pad_card_is_placed_at_once_and_replaced():
    s = start(3)
    arrange(s, hand={0: ["metal"] * 5}, discard=[])
    s.deck_top = 0
    to_draw(s)
    s.apply("deck pad_tl")
    assert s.tableaux[0].pads["assembly"] == ["pad_tl"]
    assert s.current_player() == CHANCE  # the replacement card
    s.apply("deck fuel")
    assert s.hands[0].total() == 6 and s.phase == "play"


def test_step3_the_quick_game_puts_a_drawn_launch_pad_card_in_the_launch_pad_area():
    s = start(3, variants=["quick"])
    arrange(s, hand={0: ["metal"] * 5}, discard=[])
    s.deck_top = 0
    to_draw(s)
    s.apply("deck pad_tl")
    assert s.centre == ["pad_tl"] and s.tableaux[0].pads["assembly"] == []


def test_step3_no_draw_with_a_full_hand():
    s = start(3)
    assert s.phase == "play" and s.hands[0].total() == 6


# ---------------------------------------------------------------- steps 4-6
def test_step4_any_number_of_cards_may_be_played():
    s = start(3, hands=[["swift", "metal", "fuel", "rapid", "metal", "fuel"]] + [["fuel"] * 6] * 2)
    for a in ("play swift", "play metal r1", "play fuel r1", "play rapid", "play metal r2"):
        s.apply(a)
    assert s.phase == "play" and s.hands[0].total() == 1


def test_step5_an_emptied_hand_is_refilled_from_the_deck_once():
    """rulebook (шаг 5): «из стопки игровых карт вновь немедленно набирается максимальное количество
    карт» - up to the hand limit, from the deck."""
    s = start(3, hands=[["swift", "metal", "fuel", "rapid", "metal", "fuel"]] + [["fuel"] * 6] * 2)
    for a in ("play swift", "play metal r1", "play fuel r1", "play rapid", "play metal r2", "play fuel r2"):
        s.apply(a)
    assert s.phase == "redraw" and s.current_player() == CHANCE
    for _ in range(6):
        s.apply("deck fuel")
    assert s.phase == "play" and s.hands[0].total() == 6 and s.redrawn


def test_step5_no_redraw_while_a_card_is_left_in_hand():
    """rulebook (шаг 5): «Если с рук выложены все карты» - only an empty hand is refilled."""
    s = start(3, hands=[["swift", "metal", "fuel", "rapid", "metal", "fuel"]] + [["fuel"] * 6] * 2)
    for a in ("play swift", "play metal r1", "play fuel r1", "play rapid", "play metal r2"):
        s.apply(a)
    s.apply("done")
    assert s.phase == "discard" and s.hands[0].total() == 1 and not s.redrawn


def test_step6_discard_down_to_the_hand_limit():
    s = start(3)
    arrange(s, hand={0: ["metal"] * 6})
    to_play(s)
    s.hands[0]["fuel"] += 2
    s.deck["fuel"] -= 2
    s.apply("done")
    assert "done" not in legal(s)
    s.apply("discard fuel")
    assert "done" not in legal(s)
    s.apply("discard fuel")
    assert "done" in legal(s)


def test_step6_any_number_of_cards_may_be_discarded():
    s = start(3)
    s.apply("done")
    for _ in range(6):
        s.apply(f"discard {hand(s, 0)[0]}")
    s.apply("done")
    assert s.turn_seat == 1


def test_warehouse_raises_the_hand_limit_to_8():
    s = start(3)
    arrange(s, hand={0: ["metal"] * 6}, upgrades={0: ["warehouse"]}, discard=[])
    to_play(s)
    assert s.hands[0].total() == 8


def test_warehouse_does_not_draw_at_once_when_played():
    s = start(3, hands=[["warehouse", "metal", "fuel", "metal", "fuel", "metal"]] + [["fuel"] * 6] * 2)
    s.apply("play warehouse")
    assert s.current_player() == 0 and s.phase == "play" and s.hands[0].total() == 5


def test_play_passes_clockwise():
    s = start(3)
    end_turn(s)
    assert s.turn_seat == 1
    end_turn(s)
    end_turn(s)
    assert s.turn_seat == 0
