"""Texts of the terminal screens that a newcomer reads (issue #20, items 4, 5 and 7)."""

from __future__ import annotations

import random

import pytest

from cosmotable import games
from cosmotable.games.kosmodrom.screen import KosmodromScreen
from cosmotable.games.mlem.screen import MlemScreen
from cosmotable.games.planet.screen import PlanetScreen
from cosmotable.games.planet.summary import rules_markdown
from cosmotable.ui.numbers import percent
from cosmotable.ui.terminal.common import make_seats


@pytest.mark.parametrize(
    ("p", "text"),
    [
        (0, "0%"),
        (1, "100%"),
        (0.004, "0.4%"),
        (0.37, "37%"),
        (0.996, "99.6%"),
        (1e-7, "<0.01%"),
        (1 - 1e-7, ">99.99%"),
    ],
)
def test_a_real_chance_never_reads_as_zero_or_certain(p, text):
    assert percent(p) == text


def test_percent_with_one_decimal_for_the_odds_table():
    assert percent(4 / 9, decimals=1) == "44.4%"
    assert percent(0.0004, decimals=1) == "0.04%"


def random_state(game: str, players: int, seed: int, steps: int):
    """The state after `steps` actions of a game played with random legal moves (random.Random(seed))."""
    state = games.get(game).new_state(num_players=players, seed=seed)
    rng = random.Random(seed)
    while len(state.history) < steps:
        if state.is_chance_node():
            state.sample_chance()
        else:
            state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(
    ("steps", "dice", "says"),
    [
        (8, 3, "the commander sets a die aside (2 left)"),
        (128, 1, "no die is set aside: the commander holds only the last one"),
    ],
)
def test_the_ballast_gloss_says_whether_a_die_is_really_set_aside(steps, dice, says):
    state = random_state("mlem", 3, 0, steps)
    seat = state.current_player()
    view = state.view(seat)
    assert view["rocket"]["board"][view["rocket"]["deciding"]]["astronaut"] == "die_discarder"
    assert view["rocket"]["dice"] == dice
    screen = MlemScreen(make_seats(3, 0))
    land = next(m for m in screen.moves(state, seat) if str(m.action).startswith("land"))
    assert says in land.gloss.plain
    after = state.clone()
    after.apply(land.action)
    assert after.view(seat)["rocket"]["dice"] == max(dice - 1, 1)  # the rules agree with the text


def test_every_helper_is_named_by_its_owner_seat_as_the_travel_moves_name_it():
    state = games.get("mlem").new_state(num_players=3, seed=1)
    screen = MlemScreen(make_seats(3, 0))
    for seat in range(3):
        while state.current_player() != seat:
            state.apply(state.legal_actions()[0])
        board = next(m for m in screen.moves(state, seat) if str(m.action) == "board helper")
        assert f"(H{seat})" in board.gloss.plain and f"'travel 2,H{seat}'" in board.gloss.plain


@pytest.mark.parametrize("screen_class", [KosmodromScreen, PlanetScreen])
def test_other_games_speak_of_their_own_things_not_mlem_tokens(screen_class):
    screen = screen_class(make_seats(2, 0))
    assert "mission" not in screen.private_things and "token" not in screen.private_things
    assert screen.revealed_at_end is None or "UFO" not in screen.revealed_at_end


def test_every_planet_tile_and_card_has_a_text_and_rules_planet_lists_them():
    from cosmotable.games.planet.board import default_box, default_cards, tile_texts

    texts = tile_texts()
    assert set(texts) == set(default_box().kinds) and all(texts.values())
    rules = rules_markdown()
    assert "/work/" not in rules
    for kind in default_box().kinds.values():
        assert kind.name in rules
    for card in default_cards().values():
        assert card.text in rules


@pytest.mark.parametrize(
    ("screen_class", "name", "title"),
    [
        (PlanetScreen, "crocodile", "Alien crocodile"),
        (PlanetScreen, "tame knight", "Tame knight"),
        (KosmodromScreen, "Быстрый", "Swift"),
        (KosmodromScreen, "overtime", "Overtime"),
        (MlemScreen, "H1", "Helper"),
        (MlemScreen, "Rubin", "Rubin"),
    ],
)
def test_look_finds_things_by_any_of_their_names(screen_class, name, title):
    screen = screen_class(make_seats(2, 0))
    found = screen.look(name)
    assert found is not None and title in found.plain
    assert screen.look("no such thing at all") is None
