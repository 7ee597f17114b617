"""What every game's State promises the bots, the server and the environments, checked on random
positions of every game and variant: a clone is independent of its original, and a determinization
(`resample_for`) keeps everything the seat knows and the public table."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from budget_helpers import examples
from cosmotable import games
from cosmotable.engine import Action
from play_helpers import play_random

CONFIGS = [
    ("mlem", 2, []),
    ("mlem", 4, ["ufo", "discovery", "secret_missions"]),
    ("kosmodrom", 3, ["negotiation"]),
    ("kosmodrom", 4, ["quick", "superpowers"]),
    ("planet", 3, []),
    ("planet", 4, ["teams"]),
]
SETTINGS = settings(max_examples=examples(15), deadline=None, suppress_health_check=[HealthCheck.too_slow])


def position(game_id, players, variants, seed, steps):
    s = games.get(game_id).new_state(num_players=players, seed=seed, variants=variants)
    return play_random(s, max_actions=steps, steps=steps, choice_seed=seed)


def everything_seen(s):
    """All a client could be shown of a state: history, events, public and seat views, moves."""
    return (
        [str(a) for a in s.history],
        [(e.to_json(), e.visible_to) for e in s.events],
        s.public_view(),
        [s.view(seat) for seat in range(s.num_players)],
        [] if s.is_terminal() or s.is_chance_node() else [str(a) for a in s.legal_actions()],
        s.fingerprint(),
    )


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c[0]}-{c[1]}p-{'+'.join(c[2]) or 'base'}")
@SETTINGS
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 250), later=st.integers(1, 30))
def test_a_clone_played_on_leaves_its_original_untouched(config, seed, steps, later):
    s = position(*config, seed, steps)
    before = everything_seen(s)
    copy = s.clone()
    assert everything_seen(copy) == before
    play_random(copy, max_actions=later, steps=later, choice_seed=seed + 1)
    assert everything_seen(s) == before


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c[0]}-{c[1]}p-{'+'.join(c[2]) or 'base'}")
@SETTINGS
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 250))
def test_a_determinization_keeps_what_the_seat_knows_and_the_public_table(config, seed, steps):
    s = position(*config, seed, steps)
    if s.is_terminal():
        return
    for seat in range(s.num_players):
        before = everything_seen(s)
        r = s.resample_for(seat, random.Random(seed * 31 + seat))
        assert everything_seen(s) == before  # the original is not touched
        assert r.view(seat) == s.view(seat)
        assert r.public_view() == s.public_view()
        assert len(r.history) == len(s.history) and all(isinstance(a, Action) for a in r.history)
        if not r.is_chance_node():
            assert [str(a) for a in r.legal_actions()] == [str(a) for a in s.legal_actions()] or (
                r.current_player() != seat
            )


@SETTINGS
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 250), players=st.integers(2, 5))
def test_an_mlem_determinization_replays_from_its_own_history(seed, steps, players):
    # MLEM rewrites the hidden part of the history (mission deals and returns) to match the redeal,
    # so the determinized state is a game that could have been played.
    s = position("mlem", players, ["secret_missions", "ufo", "discovery"], seed, steps)
    if s.is_terminal():
        return
    for seat in range(players):
        r = s.resample_for(seat, random.Random(seed + seat))
        replayed = games.get("mlem").new_state(num_players=players, seed=s.seed, variants=s.config.variants)
        for action in r.history:
            replayed.apply(action)
        assert [replayed.view(q) for q in range(players)] == [r.view(q) for q in range(players)]
        assert replayed.fingerprint() == r.fingerprint()
