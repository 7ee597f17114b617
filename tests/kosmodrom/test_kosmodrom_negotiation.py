"""Optional rule: negotiation (rulebook, "Переговоры")."""

import pytest
from kosmodrom_helpers import hand, legal, start

from cosmotable.engine import IllegalAction

HANDS = [["oxygen", "metal", "metal", "metal", "metal", "metal"], ["fuel"] * 6, ["jack"] + ["fuel"] * 5]


def test_without_the_variant_there_are_no_trades_or_gifts():
    s = start(3, hands=HANDS)
    assert not any(a.startswith(("gift", "trade")) for a in legal(s))
    with pytest.raises(IllegalAction, match="negotiation"):
        s.apply("gift 1 oxygen")


def test_a_gift_accepted_moves_the_card():
    s = start(3, hands=HANDS, variants=["negotiation"])
    s.apply("gift 1 oxygen")
    assert s.current_player() == 1 and legal(s) == ["accept", "refuse"]
    s.apply("accept")
    assert "oxygen" in hand(s, 1) and s.current_player() == 0


def test_a_refused_gift_stays_with_the_giver():
    s = start(3, hands=HANDS, variants=["negotiation"])
    s.apply("gift 1 oxygen")
    s.apply("refuse")
    assert "oxygen" in hand(s, 0) and "oxygen" not in hand(s, 1)


def test_the_wrong_seat_cannot_answer():
    s = start(3, hands=HANDS, variants=["negotiation"])
    s.apply("gift 1 oxygen")
    with pytest.raises(IllegalAction, match="seat 1's turn"):
        s.apply("accept", seat=0)


def test_a_trade_swaps_the_cards_when_accepted():
    s = start(3, hands=HANDS, variants=["negotiation"])
    s.apply("trade 2 metal jack")
    s.apply("accept")
    assert "jack" in hand(s, 0) and "metal" in hand(s, 2)


def test_a_trade_for_a_card_the_other_does_not_hold_can_only_be_refused():
    s = start(3, hands=HANDS, variants=["negotiation"])
    s.apply("trade 1 metal jack")
    assert legal(s) == ["refuse"]


def test_giving_everything_away_allows_the_step5_redraw():
    s = start(2, hands=[["oxygen"] * 5 + ["metal"], ["fuel"] * 6], variants=["negotiation"])
    for card in ["oxygen"] * 5 + ["metal"]:
        s.apply(f"gift 1 {card}")
        s.apply("accept")
    s.apply("done")
    assert s.phase == "redraw"


def test_ruling_K12_at_most_6_offers_per_turn():
    s = start(3, hands=HANDS, variants=["negotiation"])
    for _ in range(6):
        s.apply("gift 1 oxygen")
        s.apply("refuse")
    assert not any(a.startswith(("gift", "trade")) for a in legal(s))
