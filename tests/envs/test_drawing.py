"""`rgb_array` draws the table (cosmotable.envs.drawing) from a view: a fixed-size RGB picture that
is the same for the same state, changes with the table, and is identical for states that differ
only in what the view hides (other hands, face-down tiles, secret missions)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from cosmotable.envs.common import Session
from cosmotable.envs.drawing import DPI, FIGSIZE, draw_view
from cosmotable.envs.gym import SingleAgentEnv
from cosmotable.envs.pettingzoo import kosmodrom_v0, mlem_v0, planet_v0

SHAPE = (int(FIGSIZE[1] * DPI), int(FIGSIZE[0] * DPI), 3)
# Configurations with hidden information: secret missions and face-down tokens, hands and deck,
# face-down tiles.
GAMES = [
    ("mlem", 3, ("ufo", "discovery", "secret_missions")),
    ("kosmodrom", 3, ("negotiation",)),
    ("planet", 3, ()),
]


def played(game_id, n, variants, steps, seed=0) -> Session:
    session = Session(game_id, n, variants)
    session.seed(seed)
    session.new_game()
    rng = random.Random(seed)
    for _ in range(steps):
        if session.is_over():
            break
        legal = np.flatnonzero(session.mask())
        session.apply_index(int(legal[rng.randrange(len(legal))]))
    return session


def colours(image: np.ndarray) -> np.ndarray:
    """Each pixel's RGB as one number: counting distinct colours among these is the same count as
    `np.unique(rows, axis=0)`, whose row sort took a fifth of this file's time."""
    return image.reshape(-1, 3).astype(np.uint32) @ np.array([1 << 16, 1 << 8, 1], dtype=np.uint32)


@pytest.mark.parametrize("game_id,n,variants", GAMES, ids=[g[0] for g in GAMES])
def test_picture_shape_is_fixed_and_the_same_state_draws_the_same(game_id, n, variants):
    early, later = played(game_id, n, variants, 5), played(game_id, n, variants, 60)
    for session in (early, later):
        for seat in (None, 0, n - 1):
            image = session.picture(seat)
            assert image.shape == SHAPE and image.dtype == np.uint8
            assert np.array_equal(image, session.picture(seat))
            assert len(np.unique(colours(image))) > 20  # a drawing, not a blank
    # the table changed between the two states, and so does its picture
    assert not np.array_equal(early.picture(None), later.picture(None))


@pytest.mark.parametrize("game_id,n,variants", GAMES, ids=[g[0] for g in GAMES])
def test_nothing_hidden_is_drawn(game_id, n, variants):
    """A determinization redraws what `seat` cannot see; `seat`'s picture and the spectator's
    stay pixel for pixel the same, while the redrawn states do differ for the other seats."""
    differs = 0
    for seed in range(3):
        session = played(game_id, n, variants, 40, seed=seed)
        state = session.state
        seat = max(state.current_player(), 0)
        own, public = session.picture(seat), session.picture(None)
        for k in range(2):
            other = state.resample_for(seat, random.Random(seed * 10 + k))
            others = [s for s in range(n) if s != seat]
            differs += any(other.view(s) != state.view(s) for s in others)
            session.state = other
            assert np.array_equal(session.picture(seat), own)
            assert np.array_equal(session.picture(None), public)
            session.state = state
    assert differs > 0  # the hidden parts really were redrawn, so the test can fail


def test_a_seat_sees_its_own_hand_the_spectator_only_its_size():
    """Kosmodrom: the seat's picture names its cards; the spectator's shows card backs only, so
    the two pictures differ (and the spectator's does not change with the hand's contents, above)."""
    session = played("kosmodrom", 2, (), 10)
    assert session.state.view(0)["hand"]
    assert not np.array_equal(session.picture(0), session.picture(None))


def test_envs_render_the_drawing():
    env = mlem_v0.env(num_players=2, render_mode="rgb_array")
    env.reset(seed=3)
    unwrapped = env.unwrapped
    title = "MLEM: Space Agency: spectator's view"
    assert np.array_equal(env.render(), draw_view("mlem", unwrapped.engine_state.public_view(), title))
    for module in (kosmodrom_v0, planet_v0):
        env = module.env(num_players=2, render_mode="rgb_array")
        env.reset(seed=1)
        assert env.render().shape == SHAPE
    gym_env = SingleAgentEnv(
        "planet", opponents=["random"], render_mode="rgb_array", options={"max_turns": 40}
    )
    gym_env.reset(seed=2)
    assert np.array_equal(
        gym_env.render(), draw_view("planet", gym_env.engine_state.view(0), "Planet: seat 0's view")
    )


def test_unknown_game_is_refused_with_the_drawn_games():
    with pytest.raises(KeyError, match="drawn games: mlem, kosmodrom, planet"):
        draw_view("chess", {})
