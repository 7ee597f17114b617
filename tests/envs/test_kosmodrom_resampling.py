"""Kosmodrom through OpenSpiel's `resample_from_infostate`: every determinization replays, looks
the same to the seat, and is never the true state handed out in place of a sample.

The count below is the issue's measure: over many samples at random positions of every variant
and player count, how often a drawn determinization is refused (its rewritten history does not
replay, or changes the seat's information state) and would have to be drawn again. Target: 0.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

pyspiel = pytest.importorskip("pyspiel")

from cosmotable.envs import openspiel  # noqa: E402

CASES = [(2, ()), (3, ("negotiation",)), (4, ("quick", "negotiation")), (2, ("slow", "superpowers")),
         (3, ("superpowers",)), (4, ("negotiation", "superpowers")), (2, ("negotiation",)), (3, ("slow", "negotiation"))]


def _positions(game, seed: int, every: int, limit: int):
    """Random positions of one game (a seat to act), every `every` actions up to `limit`."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal() and len(state.history()) < limit:
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
            continue
        if len(state.history()) % every == 0:
            yield state.clone()
        state.apply_action(rng.choice(state.legal_actions()))


def _hidden_cards(state, seat: int) -> list[Counter]:
    engine = state.engine_state
    return [engine.hands[s] for s in range(engine.num_players) if s != seat]


@pytest.mark.slow
def test_no_determinization_is_refused_or_replaced_by_the_truth():
    outcomes: Counter[str] = Counter()
    for case, (players, variants) in enumerate(CASES):
        game = openspiel.load("kosmodrom", players=players, variants=variants)
        for position in _positions(game, seed=100 + case, every=55, limit=700):
            for seat in range(players):
                sample = position.determinization(seat, random.Random(len(position.history()) * 7 + seat))
                if isinstance(sample, str):
                    outcomes["refused: " + sample.split(":")[0]] += 1
                    continue
                outcomes["sampled"] += 1
                assert sample.information_state_string(seat) == position.information_state_string(seat)
                if sample.history() == position.history():
                    outcomes["the true history"] += 1
    refused = sum(n for what, n in outcomes.items() if what.startswith("refused"))
    assert outcomes["sampled"] > 150
    assert refused == 0, dict(outcomes)
    # The true history comes back only where the rewrite drew the true cards again (or there is
    # nothing the seat does not know): a small share, not a fallback.
    assert outcomes["the true history"] < 0.2 * outcomes["sampled"], dict(outcomes)


def test_resample_from_infostate_never_returns_the_true_state_when_the_draw_differs():
    game = openspiel.load("kosmodrom", players=3, variants=("negotiation",))
    position = next(p for i, p in enumerate(_positions(game, seed=5, every=7, limit=400)) if i == 20)
    seat = position.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    differs = 0
    for _ in range(10):
        sample = position.resample_from_infostate(seat, sampler)
        assert sample.information_state_string(seat) == position.information_state_string(seat)
        differs += _hidden_cards(sample, seat) != _hidden_cards(position, seat)
    assert differs >= 5
