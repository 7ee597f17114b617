"""Kosmodrom's terminal screen: every step of random games drawn, offers, the rules, what a seat
sees of other hands."""

import random

import pytest
from kosmodrom_helpers import GAME
from terminal_helpers import render

from cosmotable.games.kosmodrom.screen import KosmodromScreen
from cosmotable.ui.terminal.common import make_seats


@pytest.mark.parametrize("variants", [(), ("negotiation", "superpowers")])
def test_the_screen_draws_every_step_of_a_random_game(variants):
    s = GAME.new_state(num_players=3, seed=77, variants=list(variants))
    screen = KosmodromScreen(make_seats(3, 0))
    rng = random.Random(3)
    phases = set()
    while not s.is_terminal():
        if s.is_chance_node():
            s.sample_chance()
            continue
        seat = s.current_player()
        if s.phase not in phases or rng.random() < 0.05:
            phases.add(s.phase)
            view = s.view(seat)
            text = render(
                screen.board(view, 160),
                screen.headline(view, seat),
                screen.status(view),
                *[m.gloss for m in screen.moves(s, seat)],
            )
            assert "Your hand" in text
        actions = s.legal_actions()
        if variants and rng.random() < 0.9:
            actions = [a for a in actions if a.kind != "offer"] or actions  # fewer offers, a longer game
        s.apply(rng.choice(actions))
    assert {"play", "discard"} <= phases
    text = render(screen.final_table(s.view(0)), *[screen.event(e, None, 0) for e in s.events[-30:]])
    assert "Final scores" in text


def test_the_screen_shows_an_offer_being_built_and_an_offer_of_several_cards():
    """The negotiation variant in the terminal: the offer built step by step is shown as it grows,
    and the seat offered to reads every card of it; a whole offer typed as text is the same offer."""
    s = GAME.new_state(num_players=3, seed=5, variants=["negotiation"])
    hands = [["metal"] * 6, ["fuel"] * 6, ["jack"] + ["fuel"] * 5]
    for i in range(18):
        s.apply(f"deck {hands[i % 3][i // 3]}")
    s.apply("first 0")
    assert s.phase == "play"  # full hands: nothing to advance or draw
    screen = KosmodromScreen(make_seats(3, 0))
    s.apply("offer 2")
    s.apply("give metal")
    s.apply("want jack")
    headline = render(screen.headline(s.view(0), 0))
    assert "you give Metal, you ask for Jack of All Trades" in headline
    glosses = render(*[m.gloss for m in screen.moves(s, 0)])
    assert "propose the trade" in glosses and "withdraw the offer" in glosses
    s.apply("withdraw")
    s.apply("trade 2 give metal,metal for jack")  # typed whole, as at the terminal prompt
    assert s.current_player() == 2
    assert "offers 2 Metal for your Jack of All Trades" in render(screen.headline(s.view(2), 2))


def test_the_rules_summary_renders():
    assert "launch table" in render(KosmodromScreen.rules_renderable("kosmodrom"))


def test_ruling_K24_the_screen_shows_the_known_cards_of_other_hands_and_nothing_else():
    from kosmodrom_helpers import arrange, start, to_play

    s = start(3)
    arrange(
        s,
        hand={0: ["headhunting"], 1: ["top_secret"] * 3 + ["astronaut"] * 3},
        experts={1: {"launch": "mission_control"}},
    )
    to_play(s)
    s.apply("play headhunting 1:launch")
    screen = KosmodromScreen(make_seats(3, 2))
    text = render(screen.board(s.view(2), 160))
    line = next(x for x in text.splitlines() if "known in hand" in x)
    assert "Mission Control" in line and "Top Secret" not in text and "Astronaut" not in text
    own = render(screen.board(s.view(0), 160))
    assert "the others know you hold: Mission Control" in own
