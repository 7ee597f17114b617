"""A tiny scripted-game toolkit for the MLEM rule tests.

Every helper drives the game through its public API (`apply` with action texts and explicit roll
outcomes), so each scripted game is a real, replayable record. Named `mlem_helpers` (not `helpers`)
so it can never be shadowed by another game's test helpers on `sys.path`.

    s = start(players=3, boards=["helper", "navigator", "moon_expert"])
    roll(s, "1,2,2,3,4,A")          # the commander's roll (a chance outcome)
    s.apply("travel 1,A")
    advance(s, 12)                  # fly to space 12 (staying aboard on the way)
"""

from __future__ import annotations

from cosmotable import games
from cosmotable.engine import CHANCE, TERMINAL
from cosmotable.games.mlem.board import AFTERBURNER, DIE_FACES

GAME = games.get("mlem")

# Deliberately huge, so the seed's digits cannot appear by accident in any view.
DEFAULT_SEED = 982_451_653_771


def new(players: int = 3, seed: int = DEFAULT_SEED, **options):
    return GAME.new_state(num_players=players, seed=seed, **options)


def board_all(s, boards):
    """Launch phase: seats board `boards` in launch order (starter first, then clockwise)."""
    assert s.phase == "launch", s.phase
    assert len(boards) == s.num_players, "one astronaut per player"
    for astronaut in boards:
        s.apply(f"board {astronaut}")
    assert s.phase == "roll"
    return s


def start(players: int = 3, boards=None, seed: int = DEFAULT_SEED, **options):
    """A new game whose first expedition has launched with `boards`, in launch order.

    By default the astronauts have no start, travel or landing-choice effects (moon, planet and
    deep-space experts, then parachutist and navigator for 4-5 players).
    """
    s = new(players, seed, **options)
    if boards is None:
        boards = ["moon_expert", "planet_expert", "deep_space_expert", "parachutist", "navigator"][:players]
    return board_all(s, boards)


def roll(s, faces: str):
    """Apply the commander's roll, e.g. roll(s, "1,2,2,A")."""
    assert s.current_player() == CHANCE, f"no roll due (phase {s.phase})"
    s.apply(f"roll {faces}")
    return s


def texts(actions):
    return [str(a) for a in actions]


def legal(s):
    return texts(s.legal_actions())


def asked(s):
    """(seat, astronaut) of whoever must decide now in a landing/parachute phase."""
    assert s.phase in ("landing", "parachute"), s.phase
    return s.rocket[s.queue[0]]


def stay_all(s):
    """Everyone asked in the current landing phase stays aboard."""
    while s.phase == "landing":
        s.apply("stay")
    return s


def filler(space, avoid=()):
    """A die face this space does not accept (so it can never be used there)."""
    for face in reversed(DIE_FACES):
        if not space.accepts(face) and face not in avoid:
            return face
    raise AssertionError(f"space {space.number} accepts every face")


def plan(s, target: int):
    """Fewest single-group travels from the rocket's space to exactly `target` (deep space allowed).

    Returns [(roll text, travel text), ...]; among the shortest routes, the one keeping most dice.
    """
    mat = s.mat
    start_key = (s.position, s.dice)
    layer = {start_key: []}
    seen = {start_key}
    for _ in range(40):
        nxt = {}
        best = None  # (dice left, path) of the routes reaching the target in this many travels
        for (pos, dice), path in sorted(layer.items(), key=lambda kv: -kv[0][1]):
            if pos >= mat.deep_space:
                continue
            space = mat.space(pos)
            for face in sorted(space.faces, key=lambda f: (f != AFTERBURNER, f)):
                for k in range(dice, 0, -1):
                    new_pos = min(pos + k * space.value(face), mat.deep_space)
                    if new_pos > target:
                        continue
                    new_dice = dice if face == AFTERBURNER else max(dice - k, 1)
                    faces = [face] * k + [filler(space)] * (dice - k)
                    step = (",".join(faces), f"travel {face}")
                    key = (new_pos, new_dice)
                    if new_pos == target:
                        if best is None or new_dice > best[0]:
                            best = (new_dice, [*path, step])
                        continue
                    if key not in seen:
                        seen.add(key)
                        nxt[key] = [*path, step]
        if best is not None:
            return best[1]
        layer = nxt
        if not layer:
            break
    raise AssertionError(f"no route from space {s.position} with {s.dice} dice to {target}")


def advance(s, target: int):
    """Fly the rocket to exactly `target` (mat.deep_space for deep space) with scripted rolls.

    On the way every astronaut stays aboard. Stops right after the last travel, so the landing
    phase at `target` (if any) is left to the caller.
    """
    steps = plan(s, target)
    for index, (faces, travel) in enumerate(steps):
        roll(s, faces)
        s.apply(travel)
        if index < len(steps) - 1:
            stay_all(s)
    if target < s.mat.deep_space:
        assert s.position == target
    return s


def crash(s, faces: str | None = None):
    """Crash the rocket from the roll phase: roll nothing the space accepts (declining helpers).

    Parachutists that are asked return home. Returns the state.
    """
    assert s.current_player() == CHANCE, s.phase
    space = s.space
    if faces is None:
        faces = ",".join([filler(space)] * s.dice)
    roll(s, faces)
    if s.phase == "travel":  # a helper could save the rocket: decline it
        s.apply("crash")
    while s.phase == "parachute":
        s.apply("return")
    return s


def launch_any(s):
    """Launch phase: every seat boards its first available astronaut."""
    while s.phase == "launch":
        s.apply(s.legal_actions()[0])
    return s


def crash_out(s):
    """Crash expeditions until the game is over (boarding the first available astronauts)."""
    while s.current_player() != TERMINAL:
        if s.phase == "launch":
            launch_any(s)
        elif s.current_player() == CHANCE:
            crash(s)
        elif s.phase == "landing":
            stay_all(s)
        elif s.phase == "travel":
            s.apply(s.legal_actions()[0])
        elif s.phase == "parachute":
            s.apply("return")
    return s


def expedition_to(s, boards, target: int, landings=()):
    """Launch with `boards`, fly to `target`, then take `landings` in the order asked.

    `landings` is a list of action texts ('stay', 'land moon', ...) for the astronauts asked at
    `target`. Any astronaut still aboard afterwards is then crashed home (unless the expedition
    already ended). Useful to place one astronaut per player per expedition.
    """
    board_all(s, boards)
    advance(s, target)
    for text in landings:
        assert s.phase == "landing", f"nobody is asked at space {target} ({s.phase})"
        s.apply(text)
    if s.phase == "landing":
        stay_all(s)
    if s.phase == "roll":
        crash(s)
    return s
