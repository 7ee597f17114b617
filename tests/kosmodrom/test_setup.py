"""Set-up (rulebook, "Подготовка") and the game's configuration."""

import pytest
from kosmodrom_helpers import GAME, end_turn, new, start

from cosmotable.engine import CHANCE, ConfigError, IllegalAction
from cosmotable.games.kosmodrom.cards import PADS


@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_to_four_players(players):
    assert new(players).num_players == players


@pytest.mark.parametrize("players", [1, 5])
def test_other_player_counts_are_refused(players):
    with pytest.raises(ConfigError):
        new(players)


def test_the_four_launch_pad_cards_are_set_aside_before_the_deal():
    s = new(3)
    assert s.set_aside == list(PADS)
    assert s.current_player() == CHANCE
    assert all(not o[0].card.startswith("pad") for o in s.chance_outcomes())


def test_six_cards_are_dealt_to_each_player():
    s = start(3)
    assert [h.total() for h in s.hands] == [6, 6, 6]
    assert s.deck_count() == 140 - 18


def test_launch_pad_cards_are_shuffled_into_the_bottom_half_of_the_rest():
    s = start(3)
    remaining = 140 - 4 - 18
    assert s.set_aside == []
    assert sum(s.deck[p] for p in PADS) == 4
    assert s.deck_top == remaining - remaining // 2
    # While the top half lasts no launch-pad card can come off the deck.
    s.deck_top = 1
    s.phase = "draw_deck"
    assert not any(str(o).startswith("deck pad") for o, _ in s.chance_outcomes())
    s.deck_top = 0
    assert any(str(o).startswith("deck pad") for o, _ in s.chance_outcomes())


def test_draw_probabilities_are_count_over_total():
    s = new(2)
    outcomes = {str(a): p for a, p in s.chance_outcomes()}
    assert outcomes["deck fuel"] == pytest.approx(30 / 136)
    assert sum(outcomes.values()) == pytest.approx(1)


def test_ruling_K1_chance_picks_the_first_player_after_the_deal():
    """rulebook (подготовка 8): «Первым ходит тот игрок, которому больше других не терпится
    приступить к сборке!» Ruling K1 (revised): software cannot ask who is most eager, so the first
    player is a chance outcome after the deal, every seat equally likely (fair seat order)."""
    s = new(3)
    for _ in range(18):
        s.apply(f"deck {'metal' if s.dealt % 2 else 'fuel'}")
    assert s.phase == "first" and s.current_player() == CHANCE
    outcomes = [(str(a), p) for a, p in s.chance_outcomes()]
    assert outcomes == [
        ("first 0", pytest.approx(1 / 3)),
        ("first 1", pytest.approx(1 / 3)),
        ("first 2", pytest.approx(1 / 3)),
    ]
    with pytest.raises(IllegalAction, match=r"there is no seat 3 \(seats 0-2\)"):
        s.apply("first 3")
    s.apply("first 2")
    assert s.turn_seat == 2 and s.current_player() == 2 and s.turn == 1
    assert s.events[-2].kind == "first-player" and s.events[-2].seat == 2


def test_ruling_K1_play_goes_on_clockwise_from_the_first_player():
    """rulebook (краткое описание): «После хода первого игрока игра продолжается по часовой
    стрелке.»"""
    s = start(3, first=2)
    end_turn(s)
    assert s.turn_seat == 0 and s.turn == 2
    end_turn(s)
    assert s.turn_seat == 1


def test_ruling_K1_every_seat_starts_some_seeded_games():
    starters = set()
    for seed in range(40):
        s = new(2, seed=seed)
        s.resolve_chance()
        starters.add(s.turn_seat)
    assert starters == {0, 1}


def test_quick_and_slow_cannot_be_combined():
    with pytest.raises(ConfigError, match="quick"):
        new(3, ["quick", "slow"])


def test_variants_are_combinable_otherwise():
    s = new(3, ["quick", "negotiation", "superpowers"])
    assert s.quick and s.negotiation and s.superpowers


def test_every_variant_has_a_one_line_description():
    assert set(GAME.variants) == {"quick", "slow", "negotiation", "superpowers"}


def test_slow_game_keeps_the_launch_pad_cards_aside_until_the_first_reshuffle():
    s = start(3, variants=["slow"])
    assert s.set_aside == list(PADS) and sum(s.deck[p] for p in PADS) == 0
    s.deck.clear()
    s.discard[:] = ["metal"] * 3
    s._refill_deck()
    assert s.set_aside == [] and sum(s.deck[p] for p in PADS) == 4 and s.deck_count() == 7
