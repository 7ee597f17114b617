"""Properties of every Kosmodrom game, checked on random legal play (Hypothesis chooses seeds,
player counts, variants and how far to play)."""

import json
import random

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from kosmodrom_helpers import GAME

from budget_helpers import examples
from cosmotable.engine import IllegalAction, load_state, save_state
from cosmotable.games.kosmodrom import actions as A
from cosmotable.games.kosmodrom.cards import PADS
from play_helpers import play_random

# The rules set no hard limit on a game's length (the launch pad is complete once its 4 cards are
# drawn and advanced); under random play 1,000 games never needed more than ~2,000 actions, and
# negotiation adds at most 12 per turn (Ruling K12). An empirical bound, generous by a factor of 5.
MAX_ACTIONS = 15_000

SETTINGS = settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])

seeds = st.integers(min_value=10**9, max_value=10**15)
players = st.integers(min_value=2, max_value=4)
variant_sets = st.sampled_from(
    [
        (),
        ("quick",),
        ("slow",),
        ("superpowers",),
        ("negotiation",),
        ("quick", "superpowers"),
        ("slow", "negotiation", "superpowers"),
    ]
)


def play(seed, num_players, variants=(), steps=None, choice_seed=0, check=None):
    s = GAME.new_state(num_players=num_players, seed=seed, variants=list(variants))
    return play_random(s, MAX_ACTIONS, steps, choice_seed, check)


def conserved(s):
    assert s.card_total() == 140


@SETTINGS
@given(seeds, players, variant_sets, st.integers(0, 99))
def test_random_games_end_within_the_bound_with_140_cards_at_every_step(seed, n, variants, choice):
    s = play(seed, n, variants, choice_seed=choice, check=conserved)
    assert s.is_terminal() and s.winners()


def _hidden_ok(s, seat):
    view = s.view(seat)
    text = json.dumps(view)
    assert "hands" not in view and "deck_cards" not in view and "deck_top_segment" not in view
    assert str(s.seed) not in text
    for p in view["players"]:
        assert "hand" not in p
    # Everything else in the view is the same whatever the other hands and the deck hold.
    other = s.resample_for(seat, random.Random(7))
    assert other.view(seat) == view
    assert other.card_total() == 140


@SETTINGS
@given(seeds, players, variant_sets, st.integers(0, 400))
def test_views_show_only_the_own_hand_and_never_the_deck(seed, n, variants, steps):
    s = play(seed, n, variants, steps=steps)
    for seat in range(n):
        _hidden_ok(s, seat)
        assert s.view(seat)["hand"] == sorted(s.hands[seat].elements())
    assert s.public_view()["hand"] is None


def _knowledge_ok(s):
    """Ruling K24: what any seat (or everyone) knows to be in a hand is in it; every seat knows at
    least the public knowledge."""
    for h in range(s.num_players):
        assert not s.known_public[h] - s.hands[h] and not s.known[h][h]
        for o in range(s.num_players):
            assert not s.known[o][h] - s.hands[h]
            if o != h:
                assert not s.known_public[h] - s.known[o][h]


@SETTINGS
@given(seeds, players, variant_sets, st.integers(0, 1500), st.integers(0, 10**6))
# a card picked by Industrial Espionage is pending and seat 1 did not see it: its determinization
# once drew from its random stream according to which card it was (the twins' seeds differed)
@example(seed=10**9, n=4, variants=("slow", "negotiation", "superpowers"), steps=909, rseed=0)
def test_ruling_K24_determinizations_keep_the_view_the_cards_and_the_known_cards(
    seed, n, variants, steps, rseed
):
    s = play(seed, n, variants, steps=steps, check=_knowledge_ok)
    for seat in range(n):
        r = s.resample_for(seat, random.Random(rseed))
        assert r.view(seat) == s.view(seat)
        assert r.card_total() == 140 and r.hands[seat] == s.hands[seat]
        assert [h.total() for h in r.hands] == [h.total() for h in s.hands]
        assert r.deck.total() == s.deck.total() and all(r.deck[p] == s.deck[p] for p in PADS)
        for h in range(n):
            assert not s.known[seat][h] - r.hands[h]
        _knowledge_ok(r)
        # another state that differs only in what `seat` cannot know resamples identically
        other = s.resample_for(seat, random.Random(rseed + 1))
        again, twin = (
            s.resample_for(seat, random.Random(rseed)),
            other.resample_for(seat, random.Random(rseed)),
        )
        assert again.fingerprint() == twin.fingerprint() == r.fingerprint()
        assert [e.text for e in twin.events] == [e.text for e in r.events] and twin.seed == r.seed
        # and a determinization plays on legally
        if not r.is_terminal():
            r.resolve_chance(random.Random(rseed))
            if not r.is_terminal():
                r.apply(random.Random(rseed).choice(r.legal_actions()))
            assert r.card_total() == 140


@SETTINGS
@given(seeds, players, variant_sets, st.integers(0, 600))
def test_replays_reproduce_the_state(seed, n, variants, steps):
    s = play(seed, n, variants, steps=steps)
    again = load_state(json.loads(json.dumps(save_state(s))))
    assert again.fingerprint() == s.fingerprint()


CANDIDATES = [
    A.Done(),
    A.Draw(),
    A.Take(),
    A.Advance("r1"),
    A.Play("scrub", "r1"),
    A.Play("metal", "r2"),
    A.Play("jack", "launch"),
    A.Play("soldering_iron", "soldering_iron"),
    A.Discard("oxygen"),
    A.Gift(1, "metal"),
    A.Trade(0, "fuel", "metal"),
    A.Accept(),
    A.Refuse(),
    A.DeckCard("pad_tl"),
    A.Pick("top_secret"),
    A.Play("espionage", "0"),
    A.Play("research"),
    A.Play("swift", "r1"),
    A.Top("metal"),
]


@SETTINGS
@given(seeds, players, variant_sets, st.integers(0, 500))
def test_illegal_actions_change_nothing(seed, n, variants, steps):
    s = play(seed, n, variants, steps=steps)
    before = s.fingerprint()
    history = len(s.history)
    legal = set(s.legal_actions())
    for action in CANDIDATES:
        if action in legal:
            continue
        try:
            s.apply(action)
        except IllegalAction as exc:
            assert exc.reason
        else:
            raise AssertionError(f"{action} was accepted but is not legal")
        assert s.fingerprint() == before and len(s.history) == history


@SETTINGS
@given(seeds, players, st.integers(0, 300))
def test_action_text_and_json_round_trip(seed, n, steps):
    s = play(seed, n, ("negotiation",), steps=steps)
    for action in s.legal_actions()[:50]:
        assert GAME.parse_action(str(action)) == action
        assert GAME.action_from_json(action.to_json()) == action
