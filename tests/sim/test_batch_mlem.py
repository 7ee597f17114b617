"""The batch MLEM engine plays exactly the reference engine's games (whole records compared)."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

from cosmotable.engine import save_state
from cosmotable.sim.batch_mlem import play_batch, play_reference, records, subset_masks
from cosmotable.sim.batch_mlem import uniform as compiled_uniform
from cosmotable.sim.batch_mlem.layout import F_RECORD, F_TRACE
from cosmotable.sim.counter_rng import cumulative, pick_outcome, uniform, uniform_array

# compiled once per run, beside the other tests (tests/batch_engine_helpers.py); not traced for coverage:
# the compiled module is left out of it, and the reference games each test replays run rule code the
# game tests cover line by line, at twice the time under the tracer
pytestmark = [pytest.mark.batch_engine, pytest.mark.no_cover]

# batch.score_parts()'s last axis, named as the reference's score_breakdown() names the parts
PART_NAMES = ("moons", "deep_space", "goals", "planets", "ufo", "discoveries", "missions")


VARIANTS = ("ufo", "discovery", "secret_missions")
COMBINATIONS = [combo for size in range(4) for combo in combinations(VARIANTS, size)]


@pytest.mark.parametrize("variants", COMBINATIONS, ids=lambda c: "+".join(c) or "base")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_batch_games_are_the_reference_games_action_by_action(players, variants):
    seeds = [1000 * players + 7 * len(variants) + i for i in range(24)]
    batch = play_batch(seeds, players, variants, record=True)
    texts = records(batch)
    scores, parts = batch.scores(), batch.score_parts()
    for i, seed in enumerate(seeds):
        state = play_reference(seed, players, variants)
        assert texts[i] == save_state(state)["actions"], f"seed {seed}"
        assert scores[i].tolist() == state.scores(), f"seed {seed}"
        for seat in range(players):
            breakdown = state.score_breakdown(seat)
            assert {k: int(parts[i, seat, PART_NAMES.index(k)]) for k in breakdown} == breakdown
        assert int(batch.steps[i]) == len(texts[i])


# Lineups of the heuristic-policy comparison: all heuristic, and mixtures with the random policy.
MIXTURES = {
    2: [("heuristic", "heuristic"), ("heuristic", "random"), ("random", "heuristic")],
    3: [("heuristic",) * 3, ("heuristic", "random", "heuristic"), ("random", "heuristic", "random")],
    4: [("heuristic",) * 4, ("heuristic", "random", "heuristic", "random"), ("random",) * 3 + ("heuristic",)],
    5: [("heuristic",) * 5, ("heuristic", "random", "heuristic", "random", "heuristic")],
}


@pytest.mark.parametrize("variants", COMBINATIONS, ids=lambda c: "+".join(c) or "base")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_batch_heuristic_games_are_the_heuristic_bots_games_action_by_action(players, variants):
    """The compiled heuristic chooses what the `heuristic` bot chooses (its tie keys drawn from
    the counter stream on both sides), in every variant combination, alone or beside random seats."""
    seeds = [7000 * players + 11 * len(variants) + i for i in range(21)]
    lineups = [MIXTURES[players][i % len(MIXTURES[players])] for i in range(len(seeds))]
    batch = play_batch(seeds, players, variants, policy=lineups, record=True)
    texts = records(batch)
    scores, parts = batch.scores(), batch.score_parts()
    for i, seed in enumerate(seeds):
        state = play_reference(seed, players, variants, lineups[i])
        assert texts[i] == save_state(state)["actions"], f"seed {seed}, {lineups[i]}"
        assert scores[i].tolist() == state.scores(), f"seed {seed}"
        for seat in range(players):
            breakdown = state.score_breakdown(seat)
            assert {k: int(parts[i, seat, PART_NAMES.index(k)]) for k in breakdown} == breakdown


@pytest.mark.parametrize("players", [2, 3, 5])
def test_heuristic_games_that_record_nothing_are_the_recorded_games(players):
    """A game that records nothing takes the heuristic's chosen action's state from its look-ahead
    (policy.heuristic_play) instead of applying the action again as a recording game does (the
    recorded games are the heuristic bot's, above): every game ends in the same state, word for word
    (but the recording flags), after as many steps, in every variant, alone or beside random seats."""
    seeds = [9000 * players + i for i in range(40)]
    lineups = [MIXTURES[players][i % len(MIXTURES[players])] for i in range(len(seeds))]
    for variants in (VARIANTS, ()):
        silent = play_batch(seeds, players, variants, policy=lineups)
        recorded = play_batch(seeds, players, variants, policy=lineups, record=True)
        flags = [F_RECORD, F_TRACE]
        assert recorded.state[:, F_RECORD].all() and not silent.state[:, flags].any()
        mine, theirs = silent.state.copy(), recorded.state.copy()
        mine[:, flags] = theirs[:, flags] = 0
        assert np.array_equal(mine, theirs), variants
        assert silent.steps.tolist() == recorded.steps.tolist()


def test_the_heuristic_games_have_ties_the_keys_break_and_differ_from_random_play():
    """The compared heuristic games are not decided by values alone: in many positions two or more
    legal actions share the best value, so the tie keys are compared too; and the policy is not the
    random one under another name."""
    from cosmotable import games
    from cosmotable.games.mlem.bots import value

    seeds = list(range(300, 306))
    ties = decisions = 0
    for seed in seeds:
        final = play_reference(seed, 3, ("ufo",), ("heuristic",) * 3)
        state = games.get("mlem").new_state(3, seed=seed, variants=["ufo"])
        for text in save_state(final)["actions"]:
            if not state.is_chance_node():
                legal = state.legal_actions()
                if len(legal) > 1:
                    values = sorted((value(state, a) for a in legal), reverse=True)
                    decisions += 1
                    ties += values[0] == values[1]
            state.apply(next(a for a in state.legal_actions() if str(a) == text))
    assert decisions > 100 and ties > 10, (ties, decisions)
    heuristic = play_batch(seeds, 3, ("ufo",), policy="heuristic", record=True)
    random_play = play_batch(seeds, 3, ("ufo",), policy="random", record=True)
    assert all(h != r for h, r in zip(records(heuristic), records(random_play)))
    assert heuristic.scores().sum() > random_play.scores().sum()


def test_the_games_cover_the_rules_the_batch_engine_reimplements():
    """The compared games are not all alike: crashes, helpers, parachutes, navigators' shifts,
    deep space, planets and goal tiles all occur in them."""
    batch = play_batch(range(4000, 4060), 4, record=True)
    texts = [t for game in records(batch) for t in game]
    for needle in ("crash", "return", ",H", "land moon -1", "land moon +1", "land planet", "stay"):
        assert any(needle in t for t in texts), needle
    assert batch.deep_count.sum() > 0  # arrivals in deep space (automatic: no action of their own)
    assert (batch.goal_owner >= 0).sum() > 0
    assert (batch.crashes == 11).any() and batch.end_triggered.any()  # both ways a game ends


def test_the_variant_games_cover_the_variant_rules():
    """With every variant on, the compared games use every token ability and score every part."""
    batch = play_batch(range(5000, 5060), 3, VARIANTS, record=True)
    texts = [t for game in records(batch) for t in game]
    for needle in (
        "+extra",
        "+keep",
        "reroll",
        "reveal-expedition",
        "reveal-discovery",
        "deal-mission",
        "return-mission",
    ):
        assert any(needle in t for t in texts), needle
    parts = batch.score_parts()
    for part in ("ufo", "discoveries", "missions"):
        assert (parts[:, :, PART_NAMES.index(part)] > 0).any(), part


def test_compiled_counter_stream_is_the_python_one():
    seeds = [0, 1, 2**40, 12345678901, 2**63 + 5]
    steps = [0, 7, 99, 123456, 2**31]
    assert [compiled_uniform(np.uint64(s), t) for s, t in zip(seeds, steps)] == [
        uniform(s, t) for s, t in zip(seeds, steps)
    ]


def test_a_batch_game_does_not_depend_on_the_other_games_in_the_batch():
    alone = play_batch([77], 3, record=True)
    crowd = play_batch([5, 77, 9, 12], 3, record=True)
    assert records(alone)[0] == records(crowd)[1]


def test_counter_stream_is_the_same_in_python_and_numpy():
    seeds = np.array([0, 1, 2**40, 12345678901], dtype=np.uint64)
    steps = np.array([0, 7, 99, 123456], dtype=np.int64)
    assert uniform_array(seeds, steps).tolist() == [uniform(int(s), int(t)) for s, t in zip(seeds, steps)]
    values = [uniform(3, t) for t in range(2000)]
    assert all(0 <= v < 1 for v in values) and 0.45 < sum(values) / len(values) < 0.55


def test_inverse_cdf_and_subset_order_follow_the_reference_conventions():
    cum = cumulative([0.25, 0.5, 0.25])
    assert [pick_outcome(cum, u) for u in (0.0, 0.2499, 0.25, 0.7499, 0.75, 0.9999)] == [0, 0, 1, 1, 2, 2]
    # by size, then combinations: (), (0,), (1,), (2,), (0,1), (0,2), (1,2), (0,1,2)
    assert subset_masks(3).tolist() == [0, 1, 2, 4, 3, 5, 6, 7]


def test_roll_buckets_start_no_later_than_the_inverse_cdf():
    """The compiled roll pick scans from its bucket's start: that start is the inverse CDF at the
    bucket's lowest u, so it never skips the right outcome (the whole-record tests check the picks)."""
    from cosmotable.sim.batch_mlem import ROLL_BUCKETS, ROLL_START, tables

    t = tables()
    for dice in range(1, len(t.roll_n)):
        cum = t.roll_cum[dice, : t.roll_n[dice]].tolist()
        for u in (0.0, 0.3, 0.5, 0.999, 1 - 2**-53):
            assert ROLL_START[dice, int(u * ROLL_BUCKETS)] <= pick_outcome(cum, u)
