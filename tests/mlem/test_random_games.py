"""1,000 random games of 2-5 players: they end, someone wins, and no astronaut is ever lost."""

import random

import pytest
from mlem_helpers import GAME
from score_from_view import breakdown_from_view, scores_from_view

from cosmotable.engine import TERMINAL
from cosmotable.games.mlem.board import ABILITIES

GAMES = 1000


def check_expedition_boundary(s):
    """At the start of every expedition each player's 8 astronauts are at home or on the mat."""
    assert s.rocket == [] and s.position == 0 and s.dice == s.mat.dice_count
    for seat in range(s.num_players):
        assert len(s.available[seat]) + s.placed[seat] == len(ABILITIES)
        assert s.available[seat], "a player with nothing to board: the game should have ended"


def play_one(index):
    num_players = 2 + index % 4
    s = GAME.new_state(num_players=num_players, seed=10_000 + index)
    rng = random.Random(index)
    expeditions = 0
    while not s.is_terminal():
        if s.is_chance_node():
            s.resolve_chance()
            continue
        if s.phase == "launch" and not s.rocket:
            check_expedition_boundary(s)
            expeditions += 1
        s.apply(rng.choice(s.legal_actions()))
        assert len(s.history) < 4000
    return s, expeditions


@pytest.mark.slow
def test_one_thousand_random_games_end_with_winners_and_every_astronaut_accounted_for():
    crash_endings = full_endings = 0
    for index in range(GAMES):
        s, expeditions = play_one(index)
        assert s.current_player() == TERMINAL
        assert s.winners() and max(s.scores()) == s.scores()[s.winners()[0]]
        assert 0 <= s.crashes <= 11
        assert expeditions == s.expedition <= 19
        if s.crashes == 11:
            crash_endings += 1
        else:
            assert max(s.placed) == len(ABILITIES)
            full_endings += 1
        recount = breakdown_from_view(s.public_view())  # the final table, counted by hand
        assert s.scores() == scores_from_view(s.public_view())
        for seat in range(s.num_players):
            # the last expedition ended by a crash (astronauts back home) or with everyone out
            assert len(s.available[seat]) + s.placed[seat] == len(ABILITIES), (index, seat)
            assert s.score_breakdown(seat) == recount[seat], (index, seat)
        assert not any(s.aboard)
    assert crash_endings + full_endings == GAMES
