"""Bots in the negotiation variant (issue #19 item 2): they propose trades and gifts when they gain by
them (by the heuristic's card worths, `games/kosmodrom/bot_offers.py`), answer offers by their own gain
without handing the leader the game, never spam offers, and the games end.

Scripted positions are laid out with `kosmodrom_helpers.arrange`; seat 1's rocket lacks fuel and
seat 0's lacks metal, so a metal-for-fuel trade helps both."""

from collections import Counter

import pytest
from kosmodrom_helpers import arrange, hand, set_hand, start, to_play

from cosmotable.bots import make_bot
from cosmotable.bots.heuristic import planned
from cosmotable.games.kosmodrom.bot_offers import (
    REFUSED_ROUNDS,
    answer,
    candidates,
    offer_gain,
    refused_lately,
)
from cosmotable.games.kosmodrom.bot_worth import SeatCards

JUNK = ["field_duty", "brainstorm", "espionage"]


def trading_table(hand0, hand1, lead: int | None = None):
    """Seat 0 to play step 4: its Swift r1 lacks metal, seat 1's Swift r2 lacks fuel; with `lead`,
    that seat also has two rockets on the launch table (far ahead)."""
    s = start(3, variants=["negotiation"])
    rockets = [(0, "swift", "assembly", 0, 1), (1, "swift", "assembly", 1, 0)]
    if lead is not None:
        rockets += [(lead, "fearless", "launch", 4, 4), (lead, "intrepid", "launch", 3, 3)]
    arrange(
        s,
        seat=0,
        rockets=rockets,
        experts={0: {"assembly": "engineer"}, 1: {"assembly": "engineer"}},
        hand={0: ["metal"] * 6, 1: hand1, 2: ["oxygen"] * 3},
    )
    to_play(s)
    set_hand(s, 0, hand0)  # exactly these cards in step 4
    return s


def play_turn(s, bots, seat: int = 0) -> list[str]:
    """Let the bots play until `seat`'s step 4 is over; every move made, with the seat making it."""
    moves = []
    while s.turn_seat == seat and s.phase not in ("discard",) and not s.is_terminal():
        if s.is_chance_node():
            s.sample_chance()
            continue
        mover = s.current_player()
        action = bots[mover].act(s)
        moves.append(f"{mover}: {action}")
        s.apply(action)
    return moves


def test_the_heuristic_trades_a_card_it_has_too_many_of_for_the_card_its_rocket_lacks():
    s = trading_table(["fuel", "fuel", *JUNK], ["metal", "metal", "metal", "oxygen"])
    bots = [make_bot("heuristic", seed=s_) for s_ in range(3)]
    moves = play_turn(s, bots)
    # Built step by step (the steps `legal_actions` lists), answered by seat 1, then put to use.
    start_at = moves.index("0: offer 1")
    assert moves[start_at : start_at + 5] == [
        "0: offer 1",
        "0: give fuel",
        "0: want metal",
        "0: propose",
        "1: accept",
    ]
    assert "0: play metal r1" in moves[start_at + 5 :]
    assert s.rockets["r1"].metal == 1 and "fuel" in hand(s, 1)


def test_a_search_level_makes_the_same_trade_and_plays_the_card_it_got():
    s = trading_table(["fuel", "fuel", *JUNK], ["metal", "metal", "metal", "oxygen"])
    bots = [make_bot("normal", seed=3), make_bot("heuristic", seed=1), make_bot("heuristic", seed=2)]
    moves = play_turn(s, bots)
    assert "1: accept" in moves and "0: play metal r1" in moves
    offered = [m for m in moves if m.startswith(("0: want", "0: give"))]
    assert offered == ["0: give fuel", "0: want metal"]


def test_every_offer_the_heuristic_would_make_gains_it_something():
    # Wanted: metal for r1 (an expert for its empty slots too, but seat 1 is unlikely to hold one).
    s = trading_table(["fuel", "fuel", "oxygen", *JUNK], ["metal", "metal", "oxygen"])
    view = s.view(0)
    plans = candidates(view, 0)
    assert ("metal",) in {p.want for p in plans}, plans
    hand0 = Counter(view["hand"])
    cards = SeatCards(view, 0)
    for plan in plans:
        gain = offer_gain(view, 0, hand0, Counter(plan.give), Counter(plan.want), cards)
        assert gain == pytest.approx(plan.gain) and gain > 0, plan


def test_no_trade_is_offered_when_nothing_is_needed():
    # r1 needs one metal and seat 0 holds it: nothing it lacks, so nothing to ask for.
    s = trading_table(["metal", *JUNK, "oxygen"], ["metal", "fuel"])
    assert [p for p in candidates(s.view(0), 0) if p.want] == []


def offer_to_seat_1(s, text: str) -> dict:
    s.apply(text)
    assert s.current_player() == 1
    return s.view(1)


def test_a_seat_accepts_an_offer_that_brings_it_what_its_rocket_lacks():
    s = trading_table(["fuel", *JUNK], ["metal", "metal", "oxygen"])
    view = offer_to_seat_1(s, "trade 1 fuel for metal")
    assert answer(view) > 0
    assert str(make_bot("heuristic", seed=1).act(s)) == "accept"
    assert str(make_bot("hard", seed=1).act(s)) == "accept"  # the search answers as the heuristic does


def test_a_seat_refuses_to_give_what_its_rocket_lacks_for_a_card_of_no_use():
    s = trading_table(["fuel", *JUNK], ["metal", "fuel", "oxygen"])
    view = offer_to_seat_1(s, "trade 1 field_duty for fuel")
    assert answer(view) < 0
    assert str(make_bot("heuristic", seed=1).act(s)) == "refuse"
    assert str(planned(s)) == "refuse"


def test_a_seat_refuses_a_trade_that_helps_the_leader_more_than_itself():
    # Field Duty is worth a little more to seat 1 than its spare metal, but the metal is worth more
    # to seat 0 (r1 lacks it): a gain for both, and a larger one for seat 0.
    s = trading_table(["fuel", *JUNK], ["metal", "metal", "oxygen"], lead=0)
    view = offer_to_seat_1(s, "trade 1 field_duty for metal")
    assert answer(view) < 0  # seat 0 leads: it would gain more than seat 1
    assert str(make_bot("heuristic", seed=1).act(s)) == "refuse"
    s2 = trading_table(["fuel", *JUNK], ["metal", "metal", "oxygen"], lead=2)
    assert answer(offer_to_seat_1(s2, "trade 1 field_duty for metal")) > 0  # seat 2 leads: fine


def test_a_gift_of_the_last_cards_buys_a_fresh_hand_and_the_taker_gains_by_it():
    """rulebook (Переговоры): «На 5 шаге своего хода игрок может вновь брать карты, если все его
    карты были выложены или жертвованы» - seat 0 gives away its last fuel (useless to it, needed by
    seat 1) and draws a new hand at once."""
    s = trading_table(["fuel"], ["metal", "oxygen"], lead=2)  # seat 0 is no leader to be feared
    bots = [make_bot("heuristic", seed=s_) for s_ in range(3)]
    moves = play_turn(s, bots)
    assert moves[:4] == ["0: offer 1", "0: give fuel", "0: propose", "1: accept"]
    assert s.redrawn and "fuel" in hand(s, 1)


def test_an_offer_refused_is_not_repeated_in_the_next_rounds():
    s = trading_table(["fuel", "fuel", *JUNK], ["metal", "metal", "oxygen"])
    first = candidates(s.view(0), 0)[0]
    # As if seat 1 had refused this very offer last round (offers and answers are public; the
    # state keeps the refusals as the events tell them).
    s.refused_offers = ((s.turn - 3, 0, first.to, first.give, first.want),)
    bots = [make_bot("heuristic", seed=s_) for s_ in range(3)]
    moves = play_turn(s, bots)
    made = [m for m in moves if m.startswith(("0: want", "0: give"))]
    assert made[: len(first.give) + len(first.want)] != [f"0: give {c}" for c in first.give] + [
        f"0: want {c}" for c in first.want
    ]


def refused_by_events(state, seat: int) -> set:
    """The refused offers of `seat` in the last REFUSED_ROUNDS rounds, read from the public events
    alone (how the strategy read them before the state kept a record of them)."""
    players, oldest, answered, refused = state.config.num_players, None, False, set()
    for event in reversed(state.events):
        if not event.visible(seat):
            continue
        kind, data = event.kind, event.data
        if kind == "turn":
            if oldest is None:
                oldest = data["turn"] - REFUSED_ROUNDS * players
            elif data["turn"] <= oldest:
                break
        elif kind == "refuse" and data.get("offered_by") == seat:
            answered = True
        elif kind == "accept":
            answered = False
        elif kind == "offer" and event.seat == seat and answered:
            refused.add((data["to"], tuple(sorted(data["give"])), tuple(sorted(data["want"]))))
            answered = False
    return refused


def test_the_refusals_the_strategy_remembers_are_the_ones_the_public_events_show_and_survive_silence():
    from cosmotable import games

    kosmodrom = games.get("kosmodrom")
    checked = refusals = 0
    for g in range(2):
        s = kosmodrom.new_state(num_players=3, seed=7100 + g, variants=["negotiation"])
        bots = [make_bot("heuristic", seed=g * 10 + i) for i in range(3)]
        while not s.is_terminal() and s.turn < 60:
            if s.is_chance_node():
                s.sample_chance()
                continue
            seat = s.current_player()
            expected = refused_by_events(s, seat)
            assert refused_lately(s, seat) == expected
            quiet = s.clone()
            quiet.silence()
            assert refused_lately(quiet, seat) == expected
            checked += 1
            refusals += bool(expected)
            s.apply(bots[seat].act(s))
    assert checked > 100 and refusals > 0


def test_the_bots_never_make_more_than_a_few_offers_a_turn():
    # Seat 1 holds nothing seat 0 asks for: every trade is refused (it cannot be accepted).
    s = trading_table(["fuel", "fuel", *JUNK], ["oxygen"] * 5)
    bots = [make_bot("heuristic", seed=s_) for s_ in range(3)]
    moves = play_turn(s, bots)
    assert 1 <= moves.count("0: propose") <= 3
    assert moves.count("1: refuse") == moves.count("0: propose")


@pytest.mark.slow
def test_all_bot_negotiation_games_trade_and_give_and_each_accepted_offer_gains_both():
    """Four-player (gifts pay only when someone other than the leader takes them) and three-player
    games, the heuristic and the search levels: offers are made and accepted, each accepted offer
    was a gain for the offerer and for the seat that took it, by the hook's valuation, and every
    game ends by the countdown (no turn cap)."""
    from cosmotable import games

    kosmodrom = games.get("kosmodrom")
    accepted = Counter()
    tables = [["heuristic"] * 4] * 6 + [["heuristic", "easy", "heuristic"]] * 2
    for g, names in enumerate(tables):
        s = kosmodrom.new_state(num_players=len(names), seed=7000 + g, variants=["negotiation"])
        bots = [make_bot(name, seed=g * 10 + i) for i, name in enumerate(names)]
        gains = {}
        while not s.is_terminal():
            if s.is_chance_node():
                s.sample_chance()
                continue
            seat = s.current_player()
            action = bots[seat].act(s)
            if action.kind == "propose":
                view = s.view(seat)
                draft = view["step"]["draft"]
                give, want = Counter(draft["give"]), Counter(draft["want"])
                gains["offerer"] = offer_gain(
                    view, seat, Counter(view["hand"]), give, want, SeatCards(view, seat)
                )
            if action.kind == "accept":
                assert gains.pop("offerer") > 0 and answer(s.view(seat)) > 0
                accepted[s.offer[0]] += 1
            s.apply(action)
        assert "countdown" in s.end_reason, (g, s.end_reason)
    assert accepted["trade"] > 0 and accepted["gift"] > 0, accepted
