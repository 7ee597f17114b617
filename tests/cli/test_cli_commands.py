"""`cosmotable --help`, games, rules and `mlem check-board`."""

from __future__ import annotations

from importlib import resources

import pytest

DEFAULT_MAT = resources.files("cosmotable.games.mlem").joinpath("data", "mat.toml")


@pytest.mark.parametrize(
    "args",
    [
        [],
        ["--help"],
        ["play", "--help"],
        ["replay", "--help"],
        ["rules", "--help"],
        ["games", "--help"],
        ["mlem", "--help"],
        ["mlem", "check-board", "--help"],
    ],
)
def test_help_works_for_every_command(run, args):
    result = run(*args)
    assert result.exit_code in (0, 2) if not args else result.exit_code == 0, result.output
    assert "Usage" in result.output


def test_help_explains_play_options(run):
    out = run("play", "--help").output
    for option in ("--players", "--bots", "--seed", "--bot", "--board", "--save", "--name", "--delay"):
        assert option in out


def test_version(run):
    result = run("--version")
    assert result.exit_code == 0
    assert "cosmotable" in result.output


def test_games_lists_mlem_with_its_player_range(run):
    result = run("games")
    assert result.exit_code == 0
    assert "mlem" in result.output
    assert "MLEM: Space Agency" in result.output
    assert "2-5" in result.output


def test_rules_summary_covers_the_game_and_says_what_is_reconstructed(run):
    result = run("rules", "mlem")
    assert result.exit_code == 0, result.output
    out = result.output
    for topic in (
        "Launch",
        "Travel",
        "Landing",
        "Crash",
        "Moons",
        "Planets",
        "Deep space",
        "Change of commander",
        "Goal tiles",
        "End of the game",
        "Scoring",
    ):
        assert topic in out, topic
    for name in (
        "Satellite engineer",
        "Navigator",
        "Parachutist",
        "Moon expert",
        "Planet expert",
        "Deep-space expert",
        "Ballast",
        "Helper",
    ):
        assert name in out, name
    assert "reconstructed" in out.lower()
    assert "Reconstructed default, NOT the printed mat" in out  # the mat's own source field
    assert "--board" in out and "check-board" in out


def test_unknown_game_is_a_clean_error(run):
    for args in (["rules", "chess"], ["play", "chess"]):
        result = run(*args)
        assert result.exit_code == 2
        assert "unknown game 'chess'" in result.output
        assert "Traceback" not in result.output


def test_check_board_accepts_the_default_mat(run):
    result = run("mlem", "check-board", str(DEFAULT_MAT))
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.startswith("OK: 26 spaces")
    assert "22 moons" in out and "5 planets" in out
    assert "source: Reconstructed default" in out


def broken_mat(tmp_path):
    text = DEFAULT_MAT.read_text(encoding="utf-8")
    text = text.replace('number = 9\nfaces = ["1", "3"]', 'number = 9\nfaces = ["1", "7"]', 1)
    text = text.replace(
        'id = "moon-6-2"\npoints = 2\nspaces = [6]', 'id = "moon-6-2"\npoints = 2\nspaces = [99]', 1
    )
    path = tmp_path / "broken.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_check_board_lists_every_problem_one_per_line(run, tmp_path):
    result = run("mlem", "check-board", str(broken_mat(tmp_path)))
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert any("space 9: unknown face '7'" in line for line in lines), result.output
    assert any("moon 'moon-6-2': linked to space 99, which is not on the mat" in line for line in lines)
    assert "2 problem(s)" in result.output


def test_check_board_explains_invalid_toml(run, tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text("last_space = [1, 2\n", encoding="utf-8")
    result = run("mlem", "check-board", str(path))
    assert result.exit_code == 1
    assert "is not valid TOML" in result.output
    assert "Traceback" not in result.output


def test_check_board_on_a_missing_file(run):
    result = run("mlem", "check-board", "nowhere.toml")
    assert result.exit_code == 1
    assert "cannot be read" in result.output


def test_play_refuses_a_broken_board_with_its_problems(run, tmp_path):
    result = run("play", "mlem", "--bots", "3", "--board", str(broken_mat(tmp_path)))
    assert result.exit_code == 1
    assert "unknown face '7'" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    "args, message",
    [
        (["--players", "7"], "takes 2-5 players"),
        (["--players", "3", "--bots", "4"], "--bots must be between 0 and --players"),
        (["--players", "3", "--bots", "2", "--name", "A", "--name", "B"], "only 1 human player"),
    ],
)
def test_play_rejects_impossible_seatings(run, args, message):
    result = run("play", "mlem", *args)
    assert result.exit_code == 2
    assert message in result.output
