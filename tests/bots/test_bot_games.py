"""Issue #19 goal 1 on a small sample: all-bot games between the heuristic and the cheapest search
level, over every configuration of each game, reach no safety cap and repeat no position more than
MAX_REPEATS times (`benchmarks/bot_games.py` runs 1,000 games per game and prints the figures).

Planet plays one game of each configuration (2, 3, 4 players, teams), each its own test so that the
workers share them out: games of the benchmark's run `--seed 1` (all-heuristic seats). With the bots
before they remembered the positions met (bots/repetition.py), its 2-player game (seed 1000023) ran
into the 600-turn cap, its two seats passing turn after turn through loops and crocodiles, and its
3-player game (seed 1000020) too; now each clears the board in 220-340 turns."""

from __future__ import annotations

import pytest

from cosmotable.engine import State
from cosmotable.sim.bot_games import configurations, play, position_key, schedule, spread

MAX_REPEATS = 3
#: The sample per game, the first configurations of each (`make test` must stay well under 15
#: minutes on 2 cores: 30 MLEM and 20 Kosmodrom games took 5 minutes of it); `benchmarks/bot_games.py`
#: plays every configuration of every game.
SAMPLE = {"mlem": 12, "kosmodrom": 8}
#: Planet: one game per configuration, every seat the heuristic (a Planet decision of `easy` is a
#: 30-iteration search: a 4-player game with two `easy` seats ran over 15 minutes on the loaded
#: machine; `benchmarks/bot_games.py` mixes in the search levels): the games of these indices of
#: `schedule("planet", 24, seed=1)` - 2, 3, 4 players and teams. About 10-30 s of CPU each.
PLANET_GAMES = (20, 17, 22, 23)
PLANET_MIX = {"heuristic": 1}
TEST_MIX = {"heuristic": 3, "easy": 1}


def test_the_samples_play_the_first_configurations_of_each_game():
    for game_id, count in SAMPLE.items():
        specs = schedule(game_id, count, seed=19, mix=TEST_MIX)
        assert [(s.players, s.variants) for s in specs] == configurations(game_id)[:count]


@pytest.mark.slow
# one test per game, so that pytest-xdist spreads a sample over the workers (issue #47: Kosmodrom's
# eight games in one test took 54-98 s of one worker's time in `make test`)
@pytest.mark.parametrize(
    "game_id, index", [(game, i) for game in sorted(SAMPLE) for i in range(SAMPLE[game])]
)
def test_bot_games_end_without_a_cap_and_without_going_round_in_circles(game_id, index):
    spec = schedule(game_id, SAMPLE[game_id], seed=19, mix=TEST_MIX)[index]
    outcome = play(spec)
    assert not outcome.capped, (spec, outcome.end)
    assert outcome.max_repeats <= MAX_REPEATS, (spec, outcome.max_repeats)


@pytest.mark.slow
@pytest.mark.early  # 20-40 CPU s each, the suite's longest: started first (tests/conftest.py)
@pytest.mark.parametrize("config, index", list(enumerate(PLANET_GAMES)))
def test_planet_bot_games_end_the_rulebook_way_without_a_cap_or_a_loop(config, index):
    spec = schedule("planet", max(PLANET_GAMES) + 1, seed=1, mix=PLANET_MIX)[index]
    assert (spec.players, spec.variants) == configurations("planet")[config]
    outcome = play(spec)
    assert not outcome.capped, (spec, outcome.end)
    assert outcome.max_repeats <= MAX_REPEATS, (spec, outcome.max_repeats)
    # The rulebook's end (R22): every tile up and every coin taken - not a claim (R21) that the
    # coins left cannot be had, which bots agree to only after long stand-stills.
    assert outcome.end == "cleared", (spec, outcome.end)
    home, left = outcome.coins
    assert left == 0 and home > 0, (spec, outcome.coins)


def test_configurations_are_every_player_count_with_every_accepted_variant_combination():
    assert configurations("planet") == [(2, ()), (3, ()), (4, ()), (4, ("teams",))]
    kosmodrom = configurations("kosmodrom")
    assert all(not {"quick", "slow"} <= set(variants) for _, variants in kosmodrom)
    assert (4, ("negotiation", "quick", "superpowers")) in kosmodrom
    assert len(configurations("mlem")) == 4 * 2**3  # 2-5 players, any of three variants


def test_a_position_is_the_state_without_its_turn_counters():
    from cosmotable import games

    state: State = games.get("planet").new_state(num_players=2, seed=3)
    key = position_key(state)
    again = state.clone()
    again.total_turns += 7  # type: ignore[attr-defined]
    again.turns[0] += 7  # type: ignore[attr-defined]
    assert position_key(again) == key
    moved = state.clone()
    moved.apply(moved.legal_actions()[0])
    assert position_key(moved) != key


def test_spread_gives_min_quartiles_and_max():
    assert spread([1, 2, 3, 4, 5]) == (1, 2, 3, 4, 5)
    assert spread([7]) == (7, 7, 7, 7, 7)
