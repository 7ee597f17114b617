"""Rulings where the rulebook leaves a question open (games/kosmodrom/RULINGS.md)."""

import pytest
from kosmodrom_helpers import arrange, end_turn, legal, set_hand, start, to_play

from cosmotable import games
from cosmotable.engine import CHANCE, IllegalAction
from cosmotable.engine.errors import ConfigError


def test_ruling_K2_a_zone_holds_several_rockets_but_one_expert():
    s = start(3)
    arrange(
        s,
        rockets=[(0, "swift", "launch", 1, 1), (0, "rapid", "launch", 1, 2)],
        experts={0: {"launch": "jack"}},
        hand={0: ["mission_control"]},
    )
    to_play(s)
    assert not any(a.startswith("play mission_control") for a in legal(s))


def test_ruling_K4_the_deck_is_reshuffled_as_soon_as_it_runs_out():
    s = start(2)
    arrange(s, hand={0: ["metal"] * 5}, discard=["oxygen"])
    last = {c: k for c, k in s.deck.items() if k}
    # move all but one deck card to the discard pile, keeping the 140
    keep = "fuel"
    for card, k in last.items():
        n = k - (1 if card == keep else 0)
        s.discard.extend([card] * n)
        s.deck[card] -= n
    s.deck = +s.deck
    s.deck_top = 0
    s._legal_cache = None
    assert s.deck_count() == 1
    s.apply("done") if s.phase == "advance" else None
    s.apply("draw")
    s.apply("deck fuel")
    assert s.discard == [] and s.deck_count() == 140 - 6 - 6 and s.reshuffles == 1 and s.card_total() == 140


def test_ruling_K5_the_emptied_hand_is_refilled_at_once_and_play_goes_on():
    """rulebook (ход игры, шаг 5): «Если с рук выложены все карты, из стопки игровых карт вновь
    немедленно набирается максимальное количество карт (так можно делать только один раз за свой
    ход).» Ruling K5 (revised): "immediately" - the redraw comes the moment the last card leaves the
    hand in step 4, and the new cards may be played in the same step."""
    s = start(3, hands=[["swift", "metal", "fuel", "rapid", "metal", "fuel"]] + [["fuel"] * 6] * 2)
    for a in ("play swift", "play metal r1", "play fuel r1", "play rapid", "play metal r2"):
        s.apply(a)
    assert s.phase == "play"
    s.apply("play fuel r2")  # the last card: the redraw is due at once, no 'done' needed
    assert s.phase == "redraw" and s.current_player() == CHANCE and s.redrawn
    for _ in range(6):
        s.apply("deck swift")
    assert s.phase == "play" and s.hands[0].total() == 6
    assert "play swift" in legal(s)
    s.apply("play swift")
    assert s.rockets["r3"].card == "swift"


def test_ruling_K5_the_redraw_happens_once_per_turn():
    """rulebook (шаг 5): «(так можно делать только один раз за свой ход)»: a hand emptied a second
    time in the same turn stays empty."""
    s = start(3, hands=[["swift", "metal", "fuel", "rapid", "metal", "fuel"]] + [["fuel"] * 6] * 2)
    for a in ("play swift", "play metal r1", "play fuel r1", "play rapid", "play metal r2", "play fuel r2"):
        s.apply(a)
    for card in ("swift", "metal", "fuel", "rapid", "metal", "fuel"):
        s.apply(f"deck {card}")
    for a in ("play swift", "play metal r3", "play fuel r3", "play rapid", "play metal r4", "play fuel r4"):
        s.apply(a)
    assert s.phase == "play" and s.hands[0].total() == 0 and s.current_player() == 0
    s.apply("done")
    assert s.phase == "discard" and s.hands[0].total() == 0


def test_ruling_K6_a_scrubbed_rocket_goes_to_the_discard_pile_in_order_and_its_player_picks_the_top():
    s = start(3)
    arrange(
        s, rockets=[(1, "swift", "launch", 1, 1, ["oxygen", "astronaut"])], hand={0: ["scrub"]}, discard=[]
    )
    to_play(s)
    s.apply("play scrub r1")
    assert s.discard == ["scrub", "swift", "metal", "fuel", "oxygen", "astronaut"]
    s.apply("top metal")  # the player picks the top card; the rest keep their order
    assert s.discard == ["scrub", "swift", "fuel", "oxygen", "astronaut", "metal"]


def test_ruling_K8_the_whole_discard_pile_is_public():
    s = start(3)
    arrange(s, discard=["oxygen", "metal"])
    assert s.view(2)["discard"] == ["oxygen", "metal"] and s.public_view()["discard_top"] == "metal"


def test_ruling_K13_headhunting_and_budget_cut_take_only_from_other_players():
    s = start(3)
    arrange(
        s,
        experts={0: {"test": "inspector"}},
        upgrades={0: ["overtime"]},
        hand={0: ["headhunting", "budget_cut"]},
    )
    to_play(s)
    with pytest.raises(IllegalAction, match="another player"):
        s.apply("play headhunting 0:test")
    with pytest.raises(IllegalAction, match="another player"):
        s.apply("play budget_cut 0")


def test_ruling_K13_retest_and_vacuum_may_target_your_own_rocket():
    s = start(3)
    arrange(s, rockets=[(0, "swift", "launch", 1, 1, ["oxygen"])], hand={0: ["retest", "vacuum"]})
    to_play(s)
    assert {"play retest r1", "play vacuum r1"} <= set(legal(s))


def test_ruling_K14_research_institute_counts_the_discard_pile():
    s = start(2)
    arrange(s, hand={0: ["research"]}, discard=["metal", "metal"])
    to_play(s)
    set_hand(s, 0, ["research"])
    assert "play research" in legal(s)


def test_ruling_K16_key_to_start_makes_its_player_the_completer():
    s = start(3)
    arrange(
        s,
        seat=1,
        hand={1: ["key_to_start"]},
        pads={2: {"assembly": ["pad_br"]}},
        centre=["pad_tl", "pad_tr", "pad_bl"],
    )
    to_play(s)
    s.apply("play key_to_start 2:assembly")
    assert s.completer == 1


def test_ruling_K17_warehouse_played_in_step4_raises_the_limit_for_steps_5_and_6():
    s = start(3, hands=[["warehouse", "metal", "fuel", "metal", "fuel", "metal"]] + [["fuel"] * 6] * 2)
    s.apply("play warehouse")
    s.apply("done")
    s.hands[0]["fuel"] += 2  # e.g. stolen cards
    s.deck["fuel"] -= 2
    s._legal_cache = None
    assert "done" in legal(s)  # 7 cards <= 8


def test_ruling_K21_an_upgrade_may_replace_one_of_the_same_kind():
    s = start(3)
    arrange(s, upgrades={0: ["warehouse"]}, hand={0: ["warehouse"]}, discard=[])
    to_play(s)
    s.apply("play warehouse")
    assert s.tableaux[0].upgrades == ["warehouse"] and s.discard == ["warehouse"]


def test_ruling_K23_with_deck_and_discard_both_empty_the_draw_stops():
    s = start(2)
    arrange(s, hand={0: ["metal"] * 3}, discard=[])
    # everything else goes into hands of seat 1 to empty the deck
    rest = [c for c, k in s.deck.items() for _ in range(k)]
    s.hands[1].update(rest)
    s.deck.clear()
    s.deck_top = 0
    s._legal_cache = None
    s._continue()
    assert s.card_total() == 140
    if s.phase == "advance":
        s.apply("done")
    assert s.phase == "play" and s.current_player() != CHANCE and s.hands[0].total() == 3


# --- K26: the safety cap on turns -------------------------------------------------------------


def test_ruling_K26_a_stalled_game_ends_at_the_turn_cap_scored_as_it_stands():
    s = games.get("kosmodrom").new_state(num_players=2, seed=5, max_turns=4)
    for i in range(12):
        s.apply(f"deck {'metal' if i % 2 else 'fuel'}")
    s.apply("first 0")
    for _ in range(3):
        end_turn(s)
        assert not s.is_terminal()
    end_turn(s)  # the 4th turn ends: the cap
    assert s.is_terminal() and s.turn == 4
    assert "safety cap of 4 turns" in s.end_reason
    assert s.view(0)["end_reason"] == s.end_reason
    last = s.events[-1]
    assert last.kind == "game-over" and "safety cap" in last.text and last.data["scores"] == s.scores()
    assert last.data["reason"] == "max_turns"  # not "countdown": the record says why the game ended


def test_ruling_K26_the_default_cap_is_far_above_a_normal_game_and_must_be_a_whole_number():
    assert games.get("kosmodrom").new_state(num_players=2, seed=1).max_turns == 300
    for bad in (0, "ten", True, 2.5):
        with pytest.raises(ConfigError, match="max_turns"):
            games.get("kosmodrom").new_state(num_players=2, seed=1, max_turns=bad)
