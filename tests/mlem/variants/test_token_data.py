"""The variant token files as data: validation names the offending entry, and a bad file given as a
game option is refused with a ConfigError before any game starts."""

import copy

import pytest
from mlem_helpers import GAME
from mlem_variant_helpers import discovery, expedition, token_file

from cosmotable.engine import save_state
from cosmotable.engine.errors import ConfigError
from cosmotable.games.mlem.board import default_mat
from cosmotable.games.mlem.tokens import TOKEN_FILES, default_token_data, token_problems

MAT = default_mat()


def default(option):
    return copy.deepcopy(default_token_data(option))


def problems(option, data):
    return token_problems(option, data, MAT)


@pytest.mark.parametrize("option", sorted(TOKEN_FILES))
def test_token_data_the_packaged_files_are_valid(option):
    assert problems(option, default(option)) == []


def test_token_data_the_packaged_sets_have_the_rulebook_counts():
    tokens = GAME.new_state(num_players=2).tokens
    assert len(tokens.expedition) == 14 and tokens.ufo_points == (5, 4, 3, 2, 1)
    assert len(tokens.discoveries) == 20 and len(tokens.missions) == 20
    assert tokens.mission_points == (0, 2, 5, 10)
    kinds = [t.kind for t in tokens.discoveries.values()]
    assert {k: kinds.count(k) for k in set(kinds)} == {"points": 11, "die_return": 5, "wormhole": 4}
    assert (
        sorted(t.points for t in tokens.discoveries.values() if t.kind == "points")
        == [1] * 4 + [2] * 4 + [3] * 3
    )
    assert {t.dice for t in tokens.expedition.values()} == {4, 5, 6}
    assert {t.ufo_move for t in tokens.expedition.values()} == {0, 1, 2, 3}
    assert {t.ability for t in tokens.expedition.values()} == {"extra", "keep", "reroll"}


@pytest.mark.parametrize("option", sorted(TOKEN_FILES))
def test_token_data_header_and_shape(option):
    data = default(option)
    data["format"] = "something-else"
    del data["source"]
    found = problems(option, data)
    assert any(p.startswith("format:") for p in found) and any(p.startswith("source:") for p in found)
    assert problems(option, "not a table") == [f"{option}: must be the contents of a token file (a table)"]


# ------------------------------------------------------------------ expedition tokens
def test_token_data_expedition_duplicate_id_is_named():
    data = default("expedition_tokens")
    data["token"][3]["id"] = "x01"
    assert "token 'x01': duplicate id" in problems("expedition_tokens", data)


@pytest.mark.parametrize(
    "change, message",
    [
        ({"ability": "teleport"}, "token 'x02': 'ability' must be one of extra, keep, reroll"),
        ({"dice": 7}, "token 'x02': 'dice' must be 1..6"),
        ({"dice": 0}, "token 'x02': 'dice' must be 1..6"),
        ({"ufo_move": -1}, "token 'x02': 'ufo_move' must be a non-negative integer"),
        ({"ufo_move": True}, "token 'x02': 'ufo_move' must be a non-negative integer"),
        ({"extra_dice": ["A"]}, "token 'x02': 'extra_dice' only belongs on an 'extra' token"),
        ({"ability": "extra"}, "token 'x02': an 'extra' token must list its 'extra_dice' faces"),
        (
            {"ability": "extra", "extra_dice": []},
            "token 'x02': an 'extra' token must list its 'extra_dice' faces",
        ),
        ({"ability": "extra", "extra_dice": ["7"]}, "token 'x02': unknown extra die face '7'"),
    ],
)
def test_token_data_expedition_entry_problems_name_the_entry(change, message):
    data = default("expedition_tokens")
    data["token"][1].update(change)  # x02: keep
    found = problems("expedition_tokens", data)
    assert len(found) == 1 and found[0].startswith(message), found


def test_token_data_expedition_entries_without_an_id_are_numbered():
    data = token_file("expedition_tokens", [expedition("a"), {"dice": 6}])
    assert problems("expedition_tokens", data) == ["token #2: needs a non-empty string 'id'"]
    assert problems("expedition_tokens", token_file("expedition_tokens", [])) == [
        "token: no [[token]] entries"
    ]


# ------------------------------------------------------------------ UFO tokens
@pytest.mark.parametrize("points", [[], [5, -1], [5, "4"], "5,4", [5, True]])
def test_token_data_ufo_points_must_be_a_list_of_points(points):
    data = default("ufo_tokens")
    data["points"] = points
    assert problems("ufo_tokens", data) == [
        "points: must list the UFO tokens' points, top of the stack first"
    ]


# ------------------------------------------------------------------ discoveries
@pytest.mark.parametrize("space", [0, 26, -3, "7", None])
def test_token_data_discovery_on_a_space_off_the_mat_is_named(space):
    data = default("discoveries")
    data["token"][4]["space"] = space  # d05
    assert problems("discoveries", data) == ["token 'd05': 'space' must be a space of the mat, 1..25"]


def test_token_data_two_discoveries_on_one_space_are_refused_naming_both():
    data = default("discoveries")
    data["token"][4]["space"] = 17  # d05 onto d01's space
    assert problems("discoveries", data) == ["token 'd05': space 17 already holds 'd01'; one token per space"]


@pytest.mark.parametrize(
    "change, message",
    [
        ({"kind": "black_hole"}, "token 'd12': 'kind' must be one of points, die_return, wormhole"),
        ({"kind": "points"}, "token 'd12': a points token needs positive 'points'"),
        ({"kind": "points", "points": 0}, "token 'd12': a points token needs positive 'points'"),
    ],
)
def test_token_data_discovery_kind_problems_name_the_entry(change, message):
    data = default("discoveries")
    data["token"][11].update(change)  # d12: die return
    assert problems("discoveries", data) == [message]


# ------------------------------------------------------------------ missions
def test_token_data_mission_naming_a_missing_moon_or_planet_is_named():
    data = default("missions")
    data["mission"][0]["target"] = "moon-99-1"
    data["mission"][12]["target"] = "atlantis"
    assert problems("missions", data) == [
        "mission 's01': names moon 'moon-99-1', which is not on the mat",
        "mission 's13': names planet 'atlantis', which is not on the mat",
    ]


@pytest.mark.parametrize("spaces", [[7], [8, 9], [], "8", None])
def test_token_data_mission_spaces_must_match_the_mat(spaces):
    data = default("missions")
    data["mission"][1]["spaces"] = spaces  # s02: moon-8-3, reached from space 8
    found = problems("missions", data)
    assert len(found) == 1 and found[0].startswith(f"mission 's02': 'spaces' {spaces!r} must be the spaces")
    assert found[0].endswith("[8]")


@pytest.mark.parametrize("points", [[0, 2, 5], [0, 2, 5, 10, 20], [0, 2, "5", 10], None])
def test_token_data_mission_points_must_be_four_integers(points):
    data = default("missions")
    data["points"] = points
    assert problems("missions", data) == [
        "points: must be 4 integers, the points for 0, 1, 2 and 3 completed missions"
    ]


def test_token_data_mission_kind_and_duplicates_are_named():
    data = default("missions")
    data["mission"][2]["kind"] = "comet"
    data["mission"][5]["id"] = "s05"
    assert sorted(problems("missions", data)) == [
        "mission 's03': 'kind' must be 'moon' or 'planet'",
        "mission 's05': duplicate id",
    ]


# ------------------------------------------------------------------ as game options
def bad_missions():
    data = default("missions")
    data["mission"][0]["target"] = "moon-99-1"
    return data


@pytest.mark.parametrize(
    "option, data, named",
    [
        ("missions", bad_missions(), "mission 's01'"),
        (
            "discoveries",
            token_file("discoveries", [discovery("a", "points", 6, 1), discovery("b", "wormhole", 6)]),
            "token 'b'",
        ),
        ("expedition_tokens", token_file("expedition_tokens", [expedition("a", ability="fly")]), "token 'a'"),
        ("ufo_tokens", token_file("ufo_tokens", points=[]), "points:"),
        ("missions", "missions.toml", "must be the contents of a token file"),
    ],
)
def test_token_data_new_state_with_a_bad_token_option_raises_config_error(option, data, named):
    with pytest.raises(ConfigError, match=f"option '{option}' has problems") as info:
        GAME.new_state(num_players=3, variants=["ufo", "discovery", "secret_missions"], **{option: data})
    assert named in str(info.value)


def test_token_data_a_bad_option_is_refused_even_without_its_variant():
    with pytest.raises(ConfigError, match="mission 's01'"):
        GAME.new_state(num_players=3, missions=bad_missions())


def test_token_data_too_few_missions_for_the_players_is_a_config_error():
    data = default("missions")
    data["mission"] = data["mission"][:11]
    GAME.new_state(num_players=2, variants=["secret_missions"], missions=data)  # 8 needed: fine
    with pytest.raises(ConfigError, match="3 players need 12 mission tokens, the set has 11"):
        GAME.new_state(num_players=3, variants=["secret_missions"], missions=data)
    GAME.new_state(num_players=5, variants=["secret_missions"])  # 20 of 20


def test_token_data_a_valid_custom_set_replaces_the_default():
    s = GAME.new_state(
        num_players=2,
        variants=["ufo"],
        expedition_tokens=token_file("expedition_tokens", [expedition("only", dice=4)]),
    )
    assert [str(a) for a, _ in s.chance_outcomes()] == ["reveal-expedition only"]
    assert len(s.tokens.discoveries) == 20  # the other sets stay the defaults


@pytest.mark.parametrize(
    "change, message",
    [
        ({"target": ["rubin"]}, "mission 's11': names planet ['rubin'], which is not on the mat"),
        ({"target": {"id": "rubin"}}, "mission 's11': names planet {'id': 'rubin'}, which is not on the mat"),
        (
            {"spaces": [7, "8"]},
            "mission 's11': 'spaces' [7, '8'] must be the spaces planet 'rubin' is reached from: [7]",
        ),
        (
            {"spaces": ["7"]},
            "mission 's11': 'spaces' ['7'] must be the spaces planet 'rubin' is reached from: [7]",
        ),
    ],
)
def test_token_data_mission_values_of_the_wrong_type_are_reported_not_crashed_on(change, message):
    data = default("missions")
    data["mission"][10].update(change)  # s11: Rubin
    assert problems("missions", data) == [message]
    with pytest.raises(ConfigError, match="mission 's11'"):
        GAME.new_state(num_players=2, variants=["secret_missions"], missions=data)


@pytest.mark.parametrize("entries", [5, None, {"id": "s01"}, []])
def test_token_data_a_missing_or_malformed_mission_list_is_one_problem(entries):
    data = default("missions")
    data["mission"] = entries
    assert problems("missions", data) == ["mission: no [[mission]] entries"]


def test_token_data_a_game_with_custom_token_sets_replays_from_its_record():
    import json

    from mlem_helpers import board_all, roll

    from cosmotable.engine import load_state

    options = {
        "expedition_tokens": token_file("expedition_tokens", [expedition("park", ufo_move=15)]),
        "discoveries": token_file(
            "discoveries", [discovery("w7", "wormhole", 7), discovery("r11", "die_return", 11)]
        ),
    }
    s = GAME.new_state(num_players=3, seed=77_777_777_777, variants=["ufo", "discovery"], **options)
    s.apply_all(["reveal-discovery w7", "reveal-discovery r11", "reveal-expedition park"])
    board_all(s, ["moon_expert", "planet_expert", "deep_space_expert"])
    roll(s, "1,2,2,2,3,3")
    s.apply("travel 1,2")  # 0 -> 7, wormhole to 11 (UFO there), die return: 3 dice
    assert (s.position, s.dice, s.ufo.taken) == (11, 3, [[5], [], []])
    again = load_state(json.dumps(save_state(s)))
    assert again.fingerprint() == s.fingerprint()
