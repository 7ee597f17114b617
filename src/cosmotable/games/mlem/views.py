"""What MLEM shows: the JSON view of a state, and why an action is refused.

The one place where a state becomes outgoing data (boardgame.io's playerView idea): every UI, the
server and the environments build on `public_view`. The seed is never included: it would reveal
future dice.
"""

from __future__ import annotations

from typing import Any

from cosmotable.engine.core import Action
from cosmotable.games.mlem import travel
from cosmotable.games.mlem.actions import (
    Board,
    Crash,
    DealMission,
    Land,
    Reroll,
    Return,
    ReturnMission,
    RevealDiscovery,
    RevealExpedition,
    Roll,
    Stay,
    Travel,
)
from cosmotable.games.mlem.board import ABILITIES
from cosmotable.games.mlem.state import HIDDEN_PARTS, MlemState


def public_view(state: MlemState) -> dict[str, Any]:
    """What a spectator sees."""
    return build_view(state, None)


def seat_view(state: MlemState, seat: int) -> dict[str, Any]:
    """What `seat` sees: the public view plus its own face-down tokens and secret missions."""
    data = build_view(state, seat)
    data["seat"] = seat
    return data


def build_view(state: MlemState, seat: int | None) -> dict[str, Any]:
    """The one place a state becomes outgoing data. Until the game ends, other players' face-down
    tokens (UFO, discovery points) and secret missions show only as counts."""
    mat = state.mat
    terminal = state.is_terminal()
    player = state.current_player()

    def sees(owner: int) -> bool:
        return terminal or owner == seat

    def score(owner: int) -> dict[str, int]:
        parts = state.score_breakdown(owner)
        return parts if sees(owner) else {k: v for k, v in parts.items() if k not in HIDDEN_PARTS}

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
                    "seat": s,
                    "astronaut": astronaut,
                    "aboard": state.aboard[slot],
                    "helper_used": astronaut == "helper" and s in state.helpers_used,
                }
                for slot, (s, astronaut) in enumerate(state.rocket)
            ],
            "deciding": state.queue[0] if state.queue else None,
        },
        "players": [
            {
                "seat": s,
                "available": list(state.available[s]),
                "placed": state.placed[s],
                "score": score(s),
                "face_down_tokens": _face_down_counts(state, s),
            }
            for s in range(state.num_players)
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
            {
                "id": g.id,
                "text": g.text,
                "points": g.points,
                "claimed_by": state.goal_owner.get(g.id),
                # met by a parachute landing: taken at the next landing phase (Ruling R7)
                "due_to": next((seat for goal, seat in state.goals_due if goal == g.id), None),
            }
            for g in state.goals
        ],
        "scores": [sum(score(s).values()) for s in range(state.num_players)],
        "winners": state.winners() if terminal else [],
        "variant_state": _variants_view(state, sees),
        "mat": mat_view(mat),
    }


def _face_down_counts(state: MlemState, seat: int) -> dict[str, int]:
    return {
        "ufo": len(state.ufo.taken[seat]) if state.ufo else 0,
        "discoveries": len(state.discovery.taken[seat]) if state.discovery else 0,
    }


def _variants_view(state: MlemState, sees) -> dict[str, Any]:
    tokens = state.tokens
    data: dict[str, Any] = {}
    if state.ufo is not None:
        ufo = state.ufo
        token = tokens.expedition[ufo.token] if ufo.token else None
        data["ufo"] = {
            "position": ufo.position,
            "in_deep_space": ufo.position >= state.mat.deep_space,
            "token": None
            if token is None
            else {
                "id": token.id,
                "ufo_move": token.ufo_move,
                "dice": token.dice,
                "ability": token.ability,
                "extra_dice": list(token.extra_dice),
                "text": token.describe(),
            },
            "ability_spent": ufo.token is not None and ufo.spent,
            "expedition_tokens_left": len(ufo.pool),
            "ufo_stack": list(ufo.stack),  # stacked face up, highest on top (rulebook)
            "taken": {str(s): list(t) for s, t in enumerate(ufo.taken) if sees(s)},
        }
    if state.discovery is not None:
        table = state.discovery
        data["discovery"] = {
            "on_mat": [
                {
                    "space": space,
                    "id": tid,
                    "kind": tokens.discoveries[tid].kind,
                    "points": tokens.discoveries[tid].points,
                    "text": tokens.discoveries[tid].describe(),
                }
                for space, tid in sorted(table.on_mat.items())
            ],
            "face_down_left": len(table.pool),
            "taken": {
                str(s): [tokens.discoveries[t].points for t in taken]
                for s, taken in enumerate(table.taken)
                if sees(s)
            },
        }
    if state.missions is not None:
        hands = state.missions
        data["missions"] = {
            "dealt": [len(d) for d in hands.dealt],
            "chosen": [r is not None for r in hands.returned],
            "hands": {
                str(s): {
                    "dealt": [_mission_view(state, m, s) for m in hands.dealt[s]],
                    "returned": hands.returned[s],
                    "completed": state.completed_missions(s),
                    "points": state.tokens.mission_points[min(len(state.completed_missions(s)), 3)],
                }
                for s in range(state.num_players)
                if sees(s)
            },
        }
    return data


def _mission_view(state: MlemState, mission_id: str, seat: int) -> dict[str, Any]:
    mission = state.tokens.missions[mission_id]
    if mission.kind == "planet":
        name = f"planet {state.mat.planets[mission.target].name}"
    else:
        name = f"{state.mat.moons[mission.target].points}-point moon"
    return {
        "id": mission_id,
        "kind": mission.kind,
        "target": mission.target,
        "name": name,
        "spaces": list(mission.spaces),
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
        "choose": f"seat {player} must return one of their four missions ('return-mission <id>')",
        "deal": "a secret mission is to be dealt (a chance outcome 'deal-mission ...')",
        "reveal_discovery": "a discovery token is to be revealed (a chance outcome 'reveal-discovery ...')",
        "reveal_expedition": "the expedition token is to be revealed (a chance outcome 'reveal-expedition ...')",
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
    if isinstance(action, Reroll):
        if phase != "travel":
            return f"no roll to reroll now; {expected}"
        return _explain_token(state, "reroll")
    if isinstance(action, ReturnMission):
        if phase != "choose":
            return f"missions are chosen only at set-up; now {expected}"
        return f"{action.mission!r} is not one of seat {player}'s dealt missions"
    if isinstance(action, RevealExpedition | RevealDiscovery | DealMission):
        if phase not in ("deal", "reveal_discovery", "reveal_expedition"):
            return f"no token is to be revealed now; {expected}"
        return f"{action} is not the kind of token due now, or that token is not face down; {expected}"
    return f"not a move of this game; {expected}"


def _explain_token(state: MlemState, ability: str) -> str:
    if state.ufo is None:
        return "expedition tokens belong to the UFO variant, which is not in play"
    if state.ufo.token is None:
        return "this expedition has no expedition token"
    if state.ufo.spent:
        return "this expedition's token ability was already used"
    token = state.tokens.expedition[state.ufo.token]
    if token.ability != ability:
        return f"this expedition's token gives '{token.ability}', not '{ability}'"
    if ability == "extra":
        return f"space {state.position} accepts none of the token's extra dice ({'+'.join(token.extra_dice)})"
    return f"this expedition's token gives '{ability}', but it cannot be used now"


def _explain_travel(state: MlemState, action: Travel | Crash) -> str:
    space = state.space
    roll = ",".join(state.roll or ())
    if isinstance(action, Crash):
        return f"a rolled die fits space {state.position} ({space.faces_text()}), so the rocket cannot choose to crash"
    if action.extra and not (state.active_token() and state.extra_dice_here()):
        return _explain_token(state, "extra")
    token = state.active_token()
    if action.keep and not (token and token.ability == "keep"):
        return _explain_token(state, "keep")
    for face in action.groups:
        if face not in (state.roll or ()):
            return f"no die shows {face} in the roll {roll}"
        if not space.accepts(face):
            return f"space {state.position} accepts only {space.faces_text()}; {face} cannot be used"
    if action.helpers and not space.accepts("1"):
        return f"space {state.position} does not accept a 1, so no helper can be used"
    usable = travel.usable_helpers(state)
    for seat in action.helpers:
        if seat in state.helpers_used:
            return f"the helper of seat {seat} was already used this expedition"
        if seat not in usable:
            return f"there is no helper astronaut of seat {seat} aboard"
    return "not a legal choice of dice groups"


def _explain_land(state: MlemState, action: Land) -> str:
    _, astronaut = state.rocket[state.queue[0]]
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
        return (
            f"planet {action.planet!r} is not reached from space {number} (there: {', '.join(space.planets)})"
        )
    return f"space {number} links to planets {', '.join(space.planets)}: name one, e.g. 'land planet {space.planets[0]}'"
