"""Planet research environments: encoding round trips, a leak-free observation, PettingZoo,
Gymnasium and OpenSpiel (random_sim_test, resampling obelisk peeks, MCTS and IS-MCTS bots)."""

from __future__ import annotations

import random

import numpy as np
import pytest
from envs_helpers import (
    check_encoding_at,
    check_enumeration,
    check_gym_env_and_episode,
    check_resamples,
    play_openspiel,
    random_states,
)

from cosmotable import games
from cosmotable.envs.encodings import encoding_for

GAME = games.get("planet")
SETUPS = [(2, ()), (3, ()), (4, ()), (4, ("teams",))]


def enc_for(num_players=2, variants=(), **options):
    return encoding_for("planet", GAME.make_config(num_players, list(variants), **options))


def random_game(num_players, variants, seed, claims=True, max_turns=None):
    """Every state of one random game; `claims=False` avoids the 'no one can get the last coin'
    claim (random seats agree to it quickly), so games run longer and reach more tiles."""
    options = {} if max_turns is None else {"max_turns": max_turns}
    avoid = () if claims else ("claim", "agree")
    return random_states(GAME, num_players, variants, seed, options, avoid)


def test_enumeration_is_canonical_and_from_the_layout():
    enc = enc_for()
    assert len(enc.cells) == 56 + 24 and len(enc.ring) == 36 + 24
    check_enumeration(enc)
    assert enc_for(4, ("teams",)).actions == enc.actions
    assert enc_for(3).observation_size == enc.observation_size


@pytest.mark.parametrize("num_players,variants", SETUPS, ids=lambda x: str(x))
def test_every_legal_action_and_chance_outcome_round_trips(num_players, variants):
    enc = enc_for(num_players, variants, max_turns=120)
    kinds = set()
    for seed in range(3):
        for state in random_game(num_players, variants, seed, claims=seed == 0, max_turns=120):
            check_encoding_at(enc, state, num_players, kinds, observe=len(state.history) % 7 == 0)
    assert {"move", "sail", "go"} <= kinds


def _mid_game(seed=2, num_players=3):
    for state in random_game(num_players, (), seed, claims=False):
        if len(state.history) > 40 and not state.is_chance_node():
            return state
    raise AssertionError("the game ended too early")


def test_observation_does_not_leak_a_peek_by_another_seat():
    """Two states differing only in the kind of a face-down tile that seat 1 looked at with an
    obelisk: seat 0 and seat 2 see the same observation, seat 1 does not."""
    state = _mid_game()
    cell = next(c for c in sorted(state.back) if c[0] == "p" and c not in state.tile)
    colour = state.back[cell]
    kinds = [k for k, _ in state.draw_distribution(colour)]
    assert len(kinds) >= 2
    worlds = []
    for kind in kinds[:2]:
        other = state.clone()
        other.fix_tile(cell, kind, 0)
        other.seen[cell] = {1}
        worlds.append(other)
    enc = enc_for(3)
    a, b = worlds
    for seat in (0, 2):
        assert np.array_equal(enc.observe(a.view(seat), seat), enc.observe(b.view(seat), seat))
    assert not np.array_equal(enc.observe(a.view(1), 1), enc.observe(b.view(1), 1))


def _with_foreign_peek(num_players=2):
    """(seed, state) of a random game at a decision where some other seat has peeked at a tile
    that is still face down."""
    for seed in range(200):
        for state in random_game(num_players, (), seed, claims=False):
            if state.is_terminal():
                break
            if state.is_chance_node():
                continue
            me = state.current_player()
            if any(c not in state.revealed and me not in seen for c, seen in state.seen.items()):
                return seed, state
    raise AssertionError("no obelisk peek in 200 random games")


def test_observation_is_unchanged_by_resampling():
    _seed, state = _with_foreign_peek()
    enc = enc_for()
    seat = state.current_player()
    rng = random.Random(1)
    changed = 0
    for _ in range(10):
        other = state.resample_for(seat, rng)
        assert np.array_equal(enc.observe(state.view(seat), seat), enc.observe(other.view(seat), seat))
        changed += other.tile != state.tile
    assert changed > 0


def test_redact_hides_the_peeked_tile():
    _seed, state = _with_foreign_peek()
    enc = enc_for()
    history = list(state.history)
    replay = GAME.state_from_config(state.config, state.seed)
    seen_hidden = False
    for action in history:
        if replay.phase in ("peek-reveal", "peek-orient"):
            peeker = replay.seat
            texts = enc.redact_all(replay, action)
            assert texts[peeker] == str(action)
            for s, t in enumerate(texts):
                if s != peeker:  # `reveal ?`; the orientation is not noticed at all
                    assert (
                        (t is None) if action.kind == "orient" else (t == f"reveal ? (peek by seat {peeker})")
                    )
            seen_hidden = True
        replay.apply(action)
    assert seen_hidden


# ---------------------------------------------------------------------------- adapters
def test_pettingzoo_api_and_seed():
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test, seed_test

    from cosmotable.envs.pettingzoo import planet_v0

    with pytest.warns(UserWarning):  # the Dict observation space of PettingZoo's classic envs
        api_test(planet_v0.env(num_players=2), num_cycles=300)
    with pytest.warns(UserWarning):
        api_test(planet_v0.env(num_players=4, variants=("teams",), render_mode="ansi"), num_cycles=300)
    seed_test(lambda: planet_v0.env(num_players=3, max_turns=40), num_cycles=200)


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_gymnasium_check_env_and_episode():
    pytest.importorskip("gymnasium")
    check_gym_env_and_episode("planet", options={"max_turns": 60})


# ---------------------------------------------------------------------------- OpenSpiel
pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python.algorithms import ismcts, mcts

from cosmotable.envs import openspiel


def test_registered_with_max_turns_and_random_sim_test():
    assert "python_cosmotable_planet" in pyspiel.registered_names()
    game = pyspiel.load_game("python_cosmotable_planet(players=3,max_turns=40)")
    assert game.get_parameters()["max_turns"] == 40
    assert game.config.options["max_turns"] == 40
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    teams = openspiel.load("planet", players=4, variants=("teams",), max_turns=30)
    pyspiel.random_sim_test(teams, num_sims=1, serialize=True, verbose=False)


def test_resample_from_infostate_redraws_other_seats_peeks():
    _seed, engine_state = _with_foreign_peek()
    game = openspiel.load("planet", players=2)
    state = openspiel.replay(game, engine_state.history)
    info = check_resamples(
        game, state, 8, lambda sample, state: sample.engine_state.tile != state.engine_state.tile
    )
    assert "reveal ? (peek by seat" in info


def test_mcts_bot_plays_a_complete_game():
    game = openspiel.load("planet", players=2, max_turns=12)
    rng = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [mcts.MCTSBot(game, 2.0, 4, evaluator, random_state=rng, solve=False) for _ in range(2)]
    state, decisions = play_openspiel(game, bots, seed=3)
    assert state.is_terminal() and decisions >= 6
    assert sum(state.returns()) == 0


def test_ismcts_bot_plays_a_complete_game():
    game = openspiel.load("planet", players=3, max_turns=12)
    rng = np.random.RandomState(4)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [ismcts.ISMCTSBot(game, evaluator, 2.0, 4, random_state=rng) for _ in range(3)]
    state, decisions = play_openspiel(game, bots, seed=4)
    assert state.is_terminal() and decisions >= 6
