"""Properties of MLEM games with any combination of the advanced variants, on random legal play
(Hypothesis chooses the variants, the player count, the seed and the decisions)."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mlem_helpers import GAME
from mlem_variant_helpers import ALL_VARIANTS, check_events_hide_what_they_must, check_view_hides_what_it_must
from score_from_view import breakdown_from_view, scores_from_view, winners_from_view

from budget_helpers import examples
from cosmotable.engine import TERMINAL, IllegalAction, load_state, save_state
from cosmotable.games.mlem.tokens import default_token_data
from play_helpers import play_random

# The base bound (tests/mlem/test_properties.py) plus the variants' extra steps: set-up (20 deals,
# 5 choices, 5 reveals), per expedition a token reveal and a reroll (2 steps), 15 discovery reveals.
MAX_EXPEDITIONS = 11 + 8
MAX_ACTIONS = MAX_EXPEDITIONS * (5 + 26 * (2 + 5)) + 30 + MAX_EXPEDITIONS * 3 + 15

SETTINGS = settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])

seeds = st.integers(min_value=10**9, max_value=10**15)  # long: cannot appear in a view by chance
players = st.integers(min_value=2, max_value=5)
variant_sets = st.sets(st.sampled_from(ALL_VARIANTS)).map(sorted)
choices = st.integers(0, 2**32)

# Candidate actions of every kind, most of them illegal at any given moment.
PROBES = [
    "board helper",
    "board satellite",
    "roll 1,2,2,3,4,A",
    "roll 3,3",
    "travel 1",
    "travel 2,A",
    "travel A +keep",
    "travel +extra",
    "travel 1 +extra",
    "travel 2 +keep",
    "travel H0",
    "travel H1 +extra",
    "reroll",
    "crash",
    "stay",
    "land moon",
    "land planet",
    "land planet kotan",
    "land moon +1",
    "land deep +1",
    "return",
    "return-mission s01",
    "return-mission s20",
    "deal-mission s03",
    "reveal-discovery d05",
    "reveal-discovery d17",
    "reveal-expedition x01",
    "reveal-expedition x14",
]


def play(seed, num_players, variants, choice_seed, steps=None, every=None):
    """A game after `steps` actions (None: to the end); `every(s)` is called every few steps."""
    s = GAME.new_state(num_players=num_players, seed=seed, variants=variants)
    return play_random(s, MAX_ACTIONS, steps, choice_seed, check=every, check_every=20)


def recount_missions(s):
    """Mission points per seat, recounted from the history (who was dealt and returned what) and
    the public view at the end (who is on which moon and planet), with the rulebook's 2/5/10."""
    data = default_token_data("missions")
    targets = {m["id"]: (m["kind"], m["target"]) for m in data["mission"]}
    dealt = [[] for _ in range(s.num_players)]
    returned = []
    for action in s.history:
        text = str(action)
        if text.startswith("deal-mission "):
            seat = next(i for i, d in enumerate(dealt) if len(d) < 4)
            dealt[seat].append(text.split()[1])
        elif text.startswith("return-mission "):
            returned.append(text.split()[1])
    view = s.public_view()
    moon_seat = {m["id"]: (m["occupant"] or {}).get("seat") for m in view["moons"]}
    planet_seats = {p["id"]: {row["seat"] for row in p["rows"]} for p in view["planets"]}
    table = {0: 0, 1: 2, 2: 5, 3: 10}
    points = []
    for seat in range(s.num_players):
        kept = [m for m in dealt[seat] if m != returned[seat]]
        assert len(kept) == 3
        done = 0
        for mission in kept:
            kind, target = targets[mission]
            done += moon_seat[target] == seat if kind == "moon" else seat in planet_seats[target]
        points.append(table[done])
    return points


def check_views(s):
    for seat in [None, *range(s.num_players)]:
        check_view_hides_what_it_must(s, seat)


@SETTINGS
@given(seed=seeds, num_players=players, variants=variant_sets, choice_seed=choices)
def test_variant_random_play_ends_and_scores_match_a_recount_of_the_final_table(
    seed, num_players, variants, choice_seed
):
    s = play(seed, num_players, variants, choice_seed)
    assert s.current_player() == TERMINAL and s.phase == "over"
    assert s.crashes == 11 or max(s.placed) == 8
    recount = breakdown_from_view(s.public_view())
    assert s.scores() == scores_from_view(s.public_view())
    assert s.winners() == winners_from_view(s.public_view())
    for seat in range(num_players):
        parts = s.score_breakdown(seat)
        assert parts == recount[seat]
        assert ("ufo" in parts, "discoveries" in parts, "missions" in parts) == tuple(
            v in variants for v in ("ufo", "discovery", "secret_missions")
        )
        if s.ufo is not None:
            assert parts["ufo"] == sum(s.ufo.taken[seat])
        if s.discovery is not None:
            assert parts["discoveries"] == sum(
                s.tokens.discoveries[t].points for t in s.discovery.taken[seat]
            )
    if s.missions is not None:
        assert [s.score_breakdown(seat)["missions"] for seat in range(num_players)] == recount_missions(s)
    if s.ufo is not None:
        assert sorted([p for t in s.ufo.taken for p in t] + s.ufo.stack, reverse=True) == [5, 4, 3, 2, 1]
    if s.discovery is not None:
        taken = [t for seat in s.discovery.taken for t in seat]
        assert len(taken) + len(s.discovery.on_mat) + len(s.discovery.pool) <= 20
        assert len(s.discovery.on_mat) == 5 or not s.discovery.pool
    assert s.winners() and all(s.scores()[w] == max(s.scores()) for w in s.winners())


@SETTINGS
@given(
    seed=seeds,
    num_players=players,
    variants=variant_sets,
    choice_seed=choices,
    steps=st.one_of(st.none(), st.integers(0, 400)),
)
def test_variant_replay_from_the_record_gives_the_same_state(seed, num_players, variants, choice_seed, steps):
    s = play(seed, num_players, variants, choice_seed, steps)
    again = load_state(save_state(s))
    assert again.fingerprint() == s.fingerprint()
    assert [str(a) for a in again.history] == [str(a) for a in s.history]
    assert again.view(0) == s.view(0)


@SETTINGS
@given(seed=seeds, num_players=players, variants=variant_sets, choice_seed=choices)
def test_variant_views_never_show_other_seats_hidden_data_until_the_end(
    seed, num_players, variants, choice_seed
):
    s = play(seed, num_players, variants, choice_seed, every=check_views)
    check_views(s)  # at the end, everything is shown
    for seat in [None, *range(num_players)]:
        check_events_hide_what_they_must(s, seat)


@SETTINGS
@given(seed=seeds, num_players=players, variants=variant_sets, choice_seed=choices, steps=st.integers(0, 300))
def test_variant_events_never_show_other_seats_hidden_data(seed, num_players, variants, choice_seed, steps):
    s = play(seed, num_players, variants, choice_seed, steps)
    for seat in [None, *range(num_players)]:
        check_events_hide_what_they_must(s, seat)
        check_view_hides_what_it_must(s, seat)


@SETTINGS
@given(seed=seeds, num_players=players, variants=variant_sets, choice_seed=choices, steps=st.integers(0, 300))
def test_variant_illegal_actions_change_nothing(seed, num_players, variants, choice_seed, steps):
    s = play(seed, num_players, variants, choice_seed, steps)
    before = s.fingerprint()
    history, events = len(s.history), len(s.events)
    for text in PROBES:
        action = s.to_action(text)
        if not s.is_terminal() and s.is_legal(s.normalize(action)):
            continue
        try:
            s.apply(action)
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"{text!r} was applied though illegal")
        assert s.fingerprint() == before and len(s.history) == history and len(s.events) == events
    if not s.is_terminal() and not s.is_chance_node():
        legal = s.legal_actions()[0]
        other = (s.current_player() + 1) % num_players
        try:
            s.apply(legal, seat=other)
        except IllegalAction:
            pass
        else:
            raise AssertionError("a seat acted out of turn")
        assert s.fingerprint() == before


@SETTINGS
@given(
    seed=seeds,
    num_players=players,
    variants=variant_sets,
    choice_seed=choices,
    steps=st.one_of(st.none(), st.integers(0, 300)),
    resample_seed=choices,
)
def test_variant_resample_for_keeps_the_seats_view_and_the_mission_counts(
    seed, num_players, variants, choice_seed, steps, resample_seed
):
    s = play(seed, num_players, variants, choice_seed, steps)
    before = s.fingerprint()
    for seat in range(num_players):
        r = s.resample_for(seat, random.Random(resample_seed))
        assert r.view(seat) == s.view(seat)
        assert r.current_player() == s.current_player() and r.phase == s.phase
        if s.missions is not None:
            assert [len(d) for d in r.missions.dealt] == [len(d) for d in s.missions.dealt]
            assert [m is None for m in r.missions.returned] == [m is None for m in s.missions.returned]
            assert r.missions.dealt[seat] == s.missions.dealt[seat]
            assert r.missions.returned[seat] == s.missions.returned[seat]
            every = [m for d in r.missions.dealt for m in d] + r.missions.pool
            assert sorted(every) == sorted(s.tokens.missions)  # each mission exactly once
            for other in range(num_players):
                assert r.missions.returned[other] in (None, *r.missions.dealt[other])
        # UFO and discovery tokens follow from the public history: kept (Ruling R17)
        assert (r.ufo, r.discovery) == (s.ufo, s.discovery)
        assert r.points == s.points
        # the determinized state is a playable game
        play_on = random.Random(resample_seed)
        for _ in range(60):
            if r.is_terminal():
                break
            if r.is_chance_node():
                r.sample_chance(play_on)
            else:
                r.apply(play_on.choice(r.legal_actions()))
    assert s.fingerprint() == before  # the original is untouched


def test_ruling_R17_resample_for_redeals_only_missions_the_seat_has_not_seen():
    s = GAME.new_state(num_players=3, seed=123_456_789_012, variants=list(ALL_VARIANTS))
    for mission in ["s11", "s12", "s13", "s14", "s01", "s02", "s03", "s04", "s05", "s06", "s07", "s08"]:
        s.apply(f"deal-mission {mission}")
    for mission in ["s14", "s04"]:
        s.apply(f"return-mission {mission}")
    seen = set()
    for index in range(30):
        r = s.resample_for(0, random.Random(index))
        assert r.missions.dealt[0] == ["s11", "s12", "s13", "s14"] and r.missions.returned[0] == "s14"
        assert not {"s11", "s12", "s13", "s14"} & {m for d in r.missions.dealt[1:] for m in d}
        assert r.missions.returned[2] is None  # seat 2 has not chosen yet
        seen.add(tuple(r.missions.dealt[1]))
    assert len(seen) > 20  # really redrawn
