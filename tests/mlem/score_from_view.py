"""MLEM's final scores recounted from the public view alone, the way players count them at the table.

The engine keeps a running tally (`MlemState.points`) and `scores()` sums it, so a test comparing
`scores()` with the sum of `score_breakdown()` cannot fail. This recount reads only what is on the
table at the end (who sits on which moon, planet rows, deep space, goal tiles, taken tokens, the
revealed missions) and applies the rulebook's scoring, so a wrong tally anywhere shows up here.
"""

from __future__ import annotations

from collections import Counter

# rulebook (secret missions, Polish edition): 1 / 2 / 3 completed missions are worth 2 / 5 / 10.
MISSION_POINTS = {0: 0, 1: 2, 2: 5, 3: 10}


def moon_points(view: dict) -> Counter:
    """rulebook: an astronaut on a moon scores its printed points; the moon expert doubles them."""
    points: Counter = Counter()
    for moon in view["moons"]:
        occupant = moon["occupant"]
        if occupant:
            points[occupant["seat"]] += moon["points"] * (2 if occupant["astronaut"] == "moon_expert" else 1)
    return points


def deep_space_points(view: dict) -> Counter:
    """rulebook: the commander reaches the comet (7), everyone else the galaxy (5); the deep-space
    expert doubles. The navigator arriving from space 25 scores the galaxy's 5 only."""
    mat = view["mat"]
    base = {"comet": mat["comet_points"], "galaxy": mat["galaxy_points"]}
    points: Counter = Counter()
    for entry in view["deep_space"]:
        double = 2 if entry["astronaut"] == "deep_space_expert" else 1
        points[entry["seat"]] += base[entry["where"]] * double
    return points


def planet_points(view: dict) -> Counter:
    """rulebook (scoring): on each planet the most astronauts take the first value, the next the
    second, and every other player present the third; a tie goes to the colour that landed there
    first (rows are in order of arrival). The planet expert doubles its owner's points there."""
    points: Counter = Counter()
    for planet in view["planets"]:
        first, second, others = planet["points"]
        rows = planet["rows"]
        arrival = {row["seat"]: i for i, row in enumerate(rows)}
        ranked = sorted(rows, key=lambda row: (-len(row["astronauts"]), arrival[row["seat"]]))
        for place, row in enumerate(ranked):
            double = 2 if "planet_expert" in row["astronauts"] else 1
            points[row["seat"]] += (first, second)[place] * double if place < 2 else others * double
    return points


def goal_points(view: dict) -> Counter:
    points: Counter = Counter()
    for goal in view["goals"]:
        if goal["claimed_by"] is not None:
            points[goal["claimed_by"]] += goal["points"]
    return points


def ufo_points(view: dict) -> Counter:
    """Polish rulebook (UFO contact): each taken UFO token scores its value."""
    taken = view["variant_state"]["ufo"]["taken"]
    return Counter({int(seat): sum(values) for seat, values in taken.items()})


def discovery_points(view: dict) -> Counter:
    """Polish rulebook (Discovery): the points tokens a player took score their values."""
    taken = view["variant_state"]["discovery"]["taken"]
    return Counter({int(seat): sum(values) for seat, values in taken.items()})


def mission_points(view: dict) -> Counter:
    """A kept mission (the three not returned) is completed when, at the end, the player has an
    astronaut on its moon or planet."""
    moon_seat = {m["id"]: (m["occupant"] or {}).get("seat") for m in view["moons"]}
    planet_seats = {p["id"]: {row["seat"] for row in p["rows"]} for p in view["planets"]}
    points: Counter = Counter()
    for seat_key, hand in view["variant_state"]["missions"]["hands"].items():
        seat = int(seat_key)
        kept = [m for m in hand["dealt"] if m["id"] != hand["returned"]]
        assert len(kept) == 3, f"seat {seat} should keep 3 missions, the view shows {len(kept)}"
        done = sum(
            (moon_seat[m["target"]] == seat) if m["kind"] == "moon" else (seat in planet_seats[m["target"]])
            for m in kept
        )
        points[seat] = MISSION_POINTS[done]
    return points


def breakdown_from_view(view: dict) -> list[dict[str, int]]:
    """Each seat's points by category, named as the engine's breakdown names them."""
    assert view["phase"] == "over", "scores are counted from the final table"
    parts = {
        "moons": moon_points(view),
        "deep_space": deep_space_points(view),
        "goals": goal_points(view),
        "planets": planet_points(view),
    }
    variants = set(view["variants"])
    if "ufo" in variants:
        parts["ufo"] = ufo_points(view)
    if "discovery" in variants:
        parts["discoveries"] = discovery_points(view)
    if "secret_missions" in variants:
        parts["missions"] = mission_points(view)
    return [{name: counts[seat] for name, counts in parts.items()} for seat in range(view["num_players"])]


def scores_from_view(view: dict) -> list[int]:
    return [sum(parts.values()) for parts in breakdown_from_view(view)]


def winners_from_view(view: dict) -> list[int]:
    """rulebook: the most points wins; the rulebook names no tie-break, so tied leaders share."""
    scores = scores_from_view(view)
    return [seat for seat, score in enumerate(scores) if score == max(scores)]
