"""Properties of every MLEM game, checked on random legal play (Hypothesis chooses seeds, player
counts and how far to play)."""

import json
import random

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from mlem_helpers import GAME
from score_from_view import breakdown_from_view, scores_from_view, winners_from_view

from budget_helpers import examples
from cosmotable.engine import CHANCE, TERMINAL, GameRecord, IllegalAction, load_state, save_state
from cosmotable.games.mlem.board import ABILITIES
from play_helpers import play_random

# An expedition either crashes (at most 11 times) or places one astronaut of every player, so a
# game has at most 11 + 8 expeditions; each has n boardings and at most 26 travel phases of a
# roll, a travel choice and n landing decisions.
MAX_EXPEDITIONS = 11 + 8
MAX_ACTIONS = MAX_EXPEDITIONS * (5 + 26 * (2 + 5))

SETTINGS = settings(max_examples=examples(250), deadline=None, suppress_health_check=[HealthCheck.too_slow])

seeds = st.integers(min_value=10**9, max_value=10**15)  # long: cannot appear in a view by chance
players = st.integers(min_value=2, max_value=5)


def play(seed, num_players, steps=None, choice_seed=0):
    """A game after `steps` random legal actions (None: to the end)."""
    return play_random(GAME.new_state(num_players=num_players, seed=seed), MAX_ACTIONS, steps, choice_seed)


def planet_points_recomputed(s):
    """Planet points per seat, recomputed from scratch from the rows on each planet."""
    totals = [0] * s.num_players
    for planet_id, planet in s.mat.planets.items():
        rows = s.planets[planet_id]
        arrival = {seat: i for i, (seat, _) in enumerate(rows)}
        count = {seat: len(a) for seat, a in rows}
        ranked = sorted(arrival, key=lambda seat: (-count[seat], arrival[seat]))
        for place, seat in enumerate(ranked):
            value = planet.points[0] if place == 0 else planet.points[1] if place == 1 else planet.points[2]
            astronauts = dict(rows)[seat]
            totals[seat] += value * (2 if "planet_expert" in astronauts else 1)
    return totals


def keys_anywhere(data):
    if isinstance(data, dict):
        for key, value in data.items():
            yield key
            yield from keys_anywhere(value)
    elif isinstance(data, list):
        for item in data:
            yield from keys_anywhere(item)


@SETTINGS
@given(seed=seeds, num_players=players, choice_seed=st.integers(0, 2**32))
def test_random_legal_play_always_ends_within_the_bound(seed, num_players, choice_seed):
    s = play(seed, num_players, choice_seed=choice_seed)
    assert s.current_player() == TERMINAL and s.phase == "over"
    assert len(s.history) <= MAX_ACTIONS
    assert s.expedition <= MAX_EXPEDITIONS and s.crashes <= 11
    assert s.crashes == 11 or max(s.placed) == len(ABILITIES)
    assert s.winners() and all(s.scores()[w] == max(s.scores()) for w in s.winners())


@SETTINGS
@given(seed=seeds, num_players=players, choice_seed=st.integers(0, 2**32))
def test_scores_match_a_recount_of_the_final_table_and_of_the_state(seed, num_players, choice_seed):
    s = play(seed, num_players, choice_seed=choice_seed)
    recomputed = planet_points_recomputed(s)
    recount = breakdown_from_view(s.public_view())  # the final table, counted by hand
    assert s.scores() == scores_from_view(s.public_view())
    assert s.winners() == winners_from_view(s.public_view())
    for seat in range(num_players):
        parts = s.score_breakdown(seat)
        assert set(parts) == {"moons", "deep_space", "goals", "planets"}
        assert parts == recount[seat]
        assert parts["planets"] == recomputed[seat]
        assert parts["goals"] == 5 * sum(1 for owner in s.goal_owner.values() if owner == seat)
        moon_points = 0
        for moon_id, (owner, astronaut) in s.moons.items():
            if owner == seat:
                moon_points += s.mat.moons[moon_id].points * (2 if astronaut == "moon_expert" else 1)
        assert parts["moons"] == moon_points
        assert parts["deep_space"] == sum(p for owner, _, _, p in s.deep_space if owner == seat)


@SETTINGS
@given(seed=seeds, num_players=players, steps=st.integers(0, 400), choice_seed=st.integers(0, 2**32))
def test_replaying_a_saved_game_gives_the_identical_state_and_views(seed, num_players, steps, choice_seed):
    s = play(seed, num_players, steps, choice_seed)
    saved = save_state(s)
    loaded = load_state(json.loads(json.dumps(saved)))
    assert loaded.fingerprint() == s.fingerprint()
    assert loaded.history == s.history
    assert loaded.public_view() == s.public_view()
    for seat in range(num_players):
        assert loaded.view(seat) == s.view(seat)
    # and the chance still to come is the same too
    if s.is_chance_node():
        s.sample_chance()
        loaded.sample_chance()
        assert loaded.fingerprint() == s.fingerprint()
    assert GameRecord.from_json(saved).replay().fingerprint() == load_state(json.dumps(saved)).fingerprint()


@SETTINGS
@given(seed=seeds, num_players=players, steps=st.integers(0, 400), choice_seed=st.integers(0, 2**32))
def test_views_never_reveal_the_seed_and_are_json(seed, num_players, steps, choice_seed):
    s = play(seed, num_players, steps, choice_seed)
    for view in [*(s.view(seat) for seat in range(num_players)), s.public_view()]:
        text = json.dumps(view)  # JSON-serialisable as it is, no default= needed
        assert json.loads(text) == view
        assert "seed" not in {str(k).lower() for k in keys_anywhere(view)}
        assert str(seed) not in text
    for seat in range(num_players):
        assert s.view(seat)["seat"] == seat


ANY_PHASE_ACTIONS = [
    "board helper",
    "board satellite",
    "roll 1,2,2,A",
    "roll 1,2,3,4,A,A",
    "roll 4",
    "travel 1",
    "travel 2,A",
    "travel 1,H0",
    "travel H1",
    "crash",
    "stay",
    "land moon",
    "land planet",
    "land moon +1",
    "land moon -1",
    "land deep +1",
    "land planet azur",
    "return",
]


@SETTINGS
@given(
    seed=seeds,
    num_players=players,
    steps=st.integers(0, 300),
    choice_seed=st.integers(0, 2**32),
    text=st.one_of(st.sampled_from(ANY_PHASE_ACTIONS), st.text(max_size=20)),
)
def test_an_illegal_action_raises_and_changes_nothing(seed, num_players, steps, choice_seed, text):
    s = play(seed, num_players, steps, choice_seed)
    try:
        action = GAME.parse_action(text)
    except ValueError:
        action = None
    assume(action is None or s.is_terminal() or s.normalize(action) not in s.legal_actions())
    before, history, events = s.fingerprint(), list(s.history), len(s.events)
    try:
        s.apply(text)
    except IllegalAction as exc:
        assert exc.reason
    else:
        raise AssertionError(f"{text!r} was accepted")
    assert s.fingerprint() == before and s.history == history and len(s.events) == events


@SETTINGS
@given(seed=seeds, num_players=players, steps=st.integers(0, 300), choice_seed=st.integers(0, 2**32))
def test_every_legal_action_round_trips_through_its_text_and_json(seed, num_players, steps, choice_seed):
    s = play(seed, num_players, steps, choice_seed)
    for action in s.legal_actions():
        assert GAME.parse_action(str(action)) == action
        assert GAME.action_from_json(json.loads(json.dumps(action.to_json()))) == action
        assert s.is_legal(GAME.parse_action(str(action)))


@SETTINGS
@given(seed=seeds, num_players=players, steps=st.integers(0, 300), choice_seed=st.integers(0, 2**32))
def test_clone_is_independent_and_identical(seed, num_players, steps, choice_seed):
    s = play(seed, num_players, steps, choice_seed)
    copy = s.clone()
    assert copy.fingerprint() == s.fingerprint()
    if not s.is_terminal():
        if copy.is_chance_node():
            copy.sample_chance()
        else:
            copy.apply(copy.legal_actions()[-1])
        assert s.fingerprint() == play(seed, num_players, steps, choice_seed).fingerprint()


@SETTINGS
@given(seed=seeds, num_players=players, choice_seed=st.integers(0, 2**32))
def test_every_astronaut_is_accounted_for_at_every_step(seed, num_players, choice_seed):
    s = GAME.new_state(num_players=num_players, seed=seed)
    rng = random.Random(choice_seed)
    while not s.is_terminal():
        if s.current_player() == CHANCE:
            s.sample_chance()
        else:
            s.apply(rng.choice(s.legal_actions()))
        aboard = [0] * num_players
        for slot, (seat, _) in enumerate(s.rocket):
            aboard[seat] += s.aboard[slot]
        for seat in range(num_players):
            assert len(s.available[seat]) + aboard[seat] + s.placed[seat] == len(ABILITIES)
            assert 0 <= s.dice <= 6 and s.dice >= 1
