"""Bots: legal choices only, no peeking at hidden information, search levels, arena statistics."""

import random

import pytest

from cosmotable import games
from cosmotable.bots import BOT_NAMES, MCTSBot, make_bot
from cosmotable.bots.evaluation import win_chances
from cosmotable.engine import save_state
from cosmotable.sim.arena import ArenaReport, GameResult, Table, play, schedule
from cosmotable.sim.stats import elo_ratings, wilson_interval

MLEM = games.get("mlem")


def missions_game(other_hand):
    """Secret Missions set-up with seat 0 dealt s01-s04 and seat 1 dealt `other_hand`."""
    s = MLEM.new_state(num_players=2, seed=11, variants=["secret_missions"])
    for mission in ["s01", "s02", "s03", "s04", *other_hand]:
        s.apply(f"deal-mission {mission}")
    s.apply("return-mission s04")
    s.apply(f"return-mission {other_hand[0]}")
    return s


def test_two_states_differing_only_in_hidden_missions_get_the_same_bot_decisions():
    a = missions_game(["s05", "s06", "s07", "s08"])
    b = missions_game(["s09", "s10", "s11", "s12"])
    assert a.view(0) == b.view(0) and a.fingerprint() != b.fingerprint()
    for name in ("heuristic", "easy", "random"):
        assert str(make_bot(name, seed=5).act(a)) == str(make_bot(name, seed=5).act(b)), name


def test_resample_for_never_depends_on_the_hidden_hands():
    a = missions_game(["s05", "s06", "s07", "s08"])
    b = missions_game(["s09", "s10", "s11", "s12"])
    ra, rb = a.resample_for(0, random.Random(3)), b.resample_for(0, random.Random(3))
    assert ra.missions.dealt == rb.missions.dealt and ra.missions.returned == rb.missions.returned
    assert ra.view(0) == a.view(0)


@pytest.mark.parametrize("name", BOT_NAMES)
def test_every_bot_finishes_a_game_with_legal_moves_only(name):
    s = MLEM.new_state(num_players=2, seed=3)
    bots = [make_bot(name, seed=1), make_bot("random", seed=2)]
    if isinstance(bots[0], MCTSBot):
        bots[0].level_name, bots[0].simulations = None, 8  # legality, not strength, is tested here
    while not s.is_terminal():
        if s.is_chance_node():
            s.sample_chance()
        else:
            action = bots[s.current_player()].act(s)
            assert action in s.legal_actions()
            s.apply(action)
    assert s.winners()


def test_unknown_bot_name_is_refused_with_the_known_names():
    with pytest.raises(ValueError, match="unknown bot 'grandmaster'.*random, heuristic, easy"):
        make_bot("grandmaster")


def test_search_levels_grow_in_budget_and_think_overrides_simulations():
    easy, normal, hard = (MCTSBot.level(lv) for lv in ("easy", "normal", "hard"))
    assert easy.simulations < normal.simulations < hard.simulations
    bot = MCTSBot.level("hard", seed=1, think=0.05)
    s = MLEM.new_state(num_players=2, seed=3)
    s.apply("board helper")
    bot.act(s)
    assert 0 < bot.last_iterations < hard.simulations


def test_mcts_lands_the_moon_expert_on_the_10_point_moon_rather_than_flying_on():
    """A clear choice: landing the moon expert at space 25 scores 20 now; staying risks a crash."""
    s = MLEM.new_state(num_players=2, seed=3)
    s.apply_all(["board moon_expert", "board helper"])
    s.apply_all(["roll 3,A,A,A,A,A", "travel A"])  # space 0: A is worth 1 -> space 5, no die set aside
    s.apply_all(["roll 3,4,4,4,4,4", "travel 4"])  # space 5 accepts 1 and 4 -> space 25
    assert s.position == 25 and s.phase == "landing" and s.current_player() == 0
    bot = MCTSBot(seed=1, simulations=150, rollout_depth=None)
    assert str(bot.act(s)) == "land moon"


def test_standing_favours_the_leader_and_is_symmetric():
    values = win_chances([10.0, 10.0, 2.0])
    assert values[0] == values[1] == pytest.approx(0.5) and values[2] < 0.5


def test_wilson_interval_contains_the_rate_and_narrows_with_games():
    lo, hi = wilson_interval(30, 50)
    assert lo < 0.6 < hi
    lo2, hi2 = wilson_interval(300, 500)
    assert hi2 - lo2 < hi - lo


def test_elo_orders_bots_by_their_results():
    pairs = {("a", "b"): (80.0, 100), ("b", "c"): (70.0, 100), ("a", "c"): (90.0, 100)}
    elo = elo_ratings(pairs, ["a", "b", "c"])
    assert elo["a"] > elo["b"] > elo["c"]
    assert sum(elo.values()) / 3 == pytest.approx(1500.0)


def test_schedule_rotates_seats_so_each_bot_plays_each_seat_equally():
    tables = schedule("mlem", ["x", "y", "z"], 12, seed=1)
    assert len(tables) == 12 and len({t.seed for t in tables}) == 12
    for bot in "xyz":
        seats = [t.seats.index(bot) for t in tables if bot in t.seats]
        assert seats.count(0) == seats.count(1)


def test_arena_report_counts_shared_wins_fractionally():
    report = ArenaReport("mlem", ["x", "y"])
    report.add(GameResult(Table("mlem", ("x", "y"), 1), [10, 10], [0, 1], 5))
    report.add(GameResult(Table("mlem", ("y", "x"), 2), [12, 3], [0], 5))
    assert report.standings["x"].wins == 0.5 and report.standings["y"].wins == 1.5
    assert report.head_to_head("y", "x") == (1.5, 2)


def test_arena_games_are_reproducible_from_their_seed():
    table = Table("mlem", ("random", "heuristic"), 77)
    assert play(table).scores == play(table).scores


def test_a_determinization_carries_no_trace_of_the_true_deal_and_replays_to_itself():
    from cosmotable.engine import load_state

    a = missions_game(["s05", "s06", "s07", "s08"])
    r = a.resample_for(0, random.Random(9))
    assert all(e.visible(0) for e in r.events)
    dealt_in_record = [str(x).split()[1] for x in r.history if str(x).startswith("deal-mission")]
    assert dealt_in_record[4:] == r.missions.dealt[1]
    assert load_state(save_state(r)).fingerprint() == r.fingerprint()


def test_the_mover_view_is_built_once_per_position_and_never_reused_for_another():
    from cosmotable.bots.heuristic import mover_view

    s = MLEM.new_state(num_players=2, seed=3)
    first = mover_view(s)
    assert mover_view(s) is first and first == s.view(s.current_player())
    other = MLEM.new_state(num_players=2, seed=4)  # the same history length, another object
    assert mover_view(other) is not first and mover_view(other) == other.view(other.current_player())
    s.apply("board helper")
    assert mover_view(s) is not first and mover_view(s) == s.view(s.current_player())
    clone = s.clone()
    assert mover_view(clone) == s.view(s.current_player()) and mover_view(clone) is not mover_view(s)


def test_kosmodrom_and_planet_levels_search_their_own_turn_with_the_heuristic_answering():
    from cosmotable.bots.mcts import LEVELS, search_for
    from cosmotable.games.kosmodrom.bots import SEARCH_LEVELS

    assert search_for("hard", "mlem") == LEVELS["hard"]
    hard = search_for("hard", "kosmodrom")
    assert hard.own_turn and hard.others_by_heuristic and hard == SEARCH_LEVELS["hard"]
    assert search_for("hard", "planet").own_turn
    bot = make_bot("hard", seed=1)
    s = games.get("kosmodrom").new_state(num_players=2, seed=2)
    while s.is_chance_node():
        s.sample_chance()
    bot.act(s)
    assert (bot.simulations, bot.own_turn, bot.prior_top) == (hard.simulations, True, hard.prior_top)
