"""The batch MLEM engine: many MLEM games (base game and every variant) played in one compiled call.

Each game is driven by the counter-based stream of `sim/counter_rng.py`, so it plays exactly the game
that `play_reference` plays through the reference engine for the same seed, variants and policy
(`tests/sim/test_batch_mlem.py` compares whole records for every variant combination and player
count). Policies, chosen per seat: `random` (a decision is `legal[int(u * n)]`) and `heuristic`
(the `heuristic` bot's MLEM policy, games/mlem/bots.py: each legal action valued as the hook values
it, ties broken by keys from the same stream; `play_reference` plays the bot itself with those keys).

Why numba and not numpy: a numpy step over thousands of games costs a few dozen array operations,
each touching every game, and the games soon run at different phases (a landing here, a roll there),
so most of each operation is masked-out work; compiled scalar code steps one game at a time at a few
dozen nanoseconds a step and needs no mask (benchmarks/sim_speed.py: the figures in
docs/simulation.md).

The engine mirrors games/mlem/state.py function by function (same names, same order of effects), so
the step numbers - and with them the random stream - stay aligned with the reference: chance nodes
and decisions are steps; the reference's automatic follow-ups (a roll nothing can use crashes at
once, astronauts with nowhere to land are not asked, expeditions end and begin) are not. Comments
name the rule each part mirrors; state.py cites the rulebook.

The modules, each importing only those above it:

  tables     the engine's names (phases, log kinds) and the printed game as arrays
  layout     one game's state as one flat array, and the tables frozen for the compiled code
  rules      compiled: log writes, set-up, questions about the table, the end of an expedition
  landing    compiled: the landing phase and the goals
  travel     compiled: launch, travel, crash
  decisions  compiled: a seat's legal actions counted and applied by index
  chance     compiled: the counter-based stream and the chance nodes
  policy     compiled: the random and heuristic policies
  driver     the loop over steps and games, and `BatchMlem`, its Python side
  records    the log as the reference's actions, and the reference engine's own game
"""

from __future__ import annotations

import hashlib
from pathlib import Path

#: The modules numba compiles functions of, each importing only modules before it here. numba keys a
#: function's on-disk cache on its own file only, but a compiled caller holds its callees' code (most
#: are inlined): after a change in landing.py, the cached `play_all` of driver.py would still play the
#: old landing. So the package stamps each module with a digest of its source and of every module
#: before it (all it can call) and drops a module's cached code when its stamp changed: an edit of
#: vector.py recompiles vector.py alone, not the whole engine (minutes of CPU on a cold cache).
COMPILED = (
    "layout",
    "rules",
    "landing",
    "travel",
    "decisions",
    "chance",
    "policy",
    "driver",
    "observe",
    "vector",
)


def _stamps(folder: Path) -> dict[str, str]:
    """Each compiled module's stamp: the digest of its source and of the modules before it."""
    digest, stamps = hashlib.sha256(), {}
    for name in COMPILED:
        digest.update((folder / f"{name}.py").read_bytes())
        stamps[name] = digest.hexdigest()
    return stamps


def _drop_stale_cache(folder: Path = Path(__file__).parent) -> None:
    stamps = _stamps(folder)
    cache = folder / "__pycache__"
    stamp = cache / "batch-engine-sources.sha256"
    try:
        text = stamp.read_text(encoding="ascii")
    except OSError:
        text = ""  # no stamp yet: a fresh checkout, or a cache from before the stamp
    old = dict(line.split(" ", 1) for line in text.splitlines() if " " in line)
    if text.strip() == stamps[COMPILED[-1]]:
        old = stamps  # the one-line stamp of before: the digest of all modules, which still holds
    stale = [name for name in COMPILED if old.get(name) != stamps[name]]
    if not stale and " " in text:
        return
    try:
        cache.mkdir(exist_ok=True)
        for name in stale:
            for old_file in [*cache.glob(f"{name}.*.nbi"), *cache.glob(f"{name}.*.nbc")]:
                old_file.unlink(missing_ok=True)
        stamp.write_text("".join(f"{name} {stamps[name]}\n" for name in COMPILED), encoding="ascii")
    except OSError:
        pass  # a read-only install: numba then compiles in memory, as it does without a cache


_drop_stale_cache()

from cosmotable.sim.batch_mlem.chance import uniform
from cosmotable.sim.batch_mlem.driver import BatchMlem, play_batch
from cosmotable.sim.batch_mlem.layout import ROLL_BUCKETS, ROLL_START
from cosmotable.sim.batch_mlem.records import action_of, play_reference, records
from cosmotable.sim.batch_mlem.tables import (
    K_REROLL,
    K_TRAVEL,
    POLICIES,
    T_CRASH,
    T_GOAL,
    T_LANDING,
    T_ROLL,
    VARIANT_NAMES,
    ids,
    subset_masks,
    tables,
)

__all__ = [
    "K_REROLL",
    "K_TRAVEL",
    "POLICIES",
    "ROLL_BUCKETS",
    "ROLL_START",
    "T_CRASH",
    "T_GOAL",
    "T_LANDING",
    "T_ROLL",
    "VARIANT_NAMES",
    "BatchMlem",
    "action_of",
    "ids",
    "play_batch",
    "play_reference",
    "records",
    "subset_masks",
    "tables",
    "uniform",
]
