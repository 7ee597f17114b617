"""The batch engine as an environment, compiled: games that stop where a learning seat (or a Python
policy) must act, and `VectorBackend`, the Python side that envs/vector.py drives (the game's
descriptor names this module as its `vector` part).

One call steps every game: the learners' actions are applied, then chance and the compiled
opponents (random, heuristic: policy.py, the same as `simulate`'s) play until a learner must act
again or the game is over; the observations and masks of the learners (observe.py, the reference
encoding's vectors) are written into arrays the caller allocated once. A game that ended is
started anew on the call after (Gymnasium's next-step autoreset), seeded from its sub-env's seed
and its episode number.

Seats whose policy is `callback` stop the compiled loop too: the Python side writes those seats'
observations and masks, asks its callable for their actions, all waiting games at once, and
resumes (`VectorBackend.step`).

Randomness: game g of a sub-env is played from the counter-based stream of sim/counter_rng.py with
the seed `game_seed(seed, episode)`: chance, the random opponents and the heuristic's tie keys are
the stream's, exactly as `play_reference` and `simulate --fast` draw them, so a test can replay a game
through the reference engine.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from cosmotable.sim.batch_mlem.chance import _chance, uniform
from cosmotable.sim.batch_mlem.decisions import apply_decision
from cosmotable.sim.batch_mlem.layout import (
    F_HEURISTIC,
    F_P,
    O_POLICY,
    S_PHASE,
    S_STEP,
    STATE_SIZE,
    jit,
)
from cosmotable.sim.batch_mlem.observe import (
    NUM_ACTIONS,
    OBS_SIZE,
    legal_indices,
    scores_of,
    write_obs,
)
from cosmotable.sim.batch_mlem.policy import heuristic_play, random_decision
from cosmotable.sim.batch_mlem.rules import _new_game, current_player
from cosmotable.sim.batch_mlem.tables import (
    DEAL,
    LOG_FIELDS,
    OVER,
    POL_HEURISTIC,
    REVEAL_DISC,
    REVEAL_EXP,
    ROLL,
    VARIANT_NAMES,
)

#: Seat policies: the compiled ones (tables.POLICIES), then the two that stop the compiled loop.
SEAT_POLICIES = ("random", "heuristic", "learner", "callback")
POL_LEARNER, POL_CALLBACK = 2, 3
#: Final rewards (envs/common.py `final_rewards`), by code.
REWARD_KINDS = ("score_difference", "win", "score")
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)


def game_seed(seed: int, episode: int) -> int:
    """The counter stream's seed of a sub-env's episode-th game (0: its reset seed itself)."""
    return (int(seed) + int(episode) * 0x9E3779B97F4A7C15) % (1 << 64)


# ------------------------------------------------------------------------------------------ compiled
@jit
def _advance(g, h, log, nlog, seed):
    """Play chance and the compiled seats until a learner or callback seat must act (its seat is
    returned) or the game is over (-1): driver.play_one, stopping at those seats."""
    while g[S_PHASE] != OVER:
        step = g[S_STEP]
        phase = g[S_PHASE]
        if phase == ROLL or phase == DEAL or phase == REVEAL_DISC or phase == REVEAL_EXP:
            _chance(g, log, nlog, uniform(seed, step))
        else:
            seat = current_player(g)
            policy = g[O_POLICY + seat]
            if policy >= POL_LEARNER:
                return seat
            if policy == POL_HEURISTIC:
                heuristic_play(g, h, log, nlog, seed, step)
            else:
                random_decision(g, log, nlog, uniform(seed, step))
        g[S_STEP] = step + 1
    return -1


@jit
def _play_on(g, h, log, nlog, seed, choice):
    """Apply the seat to act's choice-th legal action, then _advance. One compiled function for
    step_all and callback_apply: apply_decision is inlined wherever it is called, so each caller
    of its own would compile the whole of it again."""
    apply_decision(g, log, nlog, choice)
    g[S_STEP] += 1
    return _advance(g, h, log, nlog, seed)


@jit
def _start(g, h, log, nlog, i, seed, policies, players, ufo, disc, mis):
    _new_game(g, i, players, ufo, disc, mis, False, False)
    for seat in range(players):
        g[O_POLICY + seat] = policies[seat]
        if policies[seat] == POL_HEURISTIC:
            g[F_HEURISTIC] = 1
    return _advance(g, h, log, nlog, seed)


@jit
def _final_reward(g, seat, kind):
    """envs/common.py `final_rewards(state, kind)[seat]`."""
    mine, best_other, best, n_best = scores_of(g, seat), -(1 << 40), -(1 << 40), 0
    for s in range(g[F_P]):
        score = scores_of(g, s)
        if s != seat:
            best_other = max(best_other, score)
        if score > best:
            best, n_best = score, 1
        elif score == best:
            n_best += 1
    if kind == 0:
        return float(mine - best_other)
    if kind == 2:
        return float(mine)
    if mine == best:
        return 1.0 if n_best == 1 else 0.0
    return -1.0


@jit
def _publish(g, i, to_act, observers, obs, mask, idx, nlegal, maskrow, rewards, terminated, kind):
    """Write game i's observations (one per observer seat) and the mask of the seat to act (when it
    is an observer), or, the game over, every observer's final reward."""
    seat = to_act[i]
    maskrow[i] = -1
    for j in range(len(observers)):
        write_obs(g, observers[j], obs[j, i])
        if seat < 0:
            rewards[j, i] = _final_reward(g, observers[j], kind)
        elif observers[j] == seat:
            n = legal_indices(g, idx[i])
            nlegal[i] = n
            for k in range(n):
                mask[j, i, idx[i, k]] = 1
            maskrow[i] = j
    if seat < 0:
        terminated[i] = True


@jit
def _clear_mask(i, mask, idx, nlegal, maskrow):
    j = maskrow[i]
    if j >= 0:
        for k in range(nlegal[i]):
            mask[j, i, idx[i, k]] = 0
        maskrow[i] = -1


@jit
def _choice_of(i, action, idx, nlegal):
    """The batch engine's index of the legal action whose encoding index is `action`, or -1."""
    for k in range(nlegal[i]):
        if idx[i, k] == action:
            return k
    return -1


@jit
def _settle(g, i, to_act, waiting, observers, obs, mask, idx, nlegal, maskrow, rewards, terminated, kind):
    """After the compiled loop stopped: a callback seat waits (its view is written later, with the
    other waiting games'), anything else is published."""
    seat = to_act[i]
    if seat >= 0 and g[O_POLICY + seat] == POL_CALLBACK:
        waiting[i] = seat
    else:
        waiting[i] = -1
        _publish(g, i, to_act, observers, obs, mask, idx, nlegal, maskrow, rewards, terminated, kind)


@jit
def reset_all(
    state,
    h,
    log,
    nlog,
    seeds,
    policies,
    players,
    ufo,
    disc,
    mis,
    rows,
    to_act,
    waiting,
    observers,
    obs,
    mask,
    idx,
    nlegal,
    maskrow,
    rewards,
    terminated,
    steps,
    kind,
):
    """Start a new game in each of `rows`, seeded seeds[i], and play it to a learner's decision."""
    for i in rows:
        g = state[i]
        _clear_mask(i, mask, idx, nlegal, maskrow)
        steps[i] = 0
        terminated[i] = False
        for j in range(len(observers)):
            rewards[j, i] = 0.0
        to_act[i] = _start(g, h, log, nlog, i, seeds[i], policies, players, ufo, disc, mis)
        _settle(g, i, to_act, waiting, observers, obs, mask, idx, nlegal, maskrow, rewards, terminated, kind)


@jit
def step_all(
    state,
    h,
    log,
    nlog,
    seeds,
    base_seeds,
    episodes,
    policies,
    players,
    ufo,
    disc,
    mis,
    actions,
    pending,
    to_act,
    waiting,
    observers,
    obs,
    mask,
    idx,
    nlegal,
    maskrow,
    rewards,
    terminated,
    truncated,
    illegal,
    steps,
    max_steps,
    kind,
    penalty,
):
    """One step of every game: a finished (or truncated) game starts anew (its action is ignored:
    next-step autoreset); any other applies the action of the seat to act, then plays on to the
    next learner decision. An action outside the mask changes nothing and earns `penalty`."""
    for i in range(len(actions)):
        g = state[i]
        for j in range(len(observers)):
            rewards[j, i] = 0.0
        illegal[i] = False
        truncated[i] = False
        if pending[i]:
            pending[i] = False
            episodes[i] += 1
            seeds[i] = base_seeds[i] + np.uint64(episodes[i]) * _GOLDEN
            _clear_mask(i, mask, idx, nlegal, maskrow)
            steps[i] = 0
            terminated[i] = False
            to_act[i] = _start(g, h, log, nlog, i, seeds[i], policies, players, ufo, disc, mis)
            _settle(
                g, i, to_act, waiting, observers, obs, mask, idx, nlegal, maskrow, rewards, terminated, kind
            )
            continue
        steps[i] += 1
        choice = _choice_of(i, actions[i], idx, nlegal)
        if choice < 0:
            illegal[i] = True
            for j in range(len(observers)):
                if observers[j] == to_act[i]:
                    rewards[j, i] = penalty
        else:
            _clear_mask(i, mask, idx, nlegal, maskrow)
            to_act[i] = _play_on(g, h, log, nlog, seeds[i], choice)
            _settle(
                g, i, to_act, waiting, observers, obs, mask, idx, nlegal, maskrow, rewards, terminated, kind
            )
        if to_act[i] >= 0 and steps[i] >= max_steps:
            truncated[i] = True


@jit
def callback_views(state, rows, waiting, cb_obs, cb_mask, idx, nlegal):
    """The waiting callback seats' observations and masks (cb_mask rows cleared by callback_apply)."""
    for i in rows:
        g = state[i]
        write_obs(g, waiting[i], cb_obs[i])
        n = legal_indices(g, idx[i])
        nlegal[i] = n
        for k in range(n):
            cb_mask[i, idx[i, k]] = 1


@jit
def callback_apply(
    state,
    h,
    log,
    nlog,
    seeds,
    rows,
    acts,
    to_act,
    waiting,
    cb_mask,
    observers,
    obs,
    mask,
    idx,
    nlegal,
    maskrow,
    rewards,
    terminated,
    kind,
):
    """Apply the callback's actions (one per row); returns the first row whose action is not legal
    (nothing applied from there on), or -1."""
    for r in range(len(rows)):
        i = rows[r]
        g = state[i]
        choice = _choice_of(i, acts[r], idx, nlegal)
        if choice < 0:
            return i
        for k in range(nlegal[i]):
            cb_mask[i, idx[i, k]] = 0
        to_act[i] = _play_on(g, h, log, nlog, seeds[i], choice)
        _settle(g, i, to_act, waiting, observers, obs, mask, idx, nlegal, maskrow, rewards, terminated, kind)
    return -1


# ------------------------------------------------------------------------------------------ Python side
#: A callback policy: (observations, masks) of the games waiting on it -> one action index each.
Callback = Callable[[np.ndarray, np.ndarray], Sequence[int] | np.ndarray]


class VectorBackend:
    """`num_envs` MLEM games of `players` seats with `variants`; `seats[s]` is seat s's policy (one of
    SEAT_POLICIES); `observers`: the seats whose observations are written at every step (the
    learners). Arrays are allocated once and rewritten in place by each call: `obs[j]` is observer
    j's (num_envs, OBS_SIZE) float32 block, `mask[j]` its int8 masks (a row is non-zero only while
    that observer is to act), `rewards[j]` its rewards of the last step."""

    obs_size = OBS_SIZE
    num_actions = NUM_ACTIONS
    variant_names = VARIANT_NAMES

    def __init__(
        self,
        num_envs: int,
        players: int,
        variants: Sequence[str],
        seats: Sequence[str],
        observers: Sequence[int],
        reward: str = "score_difference",
        callback: Callback | None = None,
        max_steps: int = 1 << 62,
        illegal_penalty: float = -1.0,
    ):
        unknown = sorted(set(variants) - set(VARIANT_NAMES))
        if unknown:
            raise ValueError(
                f"unknown MLEM variant(s) {', '.join(unknown)}; known: {', '.join(VARIANT_NAMES)}"
            )
        if not 2 <= players <= 5:
            raise ValueError(f"MLEM is played by 2-5 players, not {players}")
        if len(seats) != players or not set(seats) <= set(SEAT_POLICIES):
            raise ValueError(
                f"seats: one of {', '.join(SEAT_POLICIES)} per seat ({players} seats), got {seats}"
            )
        if "callback" in seats and callback is None:
            raise ValueError("a `callback` seat needs a callback: (obs, mask) -> actions")
        if reward not in REWARD_KINDS:
            raise ValueError(f"unknown reward {reward!r}; rewards: {', '.join(REWARD_KINDS)}")
        if type(num_envs) is not int or num_envs < 1:
            raise ValueError(f"num_envs must be a whole number >= 1, got {num_envs!r}")
        n, k = num_envs, len(observers)
        self.num_envs, self.players = n, players
        self.variants = tuple(v for v in VARIANT_NAMES if v in variants)
        self.policies = np.array([SEAT_POLICIES.index(p) for p in seats], dtype=np.int64)
        self.observers = np.array(observers, dtype=np.int64)
        self.callback = callback
        self.kind = REWARD_KINDS.index(reward)
        self.max_steps = int(max_steps)
        self.penalty = float(illegal_penalty)
        self.state = np.zeros((n, STATE_SIZE), dtype=np.int64)
        self._h = np.zeros((2, STATE_SIZE), dtype=np.int64)  # the heuristic's look-ahead
        self._log = np.zeros((1, LOG_FIELDS), dtype=np.int64)
        self._nlog = np.zeros(1, dtype=np.int64)
        self.base_seeds = np.zeros(n, dtype=np.uint64)
        self.seeds = np.zeros(n, dtype=np.uint64)  # the current game's stream seed per sub-env
        self.episodes = np.zeros(n, dtype=np.int64)
        self.to_act = np.full(n, -1, dtype=np.int64)
        self.waiting = np.full(n, -1, dtype=np.int64)
        self.obs = np.zeros((k, n, OBS_SIZE), dtype=np.float32)
        self.mask = np.zeros((k, n, NUM_ACTIONS), dtype=np.int8)
        self._idx = np.zeros((n, NUM_ACTIONS), dtype=np.int64)
        self._nlegal = np.zeros(n, dtype=np.int64)
        self._maskrow = np.full(n, -1, dtype=np.int64)
        self.rewards = np.zeros((k, n), dtype=np.float64)
        self.terminated = np.zeros(n, dtype=np.bool_)
        self.truncated = np.zeros(n, dtype=np.bool_)
        self.illegal = np.zeros(n, dtype=np.bool_)
        self.pending = np.zeros(n, dtype=np.bool_)
        self.steps = np.zeros(n, dtype=np.int64)
        if "callback" in seats:
            self._cb_obs = np.zeros((n, OBS_SIZE), dtype=np.float32)
            self._cb_mask = np.zeros((n, NUM_ACTIONS), dtype=np.int8)

    def _flags(self) -> tuple[int, bool, bool, bool]:
        v = self.variants
        return self.players, "ufo" in v, "discovery" in v, "secret_missions" in v

    def reset(self, seeds: np.ndarray) -> None:
        """Start game 0 of every sub-env, sub-env i from the stream seed seeds[i]."""
        self.base_seeds[:] = np.asarray(seeds, dtype=np.uint64)
        self.seeds[:] = self.base_seeds
        self.episodes[:] = 0
        self.pending[:] = False
        self.truncated[:] = False
        self.illegal[:] = False
        reset_all(
            self.state, self._h, self._log, self._nlog, self.seeds, self.policies, *self._flags(),
            np.arange(self.num_envs), self.to_act, self.waiting, self.observers, self.obs, self.mask,
            self._idx, self._nlegal, self._maskrow, self.rewards, self.terminated, self.steps, self.kind,
        )  # fmt: skip
        self._serve_callbacks()

    def step(self, actions: np.ndarray) -> None:
        """Apply one action per sub-env (the seat to act's; ignored by a sub-env that starts anew)."""
        actions = np.asarray(actions, dtype=np.int64).reshape(self.num_envs)
        step_all(
            self.state, self._h, self._log, self._nlog, self.seeds, self.base_seeds, self.episodes,
            self.policies, *self._flags(), actions, self.pending, self.to_act, self.waiting,
            self.observers, self.obs, self.mask, self._idx, self._nlegal, self._maskrow, self.rewards,
            self.terminated, self.truncated, self.illegal, self.steps, self.max_steps, self.kind,
            self.penalty,
        )  # fmt: skip
        self._serve_callbacks()
        self.truncated &= ~self.terminated
        self.pending[:] = self.terminated | self.truncated

    def _serve_callbacks(self) -> None:
        """Ask the callback for the moves of every game waiting on it, all at once, until none waits."""
        while True:
            rows = np.flatnonzero(self.waiting >= 0)
            if not len(rows):
                return
            assert self.callback is not None  # a seat waits only when its policy is `callback`
            callback_views(
                self.state, rows, self.waiting, self._cb_obs, self._cb_mask, self._idx, self._nlegal
            )
            acts = np.asarray(
                self.callback(self._cb_obs[rows], self._cb_mask[rows].view(np.bool_)), dtype=np.int64
            ).reshape(len(rows))
            bad = callback_apply(
                self.state, self._h, self._log, self._nlog, self.seeds, rows, acts, self.to_act,
                self.waiting, self._cb_mask, self.observers, self.obs, self.mask, self._idx,
                self._nlegal, self._maskrow, self.rewards, self.terminated, self.kind,
            )  # fmt: skip
            if bad >= 0:
                raise ValueError(f"the callback's action for sub-env {bad} is not legal there (see its mask)")

    def scores(self) -> np.ndarray:
        """[sub-env, seat] each game's scores now (final once it is over)."""
        from cosmotable.sim.batch_mlem.layout import O_POINTS, PM
        from cosmotable.sim.batch_mlem.tables import PARTS

        parts = self.state[:, O_POINTS : O_POINTS + PM * PARTS].reshape(self.num_envs, PM, PARTS)
        return parts[:, : self.players].sum(axis=2)
