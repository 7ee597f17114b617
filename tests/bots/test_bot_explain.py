"""`explain(state)`: how a bot rates each legal move (the coach endpoint shows it)."""

from __future__ import annotations

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


def test_bot_without_search_lists_its_choice_first_and_no_estimate():
    state = _mlem_travel_decision()
    moves = make_bot("heuristic", seed=1).explain(state)
    assert str(moves[0]["action"]) == str(make_bot("heuristic", seed=1).act(state))
    assert {m["win_chance"] for m in moves} == {None} and {m["visits"] for m in moves} == {0}
