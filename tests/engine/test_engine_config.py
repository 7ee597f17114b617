"""Game registry, configuration errors, seeds and the terminal state."""

import copy

import pytest

from cosmotable import games
from cosmotable.engine import CHANCE, TERMINAL, ConfigError, IllegalAction
from cosmotable.games.mlem.board import default_mat_data

GAME = games.get("mlem")


def test_games_get_returns_the_mlem_game():
    assert games.get("mlem") is GAME and GAME.id == "mlem" and "mlem" in games.ids()
    assert (GAME.min_players, GAME.max_players) == (2, 5)


def test_games_get_unknown_id_is_a_key_error_naming_the_known_games():
    with pytest.raises(KeyError, match="unknown game 'nope'.*known games: .*mlem"):
        games.get("nope")


@pytest.mark.parametrize("players", [1, 6, 0, -3, "3", 2.0, None])
def test_player_count_outside_2_to_5_is_a_config_error(players):
    with pytest.raises(ConfigError, match="2-5 players"):
        GAME.new_state(num_players=players, seed=1)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_player_counts_2_to_5_are_accepted(players):
    assert GAME.new_state(num_players=players, seed=1).num_players == players


def test_unknown_variant_is_a_config_error_naming_it():
    with pytest.raises(ConfigError, match="unknown variant.*ufos.*known: discovery, secret_missions, ufo"):
        GAME.new_state(num_players=3, seed=1, variants=["ufos"])
    with pytest.raises(ConfigError, match="unknown variant.*discoveries"):
        GAME.new_state(num_players=3, seed=1, variants={"discoveries": False})


def test_unknown_option_is_a_config_error_naming_the_known_ones():
    with pytest.raises(ConfigError, match="unknown option.*speed.*known: board"):
        GAME.new_state(num_players=3, seed=1, speed=2)


def test_a_bad_board_option_is_a_config_error_listing_its_problems():
    board = copy.deepcopy(default_mat_data())
    board["space"][4]["faces"] = ["A", "9"]
    with pytest.raises(ConfigError, match=r"board has problems(.|\n)*space 4: unknown face '9'"):
        GAME.new_state(num_players=3, seed=1, board=board)
    with pytest.raises(ConfigError, match="must be the contents of a mat file"):
        GAME.new_state(num_players=3, seed=1, board="mat.toml")


def test_a_valid_board_option_is_played_on():
    board = copy.deepcopy(default_mat_data())
    board["satellite_space"] = 4
    s = GAME.new_state(num_players=2, seed=1, board=board)
    s.apply_all(["board satellite", "board helper"])
    assert s.position == 4


@pytest.mark.parametrize("seed", [-1, "7", 1.5, True])
def test_a_seed_must_be_a_non_negative_integer(seed):
    with pytest.raises(ConfigError, match="seed"):
        GAME.new_state(num_players=2, seed=seed)


def test_without_a_seed_one_is_chosen():
    s = GAME.new_state(num_players=2)
    assert isinstance(s.seed, int) and s.seed >= 0


def test_the_same_seed_gives_the_same_chance():
    a, b = GAME.new_state(num_players=2, seed=99), GAME.new_state(num_players=2, seed=99)
    for s in (a, b):
        s.apply_all(["board helper", "board helper"])
        assert s.current_player() == CHANCE
        s.sample_chance()
    assert a.history == b.history


def test_illegal_action_at_the_terminal_state():
    s = GAME.new_state(num_players=2, seed=3)
    while not s.is_terminal():
        if s.is_chance_node():
            s.resolve_chance()
        else:
            s.apply(s.legal_actions()[0])
    assert s.current_player() == TERMINAL and s.legal_actions() == []
    before = s.fingerprint()
    with pytest.raises(IllegalAction, match="the game is over"):
        s.apply("stay")
    with pytest.raises(IllegalAction, match="not a chance node"):
        s.sample_chance()
    assert s.fingerprint() == before


def test_sample_chance_outside_a_chance_node_is_illegal():
    s = GAME.new_state(num_players=2, seed=3)
    with pytest.raises(IllegalAction, match="not a chance node"):
        s.sample_chance()


def test_injected_chance_is_used_first():
    s = GAME.new_state(num_players=2, seed=3)
    s.apply_all(["board helper", "board navigator"])
    s.inject_chance(["roll 1,1,1,1,1,1", "roll 4"])
    assert str(s.sample_chance()) == "roll 1,1,1,1,1,1"
    s.apply("travel 1")
    assert s.position == 6 and s.dice == 1
    s.apply_all(["stay", "stay"])  # space 6 has a moon: both are asked
    assert str(s.sample_chance()) == "roll 4"  # 4 does not fit space 6: a crash
    assert s.crashes == 1
