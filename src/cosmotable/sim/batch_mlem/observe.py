"""What a seat sees, compiled: the observation vector and the legal-action indices of MLEM's encoding
(games/mlem/encoding.py), written from a batch game's state into arrays the caller owns.

The vector is the reference encoding's to the bit (tests/envs/test_vector_mlem.py plays seeded games in
lockstep with the reference Gymnasium env and compares every observation): each segment below names
the writer it mirrors in games/mlem/encoding_state.py, and the floats are computed as there (a value
in float64, then stored as float32; the deep-space points summed in float32, as numpy 2 sums
`vec[i] += x` on a float32 vector). Hidden information is read only where that writer reads it: other
seats' face-down tokens and missions only once the game is over.

The encoding's offsets and its action indices are read from the encoding itself when this module is
imported (default mat and tokens, the only ones the batch engine plays) and frozen into the compiled
code as constants.
"""

from __future__ import annotations

import numpy as np

from cosmotable import games
from cosmotable.games.mlem.board import ABILITIES
from cosmotable.games.mlem.encoding_layout import EXPEDITION_SCALE, PART_SCALE, SCORE_SCALE
from cosmotable.games.mlem.encoding_state import SIXTHS
from cosmotable.games.mlem.variants import MISSIONS_DEALT
from cosmotable.sim.batch_mlem.layout import (
    ACCEPTS,
    DISC_KIND,
    DISC_POINTS,
    F_DISC,
    F_MIS,
    F_P,
    F_UFO,
    MIS_KIND,
    MIS_TARGET,
    MISSION_POINTS,
    NDISC,
    NEXP,
    NG,
    NM,
    NMIS,
    NPL,
    NUFO,
    O_ABOARD,
    O_AVAIL,
    O_COMET,
    O_DEALT,
    O_DEEP,
    O_DEEP_PTS,
    O_DISC_N,
    O_GOAL_OWNER,
    O_HUSED,
    O_MOON_OWNER,
    O_MOON_X,
    O_NDEALT,
    O_ON_MAT,
    O_PCOUNT,
    O_PEXPERT,
    O_PLACE,
    O_PLACED,
    O_POINTS,
    O_PROW,
    O_RETURNED,
    O_ROLL,
    O_SEATS,
    O_SHIFT,
    O_SLOT_ASTRO,
    O_SLOT_SEAT,
    O_UFO_N,
    PM,
    S_CMD,
    S_CRASHES,
    S_DICE,
    S_DISC_LEFT,
    S_END,
    S_EXP_LEFT,
    S_EXPED,
    S_NBOARD,
    S_PHASE,
    S_POS,
    S_SPENT,
    S_STARTER,
    S_TOKEN,
    S_UFO_POS,
    S_UFO_TOP,
    SUBSETS,
    TOK_ABILITY,
    TOK_DICE,
    TOK_EXTRA,
    TOK_MOVE,
    UFO_POINTS,
    jit,
    leaf,
)
from cosmotable.sim.batch_mlem.rules import (
    _head,
    current_player,
    landing_options,
    travel_counts,
    travel_items,
)
from cosmotable.sim.batch_mlem.tables import (
    FACES,
    HELPER,
    LANDING,
    LAUNCH,
    NA,
    NF,
    OVER,
    P_DISC,
    P_UFO,
    PARACHUTE,
    PARTS,
    TRAVEL,
    ids,
)


def _encoding():
    """The reference encoding of the default game (its layout does not depend on the seats or the
    variants: seats are padded to 5 and every variant has its segments)."""
    game = games.get("mlem")
    return games.descriptor("mlem").load("encoding").encoding_for(game.make_config(2, ()))


_ENC = _encoding()
OBS_SIZE = _ENC.observation_size
NUM_ACTIONS = _ENC.num_actions
_OFF = {seg.name: seg.start for seg in _ENC.layout}
(
    O_NUM_PLAYERS,
    O_VARIANTS,
    O_PHASE,
    O_TO_ACT,
    O_EXPEDITION,
    O_STARTER,
    O_CRASHES,
    O_CRASHES_ONEHOT,
    O_END_TRIGGERED,
    O_POSITION,
    O_DICE,
    O_ROLL_PRESENT,
    O_ROLL_COUNTS,
    O_SPACE_FACES,
    O_SPACE_AFTERBURNER,
    O_COMMANDER,
    O_ROCKET_BOARD,
    O_DECIDING,
    O_PLAYERS,
    O_MOONS,
    O_PLANETS,
    O_DEEP_SPACE,
    O_GOALS,
    O_UFO_POSITION,
    O_UFO_TOKEN,
    O_UFO_STACK,
    O_UFO_TAKEN,
    O_DISCOVERY_ON_MAT,
    O_DISCOVERY_MISC,
    O_DISCOVERY_TAKEN,
    O_MISSIONS_PUBLIC,
    O_MISSIONS_HANDS,
    O_SCORES,
    O_WINNERS,
) = (_OFF[seg.name] for seg in _ENC.layout)
P = 5  # seats the encoding pads to
ROCKET_RECORD = 3 + P + NA
PLAYER_RECORD = 2 + NA + PARTS + 4
HAND_RECORD = 2 + 3 * NMIS
MAX_DICE = _ENC.max_dice
LAST_POSITION = _ENC.num_positions - 1
NUM_SPACES = _ENC.num_spaces
CRASH_TRACK = _ENC.mat.crash_track_length
CRASH_SCALE = max(1, CRASH_TRACK)
MAX_TOKEN_MOVE = _ENC.max_token_move
MAX_UFO_POINTS = _ENC.max_ufo_points
MAX_DISC_POINTS = _ENC.max_discovery_points
UFO_TOTAL = max(1, int(UFO_POINTS.sum()))
SIXTH = np.array(SIXTHS, dtype=np.float64)
# The order the encoding lists the mat's moons, planets and goals in, by the batch engine's index.
MOON_POS = np.array([_ENC.moon_ids.index(m) for m in ids()["moons"]], dtype=np.int64)
PLANET_POS = np.array([_ENC.planet_ids.index(p) for p in ids()["planets"]], dtype=np.int64)
GOAL_POS = np.array([[g.id for g in _ENC.goals].index(g) for g in ids()["goals"]], dtype=np.int64)
MISSION_POS = np.array([_ENC.mission_ids.index(m) for m in ids()["missions"]], dtype=np.int64)


def _space_table() -> np.ndarray:
    """[position, 6]: the faces a printed space accepts (1, 2, 3, 4, A) and its afterburner / 3; zeros
    past the printed spaces (deep space), as `_space_items` writes them."""
    table = np.zeros((LAST_POSITION + 1, NF + 1), dtype=np.float64)
    for number, items in enumerate(_ENC._space_items):
        for index, value in items:
            table[number, index - _OFF["space_faces"]] = value
    return table


SPACE = _space_table()


# ------------------------------------------------------------------------------------------ actions
def _action_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, int, int, int, int]:
    """The encoding's index of each action the batch engine can name: boarding an astronaut, a
    travel (flag, face bits, helper-seat bits), a landing (place, shift), returning a mission, and
    the crash, stay, return and reroll."""
    at = {text: i for i, text in enumerate(_ENC.actions)}
    board = np.array([at[f"board {a}"] for a in ABILITIES], dtype=np.int64)
    travel = np.full((3, 1 << NF, 1 << PM), -1, dtype=np.int64)
    for flag, suffix in enumerate(("", " +extra", " +keep")):
        for faces in range(1 << NF):
            for seats in range(1 << PM):
                parts = [FACES[f] for f in range(NF) if faces >> f & 1]
                parts += [f"H{s}" for s in range(PM) if seats >> s & 1]
                text = ("travel " + ",".join(parts) if parts else "travel") + suffix
                travel[flag, faces, seats] = at.get(text, -1)
    land = np.array(
        [
            [at[f"land {place}{shift}"] for shift in ("", " -1", " +1")]
            for place in ("deep", "moon", "planet")
        ],
        dtype=np.int64,
    )
    missions = np.array([at[f"return-mission {m}"] for m in ids()["missions"]], dtype=np.int64)
    return board, travel, land, missions, at["crash"], at["stay"], at["return"], at["reroll"]


(
    IDX_BOARD,
    IDX_TRAVEL,
    IDX_LAND,
    IDX_MISSION,
    IDX_CRASH,
    IDX_STAY,
    IDX_RETURN,
    IDX_REROLL,
) = _action_tables()


@leaf
def _shift_pos(shift):
    return 0 if shift == 0 else (1 if shift < 0 else 2)


@jit
def legal_indices(g, out):
    """The encoding's index of each legal action of the seat to act, in the batch engine's order
    (decisions.py: the k-th is what `apply_decision(g, ..., k)` plays) into out[:n]; returns n."""
    phase = g[S_PHASE]
    if phase == LAUNCH:
        seat = current_player(g)
        n = 0
        for a in range(NA):
            if g[O_AVAIL + seat * NA + a]:
                out[n] = IDX_BOARD[a]
                n += 1
        return n
    if phase == TRAVEL:
        groups, helpers = travel_items(g)
        plain, extra, keep, reroll, crash = travel_counts(g, groups, helpers)
        pos = g[S_POS]
        h_sets = 1 << helpers
        n = plain + extra + keep + reroll + crash
        for choice in range(n):
            flag, j = 0, -1
            if choice < plain:
                j = choice + 1
            elif choice < plain + extra:
                j, flag = choice - plain, 1
            elif choice < plain + extra + keep:
                j, flag = choice - plain - extra + 1, 2
            if j < 0:
                out[choice] = IDX_REROLL if choice < plain + extra + keep + reroll else IDX_CRASH
                continue
            gm, hm = SUBSETS[groups, j // h_sets], SUBSETS[helpers, j % h_sets]
            # bit b of gm / hm: the b-th usable face / helper seat, as _travel numbers them
            face_bits, seat_bits, b = 0, 0, 0
            for f in range(NF):
                if g[O_ROLL + f] > 0 and ACCEPTS[pos, f]:
                    if gm >> b & 1:
                        face_bits |= 1 << f
                    b += 1
            b = 0
            for seat in range(g[F_P]):
                if g[O_SEATS + seat]:
                    if hm >> b & 1:
                        seat_bits |= 1 << seat
                    b += 1
            out[choice] = IDX_TRAVEL[flag, face_bits, seat_bits]
        return n
    if phase == LANDING:
        m = landing_options(g, _head(g), False)
        out[0] = IDX_STAY
        for k in range(m):
            out[1 + k] = IDX_LAND[g[O_PLACE + k], _shift_pos(g[O_SHIFT + k])]
        return m + 1
    if phase == PARACHUTE:
        m = landing_options(g, _head(g), True)
        for k in range(m):
            out[k] = IDX_LAND[g[O_PLACE + k], _shift_pos(g[O_SHIFT + k])]
        out[m] = IDX_RETURN
        return m + 1
    seat = current_player(g)  # CHOOSE: the mission to return
    for k in range(MISSIONS_DEALT):
        out[k] = IDX_MISSION[g[O_DEALT + seat * MISSIONS_DEALT + k]]
    return MISSIONS_DEALT


# ------------------------------------------------------------------------------------------ observation
@leaf
def _rel(s, seat, n):
    """(s - seat) % n for seats s and seat in [0, n), without the integer division: a view takes
    dozens of these, and a 64-bit division costs more than the rest of such a write."""
    d = s - seat
    return d + n if d < 0 else d


@leaf
def _shown(g, s, seat):
    """Whether `seat` sees `s`'s hidden parts: its own, and everyone's once the game is over."""
    return s == seat or g[S_PHASE] == OVER


@leaf
def _visible_total(g, s, seat):
    shown = _shown(g, s, seat)
    total = 0
    for part in range(PARTS):
        if shown or part < P_UFO:  # ufo, discoveries, missions: the hidden parts (HIDDEN_PARTS)
            total += g[O_POINTS + s * PARTS + part]
    return total


@jit
def write_obs(g, seat, out):
    """`seat`'s observation of game `g` into `out` (float32, OBS_SIZE): encoding_state.py's
    `_write_all`, segment by segment."""
    for k in range(OBS_SIZE):
        out[k] = 0.0
    n = g[F_P]
    phase = g[S_PHASE]
    over = phase == OVER
    out[O_NUM_PLAYERS + n - 2] = 1.0
    if g[F_UFO]:
        out[O_VARIANTS] = 1.0
    if g[F_DISC]:
        out[O_VARIANTS + 1] = 1.0
    if g[F_MIS]:
        out[O_VARIANTS + 2] = 1.0
    # --- _write_turn
    out[O_PHASE + phase] = 1.0  # the batch engine numbers the phases as PHASES lists them
    out[O_TO_ACT + (P + 1 if over else _rel(current_player(g), seat, n))] = 1.0
    out[O_EXPEDITION] = g[S_EXPED] / EXPEDITION_SCALE
    out[O_STARTER + _rel(g[S_STARTER], seat, n)] = 1.0
    crashes = g[S_CRASHES]
    out[O_CRASHES] = crashes / CRASH_SCALE
    if crashes <= CRASH_TRACK:
        out[O_CRASHES_ONEHOT + crashes] = 1.0
    if g[S_END]:
        out[O_END_TRIGGERED] = 1.0
    pos = g[S_POS]
    out[O_POSITION + min(pos, LAST_POSITION)] = 1.0
    if g[S_DICE] <= MAX_DICE:
        out[O_DICE + g[S_DICE]] = 1.0
    for f in range(NF):
        if g[O_ROLL + f] > 0:
            out[O_ROLL_PRESENT] = 1.0
            out[O_ROLL_COUNTS + f] = SIXTH[g[O_ROLL + f]]
    for k in range(NF + 1):
        out[O_SPACE_FACES + k] = SPACE[min(pos, LAST_POSITION), k]
    cmd = g[S_CMD]
    out[O_COMMANDER + (P if cmd < 0 else _rel(g[O_SLOT_SEAT + cmd], seat, n))] = 1.0
    for slot in range(g[S_NBOARD]):
        base = O_ROCKET_BOARD + slot * ROCKET_RECORD
        s, astro = g[O_SLOT_SEAT + slot], g[O_SLOT_ASTRO + slot]
        out[base] = 1.0
        if g[O_ABOARD + slot]:
            out[base + 1] = 1.0
        if astro == HELPER and g[O_HUSED + s]:
            out[base + 2] = 1.0
        out[base + 3 + _rel(s, seat, n)] = 1.0
        out[base + 3 + P + astro] = 1.0
    head = _head(g)
    out[O_DECIDING + (P if head < 0 else head)] = 1.0
    # --- _write_players
    hidden_in_play = g[F_UFO] or g[F_DISC] or g[F_MIS]
    for s in range(n):
        base = O_PLAYERS + _rel(s, seat, n) * PLAYER_RECORD
        out[base] = 1.0
        for a in range(NA):
            if g[O_AVAIL + s * NA + a]:
                out[base + 1 + a] = 1.0
        out[base + 1 + NA] = g[O_PLACED + s] / 8.0
        shown = _shown(g, s, seat)
        for part in range(PARTS):
            value = g[O_POINTS + s * PARTS + part]
            if value and (shown or part < P_UFO):
                out[base + 2 + NA + part] = value / PART_SCALE
        tail = base + 2 + NA + PARTS
        if shown or not hidden_in_play:
            out[tail] = 1.0
        if g[F_UFO]:
            out[tail + 1] = g[O_UFO_N + s] / 5.0
        if g[F_DISC]:
            out[tail + 2] = g[O_DISC_N + s] / 5.0
        out[tail + 3] = _visible_total(g, s, seat) / SCORE_SCALE
    # --- _write_mat
    for moon in range(NM):
        owner = g[O_MOON_OWNER + moon]
        if owner >= 0:
            base = O_MOONS + MOON_POS[moon] * (2 + P)
            out[base] = 1.0
            out[base + 1 + _rel(owner, seat, n)] = 1.0
            if g[O_MOON_X + moon]:
                out[base + 1 + P] = 1.0
    for planet in range(NPL):
        for s in range(n):
            count = g[O_PCOUNT + planet * PM + s]
            if count == 0:
                continue
            base = O_PLANETS + (PLANET_POS[planet] * P + _rel(s, seat, n)) * (2 + P)
            out[base] = count / 8.0
            out[base + 1] = 1.0 if g[O_PEXPERT + planet * PM + s] else 0.0
            order = g[O_PROW + planet * PM + s]
            if order < P:
                out[base + 2 + order] = 1.0
    for s in range(n):
        base = O_DEEP_SPACE + _rel(s, seat, n) * 3
        comet = g[O_COMET + s]
        out[base] = comet * 0.5
        out[base + 1] = (g[O_DEEP + s] - comet) / 8.0
        acc = np.float32(0.0)
        for k in range(g[O_DEEP + s]):
            acc = np.float32(acc + np.float32(g[O_DEEP_PTS + s * NA + k] / PART_SCALE))
        out[base + 2] = acc
    for goal in range(NG):
        owner = g[O_GOAL_OWNER + goal]
        base = O_GOALS + GOAL_POS[goal] * (1 + P)
        out[base if owner < 0 else base + 1 + _rel(owner, seat, n)] = 1.0
    # --- _write_ufo_token and _write_variants
    if g[F_UFO]:
        out[O_UFO_TOKEN + 3] = g[S_EXP_LEFT] / max(1, NEXP)
        token = g[S_TOKEN]
        if token >= 0:
            out[O_UFO_TOKEN] = 1.0
            out[O_UFO_TOKEN + 1] = 1.0 if g[S_SPENT] else 0.0
            out[O_UFO_TOKEN + 2] = TOK_MOVE[token] / MAX_TOKEN_MOVE
            if TOK_DICE[token] <= MAX_DICE:
                out[O_UFO_TOKEN + 4 + TOK_DICE[token]] = 1.0
            k = O_UFO_TOKEN + 4 + MAX_DICE + 1
            out[k + TOK_ABILITY[token]] = 1.0
            for f in range(NF):
                out[k + 3 + f] = TOK_EXTRA[token, f]
        if g[S_UFO_POS] <= LAST_POSITION:
            out[O_UFO_POSITION + g[S_UFO_POS]] = 1.0
        top = g[S_UFO_TOP]
        out[O_UFO_STACK] = (NUFO - top) / max(1, NUFO)
        out[O_UFO_STACK + 1] = (UFO_POINTS[top] if top < NUFO else 0) / MAX_UFO_POINTS
        left = 0
        for k in range(top, NUFO):
            left += UFO_POINTS[k]
        out[O_UFO_STACK + 2] = left / UFO_TOTAL
        for s in range(n):
            if _shown(g, s, seat):
                base = O_UFO_TAKEN + _rel(s, seat, n) * 2
                out[base] = 1.0
                out[base + 1] = g[O_POINTS + s * PARTS + P_UFO] / 10.0
    if g[F_DISC]:
        for space in range(NUM_SPACES):
            token = g[O_ON_MAT + space]
            if token >= 0:
                base = O_DISCOVERY_ON_MAT + space * 4
                out[base + DISC_KIND[token]] = 1.0
                out[base + 3] = DISC_POINTS[token] / MAX_DISC_POINTS
        out[O_DISCOVERY_MISC] = g[S_DISC_LEFT] / max(1, NDISC)
        for s in range(n):
            if _shown(g, s, seat):
                base = O_DISCOVERY_TAKEN + _rel(s, seat, n) * 2
                out[base] = 1.0
                out[base + 1] = g[O_POINTS + s * PARTS + P_DISC] / 10.0
    if g[F_MIS]:
        for s in range(n):
            r = _rel(s, seat, n)
            out[O_MISSIONS_PUBLIC + r * 2] = g[O_NDEALT + s] / 4.0
            out[O_MISSIONS_PUBLIC + r * 2 + 1] = 1.0 if g[O_RETURNED + s] >= 0 else 0.0
            if not _shown(g, s, seat):
                continue
            base = O_MISSIONS_HANDS + r * HAND_RECORD
            out[base] = 1.0
            done = 0
            returned = g[O_RETURNED + s]
            for k in range(g[O_NDEALT + s]):
                mission = g[O_DEALT + s * MISSIONS_DEALT + k]
                out[base + 2 + 3 * MISSION_POS[mission]] = 1.0
                if mission == returned:
                    out[base + 2 + 3 * MISSION_POS[mission] + 1] = 1.0
                    continue
                target = MIS_TARGET[mission]
                if MIS_KIND[mission] == 0:
                    hit = g[O_MOON_OWNER + target] == s
                else:
                    hit = g[O_PCOUNT + target * PM + s] > 0
                if hit:
                    done += 1
                    out[base + 2 + 3 * MISSION_POS[mission] + 2] = 1.0
            out[base + 1] = MISSION_POINTS[min(done, 3)] / 10.0
    # --- scores and winners
    best = 0
    for s in range(n):
        out[O_SCORES + _rel(s, seat, n)] = _visible_total(g, s, seat) / SCORE_SCALE
        best = max(best, scores_of(g, s))
    if over:
        for s in range(n):
            if scores_of(g, s) == best:
                out[O_WINNERS + _rel(s, seat, n)] = 1.0


@leaf
def scores_of(g, s):
    total = 0
    for part in range(PARTS):
        total += g[O_POINTS + s * PARTS + part]
    return total
