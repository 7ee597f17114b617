"""MLEM's travel phase: the commander's choices for a roll, how far the rocket moves, what waits
where it stops (discovery tokens, UFO contact), and the crash (rulebook: travel, crash, helper,
UFO, discovery). Functions of the state, called by moves.py; odds.py and views.py ask the same
questions of a state."""

from __future__ import annotations

from functools import cache
from itertools import combinations

from cosmotable.engine.core import Action
from cosmotable.games.mlem import landing
from cosmotable.games.mlem.actions import Crash, Reroll, Travel
from cosmotable.games.mlem.board import AFTERBURNER
from cosmotable.games.mlem.state import PARACHUTE, REVEAL_DISCOVERY, ROLL, TRAVEL, MlemState
from cosmotable.games.mlem.variants import WORMHOLE_STEPS

# One shared object per distinct action (actions are frozen values; a rollout lists the legal
# actions at nearly every step).
_CRASH = Crash()


@cache
def _subsets(items: tuple) -> tuple[tuple, ...]:
    return tuple(combo for size in range(len(items) + 1) for combo in combinations(items, size))


@cache
def _usable_groups(roll: tuple[str, ...], accepted: frozenset[str]) -> tuple[str, ...]:
    return tuple(f for f in dict.fromkeys(roll) if f in accepted)


@cache
def _plain_travels(groups: tuple[str, ...], helpers: tuple[int, ...]) -> tuple[Travel, ...]:
    """Every travel with one or more of these groups and helpers (no expedition token used)."""
    return tuple(_travel_option(g, h) for g in _subsets(groups) for h in _subsets(helpers) if g or h)


@cache
def _travel_option(groups: tuple, helpers: tuple, extra: bool = False, keep: bool = False) -> Travel:
    return Travel(groups, helpers, extra, keep)


def reroll(s: MlemState) -> None:
    assert s.ufo is not None
    # rulebook (UFO, reroll): roll all available dice again, once; the new result must be used.
    s.ufo.spent = True
    s.roll = None
    s.emit("reroll", "the commander rerolls all the dice (expedition token)", s.current_commander_seat())
    s.phase = ROLL


def usable_groups(s: MlemState) -> tuple[str, ...]:
    """Faces in the current roll that the rocket's space accepts (rulebook: travel, step 1)."""
    assert s.roll is not None
    return _usable_groups(s.roll, s.mat.spaces[s.position].faces)


def usable_helpers(s: MlemState) -> tuple[int, ...]:
    """Seats whose unflipped helper astronaut is aboard, where the space accepts a 1.

    rulebook (helper): usable once per expedition while aboard, only beside a '1' symbol.
    """
    if not s.space.accepts("1"):
        return ()
    # Sorted by seat: Travel.helpers is sorted by seat when parsed, so legal actions must be too.
    return tuple(
        sorted(
            seat
            for slot, (seat, astronaut) in enumerate(s.rocket)
            if astronaut == "helper" and s.aboard[slot] and seat not in s.helpers_used
        )
    )


def travel_options(s: MlemState) -> list[Action]:
    # rulebook (travel, step 2): choose one or more whole groups; helpers come on top of them.
    groups, helpers = usable_groups(s), usable_helpers(s)
    group_sets, helper_sets = _subsets(groups), _subsets(helpers)
    options: list[Action] = list(_plain_travels(groups, helpers))
    token = s.active_token()
    if token is not None:
        if token.ability == "extra" and s.extra_dice_here():
            # rulebook (UFO, extra dice): usable whatever was rolled; all matching extra dice.
            options += [_travel_option(g, h, extra=True) for g in group_sets for h in helper_sets]
        elif token.ability == "keep":
            # rulebook (UFO, keep dice): the dice used in this travel phase are not set aside.
            # Offered with any travel, even one that would set nothing aside (Ruling R16): the
            # text sets no condition, and using the token up keeps it from the next commander.
            options += [_travel_option(g, h, keep=True) for g in group_sets for h in helper_sets if g or h]
        elif token.ability == "reroll":
            options.append(Reroll())
    if not groups:
        # rulebook (helper, extra dice): using them saves a crash - a choice, so declining is one too.
        options.append(_CRASH)
    return options


def rolled(s: MlemState, faces: tuple[str, ...]) -> None:
    s.roll = faces
    if not s.silent:  # a search's copy records no events: skip building the text
        seat = s.current_commander_seat()
        s.emit("roll", f"commander (seat {seat}) rolls {','.join(faces)}", seat, faces=list(faces))
    s.phase = TRAVEL
    options = travel_options(s)
    if len(options) == 1 and options[0] is _CRASH:
        # rulebook (crash): no rolled die matches the rocket's space, and nothing saves it.
        crash(s)
    else:
        s._legal_cache = options  # the commander's choices, computed once


def travel_steps(s: MlemState, action: Travel) -> int:
    """Spaces the rocket moves for this choice of the current roll."""
    assert s.roll is not None
    space = s.space
    # rulebook (travel, step 2): move the sum of the chosen dice; the afterburner is worth the
    # value printed at the rocket's space. A helper counts as a die showing 1.
    steps = sum(space.value(f) for f in s.roll if f in action.groups) + len(action.helpers)
    if action.extra:
        steps += sum(space.value(f) for f in s.extra_dice_here())
    return steps


def travel(s: MlemState, action: Travel) -> None:
    assert s.roll is not None
    used = [f for f in s.roll if f in action.groups]
    steps = travel_steps(s, action)
    if action.extra or action.keep:
        assert s.ufo is not None
        s.ufo.spent = True  # rulebook (UFO): the extra ability is used once
    s.helpers_used.update(action.helpers)
    if not action.keep:
        # rulebook (travel, step 3): used dice are set aside, except afterburners, which stay.
        s.dice -= sum(1 for f in used if f != AFTERBURNER)
    # rulebook (travel, step 3): the commander always keeps at least one die.
    s.dice = max(s.dice, 1)
    start = s.position
    s.position = min(s.position + steps, s.mat.deep_space)
    s.roll = None
    if not s.silent:  # a search's copy records no events: skip building the text
        s.emit(
            "travel",
            f"{action}: the rocket moves {steps} from space {start} to {s.place_name(s.position)}",
            s.current_commander_seat(),
            steps=steps,
            start=start,
            end=s.position,
            dice_left=s.dice,
        )
    end_travel_phase(s)


def end_travel_phase(s: MlemState) -> None:
    """What happens where a travel phase ends: discoveries, then UFO contact, then landing."""
    s.reveal_during_travel = False
    table = s.discovery
    while table is not None and s.position in table.on_mat:
        # rulebook (discovery): a travel phase that ends on a token activates it at once.
        activate_discovery(s, table.on_mat.pop(s.position))
        if table.pool:
            # rulebook (discovery): a new token is revealed so five stay on the mat.
            s.reveal_during_travel = True
            s.phase = REVEAL_DISCOVERY
            return
    ufo = s.ufo
    if ufo is not None and s.position == ufo.position and ufo.stack:
        # rulebook (UFO contact): the commander takes the top UFO token, face down. This holds
        # in deep space too, where the UFO starts (Ruling R24): the commander at arrival takes
        # it before everyone leaves the rocket.
        seat = s.current_commander_seat()
        assert seat is not None
        points = ufo.stack.pop(0)
        ufo.taken[seat].append(points)
        s.points[seat]["ufo"] += points
        s.emit("ufo-contact", f"UFO contact! seat {seat} takes a UFO token (face down)", seat)
        s.emit("ufo-token", f"your UFO token is worth {points}", seat, visible_to=[seat], points=points)
    landing.start_landing(s)


def activate_discovery(s: MlemState, token_id: str) -> None:
    assert s.discovery is not None
    token = s.tokens.discoveries[token_id]
    seat = s.current_commander_seat()
    assert seat is not None
    if token.kind == "points":
        # rulebook (discovery, points): the commander keeps it face down; it counts at the end.
        s.discovery.taken[seat].append(token_id)
        s.points[seat]["discoveries"] += token.points
        s.emit(
            "discovery",
            f"seat {seat} takes the discovery token on space {token.space} (face down)",
            seat,
            effect="points",
            space=token.space,
        )
        s.emit(
            "discovery-points",
            f"your discovery token is worth {token.points}",
            seat,
            visible_to=[seat],
            points=token.points,
        )
    elif token.kind == "die_return":
        # rulebook (discovery, die): after setting the used dice aside, take one back; with all
        # dice in hand the token is discarded without effect.
        before, s.dice = s.dice, min(s.dice + 1, s.mat.dice_count)
        effect = "takes back a set-aside die" if s.dice > before else "already holds every die: no effect"
        s.emit(
            "discovery",
            f"die return on space {token.space}: the commander {effect} ({s.dice} dice)",
            seat,
            effect="die_return",
            space=token.space,
            returned=s.dice > before,
            dice=s.dice,
        )
    else:
        # rulebook (discovery, wormhole): move 4 spaces at once, then the travel phase ends
        # (and a token there is activated too).
        start = s.position
        s.position = min(s.position + WORMHOLE_STEPS, s.mat.deep_space)
        s.emit(
            "discovery",
            f"wormhole! the rocket jumps from space {start} to {s.place_name(s.position)}",
            seat,
            effect="wormhole",
            space=start,
            start=start,
            end=s.position,
        )


def crash(s: MlemState) -> None:
    s.roll = None
    # rulebook (crash): the commander moves the crash token one field along the crash track.
    s.crashes += 1
    if not s.silent:  # a search's copy records nothing: no text to build
        s.emit(
            "crash",
            f"the rocket crashes on space {s.position} (crash {s.crashes}/{s.mat.crash_track_length})",
            s.current_commander_seat(),
            position=s.position,
            crashes=s.crashes,
        )
    # rulebook (parachutist): any parachutist aboard may still land at the crash space.
    s.phase = PARACHUTE
    s.queue = [slot for slot, (_, a) in enumerate(s.rocket) if a == "parachutist" and s.aboard[slot]]
    landing.continue_parachutes(s)
