"""The MLEM variants in the terminal: flags, token files, privacy of secret missions, rules, odds."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cosmotable.engine import GameRecord

MISSION_ID = re.compile(r"\bs\d\d\b")


def dealt(path: str) -> list[list[str]]:
    """The missions dealt to each seat in a saved record (the record holds everything)."""
    return [list(hand) for hand in GameRecord.load(path).replay().missions.dealt]


def test_bots_finish_an_all_variants_game_that_saves_and_replays(run):
    result = run(
        "play",
        "mlem",
        "--players",
        "3",
        "--bots",
        "3",
        "--seed",
        "1",
        "--variants",
        "all",
        "--save",
        "v.json",
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Variants: UFO, Discovery, Secret Missions" in out
    assert "▼UFO" in out and "◆" in out  # the UFO and face-up discoveries drawn on the track
    assert "expedition token" in out
    final = out[out.index("Final scores") :]
    for part in ("ufo", "discoveries", "missions"):
        assert part in final, part
    assert "Secret missions" in final and "returned" in final  # everyone's missions at the end
    record = GameRecord.load("v.json")
    assert sorted(record.config.variants) == ["discovery", "secret_missions", "ufo"]
    assert record.replay().is_terminal()

    replay = run("replay", "v.json", "--all")
    assert replay.exit_code == 0, replay.output
    assert "Final scores" in replay.output and "Secret missions" in replay.output
    assert "(private) Felix's mission s" in replay.output  # private events say whose they are


@pytest.mark.parametrize(
    "flags, expected",
    [
        (["--variant", "ufo", "--variant", "secret-missions"], ["secret_missions", "ufo"]),
        (["--variants", "ufo,discovery,secret_missions"], ["discovery", "secret_missions", "ufo"]),
        (["--variant", "all"], ["discovery", "secret_missions", "ufo"]),
        (["--variant", "discovery"], ["discovery"]),
    ],
)
def test_variant_flags(run, flags, expected):
    result = run(
        "play",
        "mlem",
        "--players",
        "2",
        "--bots",
        "1",
        "--seed",
        "3",
        "--save",
        "f.json",
        *flags,
        input="quit\n",
    )
    assert result.exit_code == 0, result.output
    assert sorted(GameRecord.load("f.json").config.variants) == expected


def test_unknown_variant_is_a_usage_error(run):
    result = run("play", "mlem", "--bots", "3", "--variant", "zombies")
    assert result.exit_code == 2
    assert "unknown variant 'zombies'" in result.output and "secret_missions" in result.output


def test_bad_token_file_lists_every_problem(run):
    Path("bad.toml").write_text(
        'format = "mlem-expedition-tokens"\n[[token]]\nid = "x01"\nufo_move = -1\n'
        'dice = 9\nability = "zap"\n',
        encoding="utf-8",
    )
    result = run("play", "mlem", "--bots", "3", "--variant", "ufo", "--expedition-tokens", "bad.toml")
    assert result.exit_code == 1
    out = result.output
    assert "--expedition-tokens bad.toml is not a valid token file (4 problem(s))" in out
    for problem in (
        "source: say where the values come from",
        "token 'x01': 'ufo_move' must be",
        "token 'x01': 'dice' must be 1..6",
        "token 'x01': 'ability' must be one of",
    ):
        assert problem in out, problem
    assert "Traceback" not in out

    Path("broken.toml").write_text("points = [5, 4\n", encoding="utf-8")
    broken = run("play", "mlem", "--bots", "3", "--variant", "ufo", "--ufo-tokens", "broken.toml")
    assert broken.exit_code == 1 and "is not valid TOML" in broken.output
    missing = run("play", "mlem", "--bots", "3", "--variant", "secret-missions", "--missions", "none.toml")
    assert missing.exit_code == 1 and "cannot be read" in missing.output


def test_a_valid_token_file_is_played(run):
    from cosmotable.games.mlem.tokens import default_token_data

    data = dict(default_token_data("ufo_tokens"), points=[9, 8, 7, 6, 5])
    Path("ufo.json").write_text(json.dumps(data), encoding="utf-8")
    result = run(
        "play",
        "mlem",
        "--players",
        "2",
        "--bots",
        "1",
        "--seed",
        "3",
        "--save",
        "u.json",
        "--variant",
        "ufo",
        "--ufo-tokens",
        "ufo.json",
        input="quit\n",
    )
    assert result.exit_code == 0, result.output
    assert "your files for --ufo-tokens" in result.output
    assert "stack left: 9 8 7 6 5" in result.output
    assert GameRecord.load("u.json").config.options["ufo_tokens"]["points"] == [9, 8, 7, 6, 5]


def test_one_human_sees_only_their_own_missions(run):
    # Ann (seat 0) returns her first mission, then plays a couple of moves; the bots hold the others.
    result = run(
        "play",
        "mlem",
        "--players",
        "3",
        "--bots",
        "2",
        "--seed",
        "7",
        "--name",
        "Ann",
        "--variants",
        "all",
        "--save",
        "m.json",
        input="1\n1\n1\nquit\n",
    )
    assert result.exit_code == 0, result.output
    out = result.output
    hands = dealt("m.json")
    assert set(MISSION_ID.findall(out)) == set(hands[0])  # Ann's four, and no one else's
    assert "Missions   yours (secret): dealt" in out and "keep 3, return 1" in out
    assert f"return-mission {hands[0][0]}" in out
    assert f"(returned: {hands[0][0]}" in out  # her hand after the choice, with its progress
    assert "0 completed = 0 points" in out
    assert "Felix keeps 3 (hidden)" in out
    assert f"Ann is dealt a secret mission — (only you see this) it is {hands[0][0]}:" in out
    assert "Felix is dealt a secret mission (×4)" in out
    assert GameRecord.load("m.json").actions[12] == f"return-mission {hands[0][0]}"


def test_hot_seat_asks_for_enter_before_each_private_screen(run):
    # Enter for Ann, her choice, Enter for Bob, his choice; quit at the next hand-over.
    result = run(
        "play",
        "mlem",
        "--players",
        "3",
        "--bots",
        "1",
        "--seed",
        "7",
        "--name",
        "Ann",
        "--name",
        "Bob",
        "--variant",
        "secret-missions",
        "--save",
        "hs.json",
        input="\n1\n\n2\nquit\n",
    )
    assert result.exit_code == 0, result.output
    out = result.output
    hands = dealt("hs.json")
    parts = out.split("Pass the keyboard to ")
    assert len(parts) == 4  # Ann, Bob, then Ann again (where we quit)
    ann, bob = parts[1], parts[2]
    assert ann.startswith("Ann") and bob.startswith("Bob")
    assert set(MISSION_ID.findall(ann)) == set(hands[0])
    assert set(MISSION_ID.findall(bob)) == set(hands[1])
    assert "press Enter when only you can see the screen" in out
    record = GameRecord.load("hs.json")
    assert (
        f"return-mission {hands[0][0]}" in record.actions
        and f"return-mission {hands[1][1]}" in record.actions
    )


def test_rules_cover_the_variants_and_their_data(run):
    result = run("rules", "mlem")
    assert result.exit_code == 0, result.output
    out = result.output
    for topic in (
        "UFO",
        "UFO contact",
        "Discovery",
        "wormhole",
        "Secret Missions",
        "return-mission",
        "+extra",
        "+keep",
        "reroll",
    ):
        assert topic in out, topic
    for option in ("--expedition-tokens", "--ufo-tokens", "--discoveries", "--missions"):
        assert option in out, option
    assert out.count("RECONSTRUCTED") >= 4  # the mat and three reconstructed token sets
    assert "Reconstructed default, NOT the printed tokens" in out  # their own source fields


def test_odds_json_on_space_5_with_two_dice(run):
    result = run("mlem", "odds", "--space", "5", "--dice", "2", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["crash_exact"] == "4/9"  # space 5 accepts 1 and 4: each die misses with 4/6
    assert data["space"] == 5 and data["dice"] == 2
    assert abs(sum(data["farthest"].values()) + data["crash"] - 1) < 1e-9


def test_odds_table_and_tokens(run):
    result = run("mlem", "odds", "--space", "5", "--dice", "2")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "P(crash) = 4/9" in out and "44.4%" in out
    assert "P(reachable)" in out and "P(farthest)" in out and "Expected farthest advance" in out

    reroll = run("mlem", "odds", "--space", "5", "--dice", "2", "--variant-token", "reroll", "--json")
    assert json.loads(reroll.output)["crash_exact"] == "16/81"  # rerolled only when it would crash
    extra = run("mlem", "odds", "--space", "5", "--dice", "2", "--variant-token", "extra:1+2", "--json")
    assert json.loads(extra.output)["crash_exact"] == "0"  # the extra 1 always fits space 5
    by_id = run("mlem", "odds", "--space", "9", "--variant-token", "x03")  # x03: reroll, 5 dice
    assert by_id.exit_code == 0 and "5 dice, token x03 (reroll)" in by_id.output
    bad = run("mlem", "odds", "--space", "9", "--dice", "2", "--variant-token", "x99")
    assert bad.exit_code == 2 and "not a token id" in bad.output
    missing = run("mlem", "odds", "--dice", "2")
    assert missing.exit_code == 2 and "--space" in missing.output


def test_odds_all_writes_a_heat_map(run, tmp_path):
    png = tmp_path / "heat.png"
    result = run("mlem", "odds", "--all", "--png", str(png))
    assert result.exit_code == 0, result.output
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert str(png) in result.output.replace("\n", "")
    assert "6 dice" in result.output


def test_odds_help_explains_the_enumeration(run):
    out = run("mlem", "odds", "--help").output
    assert "multiset" in out and "exact" in out and "reroll" in out


def test_a_human_never_sees_another_seats_secrets(run):
    # 40 moves of Ann's (bots deal, choose, reveal, take tokens meanwhile), then quit.
    result = run(
        "play",
        "mlem",
        "--players",
        "3",
        "--bots",
        "2",
        "--seed",
        "2",
        "--name",
        "Ann",
        "--variants",
        "all",
        "--save",
        "part.json",
        input="1\n" * 40 + "quit\n",
    )
    assert result.exit_code == 0, result.output
    out = result.output
    hands = dealt("part.json")
    assert set(MISSION_ID.findall(out)) == set(hands[0])
    assert "(private)" not in out and "(only you see this)" in out
    assert "?×1" in out  # a bot's face-down token: counted, its value hidden
    state = GameRecord.load("part.json").replay()
    assert state.expedition > 2  # far enough for bots to fly and take face-down tokens
