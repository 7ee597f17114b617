"""Set-up (rulebook, "Подготовка") and the game's configuration."""

import pytest
from kosmodrom_helpers import GAME, new, start

from cosmotable.engine import CHANCE, ConfigError
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
    outcomes = dict((str(a), p) for a, p in s.chance_outcomes())
    assert outcomes["deck fuel"] == pytest.approx(30 / 136)
    assert sum(outcomes.values()) == pytest.approx(1)


def test_ruling_K1_seat_0_takes_the_first_turn():
    s = start(3)
    assert s.turn_seat == 0 and s.current_player() == 0 and s.turn == 1


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
