"""`cosmotable simulate mlem --fast`: rows from the batch MLEM engine (sim/batch_mlem.py).

The batch engine plays the base game with the counter-stream random policy (not the `random` bot,
whose choices come from Python's `random`), so a fast run's games are the ones `play_reference`
plays through the reference engine for the same seeds; its rows have the same columns as any MLEM
run, built from the batch engine's trace instead of the event log
(`tests/sim/test_simulate_fast.py` checks them against `features()` of the reference games).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from cosmotable.games.mlem.board import ABILITIES
from cosmotable.sim.batch_mlem import BatchMlem

PLACES = ("deep", "moon", "planet")
#: the policy a fast run plays, as its `bots` column names it
FAST_POLICY = "random-counter"


def batch_rows(plan, indices: list[int]) -> list[dict[str, Any]]:
    """Rows (see runner.schema) of the plan's games `indices`, played in one batch."""
    seeds = np.array([plan.seed_of(i) for i in indices], dtype=np.uint64)
    batch = BatchMlem(seeds, plan.players, trace=True)
    batch.run()
    n = len(indices)
    rolls: list[list[dict[str, Any]]] = [[] for _ in range(n)]
    roll_at: list[dict[int, dict[str, Any]]] = [{} for _ in range(n)]
    for g, step, expedition, space, dice in batch.t_rolls:
        for i, st, e, sp, d in zip(
            g.tolist(), step.tolist(), expedition.tolist(), space.tolist(), dice.tolist()
        ):
            entry = {"expedition": e, "space": sp, "dice": d, "outcome": "travel"}
            rolls[i].append(entry)
            roll_at[i][st] = entry
    crashed: list[set[int]] = [set() for _ in range(n)]
    for g, step, expedition in batch.t_crashes:
        for i, st, e in zip(g.tolist(), step.tolist(), expedition.tolist()):
            crashed[i].add(e)
            # A crash follows its roll in the same step (nothing usable) or the next (chosen).
            entry = roll_at[i].get(st) or roll_at[i].get(st - 1)
            if entry is not None:
                entry["outcome"] = "crash"
    landings: list[list[dict[str, Any]]] = [[] for _ in range(n)]
    for g, seat, expedition, astro, place, points, parachute in batch.t_landings:
        for i, s, e, a, pts in zip(
            g.tolist(), seat.tolist(), expedition.tolist(), astro.tolist(), points.tolist()
        ):
            landings[i].append(
                {
                    "seat": s,
                    "expedition": e,
                    "astronaut": ABILITIES[a],
                    "place": PLACES[place],
                    "points": pts,
                    "parachute": bool(parachute),
                }
            )
    goals: list[list[dict[str, Any]]] = [[] for _ in range(n)]
    ids = batch.m.goal_ids
    for g, seat, expedition, goal, points in batch.t_goals:
        goal_list = np.broadcast_to(goal, g.shape).tolist()
        point_list = np.broadcast_to(points, g.shape).tolist()
        for i, s, e, k, pts in zip(g.tolist(), seat.tolist(), expedition.tolist(), goal_list, point_list):
            goals[i].append({"seat": s, "expedition": e, "goal": ids[k], "points": pts})
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
                "variants": [],
                "bots": [FAST_POLICY] * plan.players,
                "scores": score,
                "winners": [s for s, v in enumerate(score) if v == best],
                "steps": int(batch.steps[i]),
                "decisions": int(batch.steps[i] - batch.rolls_made[i]),
                "turns": turns,
                "crashes": int(batch.crashes[i]),
                "expedition_crashed": [e in crashed[i] for e in range(1, turns + 1)],
                "rolls": rolls[i],
                "landings": landings[i],
                "goals": goals[i],
            }
        )
    return rows
