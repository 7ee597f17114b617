"""Records and save files: exact replay, and clear RecordErrors for anything damaged."""

import json
import random

import pytest

from cosmotable import games
from cosmotable.engine import GameConfig, GameRecord, RecordError, load_state, replay, save_state

GAME = games.get("mlem")


def played(steps=120, seed=123_456_789, players=3):
    s = GAME.new_state(num_players=players, seed=seed)
    rng = random.Random(seed)
    while not s.is_terminal() and len(s.history) < steps:
        if s.is_chance_node():
            s.sample_chance()
        else:
            s.apply(rng.choice(s.legal_actions()))
    return s


def test_record_to_json_from_json_and_replay_give_the_identical_state():
    s = played()
    data = save_state(s)
    assert data["format"] == "cosmotable-record" and data["version"] == 1
    assert data["game"] == "mlem" and data["seed"] == s.seed and len(data["actions"]) == len(s.history)
    record = GameRecord.from_json(json.loads(json.dumps(data)))
    again = record.replay()
    assert again.fingerprint() == s.fingerprint() and again.history == s.history
    assert again.events == s.events
    assert load_state(data).fingerprint() == s.fingerprint()
    assert load_state(json.dumps(data)).fingerprint() == s.fingerprint()
    assert replay("mlem", s.config, s.seed, data["actions"]).fingerprint() == s.fingerprint()


def test_record_of_a_finished_game_replays_to_the_same_result():
    s = played(steps=10_000)
    assert s.is_terminal()
    again = load_state(save_state(s))
    assert again.is_terminal() and again.scores() == s.scores() and again.winners() == s.winners()


def test_record_replay_upto_gives_each_intermediate_state():
    s = played(steps=40)
    record = GameRecord.from_state(s)
    for upto in (0, 1, 17, 40):
        prefix = GAME.new_state(num_players=3, seed=s.seed)
        prefix.apply_all(s.history[:upto])
        assert record.replay(upto).fingerprint() == prefix.fingerprint()


def test_record_save_and_load_a_file(tmp_path):
    s = played()
    path = GameRecord.from_state(s).save(tmp_path / "saves" / "game.json")
    assert path.exists() and not list(tmp_path.rglob("*.tmp"))
    assert load_state(path).fingerprint() == s.fingerprint()
    assert GameRecord.load(path).replay().fingerprint() == s.fingerprint()


def test_record_with_a_board_option_replays_on_that_board():
    import copy

    from cosmotable.games.mlem.board import default_mat_data

    board = copy.deepcopy(default_mat_data())
    board["deep_space"]["comet_points"] = 9
    s = GAME.new_state(num_players=2, seed=4, board=board)
    again = load_state(json.loads(json.dumps(save_state(s))))
    assert again.mat.comet_points == 9 and again.fingerprint() == s.fingerprint()


def test_tampered_record_is_refused_naming_the_digest():
    data = save_state(played())
    data["actions"][5] = "stay" if data["actions"][5] != "stay" else "return"
    with pytest.raises(RecordError, match="digest"):
        GameRecord.from_json(data)
    data = save_state(played())
    data["seed"] += 1
    with pytest.raises(RecordError, match="digest"):
        load_state(data)


def test_record_without_a_digest_is_accepted_as_hand_edited():
    s = played()
    data = save_state(s)
    del data["digest"]
    assert load_state(data).fingerprint() == s.fingerprint()


def test_malformed_json_is_a_record_error():
    with pytest.raises(RecordError, match="not valid JSON"):
        GameRecord.loads('{"format": "cosmotable-record", ')
    with pytest.raises(RecordError, match="not valid JSON"):
        load_state("not json at all")


@pytest.mark.parametrize(
    "change, message",
    [
        ({"format": "chess-pgn"}, "format"),
        ({"version": 99}, "version"),
        ({"game": 7}, "game"),
        ({"seed": -1}, "seed"),
        ({"seed": "12"}, "seed"),
        ({"seed": True}, "seed"),
        ({"actions": "board helper"}, "actions"),
        ({"actions": [1, 2]}, "actions"),
        ({"config": {"num_players": "3"}}, "config"),
        ({"config": []}, "config"),
    ],
)
def test_structurally_wrong_record_is_a_record_error_naming_the_field(change, message):
    data = save_state(played(steps=10))
    del data["digest"]
    data.update(change)
    with pytest.raises(RecordError, match=message):
        GameRecord.from_json(data)


def test_a_record_must_be_an_object():
    with pytest.raises(RecordError, match="JSON object"):
        GameRecord.from_json([1, 2, 3])


def test_record_of_an_unknown_game_or_bad_config_is_a_record_error():
    with pytest.raises(RecordError, match="unknown game 'chess'"):
        GameRecord("chess", GameConfig(2), 1, []).replay()
    with pytest.raises(RecordError, match="config"):
        GameRecord("mlem", GameConfig(9), 1, []).replay()
    with pytest.raises(RecordError, match="config"):
        GameRecord("mlem", GameConfig(2, frozenset({"ufos"})), 1, []).replay()


def test_illegal_action_in_a_record_is_a_record_error_naming_the_action_number():
    s = played(steps=20)
    actions = [str(a) for a in s.history]
    bad = [*actions[:6], "land deep +1", *actions[6:]]
    data = GameRecord("mlem", s.config, s.seed, bad).to_json()  # a valid digest over bad content
    with pytest.raises(RecordError, match=r"action #7 'land deep \+1'"):
        load_state(data)
    unreadable = GameRecord("mlem", s.config, s.seed, [*actions[:3], "fly away"]).to_json()
    with pytest.raises(RecordError, match="action #4 'fly away'"):
        load_state(unreadable)


def test_missing_save_file_is_a_record_error(tmp_path):
    with pytest.raises(RecordError, match="no such file"):
        GameRecord.load(tmp_path / "nope.json")
    (tmp_path / "bad.json").write_text("{oops", encoding="utf-8")
    with pytest.raises(RecordError, match="bad.json.*not valid JSON"):
        load_state(tmp_path / "bad.json")


def test_apply_with_the_wrong_seat_is_refused_and_changes_nothing():
    from cosmotable import games
    from cosmotable.engine import IllegalAction

    s = games.get("mlem").new_state(num_players=3, seed=5)
    before = s.fingerprint()
    with pytest.raises(IllegalAction, match="seat 0's turn, not seat 2's"):
        s.apply("board helper", seat=2)
    assert s.fingerprint() == before
    s.apply("board helper", seat=0)
    assert s.current_player() == 1


def test_resample_for_in_a_game_without_hidden_information_is_an_identical_copy():
    import random

    from cosmotable import games

    s = games.get("mlem").new_state(num_players=2, seed=5)
    s.apply("board helper")
    copy = s.resample_for(1, random.Random(0))
    assert copy is not s and copy.fingerprint() == s.fingerprint()


def test_state_from_json_restores_any_game_and_refuses_a_tampered_save():

    for game_id in games.ids():
        s = games.get(game_id).new_state(num_players=2, seed=21)
        rng = random.Random(2)
        for _ in range(40):
            if s.is_terminal():
                break
            s.apply(rng.choice(s.legal_actions()))
        data = save_state(s)
        assert load_state(data).fingerprint() == s.fingerprint()
        data["seed"] += 1
        with pytest.raises(RecordError, match="digest"):
            load_state(data)
