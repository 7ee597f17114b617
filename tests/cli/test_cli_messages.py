"""Command-line messages a newcomer meets (issue #20, items 8, 10 and 11)."""

from __future__ import annotations

from pathlib import Path


def test_odds_png_must_be_a_png_file_name_and_the_printed_path_is_the_file_written(run, tmp_path):
    folder = tmp_path / "plots"
    folder.mkdir()
    result = run("mlem", "odds", "--all", "--png", str(folder))
    assert result.exit_code == 2
    assert "is a directory" in result.output and "mlem-crash-odds.png" in result.output
    assert not Path(str(folder) + ".png").exists()

    result = run("mlem", "odds", "--all", "--png", "odds.jpg")
    assert result.exit_code == 2 and "must end in .png" in result.output and "odds.png" in result.output

    result = run("mlem", "odds", "--all", "--png", "out/odds.png")
    assert result.exit_code == 0, result.output
    assert "Heat map written: out/odds.png" in result.output and Path("out/odds.png").is_file()


def test_odds_png_in_a_place_that_cannot_be_written_is_a_clear_error_not_a_bug(run, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    result = run("mlem", "odds", "--all", "--png", str(blocker / "odds.png"))
    assert result.exit_code == 1, result.output
    said = " ".join(result.output.split())
    assert f"cannot create the folder {blocker}" in said and "a folder you can write to" in said
    assert "internal error" not in said
    assert "P(crash)" not in said  # refused before any work


def test_replay_names_the_steps_that_exist_for_a_step_past_the_end(run, bot_record):
    total = len(__import__("json").loads(bot_record.read_text())["actions"])
    result = run("replay", str(bot_record), input=f"{total + 5}\nq\n")
    assert result.exit_code == 0
    assert f"There is no step {total + 5}: the record has {total} actions" in result.output
    result = run("replay", str(bot_record), "--to", str(total + 1))
    assert result.exit_code == 2
    assert f"there is no step {total + 1}" in result.output and f"0 (the set-up) to {total}" in result.output


def test_the_arena_says_it_plays_two_seat_pairings_by_default(run):
    result = run("arena", "mlem", "--bots", "heuristic,random", "--games", "2")
    assert result.exit_code == 0, result.output
    assert "two-seat pairings" in result.output
    result = run("arena", "mlem", "--bots", "heuristic,random", "--games", "3", "--players", "3")
    assert "three-seat tables" in result.output
