"""The batch engine's names and the printed game as arrays: phases, log kinds, ability and face
indices, and `tables()`, the default mat, goals and token sets in the form the compiled code reads."""

from __future__ import annotations

from collections import namedtuple
from functools import cache
from itertools import combinations

import numpy as np

from cosmotable import games
from cosmotable.games.mlem.board import ABILITIES, AFTERBURNER, DIE_FACES
from cosmotable.games.mlem.dice import roll_distribution
from cosmotable.sim.counter_rng import cumulative

VARIANT_NAMES = ("ufo", "discovery", "secret_missions")
POLICIES = ("random", "heuristic")
POL_RANDOM, POL_HEURISTIC = range(2)

# Phases (games/mlem/state.py), and the chance phases among them.
LAUNCH, ROLL, TRAVEL, LANDING, PARACHUTE, OVER, DEAL, CHOOSE, REVEAL_DISC, REVEAL_EXP = range(10)

# Log entry kinds: actions (one per step) ...
K_BOARD, K_ROLL, K_TRAVEL, K_CRASH, K_STAY, K_LAND, K_RETURN, K_REROLL = range(8)
K_REVEAL_EXP, K_REVEAL_DISC, K_DEAL, K_RETURN_MISSION = range(8, 12)
# ... and what `simulate --fast` reads for its feature columns (public facts only).
T_ROLL, T_CRASH, T_LANDING, T_GOAL = range(20, 24)
LOG_FIELDS = 9  # game, step, kind, a, b, c, d, e, f

PLACE_DEEP, PLACE_MOON, PLACE_PLANET = range(3)
FACES = DIE_FACES  # face kinds in canonical roll order
NF = len(FACES)
A = FACES.index(AFTERBURNER)
ONE = FACES.index("1")
NA = len(ABILITIES)
SAT, NAV, PARA, MOON_X, PLANET_X, DEEP_X, DISCARD, HELPER = (
    ABILITIES.index(a)
    for a in (
        "satellite",
        "navigator",
        "parachutist",
        "moon_expert",
        "planet_expert",
        "deep_space_expert",
        "die_discarder",
        "helper",
    )
)
GOAL_KINDS = ("different_planets", "one_planet", "moons", "deep_space")
TOKEN_ABILITIES = ("extra", "keep", "reroll")
EXTRA, KEEP, REROLL_ABILITY = range(3)
# Score parts (games/mlem/state.py SCORE_PARTS + VARIANT_PARTS).
P_MOONS, P_DEEP, P_GOALS, P_PLANETS, P_UFO, P_DISC, P_MISSIONS = range(7)
PARTS = 7


Tables = namedtuple(
    "Tables",
    [
        "accepts",  # [space, face] bool (deep space: a row accepting nothing)
        "value",  # [space, face] spaces a die of that face moves the rocket
        "moons",  # [space, 2] moon indices, farthest first, -1 padded
        "moon_points",  # [moon]
        "planet",  # [space] planet index or -1
        "planet_points",  # [planet, 3]
        "goal_kind",  # [goal] index in GOAL_KINDS
        "goal_count",
        "goal_points",
        "consts",  # first_landing, last_space, deep, satellite, crash_track, comet, galaxy, dice, ufo_start
        "roll_counts",  # [dice, outcome, face]
        "roll_cum",  # [dice, outcome] cumulative probabilities (padded with 2.0)
        "roll_n",  # [dice] number of outcomes
        "uniform_cum",  # [n, i] cumulative of n equal probabilities 1/n (a pool of n tokens)
        "subsets",  # [n, index] bit mask of the index-th subset of n items (reference order)
        "tok_move",  # expedition tokens, sorted by id
        "tok_dice",
        "tok_ability",
        "tok_extra",  # [token, face] extra dice
        "ufo_points",  # the UFO stack, top first
        "disc_kind",  # discovery tokens, sorted by id: index in DISCOVERY_KINDS
        "disc_space",
        "disc_points",
        "mis_kind",  # missions, sorted by id: 0 moon, 1 planet
        "mis_target",  # moon or planet index
        "mission_points",  # for 0, 1, 2, 3 completed
    ],
)
C_FIRST, C_LAST, C_DEEP, C_SAT, C_TRACK, C_COMET, C_GALAXY, C_DICE, C_UFO_START = range(9)


@cache
def subset_masks(n: int) -> np.ndarray:
    """Bit masks of the subsets of n items in the reference's order (by size, then combinations)."""
    return np.array(
        [sum(1 << i for i in combo) for size in range(n + 1) for combo in combinations(range(n), size)],
        dtype=np.int64,
    )


@cache
def ids() -> dict[str, tuple[str, ...]]:
    """Token, moon, planet and goal ids in the order the tables index them."""
    state = games.get("mlem").new_state(2, seed=0)
    tokens = state.tokens
    return {
        "moons": tuple(state.mat.moons),
        "planets": tuple(state.mat.planets),
        "goals": tuple(g.id for g in state.goals),
        "expedition": tuple(sorted(tokens.expedition)),
        "discoveries": tuple(sorted(tokens.discoveries)),
        "missions": tuple(sorted(tokens.missions)),
    }


@cache
def tables() -> Tables:
    """The default mat, goals and token sets as arrays."""
    state = games.get("mlem").new_state(2, seed=0)
    mat, goals, tokens = state.mat, state.goals, state.tokens
    names = ids()
    spaces = len(mat.spaces)
    deep = mat.deep_space
    accepts = np.zeros((deep + 1, NF), dtype=np.bool_)
    value = np.zeros((deep + 1, NF), dtype=np.int64)
    moons = np.full((deep + 1, 2), -1, dtype=np.int64)
    planet = np.full(deep + 1, -1, dtype=np.int64)
    for space in mat.spaces:
        for f, face in enumerate(FACES):
            accepts[space.number, f] = space.accepts(face)
            value[space.number, f] = space.value(face) if space.accepts(face) else 0
        if len(space.moons) > 2 or len(space.planets) > 1:
            raise NotImplementedError("the batch engine handles at most 2 moons and 1 planet per space")
        for i, moon in enumerate(space.moons):
            moons[space.number, i] = names["moons"].index(moon)
        if space.planets:
            planet[space.number] = names["planets"].index(space.planets[0])
    if spaces != deep:
        raise NotImplementedError("the batch engine expects spaces 0..last_space, then deep space")
    most = len(roll_distribution(mat.die_faces, mat.dice_count))
    roll_counts = np.zeros((mat.dice_count + 1, most, NF), dtype=np.int64)
    roll_cum = np.full((mat.dice_count + 1, most), 2.0)
    roll_n = np.zeros(mat.dice_count + 1, dtype=np.int64)
    for k in range(1, mat.dice_count + 1):
        outcomes = roll_distribution(mat.die_faces, k)
        roll_n[k] = len(outcomes)
        for o, (faces, _) in enumerate(outcomes):
            roll_counts[k, o] = [faces.count(f) for f in FACES]
        # float(Fraction) as the reference's chance_outcomes() gives, summed left to right.
        roll_cum[k, : len(outcomes)] = cumulative([float(p) for _, p in outcomes])
    pool = max(len(tokens.expedition), len(tokens.discoveries), len(tokens.missions))
    uniform_cum = np.full((pool + 1, pool), 2.0)
    for n in range(1, pool + 1):
        uniform_cum[n, :n] = cumulative([1 / n] * n)
    width = max(NF, 5)
    subsets = np.zeros((width + 1, 1 << width), dtype=np.int64)
    for n in range(width + 1):
        subsets[n, : 1 << n] = subset_masks(n)
    expedition = [tokens.expedition[t] for t in names["expedition"]]
    discoveries = [tokens.discoveries[t] for t in names["discoveries"]]
    missions = [tokens.missions[t] for t in names["missions"]]
    tok_extra = np.zeros((len(expedition), NF), dtype=np.int64)
    for i, token in enumerate(expedition):
        for face in token.extra_dice:
            tok_extra[i, FACES.index(face)] += 1
    return Tables(
        accepts=accepts,
        value=value,
        moons=moons,
        moon_points=np.array([mat.moons[m].points for m in names["moons"]], dtype=np.int64),
        planet=planet,
        planet_points=np.array([mat.planets[p].points for p in names["planets"]], dtype=np.int64),
        goal_kind=np.array([GOAL_KINDS.index(g.kind) for g in goals], dtype=np.int64),
        goal_count=np.array([g.count for g in goals], dtype=np.int64),
        goal_points=np.array([g.points for g in goals], dtype=np.int64),
        consts=np.array(
            [
                mat.first_landing_space,
                mat.last_space,
                deep,
                mat.satellite_space,
                mat.crash_track_length,
                mat.comet_points,
                mat.galaxy_points,
                mat.dice_count,
                mat.ufo_start_space,
            ],
            dtype=np.int64,
        ),
        roll_counts=roll_counts,
        roll_cum=roll_cum,
        roll_n=roll_n,
        uniform_cum=uniform_cum,
        subsets=subsets,
        tok_move=np.array([t.ufo_move for t in expedition], dtype=np.int64),
        tok_dice=np.array([t.dice for t in expedition], dtype=np.int64),
        tok_ability=np.array([TOKEN_ABILITIES.index(t.ability) for t in expedition], dtype=np.int64),
        tok_extra=tok_extra,
        ufo_points=np.array(tokens.ufo_points, dtype=np.int64),
        disc_kind=np.array(
            [("points", "die_return", "wormhole").index(d.kind) for d in discoveries], dtype=np.int64
        ),
        disc_space=np.array([d.space for d in discoveries], dtype=np.int64),
        disc_points=np.array([d.points for d in discoveries], dtype=np.int64),
        mis_kind=np.array([0 if m.kind == "moon" else 1 for m in missions], dtype=np.int64),
        mis_target=np.array(
            [
                names["moons"].index(m.target) if m.kind == "moon" else names["planets"].index(m.target)
                for m in missions
            ],
            dtype=np.int64,
        ),
        mission_points=np.array(tokens.mission_points, dtype=np.int64),
    )
