"""Playing the games: the compiled loop over steps and games, and `BatchMlem`, the Python side that
allocates the states and the log, runs them and reads the results."""

from __future__ import annotations

import numpy as np

from cosmotable.sim.batch_mlem.chance import _chance, uniform
from cosmotable.sim.batch_mlem.layout import (
    F_HEURISTIC,
    NG,
    O_DEEP,
    O_GOAL_OWNER,
    O_POINTS,
    O_POLICY,
    PM,
    S_CHANCE,
    S_CRASHES,
    S_END,
    S_EXPED,
    S_PHASE,
    S_STEP,
    STATE_SIZE,
    jit,
)
from cosmotable.sim.batch_mlem.policy import heuristic_play, random_decision
from cosmotable.sim.batch_mlem.rules import _new_game, current_player
from cosmotable.sim.batch_mlem.tables import (
    DEAL,
    LOG_FIELDS,
    OVER,
    PARTS,
    POL_HEURISTIC,
    POLICIES,
    REVEAL_DISC,
    REVEAL_EXP,
    ROLL,
    VARIANT_NAMES,
)


# ------------------------------------------------------------------------------------------ games
@jit
def play_one(g, h, log, nlog, seed, max_steps):
    """Play the game in `g` (set up by _new_game) to its end; False if it ran out of steps. `h`:
    two scratch states for the heuristic's look-ahead (policy.heuristic_play)."""
    while g[S_PHASE] != OVER:
        step = g[S_STEP]
        if step >= max_steps:
            return False
        u = uniform(seed, step)
        phase = g[S_PHASE]
        if phase == ROLL or phase == DEAL or phase == REVEAL_DISC or phase == REVEAL_EXP:
            _chance(g, log, nlog, u)
        elif g[F_HEURISTIC] and g[O_POLICY + current_player(g)] == POL_HEURISTIC:
            heuristic_play(g, h, log, nlog, seed, step)
        else:
            random_decision(g, log, nlog, u)
        g[S_STEP] = step + 1
    return True


@jit
def play_all(state, h, seeds, policies, players, ufo, disc, mis, log, nlog, record, trace, max_steps):
    """Play game i (seeded seeds[i], seat s playing policies[i, s]) in state[i] for every i;
    returns the first game that ran out of steps, or -1. `h`: two scratch states (2, STATE_SIZE) for the
    heuristic's look-ahead (compiled without numba's runtime, the engine allocates nothing)."""
    for i in range(len(seeds)):
        g = state[i]
        _new_game(g, i, players, ufo, disc, mis, record, trace)
        for seat in range(players):
            g[O_POLICY + seat] = policies[i, seat]
            if policies[i, seat] == POL_HEURISTIC:
                g[F_HEURISTIC] = 1
        if not play_one(g, h, log, nlog, seeds[i], max_steps):
            return i
    return -1


# ------------------------------------------------------------------------------------------ Python side
class BatchMlem:
    """`len(seeds)` MLEM games of `players` seats with `variants`, game i seeded `seeds[i]`.
    `policy`: one policy name for every seat, or per game a tuple naming each seat's. `record`: keep every action (see `records`); `trace`: keep what
    `simulate --fast` reads (see `sim/fast.py`)."""

    def __init__(
        self,
        seeds: np.ndarray | list[int] | range,
        players: int,
        variants: tuple[str, ...] | list[str] = (),
        policy: str | list[tuple[str, ...]] = "random",
        record: bool = False,
        trace: bool = False,
    ):
        unknown = sorted(set(variants) - set(VARIANT_NAMES))
        if unknown:
            raise ValueError(
                f"unknown MLEM variant(s) {', '.join(unknown)}; known: {', '.join(VARIANT_NAMES)}"
            )
        if not 2 <= players <= 5:
            raise ValueError(f"MLEM is played by 2-5 players, not {players}")
        self.seeds = np.asarray(seeds, dtype=np.uint64)
        self.n, self.p = len(self.seeds), players
        seats = [(policy,) * players] if isinstance(policy, str) else list(policy)
        unknown_policies = sorted({name for lineup in seats for name in lineup} - set(POLICIES))
        if (
            unknown_policies
            or len(seats) != (1 if isinstance(policy, str) else self.n)
            or any(len(lineup) != players for lineup in seats)
        ):
            raise ValueError(
                f"policy: one of {', '.join(POLICIES)}, or one such name per seat for each game"
                + (f" (unknown: {', '.join(unknown_policies)})" if unknown_policies else "")
            )
        codes = np.array([[POLICIES.index(name) for name in lineup] for lineup in seats], dtype=np.int64)
        # one policy for every seat: one row repeated in C (no Python work per game)
        self.policies = np.repeat(codes, self.n, axis=0) if isinstance(policy, str) else codes
        self.variants = tuple(v for v in VARIANT_NAMES if v in variants)
        self.record, self.trace = record, trace
        self.state = np.zeros((self.n, STATE_SIZE), dtype=np.int64)
        self.log = np.zeros((0, LOG_FIELDS), dtype=np.int64)

    def run(self, max_steps: int = 100_000) -> None:
        # A game logs at most a few entries per step; the buffer grows until every game fits.
        capacity = self.n * 400 if (self.record or self.trace) else 1
        while True:
            log = np.zeros((capacity, LOG_FIELDS), dtype=np.int64)
            nlog = np.zeros(1, dtype=np.int64)
            stuck = play_all(
                self.state,
                np.zeros((2, STATE_SIZE), dtype=np.int64),
                self.seeds,
                self.policies,
                self.p,
                "ufo" in self.variants,
                "discovery" in self.variants,
                "secret_missions" in self.variants,
                log,
                nlog,
                self.record,
                self.trace,
                max_steps,
            )
            if stuck >= 0:
                raise RuntimeError(
                    f"game {stuck} (seed {self.seeds[stuck]}) still running after {max_steps} steps"
                )
            if nlog[0] <= capacity:
                self.log = log[: nlog[0]]
                return
            capacity = int(nlog[0])

    # ---------------------------------------------------------------------- results
    @property
    def steps(self) -> np.ndarray:
        return self.state[:, S_STEP]

    @property
    def chance_steps(self) -> np.ndarray:
        return self.state[:, S_CHANCE]

    @property
    def expedition(self) -> np.ndarray:
        return self.state[:, S_EXPED]

    @property
    def crashes(self) -> np.ndarray:
        return self.state[:, S_CRASHES]

    @property
    def end_triggered(self) -> np.ndarray:
        return self.state[:, S_END].astype(bool)

    @property
    def deep_count(self) -> np.ndarray:
        """[game, seat] astronauts in deep space."""
        return self.state[:, O_DEEP : O_DEEP + self.p]

    @property
    def goal_owner(self) -> np.ndarray:
        """[game, goal] the seat holding each goal tile, -1 for none."""
        return self.state[:, O_GOAL_OWNER : O_GOAL_OWNER + NG]

    def score_parts(self) -> np.ndarray:
        """[game, seat, part] in the order moons, deep space, goals, planets, ufo, discoveries,
        missions (zero for a variant not in play)."""
        parts = self.state[:, O_POINTS : O_POINTS + PM * PARTS].reshape(self.n, PM, PARTS)
        return parts[:, : self.p]

    def scores(self) -> np.ndarray:
        return self.score_parts().sum(axis=2)


def play_batch(
    seeds,
    players: int,
    variants: tuple[str, ...] = (),
    policy: str | list[tuple[str, ...]] = "random",
    record: bool = False,
) -> BatchMlem:
    batch = BatchMlem(seeds, players, variants, policy, record=record)
    batch.run()
    return batch
