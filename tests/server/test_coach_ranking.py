"""The coach's ranking (issue #45, item 5): the moves a player is shown first are ones the search
looked at, not the quick estimate every move left out gets; with the wider coach search the best five
of a wide Planet or Kosmodrom decision all have simulations of their own."""

from __future__ import annotations

import random

import pytest

from cosmotable import games
from cosmotable.bots import make_bot
from cosmotable.bots.mcts import search_for
from cosmotable.server.bots import COACH_SEARCH_FACTOR, advice, coach_bot

SHOWN = 5  # the coach panel's rows before "more" (web/table_coach.js)


def position(game_id: str, players: int, decisions: int, seed: int):
    """A position `decisions` heuristic moves into a game, at a decision with many legal moves."""
    state = games.get(game_id).new_state(players, seed=seed)
    rng, bot = random.Random(seed), make_bot("heuristic", seed=seed)
    made = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.sample_chance(rng)
            continue
        if made >= decisions and len(state.legal_actions()) > SHOWN + 2:
            return state
        state.apply(bot.act(state))
        made += 1
    raise AssertionError(f"{game_id}: the game ended before a wide decision")


@pytest.mark.parametrize(("game_id", "players", "decisions"), [("planet", 2, 12), ("kosmodrom", 3, 20)])
def test_the_coach_shows_searched_moves_first_and_the_best_five_all_searched(game_id, players, decisions):
    state = position(game_id, players, decisions, seed=5)
    moves = advice(state, "normal", seed=7)["moves"]
    assert sorted(m["text"] for m in moves) == sorted(str(a) for a in state.legal_actions())
    visits = [m["visits"] for m in moves]
    searched = [v > 0 for v in visits]
    # every searched move before every unsearched one
    assert searched == sorted(searched, reverse=True)
    assert all(searched[:SHOWN]), visits


def test_the_coach_searches_wider_and_longer_than_the_bot_of_its_level():
    for game_id in ("mlem", "kosmodrom", "planet"):
        level = search_for("normal", game_id)
        bot = coach_bot("normal", 1, game_id)
        assert bot.simulations == level.simulations * COACH_SEARCH_FACTOR
        assert level.prior_top is None or bot.prior_top > level.prior_top
