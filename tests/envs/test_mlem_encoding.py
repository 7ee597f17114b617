"""MLEM encoding: fixed enumerations that round-trip every legal action, and a leak-free observation."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest
from envs_helpers import (
    ALL_VARIANTS,
    VARIANT_SETS,
    check_enumeration,
    check_observation_kept_by_resampling,
    random_states,
)

from cosmotable import games
from cosmotable.envs.common import OBS_HIGH
from cosmotable.envs.encodings import encoding_for

GAME = games.get("mlem")
DOC = Path(__file__).resolve().parents[2] / "docs" / "observations.md"


def enc_for(num_players=2, variants=()):
    return encoding_for("mlem", GAME.make_config(num_players, list(variants)))


def test_enumeration_sizes_and_texts_are_canonical():
    enc = enc_for()
    assert enc.num_actions == 3126
    assert enc.num_chance_outcomes == 461 + 14 + 20 + 20
    check_enumeration(enc)
    # The encoding does not depend on the player count or the variants in play.
    assert enc_for(5, ALL_VARIANTS).actions == enc.actions
    assert enc_for(5, ALL_VARIANTS).observation_size == enc.observation_size


@pytest.mark.parametrize("variants", VARIANT_SETS, ids=lambda v: "+".join(v) or "base")
@pytest.mark.parametrize("num_players", [2, 3, 5])
def test_every_legal_action_and_chance_outcome_round_trips(num_players, variants):
    enc = enc_for(num_players, variants)
    kinds = set()
    for seed in range(2):
        for state in random_states(GAME, num_players, variants, seed=100 * num_players + seed):
            if state.is_terminal():
                assert not enc.action_mask(state).any()
                continue
            if state.is_chance_node():
                probs = {}
                for outcome, p in state.chance_outcomes():
                    i = enc.chance_to_index(outcome)
                    assert enc.index_to_chance(i) == outcome
                    probs[i] = p
                assert len(probs) == len(state.chance_outcomes())
                continue
            legal = state.legal_actions()
            indices = [enc.action_to_index(a) for a in legal]
            assert len(set(indices)) == len(legal)
            for i, action in zip(indices, legal, strict=True):
                assert enc.index_to_action(i) == action
                kinds.add(action.kind)
            mask = enc.action_mask(state)
            assert mask.dtype == np.int8 and mask.sum() == len(legal)
            assert sorted(np.flatnonzero(mask).tolist()) == sorted(indices)
    assert {"board", "travel", "land"} <= kinds


@pytest.mark.parametrize("variants", [(), ALL_VARIANTS], ids=["base", "all"])
@pytest.mark.parametrize("num_players", [2, 4, 5])
def test_observation_has_fixed_length_and_finite_bounded_values(num_players, variants):
    enc = enc_for(num_players, variants)
    for state in random_states(GAME, num_players, variants, seed=7 + num_players):
        for seat in range(num_players):
            obs = enc.observe(state.view(seat), seat)
            assert obs.dtype == np.float32
            assert obs.shape == (enc.observation_size,)
            assert np.isfinite(obs).all()
            assert obs.min() >= 0.0 and obs.max() <= OBS_HIGH


@pytest.mark.parametrize(
    "num_players,variants", [(2, ()), (3, ALL_VARIANTS), (5, ("secret_missions",)), (4, ("ufo", "discovery"))]
)
def test_fast_observation_equals_the_one_built_from_the_view(num_players, variants):
    """`observe_state` reads the state directly (the environments' fast path); it must equal the
    vector built from `state.view(seat)` on every state and for every seat, so it shows nothing
    the view hides (other seats' face-down tokens and missions) and misses nothing it shows."""
    enc = enc_for(num_players, variants)
    compared = 0
    for seed in range(3):
        for state in random_states(GAME, num_players, variants, seed):
            for seat in range(num_players):
                fast = enc.observe_state(state, seat)
                assert fast.dtype == np.float32
                assert np.array_equal(fast, enc.observe(state.view(seat), seat)), (
                    seed,
                    seat,
                    state.history[-3:],
                )
                compared += 1
    assert compared > 300


def test_observation_is_seat_relative():
    """Own seat first: in a 2-player launch, the seat to act always sees 'to_act = relative 0'."""
    enc = enc_for(2)
    state = GAME.new_state(2, seed=3)
    seg = next(s for s in enc.layout if s.name == "to_act")
    for _ in range(2):
        seat = state.current_player()
        obs = enc.observe(state.view(seat), seat)
        other = enc.observe(state.view(1 - seat), 1 - seat)
        assert obs[seg.start] == 1.0 and other[seg.start + 1] == 1.0
        state.apply(state.legal_actions()[0])


def _mission_game(deals_to_seat1, seed=11):
    """A 3-player secret-missions game whose deals are scripted: seat 0 and seat 2 always get the
    same missions; seat 1 gets `deals_to_seat1`. Then the same decisions by text."""
    state = GAME.new_state(3, seed=seed, variants=["secret_missions"])
    deals = ["s01", "s02", "s03", "s04", *deals_to_seat1, "s13", "s14", "s15", "s16"]
    state.inject_chance([f"deal-mission {m}" for m in deals])
    return state


def test_observation_does_not_leak_other_seats_missions():
    a = _mission_game(["s05", "s06", "s07", "s08"])
    b = _mission_game(["s09", "s10", "s11", "s12"])
    enc = enc_for(3, ["secret_missions"])
    rng = random.Random(5)
    steps = 0
    while not a.is_terminal() and steps < 400:
        assert a.current_player() == b.current_player()
        for seat in (0, 2):
            assert np.array_equal(enc.observe(a.view(seat), seat), enc.observe(b.view(seat), seat))
        if a.is_chance_node():
            if a.phase == "deal":
                a.sample_chance()
                b.sample_chance()
            else:
                outcome = a.sample_chance(rng)
                b.apply(outcome)
        else:
            seat = a.current_player()
            if a.phase == "choose":
                # each seat returns its first dealt mission (by position, not by id)
                a.apply(a.legal_actions()[0])
                b.apply(b.legal_actions()[0])
            else:
                text = str(rng.choice(a.legal_actions()))
                a.apply(text)
                b.apply(text)
            # seat 1's own observation does see its (different) missions
            if seat == 1 and steps > 12 and not a.is_terminal():
                assert not np.array_equal(enc.observe(a.view(1), 1), enc.observe(b.view(1), 1))
        steps += 1
    assert a.is_terminal() and b.is_terminal()
    # At the end every mission is revealed, and the observations may differ.


def test_observation_is_unchanged_by_resampling_hidden_data():
    """`resample_for(seat)` redraws what `seat` cannot see; its observation must not change."""
    states = random_states(GAME, 4, ALL_VARIANTS, seed=21)
    check_observation_kept_by_resampling(enc_for(4, ALL_VARIANTS), states, 7, random.Random(2))


def test_redact_hides_deals_and_returns_of_other_seats():
    enc = enc_for(2, ["secret_missions"])
    state = GAME.new_state(2, seed=1, variants=["secret_missions"])
    outcome = state.legal_actions()[0]
    assert enc.redact(state, outcome, 0) == str(outcome)
    assert "?" in enc.redact(state, outcome, 1)


def test_observation_doc_matches_the_code():
    from cosmotable.envs.docs import document

    enc = enc_for()
    text = DOC.read_text(encoding="utf-8")
    assert enc.layout_table() in text
    assert text == document(), "docs/observations.md is stale: run python -m cosmotable.envs.docs"
