"""MLEM scoring that depends only on where astronauts are: goal tiles and planet majorities.

Pure functions over plain data, so the rules, the views and the tests share one definition.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cosmotable.games.mlem.board import Goal, Planet

# A planet's rows, in order of each colour's first arrival: [(seat, [astronaut, ...]), ...].
# rulebook (landing on planets): a colour's first astronaut starts a new row at the bottom; later
# ones join that colour's row, so row order records who arrived first.
Rows = Sequence[tuple[int, Sequence[str]]]


def planet_ranking(rows: Rows) -> list[int]:
    """Seats on a planet from first place to last.

    rulebook (scoring): most astronauts first; on a tie, the player who landed on the planet earlier
    ranks higher - so exactly one first place and one second place.
    """
    counts = {seat: len(astronauts) for seat, astronauts in rows}
    order = {seat: index for index, (seat, _) in enumerate(rows)}
    return sorted(order, key=lambda seat: (-counts[seat], order[seat]))


def planet_points(planet: Planet, rows: Rows, doubler: str = "planet_expert") -> dict[int, int]:
    """Points each seat present scores for one planet at the end of the game.

    rulebook (scoring): first place takes the first value, second place the second, every other
    player present the third; rulebook (planet expert): its owner doubles their points there.
    """
    result: dict[int, int] = {}
    by_seat = dict(rows)
    for place, seat in enumerate(planet_ranking(rows)):
        points = planet.points[min(place, 2)]
        if doubler in by_seat[seat]:
            points *= 2
        result[seat] = points
    return result


def all_planet_points(
    planets: Mapping[str, Planet], rows_by_planet: Mapping[str, Rows], num_players: int
) -> list[int]:
    """End-of-game planet points per seat, planets scored from the start of the track onwards."""
    totals = [0] * num_players
    for planet_id, planet in planets.items():
        for seat, points in planet_points(planet, rows_by_planet.get(planet_id, ())).items():
            totals[seat] += points
    return totals


def meets_goal(
    goal: Goal,
    seat: int,
    rows_by_planet: Mapping[str, Rows],
    moon_owners: Sequence[int],
    deep_space_owners: Sequence[int],
) -> bool:
    """Does `seat` now meet the goal tile's condition? (rulebook: the four goal tiles)"""
    if goal.kind == "different_planets":
        present = sum(1 for rows in rows_by_planet.values() if any(s == seat for s, _ in rows))
        return present >= goal.count
    if goal.kind == "one_planet":
        return any(
            len(astronauts) >= goal.count
            for rows in rows_by_planet.values()
            for s, astronauts in rows
            if s == seat
        )
    if goal.kind == "moons":
        return sum(1 for owner in moon_owners if owner == seat) >= goal.count
    if goal.kind == "deep_space":
        return sum(1 for owner in deep_space_owners if owner == seat) >= goal.count
    raise ValueError(f"unknown goal kind {goal.kind!r}")
