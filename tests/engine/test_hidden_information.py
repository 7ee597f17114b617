"""Hidden information never leaks through a determinization, in any game, player count or variant.

At random reachable states of every configuration (MLEM: every combination of ufo, discovery and
secret_missions; Kosmodrom: quick / slow / neither, with and without negotiation and superpowers;
Planet: 2-4 players and teams), for every seat and several rngs, `state.resample_for(seat, rng)`
must look the same to that seat (`view`, `public_view`, `events_for`, whose turn it is and, when
it acts, its legal actions: `engine.audit.leak_differences`) and must play to the end
(`engine.audit.play_to_end`). Its future chance must come from the rng, not the true seed.

Budget: each configuration runs `EXAMPLES` Hypothesis examples, 2 in the everyday profile and 20
under HYPOTHESIS_PROFILE=thorough (tests/budget_helpers.py; derandomized on CI by the "ci" profile).
"""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from budget_helpers import examples
from cosmotable import games
from cosmotable.engine.audit import leak_differences, next_chance_outcome, play_to_end

EXAMPLES = examples(2)
RNGS_PER_SEAT = 2
MAX_WALK = 250


def _configs() -> list[tuple[str, int, tuple[str, ...]]]:
    out = []
    mlem = ("ufo", "discovery", "secret_missions")
    for n in range(2, 6):
        for k in range(len(mlem) + 1):
            out += [("mlem", n, combo) for combo in itertools.combinations(mlem, k)]
    for n in range(2, 5):
        for pace in ((), ("quick",), ("slow",)):
            for extra in ((), ("negotiation",), ("superpowers",), ("negotiation", "superpowers")):
                out.append(("kosmodrom", n, pace + extra))
    out += [("planet", n, ()) for n in (2, 3, 4)] + [("planet", 4, ("teams",))]
    return out


CONFIGS = _configs()


def _id(config) -> str:
    game_id, n, variants = config
    return f"{game_id}-{n}p-{'+'.join(variants) or 'base'}"


def _walk_step(state, rng: random.Random) -> None:
    """One random step of the game. Claims to end the game early (Planet) are left out so the walk
    reaches deep positions; every other legal action is equally likely."""
    if state.is_chance_node():
        state.sample_chance(rng)
        return
    legal = state.legal_actions()
    state.apply(rng.choice([a for a in legal if a.kind != "claim"] or legal))


def _assert_no_leak(state, rng: random.Random, where: str) -> None:
    for seat in range(state.config.num_players):
        for _ in range(RNGS_PER_SEAT):
            found = leak_differences(state, seat, random.Random(rng.getrandbits(32)))
            assert found == [], f"{where}, seat {seat}: " + "; ".join(found)


def test_the_configurations_span_every_player_count_and_variant():
    for game_id in ("mlem", "kosmodrom", "planet"):
        game = games.get(game_id)
        covered = [c for c in CONFIGS if c[0] == game_id]
        assert {n for _, n, _ in covered} == set(range(game.min_players, game.max_players + 1))
        assert set().union(*(set(v) for _, _, v in covered)) == set(game.variants)
    assert len([c for c in CONFIGS if c[0] == "mlem"]) == 4 * 8


@pytest.mark.parametrize("config", CONFIGS, ids=[_id(c) for c in CONFIGS])
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**40), depth=st.integers(0, MAX_WALK), check_every=st.integers(8, 40))
def test_determinizations_look_the_same_to_the_seat_and_play_to_the_end(config, seed, depth, check_every):
    game_id, n, variants = config
    state = games.get(game_id).new_state(n, seed=seed, variants=variants)
    rng = random.Random(seed)
    for step in range(depth):
        if state.is_terminal():
            break
        if step % check_every == 0:
            _assert_no_leak(state, rng, f"after {len(state.history)} actions")
        _walk_step(state, rng)
    _assert_no_leak(state, rng, f"after {len(state.history)} actions")
    for seat in range(n):
        sample = state.resample_for(seat, random.Random(rng.getrandbits(32)))
        end = play_to_end(sample, random.Random(rng.getrandbits(32)))
        assert end.is_terminal()


def _chance_nodes(game_id: str, n: int, variants: tuple[str, ...], count: int, seed: int):
    """`count` distinct chance nodes (with two or more outcomes) of random games."""
    rng = random.Random(seed)
    found = []
    game_seed = seed
    while len(found) < count:
        state = games.get(game_id).new_state(n, seed=game_seed, variants=variants)
        game_seed += 1
        while not state.is_terminal() and len(found) < count:
            if state.is_chance_node() and len(state.chance_outcomes()) > 1 and rng.random() < 0.2:
                found.append(state.clone())
            _walk_step(state, rng)
    return found


@pytest.mark.parametrize(
    "game_id,n,variants",
    [
        ("mlem", 3, ()),
        ("mlem", 3, ("ufo", "discovery", "secret_missions")),
        ("kosmodrom", 3, ()),
        ("kosmodrom", 2, ("negotiation",)),
        ("planet", 2, ()),
        ("planet", 4, ("teams",)),
    ],
)
def test_a_determinization_draws_its_future_chance_from_its_rng_not_the_true_seed(game_id, n, variants):
    nodes = _chance_nodes(game_id, n, variants, count=8, seed=11)
    samples = follow_truth = 0
    for node in nodes:
        truth = next_chance_outcome(node)
        seat = len(node.history) % n
        futures = [next_chance_outcome(node.resample_for(seat, random.Random(k))) for k in range(12)]
        assert all(f is not None for f in futures), "a determinization is not at the same chance node"
        samples += len(futures)
        follow_truth += sum(f == truth for f in futures)
        # different rngs, different futures (each node has two or more outcomes)
        assert len({f for f in futures}) > 1 or max(p for _, p in node.chance_outcomes()) > 0.9
    # Drawn from the rngs, the true outcome comes up only as often as its probability says; a
    # determinization that kept the true seed would follow it every time.
    assert follow_truth < 0.6 * samples
