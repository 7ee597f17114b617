"""`explain(state)`: how a bot rates each legal move (the coach endpoint shows it)."""

from __future__ import annotations

import pytest

from cosmotable import games
from cosmotable.bots import make_bot


def _mlem_travel_decision():
    state = games.get("mlem").new_state(num_players=2, seed=3)
    while True:
        state.resolve_chance()
        legal = state.legal_actions()
        if len(legal) > 1 and str(legal[0]).startswith("travel"):
            return state
        state.apply(legal[0])


def test_search_bot_explains_every_legal_move_with_root_statistics():
    state = _mlem_travel_decision()
    bot = make_bot("easy", seed=1)
    moves = bot.explain(state)
    assert sorted(str(m["action"]) for m in moves) == sorted(str(a) for a in state.legal_actions())
    assert sum(m["visits"] for m in moves) == bot.simulations
    assert all(0.0 <= m["win_chance"] <= 1.0 for m in moves if m["visits"])
    assert [m["visits"] for m in moves] == sorted((m["visits"] for m in moves), reverse=True)
    assert len(state.history) == len(_mlem_travel_decision().history)  # the state is left as it was


def test_bot_without_search_lists_its_choice_first_with_estimates():
    state = _mlem_travel_decision()
    moves = make_bot("heuristic", seed=1).explain(state)
    assert str(moves[0]["action"]) == str(make_bot("heuristic", seed=1).act(state))
    assert all(0.0 <= m["win_chance"] <= 1.0 for m in moves) and {m["visits"] for m in moves} == {0}
    # the figures say something: not every move is rated alike
    assert len({round(m["win_chance"], 6) for m in moves}) > 1


def _decision(game_id: str, players: int = 2, seed: int = 3):
    """The first position of a game where the seat to move has several legal moves, after a few
    decisions played by the first legal move."""
    state = games.get(game_id).new_state(num_players=players, seed=seed)
    decisions = 0
    while True:
        state.resolve_chance()
        legal = state.legal_actions()
        if len(legal) > 1:
            decisions += 1
            if decisions > 3:
                return state
        state.apply(legal[0])


@pytest.mark.parametrize("game_id", ["mlem", "kosmodrom", "planet"])
@pytest.mark.parametrize("level", ["random", "heuristic", "easy", "normal", "hard"])
def test_every_level_rates_exactly_the_legal_moves_with_probabilities(game_id, level):
    state = _decision(game_id)
    before = list(state.history)
    bot = make_bot(level, seed=5)
    bot.reseed_for(state)
    moves = bot.explain(state)
    assert sorted(str(m["action"]) for m in moves) == sorted(str(a) for a in state.legal_actions())
    assert all(isinstance(m["win_chance"], float) and 0.0 <= m["win_chance"] <= 1.0 for m in moves)
    if level in ("random", "heuristic"):
        assert {m["visits"] for m in moves} == {0}
    else:
        assert sum(m["visits"] for m in moves) == bot.simulations
    assert state.history == before  # explaining plays nothing

    # the first move listed is the one the bot plays with the same seed at the same decision
    same = make_bot(level, seed=5)
    same.reseed_for(state)
    assert moves[0]["action"] == same.act(state)
