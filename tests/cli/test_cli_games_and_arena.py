"""Per-game commands: rules for every game, Planet layouts, search-bot seats, and the arena."""

import json
from pathlib import Path

import pytest

from cosmotable import games

PLANET_LAYOUT = Path(__file__).resolve().parents[2] / "src/cosmotable/games/planet/data/layout.toml"


@pytest.mark.parametrize("game_id", games.ids())
def test_rules_exist_for_every_game_and_say_what_is_reconstructed(run, game_id):
    result = run("rules", game_id)
    assert result.exit_code == 0, result.output
    assert "reconstructed" in result.output.lower()
    assert "rulings.md" in result.output.lower()


def test_planet_check_layout_accepts_the_default(run):
    result = run("planet", "check-layout", str(PLANET_LAYOUT))
    assert result.exit_code == 0 and result.output.startswith("OK:")


def test_planet_check_layout_lists_every_problem(run, tmp_path):
    bad = tmp_path / "bad.toml"
    text = PLANET_LAYOUT.read_text(encoding="utf-8")
    bad.write_text(text.replace("source =", "sauce ="), encoding="utf-8")
    result = run("planet", "check-layout", str(bad))
    assert result.exit_code == 1
    assert "'source' must say where the layout comes from" in result.output


def test_layout_is_refused_for_a_game_without_layouts(run):
    result = run("play", "mlem", "--players", "2", "--bots", "2", "--layout", str(PLANET_LAYOUT))
    assert result.exit_code == 2 and "takes no --layout" in result.output


def test_planet_plays_to_the_end_on_a_layout_file_with_a_turn_cap(run):
    result = run(
        "play",
        "planet",
        "--players",
        "2",
        "--bots",
        "2",
        "--seed",
        "3",
        "--bot",
        "random",
        "--layout",
        str(PLANET_LAYOUT),
        "--max-turns",
        "30",
    )
    assert result.exit_code == 0, result.output
    assert "Record saved" in result.output


def test_kosmodrom_takes_a_turn_cap_and_mlem_refuses_one(run):
    result = run(
        "play",
        "kosmodrom",
        "--players",
        "2",
        "--bots",
        "2",
        "--seed",
        "3",
        "--bot",
        "random",
        "--max-turns",
        "6",
    )
    assert result.exit_code == 0, result.output
    assert "safety cap of 6 turns" in result.output
    result = run("play", "mlem", "--players", "2", "--bots", "2", "--max-turns", "6")
    assert result.exit_code == 2 and "takes no --max-turns" in result.output


def test_a_search_bot_seat_with_a_time_budget_plays_a_whole_game(run):
    result = run(
        "play", "mlem", "--players", "2", "--bots", "2", "--seed", "4", "--bot", "easy", "--think", "0.01"
    )
    assert result.exit_code == 0, result.output


def test_arena_prints_win_rates_intervals_and_elo_as_json(run):
    result = run("arena", "mlem", "--bots", "heuristic,random", "--games", "4", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout[result.stdout.index("{") :])
    assert data["games"] == 4 and {b["bot"] for b in data["bots"]} == {"heuristic", "random"}
    for bot in data["bots"]:
        assert bot["games"] == 4 and 0 <= bot["ci95"][0] <= bot["win_rate"] <= bot["ci95"][1] <= 1
        assert bot["elo"] > 0


def test_arena_refuses_unknown_bots_and_player_counts(run):
    assert run("arena", "mlem", "--bots", "heuristic,grandmaster").exit_code == 2
    assert run("arena", "mlem", "--bots", "heuristic,random", "--players", "9").exit_code == 2
