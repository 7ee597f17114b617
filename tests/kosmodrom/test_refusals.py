"""Each refused Kosmodrom move says which rule refuses it (the brief: "an illegal move is refused with a
message that says what was wrong") and changes nothing.

The turn's steps are the rulebook's (step 2 advance, 3 draw, 4 play, 6 discard); the negotiation
messages follow Ruling K12 (offers built step by step, one at a time, never repeated in a turn)."""

from __future__ import annotations

import pytest
from kosmodrom_helpers import arrange, start, to_draw, to_play

from cosmotable.engine import IllegalAction, save_state

HANDS = [["oxygen", "metal", "metal", "metal", "metal", "metal"], ["fuel"] * 6, ["jack"] + ["fuel"] * 5]


def refused(s, action: str, reason: str) -> None:
    """`action` is refused for `reason` (a regular expression) and the state is untouched."""
    before = save_state(s)
    with pytest.raises(IllegalAction, match=reason):
        s.apply(action)
    assert save_state(s) == before


def advancing():
    """Seat 0 in step 2: r1 and r2 complete in the assembly shop (its expert there), r3 complete on
    the test stand (its expert there), r4 incomplete, r5 another seat's, r6 on the launch table."""
    s = start(3)
    arrange(
        s,
        rockets=[
            (0, "swift", "assembly", 1, 1),
            (0, "swift", "assembly", 1, 1),
            (0, "swift", "test", 1, 1),
            (0, "swift", "assembly", 1, 0),
            (1, "swift", "assembly", 1, 1),
            (0, "swift", "launch", 1, 1),
        ],
        experts={0: {"assembly": "engineer", "test": "inspector"}},
        discard=["metal", "fuel"],
    )
    assert s.phase == "advance"
    return s


@pytest.mark.parametrize(
    "action, reason",
    [
        ("advance r9", "there is no rocket r9"),
        ("advance r5", "r5 belongs to seat 1"),
        ("advance r6", "r6 is on the launch table, the last zone"),
        ("advance r4", "r4 was not complete at the start of the turn"),
        ("take", r"the discard pile's top card is taken only in step 3; now it is step 2"),
        ("draw", "cards are drawn this way only in step 3; now it is step 2"),
        ("play fuel r4", "cards are played only in step 4; now it is step 2"),
        ("discard metal", "cards are discarded only in step 6 or for Field Duty; now it is step 2"),
        ("top metal", "'top' chooses the top discard after an action card; now it is step 2"),
        ("accept", "there is no offer to answer"),
        ("first 1", "the first player is chosen once, by chance, right after the deal"),
        ("deck metal", "chance outcomes are only applied at a chance node"),
    ],
)
def test_step2_refusals_name_the_rule(action, reason):
    refused(advancing(), action, reason)


def test_step2_a_rocket_with_no_expert_in_its_zone_at_the_start_of_the_turn_stays():
    s = start(3)
    arrange(
        s,
        rockets=[(0, "swift", "test", 1, 1), (0, "swift", "assembly", 1, 1)],
        experts={0: {"test": "inspector"}},
    )
    refused(s, "advance r2", "there was no expert on your assembly shop at the start of the turn")


def test_step2_one_rocket_per_zone_and_each_rocket_once():
    s = advancing()
    s.apply("advance r1")  # assembly shop -> test stand; r3 on the test stand may still advance
    refused(s, "advance r1", "r1 has already advanced this turn")
    refused(s, "advance r2", r"you have already advanced 1 rocket\(s\) from the assembly shop this turn")


def test_step3_after_the_discard_pile_the_rest_comes_from_the_deck():
    s = start(3)
    arrange(s, hand={0: ["metal"]}, discard=["metal", "fuel"])
    assert s.phase == "draw"
    refused(s, "done", "'done' ends step 2, 4 or 6; now it is step 3")
    s.apply("take")  # one card from the discard pile; the hand fills up from the deck
    refused(s, "take", r"a chance outcome is due now \(a card is being drawn or stolen\)")
    refused(s, "deck pad_tl", "there is no pad_tl left to draw")


def test_step6_done_waits_for_the_hand_limit():
    s = start(3)
    arrange(s, hand={0: ["metal"] * 9})
    to_draw(s)
    s.apply("done")  # step 4 ends: step 6
    assert s.phase == "discard"
    refused(s, "done", "you hold 9 cards; discard down to your hand limit of")
    refused(s, "discard jack", "you have no jack in your hand")


def negotiating():
    s = start(3, hands=HANDS, variants=["negotiation"])
    assert s.phase == "play"
    return s


@pytest.mark.parametrize(
    "action, reason",
    [
        ("offer 0", "offer to another seat at the table"),
        ("offer 7", "offer to another seat at the table"),
        ("give metal", "no offer is being built"),
        ("propose", "no offer is being built"),
        ("gift 1 jack", "you hold 0 jack, the offer gives 1"),
    ],
)
def test_negotiation_refusals_before_an_offer(action, reason):
    refused(negotiating(), action, reason)


def test_negotiation_refusals_while_an_offer_is_built():
    s = negotiating()
    s.apply("offer 1")
    refused(s, "give jack", "you have no other jack in your hand to add")
    refused(s, "want pad_tl", "launch-pad cards are never in a hand")
    refused(s, "propose", r"add at least one card of yours first \('give <card>'\)")
    refused(s, "offer 2", "an offer is started in step 4; now it is an offer being built")
    # issue #48: the typed whole offer is refused here with what to do instead, in plain words
    for typed in ("gift 1 metal", "trade 1 metal for jack"):
        refused(s, typed, r"one is being built step by step: finish it \('propose'\) or 'withdraw' it")
    s.apply("give oxygen")
    refused(s, "give oxygen", "you have no other oxygen in your hand to add")
    for _ in range(6):
        s.apply("want fuel")
    refused(s, "want fuel", "seat 1 holds 6 cards; you already ask for 6")
    s.apply("propose")
    assert s.phase == "answer"
    refused(s, "give metal", "no offer is being built .*now it is an offer awaiting an answer")


def test_ruling_K12_a_refused_offer_is_not_made_again_in_the_same_turn():
    s = negotiating()
    s.apply("offer 1")
    s.apply("give oxygen")
    for _ in range(6):
        s.apply("want fuel")
    s.apply("propose")
    s.apply("refuse")
    s.apply("offer 1")
    s.apply("give oxygen")
    for _ in range(6):
        s.apply("want fuel")
    refused(s, "propose", "that offer was already made this turn")


def test_negotiation_moves_without_the_variant_name_the_variant():
    s = start(3, hands=HANDS)
    for action in ("offer 1", "give metal", "want fuel", "propose"):
        refused(s, action, "trades and gifts belong to the negotiation variant, which is not in play")


def holding_action_cards():
    """4 seats; seat 0 in step 4 holds Key to Start, Headhunting, Industrial Espionage and Sabotage;
    seat 1 has a complete rocket r1 and a launch-pad card on its test stand."""
    s = start(4)
    arrange(
        s,
        rockets=[(1, "swift", "assembly", 1, 1)],
        pads={1: {"test": ["pad_tl"]}},
        hand={0: ["key_to_start", "headhunting", "espionage", "sabotage", "metal", "fuel"]},
    )
    to_play(s)
    return s


@pytest.mark.parametrize(
    "action, reason",
    [
        # card overview (Ключ на старт, Найм персонала): a place at the table, SEAT:ZONE
        ("play key_to_start 4:test", r"name a place as SEAT:ZONE, e\.g\. '1:test'"),
        ("play key_to_start 9", "name a place as SEAT:ZONE"),
        ("play headhunting 5:assembly", "name a place as SEAT:ZONE"),
        # card overview (Промышленный шпионаж): one opponent (2 cards) or two (1 each), never three
        ("play espionage 1,2,3", r"name one opponent \(2 cards from them\) or two opponents \(1 each\)"),
        # card overview (Диверсия): the component stolen is named
        ("play sabotage r1", r"name the component to steal, e\.g\. 'play sabotage r3 fuel'"),
    ],
)
def test_action_card_targets_that_name_nothing_at_the_table_are_refused(action, reason):
    s = holding_action_cards()
    refused(s, action, reason)
    assert "play key_to_start 1:test" in [str(a) for a in s.legal_actions()]


def test_ruling_K24_an_offer_shows_how_many_of_each_card_the_offering_seat_holds():
    s = negotiating()
    s.apply("gift 1 metal,oxygen,metal")  # the cards of an offer are a multiset, listed sorted
    assert str(s.history[-1]) == "gift 1 metal,metal,oxygen"
    assert s.known_public[0]["metal"] == 2 and s.known_public[0]["oxygen"] == 1
    assert all(s.known[seat][0]["metal"] == 2 for seat in (1, 2))
