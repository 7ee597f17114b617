"""Optional rule: negotiation (rulebook, "Переговоры").

«Каждый игрок может на 4 шаге своего хода обменять столько карт, сколько захочет, или пожертвовать
любое их количество.» An offer is made whole (`gift 1 metal,fuel`, `trade 2 metal for jack,fuel`)
or built step by step (`offer 2`, `give metal`, `want jack`, `propose`): the steps are what
`legal_actions` lists, so the choices stay few whatever the offer's size (Ruling K12).
"""

import random

import pytest
from kosmodrom_helpers import hand, legal, start

from cosmotable.engine import IllegalAction

HANDS = [["oxygen", "metal", "metal", "metal", "metal", "metal"], ["fuel"] * 6, ["jack"] + ["fuel"] * 5]


def negotiating(players=3, hands=HANDS):
    return start(players, hands=hands, variants=["negotiation"])


def offers(s) -> list[str]:
    return [a for a in legal(s) if a.startswith(("offer", "gift", "trade"))]


def test_without_the_variant_there_are_no_trades_or_gifts():
    s = start(3, hands=HANDS)
    assert offers(s) == []
    for text in ("gift 1 oxygen", "offer 1", "trade 1 metal for fuel"):
        with pytest.raises(IllegalAction, match="negotiation"):
            s.apply(text)


def test_a_gift_accepted_moves_the_card():
    s = negotiating()
    s.apply("gift 1 oxygen")
    assert s.current_player() == 1 and legal(s) == ["accept", "refuse"]
    s.apply("accept")
    assert "oxygen" in hand(s, 1) and s.current_player() == 0


def test_a_refused_gift_stays_with_the_giver():
    """rulebook (переговоры): «Если от жертвованной карты отказались, она остаётся у того игрока,
    который её хотел отдать.»"""
    s = negotiating()
    s.apply("gift 1 oxygen")
    s.apply("refuse")
    assert "oxygen" in hand(s, 0) and "oxygen" not in hand(s, 1)


def test_a_gifted_card_need_not_be_accepted():
    """rulebook (переговоры): «Пожертвованные карты не обязательно должны приниматься другими
    игроками.» (Ruling K12: any gift may be refused, not only one that would exceed the limit.)"""
    s = negotiating()
    s.apply("gift 1 oxygen")
    assert "refuse" in legal(s) and s.hands[1].total() == 6


def test_the_wrong_seat_cannot_answer():
    s = negotiating()
    s.apply("gift 1 oxygen")
    with pytest.raises(IllegalAction, match="seat 1's turn"):
        s.apply("accept", seat=0)


def test_a_trade_swaps_the_cards_when_accepted():
    s = negotiating()
    s.apply("trade 2 metal jack")  # the one-for-one short form still reads
    s.apply("accept")
    assert "jack" in hand(s, 0) and "metal" in hand(s, 2)


def test_trade_any_number_of_cards():
    """rulebook (переговоры): «Каждый игрок может на 4 шаге своего хода обменять столько карт,
    сколько захочет» - any number of own cards for any number of the other seat's cards."""
    s = negotiating()
    s.apply("trade 2 give metal,metal,metal for jack,fuel")
    assert s.offer == ("trade", 0, 2, ("metal", "metal", "metal"), ("fuel", "jack"))
    s.apply("accept")
    assert hand(s, 0) == ["fuel", "jack", "metal", "metal", "oxygen"]
    assert hand(s, 2) == ["fuel"] * 4 + ["metal"] * 3
    s.apply("trade 1 metal,metal for fuel,fuel,fuel")
    s.apply("accept")
    assert hand(s, 0).count("fuel") == 4 and hand(s, 1) == ["fuel"] * 3 + ["metal"] * 2


def test_gift_any_number_of_cards():
    """rulebook (переговоры): «...или пожертвовать любое их количество.»"""
    s = negotiating()
    s.apply("gift 1 metal,oxygen,metal")
    s.apply("accept")
    assert hand(s, 0) == ["metal"] * 3 and hand(s, 1) == ["fuel"] * 6 + ["metal", "metal", "oxygen"]


def test_an_offer_built_step_by_step_is_the_same_offer():
    s = negotiating()
    assert offers(s) == ["offer 1", "offer 2"]
    s.apply("offer 2")
    assert s.phase == "offer" and s.view(1)["step"]["draft"] == {"to": 2, "give": [], "want": []}
    assert "propose" not in legal(s)  # nothing given yet
    for step in ("give metal", "give metal", "want jack", "want fuel"):
        s.apply(step)
    assert s.view(2)["step"]["draft"] == {"to": 2, "give": ["metal", "metal"], "want": ["fuel", "jack"]}
    s.apply("propose")
    assert s.offer == ("trade", 0, 2, ("metal", "metal"), ("fuel", "jack"))
    s.apply("accept")
    assert hand(s, 2) == ["fuel"] * 4 + ["metal", "metal"]


def test_building_an_offer_gives_only_cards_held_and_asks_at_most_the_other_hand_size():
    s = negotiating(2, hands=[["oxygen", "metal", "metal", "fuel", "fuel", "fuel"], ["fuel"] * 6])
    s.hands[1].subtract({"fuel": 4})
    s._legal_cache = None
    s.apply("offer 1")
    s.apply("give oxygen")
    assert "give oxygen" not in legal(s) and "give metal" in legal(s)
    with pytest.raises(IllegalAction, match="no other oxygen"):
        s.apply("give oxygen")
    s.apply("want jack")
    s.apply("want fuel")
    assert not any(a.startswith("want") for a in legal(s))
    with pytest.raises(IllegalAction, match="seat 1 holds 2 cards"):
        s.apply("want metal")
    with pytest.raises(IllegalAction, match="one at a time"):
        s.apply("gift 1 metal")  # no whole offer while one is being built


def test_the_step_choices_stay_few_whatever_the_hands():
    """Ruling K12: a bounded list of choices - at most one per seat, per card kind given, per card
    kind wanted, plus propose and withdraw - for the research environments and bots."""
    s = negotiating()
    s.apply("offer 1")
    kinds = len([c for c in s.cards.cards.values() if c.type != "launch_pad"])
    assert len(legal(s)) <= 2 * kinds + 2


def test_a_trade_for_a_card_the_other_does_not_hold_can_only_be_refused():
    s = negotiating()
    s.apply("trade 1 metal for jack")
    assert legal(s) == ["refuse"]
    s.apply("refuse")
    s.apply("trade 2 metal,metal for jack,jack")  # seat 2 holds one Jack only
    assert legal(s) == ["refuse"]


def test_an_offer_takes_only_cards_of_ones_own_hand():
    s = negotiating()
    with pytest.raises(IllegalAction, match="you hold 0 fuel, the offer gives 1"):
        s.apply("gift 1 fuel")
    with pytest.raises(IllegalAction, match="you hold 5 metal, the offer gives 6"):
        s.apply("trade 1 metal,metal,metal,metal,metal,metal for fuel")
    with pytest.raises(IllegalAction, match="holds 6 cards; you ask for 7"):
        s.apply("trade 1 metal for fuel,fuel,fuel,fuel,fuel,fuel,fuel")
    assert s.phase == "play" and hand(s, 0) == sorted(HANDS[0])


def test_offers_are_made_to_another_seat_only():
    s = negotiating()
    with pytest.raises(IllegalAction, match="another seat"):
        s.apply("gift 0 metal")
    with pytest.raises(IllegalAction, match="another seat"):
        s.apply("offer 3")


def test_offers_go_to_every_other_seat_the_first_included():
    s = start(3, hands=HANDS, variants=["negotiation"], first=2)
    assert [a for a in offers(s) if a.startswith("offer")] == ["offer 0", "offer 1"]
    s.apply("gift 0 jack")
    assert s.current_player() == 0 and legal(s) == ["accept", "refuse"]


def test_no_cap_on_the_number_of_offers_in_a_turn():
    """rulebook (переговоры): «обменять столько карт, сколько захочет» - the old cap of 6 offers a
    turn (Ruling K12, before) is gone: ten offers, all accepted, in one turn."""
    s = negotiating(2, hands=[["metal"] * 6, ["fuel"] * 6])
    for i in range(10):
        give, want = ("metal", "fuel") if i % 2 == 0 else ("fuel", "metal")
        k = i // 2 + 1  # 1 for 1, back again, 2 for 2, back again, ... 5 for 5, back again
        s.apply(f"trade 1 {','.join([give] * k)} for {','.join([want] * k)}")
        s.apply("accept")
    assert hand(s, 0) == ["metal"] * 6
    assert s.phase == "play" and s.turn == 1


def test_ruling_K12_a_refused_offer_is_not_made_again_that_turn():
    """rulebook (переговоры): «Если от жертвованной карты отказались, она остаётся у того игрока»;
    Ruling K12: the same offer (same seat, same cards both ways), once refused, may not be made again
    in that turn - so a turn cannot go on forever."""
    s = negotiating()
    s.apply("gift 1 oxygen")
    s.apply("refuse")
    with pytest.raises(IllegalAction, match="already made this turn"):
        s.apply("gift 1 oxygen")
    s.apply("offer 1")
    s.apply("give oxygen")
    assert "propose" not in legal(s)
    s.apply("give metal")
    s.apply("propose")  # a different offer is fine
    s.apply("refuse")
    s.apply("gift 2 oxygen")  # and so is the same card to another seat
    s.apply("refuse")


def test_ruling_K12_an_accepted_trade_is_not_repeated_but_an_accepted_gift_may_be():
    """Ruling K12: trades accepted back and forth could loop forever, so a trade once made is not
    made again that turn; an accepted gift cannot loop (each one shrinks the giver's hand)."""
    s = negotiating()
    s.apply("trade 1 metal for fuel")
    s.apply("accept")
    with pytest.raises(IllegalAction, match="already made this turn"):
        s.apply("trade 1 metal for fuel")
    s.apply("trade 1 metal,metal for fuel,fuel")  # two for two is another offer
    s.apply("accept")
    s.apply("gift 1 metal")
    s.apply("accept")
    s.apply("gift 1 metal")
    s.apply("accept")
    assert hand(s, 0).count("metal") == 0


def test_ruling_K12_a_withdrawn_offer_is_not_built_again():
    s = negotiating()
    s.apply("offer 1")
    s.apply("give metal")
    s.apply("withdraw")
    assert s.phase == "play" and s.draft is None
    s.apply("offer 1")
    assert "give metal" not in legal(s) and "give oxygen" in legal(s)
    s.apply("withdraw")
    assert "offer 1" not in offers(s) and "offer 2" in offers(s)


def test_ruling_K12_a_withdrawn_request_is_not_asked_again_but_other_drafts_are():
    s = negotiating()
    s.apply("offer 1")
    s.apply("give metal")
    wanted = next(a for a in legal(s) if a.startswith("want "))
    s.apply(wanted)
    s.apply("withdraw")
    s.apply("offer 1")
    # the same gift alone was not withdrawn: giving metal again is a step to another offer
    s.apply("give metal")
    assert wanted not in legal(s) and any(a.startswith("want ") for a in legal(s))


@pytest.mark.parametrize("seed", range(20))
def test_ruling_K12_every_turn_of_random_negotiation_ends(seed):
    """Random choices among the legal actions (offers built, withdrawn, refused, accepted) always
    reach the end of the turn: the offers a turn allows are finite."""
    rng = random.Random(seed)
    s = negotiating()
    steps = 0
    while s.turn == 1:
        options = s.legal_actions()
        s.apply(rng.choice(options)) if s.current_player() >= 0 else s.sample_chance(rng)
        steps += 1
        assert steps < 20000
    assert s.turn == 2


def test_a_draft_reveals_the_cards_it_gives():
    """Ruling K24: an offer is made in the open - the cards given are seen to be in the hand."""
    s = negotiating()
    s.apply("offer 1")
    s.apply("give metal")
    s.apply("give metal")
    assert s.view(2)["players"][0]["known_hand"] == ["metal", "metal"]


def test_giving_everything_away_allows_the_step5_redraw():
    """rulebook (переговоры): «На 5 шаге своего хода игрок может вновь брать карты, если все его
    карты были выложены или жертвованы.»"""
    s = negotiating(2, hands=[["oxygen"] * 5 + ["metal"], ["fuel"] * 6])
    s.apply("gift 1 oxygen,oxygen,oxygen,oxygen,oxygen,metal")
    s.apply("accept")
    assert s.phase == "redraw" and s.hands[0].total() == 0


def test_a_gift_above_the_hand_limit_may_be_refused():
    """rulebook (переговоры): «Игрок может отказаться от жертвованной карты, если в результате у
    него на руках окажется больше карт, чем положено.» - seat 1 holds 6 (its limit): it may refuse."""
    s = negotiating()
    s.apply("gift 1 metal,metal")
    assert s.hands[1].total() == s.hand_limit(1) and legal(s) == ["accept", "refuse"]
    s.apply("refuse")
    assert hand(s, 1) == ["fuel"] * 6 and hand(s, 0).count("metal") == 5
