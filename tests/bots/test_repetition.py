"""A position met again in a Planet or Kosmodrom game: the bots play a move not played there yet
(bots/repetition.py, issue #19: all-bot games went round in circles until the 600-turn cap, and
Kosmodrom turns fetched the Soldering Iron on top of the discard pile with a Soldering Iron up to 82
times)."""

from collections import Counter

from cosmotable import games
from cosmotable.bots import make_bot, repetition
from cosmotable.bots.heuristic import HOOKS, hook_for
from cosmotable.bots.mcts import Search
from cosmotable.bots.repetition import fresh_moves, position_key, unplayed
from cosmotable.engine import State
from cosmotable.games.kosmodrom import bots as kosmodrom_bots
from cosmotable.sim import bot_games


def _round_trip(first: str, back: str) -> State:
    """Both ships sail away and back: the table of the start comes back with seat 0 to move, `first`
    its move the first time."""
    state = games.get("planet").new_state(num_players=2, seed=3)
    for action in (first, "sail +1", back, "sail -1"):
        state.apply(action)
    return state


def test_a_move_played_in_a_position_met_before_comes_last():
    start = games.get("planet").new_state(num_players=2, seed=3)
    legal = start.legal_actions()
    assert fresh_moves(start, legal) == legal  # met for the first time: the caller's order
    again = _round_trip("sail +1", "sail -1")
    assert position_key(again) == position_key(start) and len(again.history) == 4
    legal = again.legal_actions()
    order = fresh_moves(again, legal)
    assert str(order[-1]) == "sail +1" and sorted(map(str, order)) == sorted(map(str, legal))
    assert "sail +1" not in map(str, unplayed(again, legal))
    assert len(unplayed(again, legal)) == len(legal) - 1


def test_the_heuristic_and_the_search_leave_a_circle_instead_of_going_round_it_again(monkeypatch):
    # A hook that likes one move best, wherever: a bot without a memory would play it every time.
    hook_for("planet")
    monkeypatch.setitem(HOOKS, "planet", lambda state, action: float(str(action) == "sail +3"))
    start = games.get("planet").new_state(num_players=2, seed=3)
    heuristic = make_bot("heuristic", seed=5)
    assert str(heuristic.act(start)) == "sail +3"
    again = _round_trip("sail +3", "sail -3")
    assert str(heuristic.act(again)) != "sail +3"
    # The search (`hard`: the heuristic's best 3 moves and the estimate's best 1 besides) leaves the
    # move played before out of its root.
    search = make_bot("hard", seed=5)
    _, first_time = search._search(start, start.legal_actions())
    assert "sail +3" in map(str, first_time)
    _, allowed = search._search(again, again.legal_actions())
    assert "sail +3" not in map(str, allowed) and len(allowed) == 4


def test_a_hand_built_table_is_not_mistaken_for_its_seeds_game():
    # A state whose actions do not replay from its seed (a test table) has no memory: unchanged order.
    state = games.get("planet").new_state(num_players=2, seed=3)
    state.apply("sail +1")
    other = games.get("planet").new_state(num_players=2, seed=3)
    other.apply("sail -1")
    other.history[0] = state.history[0]  # the record says "sail +1", the table shows "sail -1"
    legal = other.legal_actions()
    assert fresh_moves(other, legal) == legal


def _most_met_in_kosmodrom_game_514(steps: int) -> int:
    """Game 514 of the 1,000-game run (heuristic vs easy, negotiation + quick + superpowers), its
    first `steps` steps: the most times one position came up at a decision."""
    spec = bot_games.schedule("kosmodrom", 515, seed=1)[514]
    state = games.get("kosmodrom").new_state(
        num_players=spec.players, seed=spec.seed, variants=list(spec.variants)
    )
    bots = [make_bot(name, seed=spec.seed * 8 + seat) for seat, name in enumerate(spec.seats)]
    met: Counter = Counter()
    for _ in range(steps):
        if state.is_chance_node():
            state.sample_chance()
        else:
            met[bot_games.position_key(state)] += 1
            state.apply(bots[state.current_player()].act(state))
    return max(met.values())


def test_kosmodrom_bots_leave_the_soldering_iron_circle_at_its_second_turn_round(monkeypatch):
    # In that game the easy seat fetched the Soldering Iron on top of the discard pile with its own
    # Soldering Iron and kept it, 82 times in one turn; each time the table came back exactly as
    # before (ruling K9). `easy` was then plain MCTS with random rollouts of 4 steps, the search
    # that ran into the circle: the memory is checked against that search (easy has searched its own
    # turn among the heuristic's best moves since, docs/ratings.md).
    monkeypatch.setitem(kosmodrom_bots.SEARCH_LEVELS, "easy", Search(40, 4))
    with monkeypatch.context() as without_memory:
        # without the memory the circle comes up again at once ...
        without_memory.setattr(repetition, "avoids_repeats", lambda state: False)
        assert _most_met_in_kosmodrom_game_514(80) > 10
    # ... with it, the seat leaves at its second turn round.
    assert _most_met_in_kosmodrom_game_514(80) == 2
