"""`cosmotable simulate mlem --fast`: rows from the batch MLEM engine (sim/batch_mlem/).

The batch engine draws chance, the random policy and the heuristic's tie keys from the counter
stream (sim/counter_rng.py), not from Python's `random` as the bots of a reference run do; so a fast
run's games are the ones `play_reference` plays through the reference engine (the `heuristic` bot
itself, with its `rng_for` on that stream) for the same seeds and lineups, and its rows have the
same columns as any MLEM run, built from the batch engine's log instead of the event log
(`tests/sim/test_simulate_fast.py` checks them against `features()` of the reference games).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from cosmotable.games.mlem.board import ABILITIES
from cosmotable.sim import batch_mlem as bm
from cosmotable.sim.batch_mlem import driver

PLACES = ("deep", "moon", "planet")
#: the policies a fast run plays, as its `bots` column names them (bot -> policy)
FAST_POLICIES = {"random": "random-counter", "heuristic": "heuristic-counter"}
#: the bot levels the batch engine plays (the descriptor's `batch` part: sim/runner.py asks)
BATCH_BOTS = tuple(FAST_POLICIES)
#: games played per engine call: the log of a call stays small (a few MB)
CALL_GAMES = 5000


def batch_rows(plan, indices: list[int]) -> list[dict[str, Any]]:
    """Rows (see runner.schema) of the plan's games `indices`, played by the batch engine."""
    rows: list[dict[str, Any]] = []
    for start in range(0, len(indices), CALL_GAMES):
        rows += _rows(plan, indices[start : start + CALL_GAMES])
    return rows


def _rows(plan, indices: list[int]) -> list[dict[str, Any]]:
    seeds = np.array([plan.seed_of(i) for i in indices], dtype=np.uint64)
    lineups = [plan.seats(i) for i in indices]
    batch = bm.BatchMlem(seeds, plan.players, plan.variants, policy=lineups, record=True, trace=True)
    batch.run()
    n = len(indices)
    rolls: list[list[dict[str, Any]]] = [[] for _ in range(n)]
    crashed: list[set[int]] = [set() for _ in range(n)]
    landings: list[list[dict[str, Any]]] = [[] for _ in range(n)]
    goals: list[list[dict[str, Any]]] = [[] for _ in range(n)]
    goal_ids = bm.ids()["goals"]
    pending: list[dict[str, Any] | None] = [None] * n  # the roll whose outcome comes next
    for game, _step, kind, a, b, c, d, e, f in batch.log.tolist():
        if kind == bm.T_ROLL:
            entry = {"expedition": a, "space": b, "dice": c, "outcome": "open"}
            rolls[game].append(entry)
            pending[game] = entry
        elif kind in (bm.K_TRAVEL, bm.K_REROLL, bm.T_CRASH):
            entry = pending[game]
            if entry is not None:
                outcome = {bm.K_TRAVEL: "travel", bm.K_REROLL: "reroll", bm.T_CRASH: "crash"}[kind]
                entry["outcome"] = outcome
                pending[game] = None
            if kind == bm.T_CRASH:
                crashed[game].add(a)
        elif kind == bm.T_LANDING:
            landings[game].append(
                {
                    "seat": a,
                    "expedition": b,
                    "astronaut": ABILITIES[c],
                    "place": PLACES[d],
                    "points": e,
                    "parachute": bool(f),
                }
            )
        elif kind == bm.T_GOAL:
            goals[game].append({"seat": a, "expedition": b, "goal": goal_ids[c], "points": d})
    scores = batch.scores()
    rows = []
    for i, index in enumerate(indices):
        score = scores[i].tolist()
        best = max(score)
        turns = int(batch.expedition[i])
        rows.append(
            {
                "game_index": index,
                "seed": int(seeds[i]),
                "game": "mlem",
                "players": plan.players,
                "variants": sorted(plan.variants),
                "bots": [FAST_POLICIES[name] for name in lineups[i]],
                "scores": score,
                "winners": [s for s, v in enumerate(score) if v == best],
                "steps": int(batch.steps[i]),
                "decisions": int(batch.steps[i] - batch.chance_steps[i]),
                "turns": turns,
                "crashes": int(batch.crashes[i]),
                "expedition_crashed": [e in crashed[i] for e in range(1, turns + 1)],
                "rolls": rolls[i],
                "landings": landings[i],
                "goals": goals[i],
            }
        )
    return rows


def compiled_cache_ready() -> bool:
    """Whether numba's on-disk cache already holds the batch engine's entry point (`play_all`). If
    not, its first use compiles the engine: a minute or two idle, several on a busy machine."""
    folder = Path(driver.__file__).parent / "__pycache__"
    return any(folder.glob("driver.play_all-*.nbi"))
