"""The coach's ranking (issue #45, item 5): the moves a player is shown first are ones the coach
judged, by win chance; the best five of a wide Planet or Kosmodrom decision are all judged on as many
samples, and the moves it left out carry no figure (a quick estimate on another footing once ranked
unjudged moves above judged ones)."""

from __future__ import annotations

import random

import pytest

from cosmotable import games
from cosmotable.bots import make_bot
from cosmotable.bots.coach import COACH_EXTRA, COACH_MOVES
from cosmotable.server.bots import advice

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
        if made >= decisions and len(state.legal_actions()) > COACH_MOVES + COACH_EXTRA:
            return state
        state.apply(bot.act(state))
        made += 1
    raise AssertionError(f"{game_id}: the game ended before a wide decision")


@pytest.mark.parametrize(
    ("game_id", "players", "decisions"), [("planet", 2, 12), ("planet", 3, 30), ("kosmodrom", 3, 20)]
)
def test_the_coach_shows_searched_moves_first_and_the_best_five_all_searched(game_id, players, decisions):
    state = position(game_id, players, decisions, seed=5)
    moves = advice(state, seed=7, samples=3)["moves"]
    assert sorted(m["text"] for m in moves) == sorted(str(a) for a in state.legal_actions())
    visits = [m["visits"] for m in moves]
    searched = [v > 0 for v in visits]
    # every searched move before every unsearched one
    assert searched == sorted(searched, reverse=True)
    assert all(searched[:SHOWN]), visits
    assert set(visits) == {0, 3} and visits.count(3) == COACH_MOVES + COACH_EXTRA
    judged = [m["win_chance"] for m in moves if m["visits"]]
    assert judged == sorted(judged, reverse=True)
    assert all(m["win_chance"] is None and m["lead"] is None for m in moves if not m["visits"])
