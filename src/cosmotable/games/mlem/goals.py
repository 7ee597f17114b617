"""MLEM's goal tiles: who meets a tile's condition at a landing, and when the tile is taken
(rulebook: goals; Ruling R7). Functions of the state, called by landing.py."""

from __future__ import annotations

from cosmotable.games.mlem.board import Goal
from cosmotable.games.mlem.scoring import meets_goal
from cosmotable.games.mlem.state import PARACHUTE, MlemState

# The goal kinds (board.GOAL_KINDS) whose condition a landing on each kind of place can change.
GOALS_BY_PLACE = {
    "moon": frozenset({"moons"}),
    "planet": frozenset({"different_planets", "one_planet"}),
    "deep": frozenset({"deep_space"}),
}


def check_goals(s: MlemState, seat: int, place: str) -> None:
    # rulebook (goals): the first player to meet a tile's condition «during the landing phase»
    # takes it; no one else can. Checked after every landing, so within one phase the earlier
    # lander wins (Ruling R7). Astronauts never leave the mat, so a condition the seat did not
    # meet at its last landing can only be met now through the kind of place it landed on.
    kinds = GOALS_BY_PLACE[place]
    moon_owners = [seat for seat, _ in s.moons.values()]
    deep_owners = [seat for seat, *_ in s.deep_space]
    for goal in s.goals:
        if goal.kind not in kinds or goal.id in s.goal_owner or (goal.id, seat) in s.goals_due:
            continue
        if not meets_goal(goal, seat, s.planets, moon_owners, deep_owners):
            continue
        if s.phase == PARACHUTE:
            # A parachute landing happens in a crash, and «no landing phase follows a crash»:
            # the tile waits for the next landing phase (Ruling R7).
            s.goals_due.append((goal.id, seat))
            s.emit(
                "goal-due",
                f"seat {seat} meets the goal tile: {goal.text}; it is taken at the next landing phase",
                seat,
                goal=goal.id,
            )
        else:
            take_goal(s, goal, seat)


def take_goals_due(s: MlemState) -> None:
    """At the start of a landing phase, goals met by parachute landings go to whoever met
    them first (Ruling R7); none can have been taken since, as nobody lands in between."""
    goals = {goal.id: goal for goal in s.goals}
    for goal_id, seat in s.goals_due:
        if goal_id not in s.goal_owner:
            take_goal(s, goals[goal_id], seat)
    s.goals_due = []


def take_goal(s: MlemState, goal: Goal, seat: int) -> None:
    s.goal_owner[goal.id] = seat
    s.points[seat]["goals"] += goal.points
    s.emit(
        "goal",
        f"seat {seat} takes the goal tile: {goal.text} (+{goal.points} at the end)",
        seat,
        goal=goal.id,
        points=goal.points,
    )
