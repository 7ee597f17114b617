"""The engine's fast paths change nothing but speed: an offered action applied without re-checks, a
silenced copy (`State.silence`), MLEM's bisected roll draw (`pick_chance`)."""

import random

import pytest

from cosmotable import games
from cosmotable.engine import IllegalAction, State

CONFIGS = [
    ("mlem", 2, []),
    ("mlem", 3, ["ufo", "discovery", "secret_missions"]),
    ("kosmodrom", 3, ["negotiation"]),
    ("planet", 2, []),
    ("planet", 4, ["teams"]),
]
IDS = [f"{g}-{n}p-{'+'.join(v) or 'base'}" for g, n, v in CONFIGS]


def decisions(game_id, players, variants, seed, limit):
    """(state, legal actions) at each decision of a random game, the state copied before the move."""
    rng = random.Random(seed)
    state = games.get(game_id).new_state(num_players=players, seed=seed, variants=variants)
    for _ in range(limit):
        if state.is_terminal():
            return
        if state.is_chance_node():
            state.sample_chance(rng)
            continue
        legal = state.legal_actions()
        yield state.clone(), legal
        state.apply(rng.choice(legal))


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_an_offered_action_is_in_normal_form_and_applies_like_its_text(config):
    # The no-recheck path skips `normalize`: every offered action must already be its normal form,
    # and applying the offered object must do exactly what applying its text (checked) does.
    for state, legal in decisions(*config, seed=3, limit=300):
        for action in legal[:4]:
            assert state.normalize(action) == action
            by_object, by_text = state.clone(), state.clone()
            by_object.legal_actions()  # fills the cache, so the object is "offered"
            by_object.apply(by_object.legal_actions()[legal.index(action)])
            by_text.apply(str(action))
            assert by_object.fingerprint() == by_text.fingerprint()
            assert [str(a) for a in by_object.history] == [str(a) for a in by_text.history]


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_an_offered_action_is_still_refused_for_the_wrong_seat(config):
    state, legal = next(decisions(*config, seed=5, limit=50))
    mover = state.current_player()
    other = (mover + 1) % state.config.num_players
    before = state.fingerprint()
    with pytest.raises(IllegalAction, match=f"seat {mover}'s turn"):
        state.apply(legal[0], seat=other)
    assert state.fingerprint() == before
    state.apply(legal[0], seat=mover)


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_a_silenced_copy_plays_the_same_game_and_records_no_events(config):
    game_id, players, variants = config
    start = games.get(game_id).new_state(num_players=players, seed=11, variants=variants)
    loud, quiet = start.clone(), start.clone()
    quiet.silence()
    rng_loud, rng_quiet = random.Random(4), random.Random(4)
    for _ in range(400):
        if loud.is_terminal():
            break
        for state, rng in ((loud, rng_loud), (quiet, rng_quiet)):
            if state.is_chance_node():
                state.sample_chance(rng)
            else:
                state.apply(rng.choice(state.legal_actions()))
        assert quiet.fingerprint() == loud.fingerprint()
    assert quiet.history == loud.history and loud.events
    assert quiet.events == [] and quiet.clone().silent and quiet.clone().events == []
    assert not start.silent and not loud.silent


def test_mlem_rolls_are_drawn_as_the_engines_walk_draws_them():
    rng = random.Random(0)
    state = games.get("mlem").new_state(num_players=2, seed=1)
    checked = set()
    while len(checked) < 6 and not state.is_terminal():
        if state.is_chance_node() and state.phase == "roll":
            checked.add(state.dice)
            draws = [rng.random() for _ in range(3000)] + [0.0, 0.999999999]
            for r in draws:
                assert state.pick_chance(r) == State.pick_chance(state, r)
        if state.is_chance_node():
            state.sample_chance(rng)
        else:
            state.apply(rng.choice(state.legal_actions()))
    assert len(checked) >= 3  # rolls of several dice counts were compared


def checked_playout(state: State, rng: random.Random, max_steps: int | None) -> int:
    """The random playout through the checked calls: what `State.play_randomly` must equal."""
    steps = 0
    while (max_steps is None or steps < max_steps) and not state.is_terminal():
        if state.is_chance_node():
            state.sample_chance(rng)
        else:
            state.apply(rng.choice(state.legal_actions()))
        steps += 1
    return steps


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
@pytest.mark.parametrize("max_steps", [None, 0, 7, 60])
def test_play_randomly_plays_the_checked_calls_game_with_the_same_draws(config, max_steps):
    # A search's rollouts use the unchecked playout: it must take the same steps, leave the same
    # state and history, and consume the generator exactly as the checked calls do (a bot's later
    # choices draw from the same generator, so any difference would change its moves).
    game_id, players, variants = config
    for seed in (1, 2):
        start = games.get(game_id).new_state(num_players=players, seed=seed, variants=variants)
        for state in (start, next(decisions(*config, seed=seed, limit=40))[0]):
            fast, checked = state.clone(), state.clone()
            fast_rng, checked_rng = random.Random(seed), random.Random(seed)
            played = fast.play_randomly(fast_rng, max_steps)
            assert played == checked_playout(checked, checked_rng, max_steps)
            assert fast.fingerprint() == checked.fingerprint()
            assert [str(a) for a in fast.history] == [str(a) for a in checked.history]
            assert fast_rng.random() == checked_rng.random()
            if max_steps is None:
                assert fast.is_terminal()


def test_play_randomly_uses_scripted_chance_first_and_stops_at_the_end():
    state = games.get("mlem").new_state(num_players=2, seed=4)
    while not state.is_chance_node():
        state.apply(state.legal_actions()[0])
    scripted = str(state.chance_outcomes()[-1][0])  # the least likely roll, not what a draw gives
    state.inject_chance([scripted])
    state.play_randomly(random.Random(0), max_steps=1)
    assert str(state.history[-1]) == scripted
    state.play_randomly(random.Random(0))
    assert state.is_terminal()
    assert state.play_randomly(random.Random(0)) == 0
