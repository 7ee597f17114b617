"""A search level that searches only a share of its decisions (`Search.searched`, bots/mcts.py): the
other decisions take the heuristic's move. Kosmodrom's and Planet's `easy` and `normal` are made so,
between the heuristic and `hard` (docs/ratings.md)."""

import random
from dataclasses import replace

import pytest

from cosmotable import games
from cosmotable.bots import make_bot
from cosmotable.bots.mcts import LEVELS, MCTSBot, search_for


def position(game_id: str, seed: int, steps: int):
    """A position of a random game of `game_id` after `steps` decisions (chance sampled)."""
    rng = random.Random(seed)
    s = games.get(game_id).new_state(num_players=2, seed=seed)
    taken = 0
    while not s.is_terminal() and taken < steps:
        if s.is_chance_node():
            s.sample_chance(rng)
            continue
        s.apply(rng.choice(s.legal_actions()))
        taken += 1
    while s.is_chance_node():
        s.sample_chance(rng)
    return s


def mixed_bot(game_id: str, searched: float, seed: int = 3) -> MCTSBot:
    bot = MCTSBot(seed=seed)
    bot.configure(replace(search_for("hard", game_id), searched=searched))
    return bot


@pytest.mark.parametrize("game_id", ["kosmodrom", "planet"])
def test_the_lower_levels_are_hards_search_on_fewer_decisions(game_id):
    easy, normal, hard = (search_for(level, game_id) for level in ("easy", "normal", "hard"))
    assert 0.0 < easy.searched < normal.searched < hard.searched == 1.0
    # nothing else differs: the same search, played less often
    assert replace(easy, searched=1.0) == replace(normal, searched=1.0) == hard


def test_a_bot_searching_no_decision_never_searches(monkeypatch):
    def no_search(*_args):
        raise AssertionError("searched")

    monkeypatch.setattr(MCTSBot, "_search", no_search)
    bot = mixed_bot("kosmodrom", 0.0)
    for seed in range(6):
        s = position("kosmodrom", seed, 2 * seed)
        assert bot.act(s.clone()) in s.legal_actions()


def test_the_share_of_searched_decisions_is_drawn_from_the_bots_seed():
    s = position("kosmodrom", 1, 3)
    draws = [mixed_bot("kosmodrom", 0.35, seed=7)._unsearched(s) for _ in range(3)]
    assert len(set(draws)) == 1  # one seed, one draw
    bot = mixed_bot("kosmodrom", 0.35, seed=7)
    searched = sum(not bot._unsearched(s) for _ in range(2000))
    assert 0.31 < searched / 2000 < 0.39


def test_a_level_searching_every_decision_draws_nothing_from_its_seed():
    # MLEM's levels and Planet's `hard` keep the choices they made before the share existed
    assert all(search.searched == 1.0 for search in LEVELS.values())
    bot = MCTSBot.level("normal", seed=5)
    before = bot.rng.getstate()
    assert bot._unsearched(position("mlem", 2, 1)) is False
    assert bot.rng.getstate() == before


@pytest.mark.parametrize("game_id", ["kosmodrom", "planet"])
def test_explain_names_first_the_move_the_mixed_level_plays(game_id):
    kinds = set()
    for seed in range(8):
        s = position(game_id, seed, 4 + seed)
        if len(s.legal_actions()) < 2:
            continue
        played = make_bot("easy", seed=seed).act(s.clone())
        explained = make_bot("easy", seed=seed).explain(s.clone())
        assert str(explained[0]["action"]) == str(played)
        probe = make_bot("easy", seed=seed)
        kinds.add(probe._unsearched(s))
    assert kinds == {True, False}  # both kinds of decision were checked
