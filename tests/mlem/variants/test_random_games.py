"""1,000 random games of 2-5 players with random combinations of the advanced variants: they end,
someone wins, no astronaut and no token is ever lost, and the scores add up."""

import random

import pytest
from mlem_helpers import GAME
from mlem_variant_helpers import ALL_VARIANTS
from score_from_view import breakdown_from_view, scores_from_view, winners_from_view

from cosmotable.engine import TERMINAL
from cosmotable.games.mlem.board import ABILITIES

GAMES = 1000


def check_launch(s):
    """At the first boarding of every expedition: astronauts at home or on the mat, the token's dice."""
    assert s.rocket == [] and s.position == 0
    if s.ufo is not None and s.ufo.token is not None:
        token = s.tokens.expedition[s.ufo.token]
        assert s.dice == token.dice and not s.ufo.spent
    else:
        assert s.dice == s.mat.dice_count
    for seat in range(s.num_players):
        assert len(s.available[seat]) + s.placed[seat] == len(ABILITIES)
        assert s.available[seat]


def check_tokens(s):
    if s.ufo is not None:
        assert sorted([p for t in s.ufo.taken for p in t] + s.ufo.stack) == sorted(s.tokens.ufo_points)
        assert 0 <= s.ufo.position <= s.mat.ufo_start_space
    if s.discovery is not None:
        on_mat = s.discovery.on_mat
        assert all(s.tokens.discoveries[t].space == space for space, t in on_mat.items())
        assert len(on_mat) <= 5 and (
            len(on_mat) == 5 or not s.discovery.pool or s.phase == "reveal_discovery"
        )
        taken = [t for seat in s.discovery.taken for t in seat]
        assert all(s.tokens.discoveries[t].kind == "points" for t in taken)
        assert not set(taken) & set(on_mat.values()) and not set(taken) & set(s.discovery.pool)


def play_one(index):
    rng = random.Random(index)
    variants = [v for v in ALL_VARIANTS if rng.random() < 0.5]
    num_players = 2 + index % 4
    s = GAME.new_state(num_players=num_players, seed=50_000 + index, variants=variants)
    while not s.is_terminal():
        if s.is_chance_node():
            s.sample_chance()
            continue
        if s.phase == "launch" and not s.rocket:
            check_launch(s)
        s.apply(rng.choice(s.legal_actions()))
        assert len(s.history) < 4000
    check_tokens(s)
    return s, variants


@pytest.mark.slow
def test_one_thousand_random_variant_games_end_with_winners_and_nothing_lost():
    combos = set()
    for index in range(GAMES):
        s, variants = play_one(index)
        combos.add(tuple(variants))
        assert s.current_player() == TERMINAL
        assert s.winners() and max(s.scores()) == s.scores()[s.winners()[0]]
        assert 0 <= s.crashes <= 11 and (s.crashes == 11 or max(s.placed) == len(ABILITIES))
        assert not any(s.aboard)
        recount = breakdown_from_view(s.public_view())  # the final table, counted by hand
        assert s.scores() == scores_from_view(s.public_view())
        assert s.winners() == winners_from_view(s.public_view())
        for seat in range(s.num_players):
            assert len(s.available[seat]) + s.placed[seat] == len(ABILITIES), (index, seat)
            assert s.score_breakdown(seat) == recount[seat], (index, seat)
            if s.missions is not None:
                assert len(s.missions.kept(seat)) == 3
                done = len(s.completed_missions(seat))
                assert s.score_breakdown(seat)["missions"] == (0, 2, 5, 10)[done]
    assert len(combos) == 8  # every combination of the three variants was played
