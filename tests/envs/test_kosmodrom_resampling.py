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

from cosmotable.envs import openspiel
from cosmotable.games.kosmodrom.actions import Pick
from cosmotable.games.kosmodrom.encoding_rewrite import DeterminizationError, plan

CASES = [
    (2, ()),
    (3, ("negotiation",)),
    (4, ("quick", "negotiation")),
    (2, ("slow", "superpowers")),
    (3, ("superpowers",)),
    (4, ("negotiation", "superpowers")),
    (2, ("negotiation",)),
    (3, ("slow", "negotiation")),
]


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
    # Every card the seat has not seen is drawn again: the true history comes back only by chance.
    assert outcomes["the true history"] < 0.02 * outcomes["sampled"], dict(outcomes)


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


class _Seeded:
    """Stands in for `resample_for`'s result: the rewrite reads only its seed."""

    def __init__(self, seed: int):
        self.seed = seed


def _played(game, seed: int, length: int):
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal() and len(state.history()) < length:
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def _hidden_positions(state, seat: int) -> list[int]:
    """History indices of the outcomes `seat` did not see (`?` in its information state)."""
    return [i for i, text in enumerate(state._seen.lists[seat]) if "?" in text]


def test_the_rewrite_depends_only_on_the_seats_information():
    """Two states the seat cannot tell apart (the second a determinization of the first, with other
    hidden cards) give the same rewritten history for the same seed: nothing true leaks into it."""
    game = openspiel.load("kosmodrom", players=4, variants=("negotiation",))
    enc = game.encoding
    for seed, length in ((1, 260), (2, 420)):
        truth = _played(game, seed, length)
        for seat in range(4):
            other = truth.determinization(seat, random.Random(seed * 10 + seat))
            assert not isinstance(other, str), other
            assert other.history() != truth.history()  # a different truth behind the same infostate
            for k in range(3):
                assert enc.resampled_history(truth.engine_state, _Seeded(k), seat) == enc.resampled_history(
                    other.engine_state, _Seeded(k), seat
                )


def test_every_card_the_seat_has_not_seen_is_redrawn():
    """Over many samples from one information state, almost every hidden draw and every hidden
    Industrial Espionage pull the thief kept takes more than one value, and the true card is not
    the one always used. (A hidden card can be forced: the only hidden card of a hand that later
    plays a card it never visibly got.)"""
    game = openspiel.load("kosmodrom", players=4, variants=("negotiation",))
    enc = game.encoding
    kept_pulls = 0
    # Games are searched for (at least two, until one holds a kept pull) rather than fixed by seed,
    # so a rule change that alters random games keeps the test meaningful.
    for number, seed in enumerate(range(3, 40)):
        if number >= 2 and kept_pulls >= 1:
            break
        truth = _played(game, seed, 500)
        history = truth.engine_state.history
        for seat in range(4):
            hidden = _hidden_positions(truth, seat)
            values: dict[int, Counter] = {i: Counter() for i in hidden}
            for k in range(30):
                rewritten = enc.resampled_history(truth.engine_state, _Seeded(k), seat)
                assert [a for i, a in enumerate(rewritten) if i not in values] == [
                    a for i, a in enumerate(history) if i not in values
                ]  # only hidden outcomes change
                for i in hidden:
                    values[i][str(rewritten[i])] += 1
            varied = sum(1 for i in hidden if len(values[i]) > 1)
            truth_always = sum(1 for i in hidden if values[i][str(history[i])] == 30)
            assert varied >= 0.9 * len(hidden), (seed, seat, len(hidden), varied)
            assert truth_always <= 0.1 * len(hidden), (seed, seat, len(hidden), truth_always)
            steps = plan(enc.card_ids, enc._hidden_receiver, enc.redact, truth.engine_state, seat).steps
            for i in hidden:
                if isinstance(history[i], Pick) and steps[i].fate is None:  # not discarded in the open later
                    kept_pulls += 1
                    assert len(values[i]) > 1, (seed, seat, i, values[i])
    assert kept_pulls >= 1  # the games above hold pulls kept out of the seat's sight


def test_an_impossible_plan_raises_instead_of_returning_the_truth():
    """A rewrite that finds no consistent history says so; it never hands back the true history."""
    game = openspiel.load("kosmodrom", players=3)
    truth = _played(game, 4, 200)
    enc = game.encoding
    state = truth.engine_state
    broken = plan(enc.card_ids, enc._hidden_receiver, enc.redact, state, 0)
    broken.slack[:] = 0  # a deck that never held a card: no hidden draw can be anything
    with pytest.raises(DeterminizationError, match="no history consistent with seat 0"):
        from cosmotable.games.kosmodrom.encoding_rewrite import rewrite

        rewrite(broken, list(state.history), random.Random(0))
