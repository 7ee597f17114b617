"""`cosmotable play` and `cosmotable replay`, driven through stdin as a person would."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from cosmotable.engine import GameRecord


def test_three_bots_finish_a_game_and_the_record_replays(run):
    result = run("play", "mlem", "--players", "3", "--bots", "3", "--seed", "1", "--save", "game.json")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Final scores" in out
    assert "Winner:" in out or "Shared victory:" in out
    assert "Record saved: game.json" in out
    record = GameRecord.load("game.json")
    state = record.replay()
    assert state.is_terminal()

    replay = run("replay", "game.json", "--all")
    assert replay.exit_code == 0, replay.output
    assert f"Step {len(record.actions)}/{len(record.actions)}" in replay.output
    assert "Final scores" in replay.output


def test_the_same_seed_plays_the_same_bot_game(run):
    run("play", "mlem", "--players", "2", "--bots", "2", "--seed", "5", "--save", "a.json")
    run("play", "mlem", "--players", "2", "--bots", "2", "--seed", "5", "--save", "b.json", "--bot", "random")
    run("play", "mlem", "--players", "2", "--bots", "2", "--seed", "5", "--save", "c.json")
    assert GameRecord.load("a.json").actions == GameRecord.load("c.json").actions
    assert GameRecord.load("a.json").actions != GameRecord.load("b.json").actions


def test_a_human_game_with_bad_inputs_is_refused_and_finishes(run):
    script = "abc\n999\nland moon\n" + "1\n" * 400
    result = run(
        "play",
        "mlem",
        "--players",
        "3",
        "--bots",
        "2",
        "--seed",
        "3",
        "--name",
        "Ann",
        "--save",
        "human.json",
        input=script,
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert '✗ "abc" is not a move' in out
    assert "✗ There is no move 999" in out
    assert '✗ "land moon" is not possible now' in out
    refusals = [line for line in out.splitlines() if line.startswith("✗ ")]
    assert len(refusals) == 3  # one refusal per bad input, each on one line, nothing else refused
    assert "Type a number 1-" in out  # ... saying what is accepted
    assert "Ann, your move" in out
    assert "Since your last move" in out
    assert "Final scores" in out
    record = GameRecord.load("human.json")
    assert record.replay().is_terminal()
    assert json.loads(Path("human.json").read_text())["players"][0]["name"] == "Ann"


def test_bad_input_does_not_change_the_state(run):
    result = run(
        "play",
        "mlem",
        "--players",
        "2",
        "--bots",
        "1",
        "--seed",
        "4",
        "--save",
        "q.json",
        input="board nobody\n0\n\nstay\nquit\n",
    )
    assert result.exit_code == 0, result.output
    assert len([line for line in result.output.splitlines() if line.startswith("✗ ")]) == 4
    # nothing was played: no record is written (issue #20, item 10)
    assert "No move was played: no record saved." in result.output
    assert not Path("q.json").exists()


def test_quit_saves_the_record_so_far(run):
    result = run("play", "mlem", "--players", "3", "--bots", "2", "--seed", "2", input="1\n1\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Quit: the game so far is saved." in result.output
    saved = list(Path("records").glob("mlem-*-seed2.json"))
    assert len(saved) == 1
    assert str(saved[0]) in result.output
    record = GameRecord.load(saved[0])
    assert record.actions[0] == "board satellite"
    assert not record.replay().is_terminal()


def test_end_of_input_quits_cleanly_and_saves(run):
    result = run(
        "play", "mlem", "--players", "3", "--bots", "2", "--seed", "2", "--save", "eof.json", input="1\n"
    )
    assert result.exit_code == 0, result.output
    assert "End of input: the game so far is saved." in result.output
    assert "Traceback" not in result.output
    assert GameRecord.load("eof.json").actions[0] == "board satellite"


def test_help_inside_the_game(run):
    result = run(
        "play",
        "mlem",
        "--players",
        "2",
        "--bots",
        "1",
        "--seed",
        "4",
        "--save",
        "h.json",
        input="help\nquit\n",
    )
    assert result.exit_code == 0
    assert "Commands" in result.output and "Reading the mat" in result.output


def test_hot_seat_players_take_turns(run):
    result = run(
        "play",
        "mlem",
        "--players",
        "2",
        "--bots",
        "0",
        "--seed",
        "8",
        "--name",
        "Ann",
        "--name",
        "Bob",
        "--save",
        "hs.json",
        input="1\n1\n1\nquit\n",
    )
    assert result.exit_code == 0, result.output
    assert "Ann's turn" in result.output and "Bob's turn" in result.output
    assert GameRecord.load("hs.json").actions[:2] == ["board satellite", "board satellite"]


def test_replay_steps_interactively_and_jumps(run, bot_record):
    shutil.copy(bot_record, "r.json")
    result = run("replay", "r.json", input="\n\n12\nxyz\n3\nq\n")
    assert result.exit_code == 0, result.output
    out = result.output
    for step in ("Step 0/", "Step 1/", "Step 2/", "Step 12/", "Step 3/"):
        assert step in out
    assert '✗ "xyz" is not understood' in out


def test_replay_to_shows_the_state_after_n_actions(run, bot_record):
    shutil.copy(bot_record, "r.json")
    result = run("replay", "r.json", "--to", "10")
    assert result.exit_code == 0
    assert "Step 10/" in result.output and "Step 11/" not in result.output
    too_far = run("replay", "r.json", "--to", "100000")
    assert too_far.exit_code == 2
    assert "the record has" in too_far.output


def test_replay_refuses_a_tampered_record(run, bot_record):
    shutil.copy(bot_record, "r.json")
    data = json.loads(Path("r.json").read_text())
    data["actions"][0] = "board navigator" if data["actions"][0] != "board navigator" else "board helper"
    Path("t.json").write_text(json.dumps(data))
    result = run("replay", "t.json", "--all")
    assert result.exit_code == 2
    assert "digest" in result.output
    assert "Traceback" not in result.output


def test_replay_refuses_corrupt_and_missing_files(run):
    Path("c.json").write_text("{not json")
    result = run("replay", "c.json")
    assert result.exit_code == 2
    assert "not valid JSON" in result.output
    missing = run("replay", "missing.json")
    assert missing.exit_code == 2
    assert "no such file" in missing.output


def test_replay_of_a_record_with_an_unplayable_action(run, bot_record):
    shutil.copy(bot_record, "r.json")
    data = json.loads(Path("r.json").read_text())
    del data["digest"]  # a hand-edited record, loaded without the digest check
    data["actions"][3] = "land moon"
    Path("u.json").write_text(json.dumps(data))
    result = run("replay", "u.json")
    assert result.exit_code == 2
    assert "action #4 'land moon' cannot be replayed" in result.output


def test_a_bug_mid_game_is_reported_without_traceback_and_the_game_is_kept(run, monkeypatch):
    from cosmotable.bots.heuristic import HeuristicBot

    def broken(self, state):
        raise RuntimeError("boom")

    monkeypatch.delenv("COSMOTABLE_DEBUG", raising=False)
    monkeypatch.setattr(HeuristicBot, "act", broken)
    result = run(
        "play", "mlem", "--players", "2", "--bots", "1", "--seed", "4", "--save", "bug.json", input="1\n"
    )
    assert result.exit_code == 3
    assert "internal error (RuntimeError: boom)" in result.output
    assert "Traceback" not in result.output
    assert GameRecord.load("bug.json").actions == ["board satellite"]
