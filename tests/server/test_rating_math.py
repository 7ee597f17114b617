"""The arithmetic of one rated game (server/ratings.py) and the calibration that ships with the server:
ranks from a result, teams as one side, a player at two seats counted once, the nearest bot level, and
the round-robin's rating of the levels (cli/ratings.py) on results made up here."""

from __future__ import annotations

import json

from cosmotable.cli.ratings import Calibration, complete_rounds, lines, rate_results, round_robin
from cosmotable.server.ratings import (
    CALIBRATION,
    RATED_LEVELS,
    Skill,
    calibrated,
    merged,
    nearest_level,
    new_skill,
    ranks_of,
    rate,
    sides_of,
)
from cosmotable.sim.arena import GameResult


def test_winners_come_first_then_the_others_by_score_and_equal_results_share_a_place():
    sides = sides_of(4, None)
    assert sides == [[0], [1], [2], [3]]
    # seat 2 wins on a tie-break (same score as seat 0): first; seat 0 second; 1 and 3 share third
    assert ranks_of(sides, [30, 10, 30, 10], [2]) == [1, 2, 0, 2]
    # a shared win: both first
    assert ranks_of(sides_of(2, None), [5, 5], [0, 1]) == [0, 0]


def test_allies_are_one_side_and_move_together():
    sides = sides_of(4, [0, 1, 0, 1])
    assert sides == [[0, 2], [1, 3]]
    ranks = ranks_of(sides, [12, 20, 12, 20], [1, 3])
    assert ranks == [1, 0]
    after = rate([[new_skill(), new_skill()], [new_skill(), new_skill()]], ranks)
    losers, winners = after
    assert all(skill.mu < 25 for skill in losers) and all(skill.mu > 25 for skill in winners)


def test_the_winner_goes_up_the_loser_down_and_uncertainty_shrinks():
    (won,), (lost,) = rate([[new_skill()], [new_skill()]], [0, 1])
    assert won.mu > 25 > lost.mu
    assert won.sigma < 25 / 3 and lost.sigma < 25 / 3
    assert won.ordinal > new_skill().ordinal > lost.ordinal
    # an upset moves more than the expected result
    strong, weak = Skill(35, 2), Skill(15, 2)
    (expected,), _ = rate([[strong], [weak]], [0, 1])
    _, (upset,) = rate([[strong], [weak]], [1, 0])
    assert upset.mu - weak.mu > expected.mu - strong.mu > 0


def test_one_player_at_two_seats_counts_the_game_once_as_the_mean_of_both():
    assert merged([Skill(20, 4), Skill(30, 6)]) == Skill(25, 5)


def test_the_nearest_bot_level_is_the_one_of_the_nearest_mean():
    bots = {"random": Skill(10, 1), "easy": Skill(20, 1), "hard": Skill(40, 1)}
    assert nearest_level(24, bots) == "easy"
    assert nearest_level(33, bots) == "hard"
    assert nearest_level(25, {}) is None


def test_the_round_robin_rates_a_level_that_always_wins_above_one_that_always_loses():
    levels = ("random", "heuristic", "easy")
    tables = round_robin("mlem", levels, 4, seed=3)
    assert len(tables) == 12 and {t.seats for t in tables[:3]} == {
        ("random", "heuristic"),
        ("random", "easy"),
        ("heuristic", "easy"),
    }
    strength = {level: index for index, level in enumerate(levels)}
    # made-up results: the stronger level of each table wins (returned in a shuffled order)
    results = [
        GameResult(t, [1, 0], [max((0, 1), key=lambda s: strength[t.seats[s]])], 10) for t in reversed(tables)
    ]
    calibration = rate_results("mlem", levels, 4, 3, results)
    assert calibration.ordered() == list(levels)
    assert calibration.wins[("random", "heuristic")] == [0, 4, 0]


def test_each_adjacent_pair_of_levels_is_settled_by_its_head_to_head_interval():
    skills = {"random": Skill(10, 1), "heuristic": Skill(20, 1), "easy": Skill(21, 2)}
    wins = {
        ("random", "heuristic"): [1, 19, 0],
        ("random", "easy"): [0, 2, 0],
        ("heuristic", "easy"): [9, 10, 1],
    }
    printed = lines(Calibration("mlem", 20, 1, skills, wins))
    assert "  random vs heuristic: 1-19; heuristic scores 95% (95% CI 76%-99%)" in printed
    assert (
        "  heuristic over random: ordinal +10.00; head to head heuristic scores 95% of 20 (95% CI 76%-99%): settled"
        in printed
    )
    # 10.5 of 20: a level that is not shown to be stronger
    assert (
        "  easy over heuristic: ordinal -2.00; head to head easy scores 52% of 20 (95% CI 32%-72%): NOT settled"
        in printed
    )


def test_the_shipped_calibration_rates_every_level_and_says_how_it_was_made():
    data = json.loads(CALIBRATION.read_text(encoding="utf-8"))
    assert data["games"], "no game calibrated"
    for game, entry in data["games"].items():
        assert entry["command"] and entry["commit"] and entry["games_per_pair"] > 0
        levels = calibrated(game)
        assert set(levels) == set(RATED_LEVELS), game
        assert all(skill.sigma > 0 for skill in levels.values())


def test_the_shipped_calibration_holds_every_game_with_its_levels_weakest_first():
    """Issue #46: random < heuristic < easy < normal < hard by ordinal (what the leaderboard shows),
    in every game, each from its round-robin (docs/ratings.md)."""
    from cosmotable import games

    data = json.loads(CALIBRATION.read_text(encoding="utf-8"))
    assert set(data["games"]) == set(games.ids())
    for game in data["games"]:
        levels = calibrated(game)
        by_ordinal = sorted(levels, key=lambda level: levels[level].ordinal)
        assert by_ordinal == list(RATED_LEVELS), (game, {k: round(v.ordinal, 2) for k, v in levels.items()})


def test_each_shipped_calibration_is_what_its_stored_command_gives():
    """The figures shipped for each game are what the command stored beside them prints: its
    journal's first `--games` complete rounds (benchmarks/journals/, named with the commit that
    played them) rated again, so anyone can check them without playing the hours of games."""
    import shlex
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    data = json.loads(CALIBRATION.read_text(encoding="utf-8"))
    for game, entry in data["games"].items():
        words = shlex.split(entry["command"])
        option = {
            name: words[words.index(name) + 1] for name in ("--game", "--games", "--seed", "--from-journal")
        }
        assert option["--game"] == game and int(option["--seed"]) == entry["seed"], (game, entry["command"])
        journal = root / option["--from-journal"]
        assert entry["commit"] in journal.name, (game, journal.name)
        played, rounds, code = complete_rounds(game, entry["seed"], journal, most=int(option["--games"]))
        assert rounds == entry["games_per_pair"] and code.startswith(entry["commit"]), (game, rounds, code)
        rated = rate_results(game, RATED_LEVELS, rounds, entry["seed"], played).skills
        shipped = calibrated(game)
        for level in RATED_LEVELS:
            assert round(rated[level].mu, 4) == round(shipped[level].mu, 4), (game, level)
            assert round(rated[level].sigma, 4) == round(shipped[level].sigma, 4), (game, level)


def test_the_calibrate_command_plays_a_small_round_robin_and_prints_the_ratings():
    from typer.testing import CliRunner

    from cosmotable.cli import app

    result = CliRunner().invoke(
        app, ["ratings", "calibrate", "--game", "mlem", "--games", "2", "--levels", "random,heuristic"]
    )
    assert result.exit_code == 0, result.output
    assert "mlem: 2 games per pair of levels, seed 1" in result.output
    assert "random vs heuristic: " in result.output
    assert "ordinal" in result.output and "order: " in result.output
    refused = CliRunner().invoke(app, ["ratings", "calibrate", "--levels", "random,grandmaster"])
    assert refused.exit_code == 2


def test_a_sigma_stops_shrinking_so_the_order_is_judged_by_head_to_head_scores():
    """openskill adds its dynamics term to each sigma at every game: after 1,000 games of one pair a
    sigma is still about 1.5, so a gap of a few mu between two levels never has an interval that
    excludes 0 (why `lines` judges the order by head-to-head scores instead)."""
    a = b = new_skill()
    for game in range(1000):
        (a,), (b,) = rate([[a], [b]], [0, 1] if game % 5 < 3 else [1, 0])  # a scores 60%
    assert 1.2 < a.sigma < 2.0 and 1.2 < b.sigma < 2.0
    assert 1.96 * (a.sigma**2 + b.sigma**2) ** 0.5 > a.mu - b.mu > 0


def test_orders_by_rounds_rate_each_first_rounds_alone():
    """`bot_ratings.py --by-rounds` (docs/ratings.md): MLEM's journal in the expected order after 28
    rounds (its calibration until 30 Nov), with `normal` under `easy` after 30 - each count of rounds
    is rated from the start on those rounds only."""
    from pathlib import Path

    from cosmotable.cli.ratings import orders_by_rounds

    journal = Path(__file__).resolve().parents[2] / "benchmarks/journals/ratings-mlem-3251917.jsonl"
    played, rounds, _ = complete_rounds("mlem", 1, journal, most=30)
    orders = orders_by_rounds("mlem", 1, played, rounds)
    assert [n for n, _ in orders] == list(range(1, 31))
    assert orders[27][1] == list(RATED_LEVELS)
    assert orders[29][1] == ["random", "heuristic", "normal", "easy", "hard"]
    assert orders[29][1] == rate_results("mlem", RATED_LEVELS, 30, 1, played).ordered()
