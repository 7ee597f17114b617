"""MLEM's landing and parachute phases: where an astronaut may land, what a landing scores, deep
space, and the astronauts' abilities that act on leaving the rocket (rulebook: landing phase, moons,
planets, deep space, crash, and the navigator, moon expert, deep-space expert, die discarder and
parachutist). Functions of the state, called by moves.py and travel.py."""

from __future__ import annotations

from typing import Any

from cosmotable.games.mlem import expedition, goals
from cosmotable.games.mlem.actions import Land
from cosmotable.games.mlem.board import ABILITIES
from cosmotable.games.mlem.state import LANDING, PARACHUTE, ROLL, MlemState


def continue_parachutes(s: MlemState) -> None:
    # A parachutist with nowhere to land goes home without a decision (Ruling R5).
    while s.queue and not landing_options(s, s.queue[0], shifts=(0,)):
        s.queue.pop(0)
    if s.queue:
        return
    # rulebook (crash): everyone still on the rocket board goes back to their owner.
    for slot, (seat, astronaut) in enumerate(s.rocket):
        if s.aboard[slot]:
            s.aboard[slot] = False
            return_home(s, seat, astronaut)
    expedition.end_expedition(s)


def return_home(s: MlemState, seat: int, astronaut: str) -> None:
    s.available[seat].append(astronaut)
    s.available[seat].sort(key=ABILITIES.index)


def start_landing(s: MlemState) -> None:
    if s.position < s.mat.first_landing_space:
        # rulebook (landing phase): spaces 0-5 have nothing to land on; skip the phase.
        s.phase = ROLL
        return
    goals.take_goals_due(s)
    if s.position >= s.mat.deep_space:
        arrive_in_deep_space(s)
        return
    # rulebook (landing phase): the commander decides first, then the others in rocket-board
    # order, top to bottom. The commander is always the topmost astronaut still aboard.
    s.phase = LANDING
    s.queue = [slot for slot in range(len(s.rocket)) if s.aboard[slot]]
    continue_landing(s)


def continue_landing(s: MlemState) -> None:
    # An astronaut whose only option is to stay is not asked (Ruling R4).
    while s.queue and not landing_options(s, s.queue[0]):
        s.queue.pop(0)
    if s.queue:
        return
    if any(s.aboard):
        s.phase = ROLL
    else:
        # rulebook (end of expedition): everyone has left the rocket.
        expedition.end_expedition(s)


def landing_options(s: MlemState, slot: int, shifts: tuple[int, ...] | None = None) -> list[Land]:
    """Where the astronaut in `slot` may land now (empty: it can only stay)."""
    _, astronaut = s.rocket[slot]
    if shifts is None:
        # rulebook (navigator): it may land as if the rocket were one space higher or lower.
        shifts = (0, -1, 1) if astronaut == "navigator" else (0,)
    # rulebook (landing phase / parachutist): nothing to land on at spaces 0-5 (no spots there).
    position, spots, moons = s.position, s.spots, s.moons
    options: list[Land] = []
    for shift in shifts:
        spot = spots.get((position, shift))
        if spot is None:
            continue
        linked, land_moon, others = spot
        # rulebook (moons): one astronaut per moon; if all are taken no one can land there.
        if land_moon is not None:
            for m in linked:
                if m not in moons:
                    options.append(land_moon)
                    break
        options += others
    return options


def land(s: MlemState, slot: int, action: Land) -> None:
    seat, astronaut = s.rocket[slot]
    number = s.position + action.shift
    s.aboard[slot] = False
    if action.place == "deep":
        # rulebook (navigator): from space 25 into deep space scores only 5 points.
        place_in_deep_space(s, seat, astronaut, "galaxy", s.mat.galaxy_points)
    elif action.place == "moon":
        space = s.mat.space(number)
        moon_id = next(m for m in space.moons if m not in s.moons)
        s.moons[moon_id] = (seat, astronaut)
        points = s.mat.moons[moon_id].points
        # rulebook (moon expert): doubles the points of the moon it lands on.
        if astronaut == "moon_expert":
            points *= 2
        # rulebook (moons): the points are scored at once.
        s.points[seat]["moons"] += points
        placed(
            s,
            seat,
            f"lands the {astronaut} on a {s.mat.moons[moon_id].points}-point moon at space {number} (+{points})",
            astronaut=astronaut,
            place="moon",
            space=number,
            moon=moon_id,
            points=points,
            shift=action.shift,
            parachute=s.phase == PARACHUTE,
        )
    else:
        planet_id = action.planet or s.mat.space(number).planets[0]
        rows = s.planets[planet_id]
        for row_seat, astronauts in rows:
            if row_seat == seat:
                astronauts.append(astronaut)
                break
        else:
            # rulebook (planets): a colour's first astronaut starts a new row at the bottom.
            rows.append((seat, [astronaut]))
        name = s.mat.planets[planet_id].name
        placed(
            s,
            seat,
            f"lands the {astronaut} on planet {name} (scored at the end)",
            astronaut=astronaut,
            place="planet",
            space=number,
            planet=planet_id,
            shift=action.shift,
            parachute=s.phase == PARACHUTE,
        )
    after_leaving(s, slot, astronaut)


def after_leaving(s: MlemState, slot: int, astronaut: str) -> None:
    if astronaut == "die_discarder":
        # rulebook (die discarder): the current commander sets one die aside; the last stays.
        s.dice = max(s.dice - 1, 1)
        if not s.silent:  # a search's copy records nothing: no text to build
            s.emit("discard", f"the commander sets a die aside ({s.dice} left)", dice=s.dice)
    if slot == s.commander:
        # rulebook (change of commander): the next astronaut on the rocket board takes over
        # the unused dice; the rocket board itself stays with the starter.
        s.commander = next((slot for slot in range(len(s.rocket)) if s.aboard[slot]), None)
        if s.commander is not None and not s.silent:  # a search's copy records nothing: no text
            s.emit(
                "commander",
                f"seat {s.rocket[s.commander][0]} is the new commander",
                commander=s.rocket[s.commander][0],
            )


def arrive_in_deep_space(s: MlemState) -> None:
    # rulebook (deep space): everyone must leave the rocket; the commander goes to the comet,
    # the others to the galaxy; rulebook (deep-space expert): its points are doubled.
    for slot, (seat, astronaut) in enumerate(s.rocket):
        if not s.aboard[slot]:
            continue
        comet = slot == s.commander
        where = "comet" if comet else "galaxy"
        points = s.mat.comet_points if comet else s.mat.galaxy_points
        if astronaut == "deep_space_expert":
            points *= 2
        s.aboard[slot] = False
        place_in_deep_space(s, seat, astronaut, where, points)
    s.commander = None
    expedition.end_expedition(s)


def place_in_deep_space(s: MlemState, seat: int, astronaut: str, where: str, points: int) -> None:
    s.deep_space.append((seat, astronaut, where, points))
    s.points[seat]["deep_space"] += points
    placed(
        s,
        seat,
        f"sends the {astronaut} to the {where} in deep space (+{points})",
        astronaut=astronaut,
        place="deep",
        where=where,
        points=points,
    )


def placed(s: MlemState, seat: int, text: str, **data: Any) -> None:
    s.placed[seat] += 1
    # The structured data lets a UI tell the landing in its own words.
    if not s.silent:
        s.emit("land", f"seat {seat} {text}", seat, **data)
    goals.check_goals(s, seat, data["place"])
    # rulebook (end of game): a player with all 8 astronauts on the mat ends the game once
    # the current expedition is over (all of the roster's, in a research configuration).
    if s.placed[seat] == len(s.roster) and not s.end_triggered:
        s.end_triggered = True
        s.emit(
            "end-triggered",
            f"seat {seat} has all astronauts on the mat: last expedition",
            seat,
            placed=s.placed[seat],
        )
