"""What MLEM shows: the JSON view of a state, and why an action is refused.

The one place where a state becomes outgoing data (boardgame.io's playerView idea): every UI, the
server and the environments build on `public_view`. The seed is never included: it would reveal
future dice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cosmotable.engine.core import Action
from cosmotable.games.mlem.actions import Board, Crash, Land, Return, Roll, Stay, Travel
from cosmotable.games.mlem.board import ABILITIES

if TYPE_CHECKING:
    from cosmotable.games.mlem.state import MlemState


def public_view(state: MlemState) -> dict[str, Any]:
    mat = state.mat
    terminal = state.is_terminal()
    player = state.current_player()
    return {
        "game": "mlem",
        "num_players": state.num_players,
        "variants": sorted(state.config.variants),
        "phase": state.phase,
        "current_player": player,
        "expedition": state.expedition,
        "starter": state.starter,
        "crashes": state.crashes,
        "crash_track_length": mat.crash_track_length,
        "end_triggered": state.end_triggered,
        "rocket": {
            "position": state.position,
            "in_deep_space": state.position >= mat.deep_space,
            "dice": state.dice,
            "roll": list(state.roll) if state.roll is not None else None,
            "commander": state.current_commander_seat(),
            "board": [
                {
                    "slot": slot,
                    "seat": seat,
                    "astronaut": astronaut,
                    "aboard": state.aboard[slot],
                    "helper_used": astronaut == "helper" and seat in state.helpers_used,
                }
                for slot, (seat, astronaut) in enumerate(state.rocket)
            ],
            "deciding": state.queue[0] if state.queue else None,
        },
        "players": [
            {
                "seat": seat,
                "available": list(state.available[seat]),
                "placed": state.placed[seat],
                "score": state.score_breakdown(seat),
            }
            for seat in range(state.num_players)
        ],
        "moons": [
            {
                "id": moon.id,
                "points": moon.points,
                "spaces": list(moon.spaces),
                "occupant": _occupant(state.moons.get(moon.id)),
            }
            for moon in mat.moons.values()
        ],
        "planets": [
            {
                "id": planet.id,
                "name": planet.name,
                "spaces": list(planet.spaces),
                "points": list(planet.points),
                "rows": [{"seat": s, "astronauts": list(a)} for s, a in state.planets[planet.id]],
            }
            for planet in mat.planets.values()
        ],
        "deep_space": [
            {"seat": s, "astronaut": a, "where": w, "points": p} for s, a, w, p in state.deep_space
        ],
        "goals": [
            {"id": g.id, "text": g.text, "points": g.points, "claimed_by": state.goal_owner.get(g.id)}
            for g in state.goals
        ],
        "scores": state.scores(),
        "winners": state.winners() if terminal else [],
        "mat": mat_view(mat),
    }


def mat_view(mat) -> dict[str, Any]:
    """The printed mat (public, never changes during a game): what every UI draws."""
    return {
        "source": mat.source,
        "die_faces": list(mat.die_faces),
        "dice_count": mat.dice_count,
        "deep_space": mat.deep_space,
        "first_landing_space": mat.first_landing_space,
        "comet_points": mat.comet_points,
        "galaxy_points": mat.galaxy_points,
        "spaces": [
            {
                "number": sp.number,
                "faces": sorted(sp.faces, key="1234A".index),
                "afterburner": sp.afterburner,
                "moons": list(sp.moons),
                "planets": list(sp.planets),
            }
            for sp in mat.spaces
        ],
    }


def _occupant(entry: tuple[int, str] | None) -> dict[str, Any] | None:
    return None if entry is None else {"seat": entry[0], "astronaut": entry[1]}


def explain_illegal(state: MlemState, action: Action) -> str:
    """A sentence saying why `action` is refused now, and what would be accepted."""
    phase = state.phase
    player = state.current_player()
    expected = {
        "launch": f"seat {player} must board an astronaut ('board <astronaut>')",
        "roll": "the commander's dice are to be rolled (a chance outcome 'roll ...')",
        "travel": f"the commander (seat {player}) must choose dice groups ('travel ...')",
        "landing": f"seat {player} must decide to 'stay' or 'land ...'",
        "parachute": f"the parachutist of seat {player} may 'land ...' or 'return'",
    }.get(phase, "the game is over")
    if isinstance(action, Board):
        if phase != "launch":
            return f"astronauts board only in the launch phase; now {expected}"
        if action.astronaut not in ABILITIES:
            return f"unknown astronaut {action.astronaut!r}"
        return f"seat {player}'s {action.astronaut} is not available (already on the mat or aboard)"
    if isinstance(action, Roll):
        if phase != "roll":
            return f"no roll is due; now {expected}"
        return f"a roll here has {state.dice} dice, got {len(action.faces)}"
    if isinstance(action, Travel | Crash):
        if phase != "travel":
            return f"no travel choice is due; now {expected}"
        return _explain_travel(state, action)
    if isinstance(action, Stay):
        return f"'stay' is a landing-phase choice; now {expected}"
    if isinstance(action, Return):
        return f"'return' is for a parachutist after a crash; now {expected}"
    if isinstance(action, Land):
        if phase not in ("landing", "parachute"):
            return f"no one is landing now; {expected}"
        return _explain_land(state, action)
    return f"not a move of this game; {expected}"


def _explain_travel(state: MlemState, action: Travel | Crash) -> str:
    space = state.space
    roll = ",".join(state.roll or ())
    if isinstance(action, Crash):
        return f"a rolled die fits space {state.position} ({space.faces_text()}), so the rocket cannot choose to crash"
    for face in action.groups:
        if face not in (state.roll or ()):
            return f"no die shows {face} in the roll {roll}"
        if not space.accepts(face):
            return f"space {state.position} accepts only {space.faces_text()}; {face} cannot be used"
    if action.helpers and not space.accepts("1"):
        return f"space {state.position} does not accept a 1, so no helper can be used"
    usable = state.usable_helpers()
    for seat in action.helpers:
        if seat in state.helpers_used:
            return f"the helper of seat {seat} was already used this expedition"
        if seat not in usable:
            return f"there is no helper astronaut of seat {seat} aboard"
    return "not a legal choice of dice groups"


def _explain_land(state: MlemState, action: Land) -> str:
    seat, astronaut = state.rocket[state.queue[0]]
    if action.shift and astronaut != "navigator":
        return "only the navigator may land one space higher or lower"
    if state.phase == "parachute" and action.shift:
        return "after a crash the parachutist lands only at the crash space"
    number = state.position + action.shift
    if state.position < state.mat.first_landing_space:
        return f"spaces 0-{state.mat.first_landing_space - 1} have no moons or planets"
    if action.place == "deep":
        return "deep space is reached from space 25 only by the navigator's +1"
    if not 0 <= number <= state.mat.last_space:
        return f"there is no space {number}"
    space = state.mat.space(number)
    if action.place == "moon":
        if not space.moons:
            return f"space {number} has no moon"
        return f"every moon at space {number} is taken (one astronaut per moon)"
    if not space.planets:
        return f"space {number} has no planet"
    if action.planet is not None and action.planet not in space.planets:
        return f"planet {action.planet!r} is not reached from space {number} (there: {', '.join(space.planets)})"
    return f"space {number} links to planets {', '.join(space.planets)}: name one, e.g. 'land planet {space.planets[0]}'"
