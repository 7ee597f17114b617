"""Rulebook: the four goal tiles (first taker only, 5 points) and the end of the game; Ruling R7."""

import pytest
from mlem_helpers import (
    advance,
    board_all,
    crash,
    crash_out,
    expedition_to,
    launch_any,
    new,
    roll,
    start,
    stay_all,
)

from cosmotable.engine import TERMINAL, IllegalAction
from cosmotable.games.mlem.board import ABILITIES

DEEP = 26


def goals_of(s, seat):
    return sorted(goal for goal, owner in s.goal_owner.items() if owner == seat)


# ----------------------------------------------------------------------------------- the four tiles
def test_goal_first_to_have_astronauts_on_4_different_planets():
    s = new(2)
    expedition_to(s, ["planet_expert", "moon_expert"], 7, ["land planet"])  # seats 0, 1
    expedition_to(s, ["moon_expert", "deep_space_expert"], 11, ["stay", "land planet"])  # seats 1, 0
    expedition_to(s, ["parachutist", "moon_expert"], 15, ["land planet"])
    assert s.goal_owner == {}
    expedition_to(s, ["moon_expert", "navigator"], 19, ["stay", "land planet"])
    assert s.goal_owner == {"four-planets": 0}
    assert s.score_breakdown(0)["goals"] == 5 and s.scores() == [5, 0]


def test_goal_first_to_have_3_astronauts_on_1_planet():
    s = new(2)
    expedition_to(s, ["planet_expert", "moon_expert"], 7, ["land planet"])
    expedition_to(s, ["moon_expert", "deep_space_expert"], 7, ["stay", "land planet"])
    assert s.goal_owner == {}
    expedition_to(s, ["parachutist", "moon_expert"], 7, ["land planet"])
    assert s.goal_owner == {"three-on-one-planet": 0}
    assert s.score_breakdown(0)["goals"] == 5


def test_goal_first_to_have_astronauts_on_4_moons():
    s = new(2)
    expedition_to(s, ["planet_expert", "moon_expert"], 8, ["land moon"])
    expedition_to(s, ["moon_expert", "deep_space_expert"], 9, ["stay", "land moon"])
    expedition_to(s, ["parachutist", "moon_expert"], 10, ["land moon"])
    assert s.goal_owner == {}
    expedition_to(s, ["moon_expert", "navigator"], 12, ["stay", "land moon"])
    assert s.goal_owner == {"four-moons": 0}
    assert s.score_breakdown(0) == {"moons": 3 + 3 + 4 + 4, "deep_space": 0, "goals": 5, "planets": 0}


def test_goal_first_to_have_2_astronauts_in_deep_space_comet_or_galaxy():
    s = new(2)
    board_all(s, ["navigator", "moon_expert"])
    advance(s, 25)
    s.apply("land deep +1")  # seat 0: galaxy, 5
    stay_all(s)
    crash(s)
    assert s.goal_owner == {}
    board_all(s, ["moon_expert", "helper"])  # seats 1, 0: seat 1 takes the comet first
    advance(s, DEEP)
    assert s.goal_owner == {"two-in-deep-space": 0}


def test_goal_tile_can_be_taken_only_by_the_first_player_to_meet_it():
    s = new(2)
    board_all(s, ["navigator", "moon_expert"])
    advance(s, 25)
    s.apply("land deep +1")
    stay_all(s)
    crash(s)
    board_all(s, ["moon_expert", "helper"])
    advance(s, DEEP)  # seat 0 takes the tile; seat 1 has 1 in deep space
    board_all(s, ["planet_expert", "deep_space_expert"])
    advance(s, DEEP)  # seat 1 now has 2 in deep space too
    assert sum(1 for seat, *_ in s.deep_space if seat == 1) == 2
    assert s.goal_owner == {"two-in-deep-space": 0}
    assert s.score_breakdown(1)["goals"] == 0 and s.score_breakdown(0)["goals"] == 5


def test_goal_tiles_are_worth_5_points_each_at_the_end():
    s = new(2)
    board_all(s, ["navigator", "moon_expert"])
    advance(s, 25)
    s.apply("land deep +1")
    stay_all(s)
    crash(s)
    board_all(s, ["moon_expert", "helper"])
    advance(s, DEEP)
    crash_out(s)
    assert s.is_terminal()
    assert s.score_breakdown(0) == {"moons": 0, "deep_space": 5 + 5, "goals": 5, "planets": 0}
    assert s.scores()[0] == 15


def test_ruling_R7_goals_are_checked_after_every_single_landing_so_the_earlier_lander_wins():
    s = new(2)
    board_all(s, ["moon_expert", "helper"])
    advance(s, DEEP)  # seat 0 comet, seat 1 galaxy: one each
    board_all(s, ["moon_expert", "helper"])  # seats 1, 0: seat 1 commands
    advance(s, DEEP)
    # both now have 2 in deep space; seat 1's commander left the rocket first
    assert s.deep_space[2][0] == 1 and s.deep_space[3][0] == 0
    assert s.goal_owner == {"two-in-deep-space": 1}


def test_ruling_R7_in_a_landing_phase_the_first_to_land_takes_the_tile():
    s = new(2)
    expedition_to(s, ["planet_expert", "moon_expert"], 7, ["land planet", "land planet"])
    expedition_to(s, ["planet_expert", "moon_expert"], 7, ["land planet", "land planet"])
    board_all(s, ["parachutist", "deep_space_expert"])  # seats 0, 1
    advance(s, 7)
    s.apply("stay")  # the commander waits ...
    s.apply("land planet")  # ... seat 1 lands first and has 3 on Rubin
    assert s.goal_owner == {"three-on-one-planet": 1}
    roll(s, ",".join(["3"] * s.dice))  # crash at 7: seat 0's parachutist lands its third
    s.apply("land planet")
    assert [len(a) for _, a in s.planets["rubin"]] == [3, 3]
    assert s.goal_owner == {"three-on-one-planet": 1}


def _third_astronaut_on_one_planet_by_parachute(s):
    """Seat 0 lands two astronauts on the planet at space 7, then a third by parachute in a crash."""
    expedition_to(s, ["planet_expert", "moon_expert"], 7, ["land planet"])
    expedition_to(s, ["moon_expert", "deep_space_expert"], 7, ["stay", "land planet"])
    board_all(s, ["parachutist", "moon_expert"])
    advance(s, 7)
    stay_all(s)
    roll(s, ",".join(["3"] * s.dice))
    s.apply("land planet")  # a parachute landing during the crash


def test_ruling_R7_a_goal_met_by_parachute_is_taken_at_the_start_of_the_next_landing_phase():
    """rulebook (nl, goals): «De eerste speler die tijdens de landingsfase aan de voorwaarden van een
    doeltegel voldoet, pakt deze doeltegel.» and (pl, landing phase): «Po każdej fazie lotu, jeśli nie
    doszło do rozbicia rakiety, następuje faza lądowania.» A parachute lands in a crash, which no
    landing phase follows: the tile waits for the next landing phase, where its player already meets
    the condition before anyone lands (changed ruling R7). Skipped landing phases (spaces 0-5) do not count."""
    s = new(2)
    _third_astronaut_on_one_planet_by_parachute(s)
    assert s.phase == "launch" and s.expedition == 4
    assert s.goal_owner == {} and s.score_breakdown(0)["goals"] == 0
    assert [g["due_to"] for g in s.public_view()["goals"]] == [None, 0, None, None]
    kinds = [e.kind for e in s.events]
    last_crash = max(i for i, kind in enumerate(kinds) if kind == "crash")
    assert kinds[last_crash:].count("goal-due") == 1 and "goal" not in kinds
    board_all(s, ["satellite", "satellite"])  # seat 1 starts; the rocket starts on space 3
    advance(s, 5)  # a travel phase ending on spaces 0-5: the landing phase is skipped
    assert s.goal_owner == {}
    advance(s, 6)  # the next landing phase
    assert s.goal_owner == {"three-on-one-planet": 0} and s.score_breakdown(0)["goals"] == 5
    assert [g["due_to"] for g in s.public_view()["goals"]] == [None] * 4
    assert s.events[-1].kind == "goal" and s.phase == "landing"  # taken before anyone is asked


def test_ruling_R7_a_goal_met_by_parachute_on_the_last_crash_is_never_taken():
    """rulebook (pl, goals): «Pierwszy z graczy, który podczas fazy lądowania spełni warunek określony na
    żetonie celu, zabiera go dla siebie.» The eleventh crash ends the game: no landing phase follows,
    so a goal met by a parachute landing in it is not taken (Ruling R7)."""
    s = new(2)
    expedition_to(s, ["planet_expert", "moon_expert"], 7, ["land planet"])
    expedition_to(s, ["moon_expert", "deep_space_expert"], 7, ["stay", "land planet"])
    for _ in range(8):
        launch_any(s)
        crash(s)
    assert s.crashes == 10 and s.starter == 0
    board_all(s, ["parachutist", "moon_expert"])
    advance(s, 7)
    stay_all(s)
    roll(s, ",".join(["3"] * s.dice))
    s.apply("land planet")
    assert s.is_terminal() and s.crashes == 11
    assert s.goal_owner == {} and s.score_breakdown(0)["goals"] == 0


# ----------------------------------------------------------------------------------- end of game
def test_end_of_game_when_the_crash_token_reaches_the_last_field():
    s = start(2, ["moon_expert", "planet_expert"])
    advance(s, 11)
    s.apply("land planet")
    stay_all(s)
    crash(s)
    for _ in range(9):
        launch_any(s)
        crash(s)
    assert s.crashes == 10 and not s.is_terminal()
    launch_any(s)
    crash(s)
    assert s.is_terminal() and s.current_player() == TERMINAL
    assert s.score_breakdown(0)["planets"] == 5 and s.winners() == [0]


def _deep_expeditions(s, count):
    """`count` expeditions straight to deep space, each player boarding astronauts in ABILITIES order."""
    for _ in range(count):
        launch_any(s)
        advance(s, DEEP)


def test_end_of_game_when_a_player_has_all_8_astronauts_on_the_mat_the_expedition_is_finished():
    s = new(2)
    _deep_expeditions(s, 7)
    assert s.placed == [7, 7] and s.expedition == 8 and s.starter == 1
    board_all(s, ["helper", "helper"])  # seats 1, 0: the last astronaut of each
    advance(s, 7)
    s.apply("stay")  # seat 1
    s.apply("land planet")  # seat 0 places its 8th astronaut
    assert s.placed[0] == 8 and s.end_triggered
    assert not s.is_terminal() and s.phase == "roll"  # seat 1 is still aboard: play on
    advance(s, 11)
    s.apply("land planet")  # seat 1's landing in the last expedition still counts
    assert s.is_terminal() and s.placed == [8, 8]
    assert s.score_breakdown(1)["planets"] == 5 and s.score_breakdown(0)["planets"] == 3
    assert s.expedition == 8


def test_end_of_game_triggered_game_ends_when_the_last_expedition_crashes():
    s = new(2)
    _deep_expeditions(s, 7)
    board_all(s, ["helper", "helper"])
    advance(s, 7)
    s.apply("stay")
    s.apply("land planet")
    assert s.end_triggered and not s.is_terminal()
    crash(s)
    assert s.is_terminal() and s.placed == [8, 7] and s.crashes == 1
    assert s.available[1] == ["helper"]


def test_end_of_game_nothing_more_can_be_played():
    s = crash_out(start(3))
    assert s.legal_actions() == [] and s.chance_outcomes() == []
    for text in ("board helper", "roll 1", "stay", "crash"):
        with pytest.raises(IllegalAction, match="game is over"):
            s.apply(text)


def test_end_of_game_is_not_triggered_by_7_astronauts():
    s = new(2)
    _deep_expeditions(s, 7)
    assert not s.end_triggered and s.phase == "launch"
    assert [len(a) for a in s.available] == [1, 1]
    assert s.available[0] == [ABILITIES[-1]]
