"""`cosmotable simulate`: many games between bots, one Parquet row per game, resumable.

A run is described by a `Plan` (game, seats, bots, variants, seed). Game number `i` is a pure
function of the plan and `i` (its lineup and seed), so the games can be played in any order, on any
number of processes or Ray workers, and the rows are the same. Results go to a directory (a Parquet
dataset, e.g. `results.parquet/`) in chunks of `chunk` games, each written whole under a temporary
name and renamed: an interrupted run leaves only complete chunks, and running the same command
again plays only the missing ones.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from cosmotable import games
from cosmotable.bots import BOT_NAMES, has_learned_weights, make_bot
from cosmotable.engine.errors import CosmotableError
from cosmotable.sim import DEFAULT_CHUNK
from cosmotable.sim.arena import lineup, table_seed
from cosmotable.sim.features import feature_set, features
from cosmotable.sim.workers import unordered

MANIFEST = "_simulation.json"
FORMAT = "cosmotable-simulation"
#: seeds small enough that every game's seed (seed * 1_000_003 + index) fits the int64 column.
MAX_SEED = 2**40
#: games per task handed to a worker: small enough for a lively progress bar, large enough that
#: the hand-over costs little next to the games.
TASK_GAMES = 10


class SimulationError(CosmotableError, ValueError):
    """A simulation that cannot start as asked (message says what to change)."""


@dataclass(frozen=True)
class Plan:
    """What a run plays. `games` may grow between runs of the same plan (more games appended)."""

    game: str
    players: int
    bots: tuple[str, ...]
    variants: tuple[str, ...] = ()
    seed: int = 1
    games: int = 1000
    chunk: int = DEFAULT_CHUNK
    engine: str = "reference"

    def check(self) -> None:
        """Refuse a plan that cannot run, before any game is played."""
        spec = games.get(self.game)
        if self.engine == "batch":
            described = games.descriptor(self.game)
            if not described.has("batch"):
                raise SimulationError(
                    f"--fast needs a game with a compiled batch simulator; {described.name} has none: "
                    "leave --fast out"
                )
            levels = described.load("batch").BATCH_BOTS
            if not set(self.bots) <= set(levels):
                raise SimulationError(
                    f"--fast plays {described.name} with the batch engine's {' and '.join(levels)} "
                    "policies only: use it with --bots random, --bots heuristic or a mixture such as "
                    "--bots heuristic,random"
                )
        if self.engine not in ("reference", "batch"):
            raise SimulationError(f"unknown engine {self.engine!r}; engines: reference, batch")
        unknown = [b for b in self.bots if b not in BOT_NAMES]
        if not self.bots or unknown:
            raise SimulationError(
                f"--bots needs one or more of: {', '.join(BOT_NAMES)}"
                + (f" (unknown: {', '.join(unknown)})" if unknown else "")
            )
        if "learned" in self.bots and not has_learned_weights(self.game):
            raise SimulationError(
                f"the learned bot was trained for MLEM only: {spec.name} has no weights for it"
            )
        if not spec.min_players <= self.players <= spec.max_players:
            raise SimulationError(
                f"{spec.name} takes {spec.min_players}-{spec.max_players} players, got --players {self.players}"
            )
        spec.make_config(self.players, list(self.variants))  # ConfigError names an unknown variant
        feature_set(self.game)
        if not 0 <= self.seed < MAX_SEED:
            raise SimulationError(f"--seed must be 0..{MAX_SEED - 1}, got {self.seed}")
        if self.games < 1:
            raise SimulationError(f"--games must be at least 1, got {self.games}")
        if self.chunk < 1:
            raise SimulationError(f"--chunk must be at least 1, got {self.chunk}")

    def identity(self) -> dict[str, Any]:
        """What must match for a directory's rows to belong to this plan (everything but `games`)."""
        data = asdict(self)
        del data["games"]
        data["bots"] = list(self.bots)
        data["variants"] = sorted(self.variants)
        return data

    def seats(self, index: int) -> tuple[str, ...]:
        return lineup(list(self.bots), self.players, index)

    def seed_of(self, index: int) -> int:
        return table_seed(self.seed, index)

    def chunks(self) -> int:
        return -(-self.games // self.chunk)

    def chunk_range(self, k: int) -> range:
        return range(k * self.chunk, min((k + 1) * self.chunk, self.games))


def schema(game: str) -> pa.Schema:
    """The columns of a run's rows: the same for every game, then that game's features."""
    common = [
        pa.field("game_index", pa.int64()),
        pa.field("seed", pa.int64()),
        pa.field("game", pa.string()),
        pa.field("players", pa.int32()),
        pa.field("variants", pa.list_(pa.string())),
        pa.field("bots", pa.list_(pa.string())),  # seat -> bot
        pa.field("scores", pa.list_(pa.int32())),
        pa.field("winners", pa.list_(pa.int32())),
        pa.field("turns", pa.int32()),
        pa.field("steps", pa.int32()),  # every action, chance outcomes included
        pa.field("decisions", pa.int32()),  # actions chosen by a seat
    ]
    return pa.schema(common + list(feature_set(game).fields))


def play_game(plan: Plan, index: int) -> dict[str, Any]:
    """Play game number `index` of the plan to the end and return its row."""
    seats = plan.seats(index)
    seed = plan.seed_of(index)
    state = games.get(plan.game).new_state(num_players=plan.players, seed=seed, variants=list(plan.variants))
    bots = [make_bot(name, seed=seed + seat) for seat, name in enumerate(seats)]
    steps = decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.sample_chance()
        else:
            state.apply(bots[state.current_player()].act(state))
            decisions += 1
        steps += 1
    return {
        "game_index": index,
        "seed": seed,
        "game": plan.game,
        "players": plan.players,
        "variants": sorted(plan.variants),
        "bots": list(seats),
        "scores": list(state.scores()),
        "winners": list(state.winners()),
        "steps": steps,
        "decisions": decisions,
        **features(plan.game, state),
    }


def play_task(plan: Plan, indices: list[int]) -> list[dict[str, Any]]:
    """Play several games (one unit of work for a process or a Ray worker)."""
    if plan.engine == "batch":
        return games.descriptor(plan.game).load("batch").batch_rows(plan, indices)
    return [play_game(plan, i) for i in indices]


# ------------------------------------------------------------------------------ the results folder
def _chunk_name(k: int, rows: int) -> str:
    return f"part-{k:06d}-{rows}.parquet"


def _chunk_files(out: Path) -> dict[int, tuple[Path, int]]:
    """chunk number -> (file, rows) for the complete chunk files in `out`."""
    found: dict[int, tuple[Path, int]] = {}
    for path in sorted(out.glob("part-*.parquet")):
        _, k, rows = path.stem.split("-")
        found[int(k)] = (path, int(rows))
    return found


def prepare(out: Path, plan: Plan) -> list[int]:
    """Make `out` ready for `plan` and return the chunk numbers still to play.

    A new directory gets the plan's manifest; an existing one must hold the same plan (else a
    `SimulationError` says so and nothing changes). Leftovers of an interrupted write are removed.
    """
    plan.check()
    if out.exists() and not out.is_dir():
        raise SimulationError(
            f"--out {out} is a file; the results are a directory of Parquet chunks (e.g. results.parquet/)"
        )
    manifest = out / MANIFEST
    if out.exists() and any(out.iterdir()):
        if not manifest.exists():
            raise SimulationError(f"--out {out} is a directory that holds no simulation; choose an empty one")
        saved = json.loads(manifest.read_text())
        if saved.get("plan") != plan.identity():
            differ = sorted(k for k in plan.identity() if saved.get("plan", {}).get(k) != plan.identity()[k])
            raise SimulationError(
                f"--out {out} holds another simulation (it differs in: {', '.join(differ)}); "
                "use the same options to resume it, or another --out"
            )
    out.mkdir(parents=True, exist_ok=True)
    for stale in out.glob(".*.tmp"):
        stale.unlink()
    _write_manifest(out, plan)
    done = _chunk_files(out)
    return [k for k in range(plan.chunks()) if done.get(k, (None, -1))[1] != len(plan.chunk_range(k))]


def kept(out: Path, plan: Plan, missing: Iterable[int]) -> dict[int, int]:
    """chunk number -> games of it already in `out`, for the chunks still to play: a run grown with
    a larger --games keeps the short last chunk of the smaller run and plays only its new games
    (issue #48: 600 after 300 replayed the first 300). A chunk file longer than the plan's chunk (a
    smaller --games than before) is played again whole, as before."""
    done = _chunk_files(out)
    have = {}
    for k in missing:
        rows = done.get(k, (None, 0))[1]
        have[k] = rows if rows < len(plan.chunk_range(k)) else 0
    return have


def _write_manifest(out: Path, plan: Plan) -> None:
    data = {"format": FORMAT, "version": 1, "plan": plan.identity()}
    tmp = out / f".{MANIFEST}.tmp"
    tmp.write_text(json.dumps(data, indent=1) + "\n")
    os.replace(tmp, out / MANIFEST)


def write_chunk(out: Path, plan: Plan, k: int, rows: list[dict[str, Any]], keep: int = 0) -> Path:
    """Write chunk `k` whole (sorted by game), then drop any shorter file of that chunk. `keep`:
    the chunk's first games are in its shorter file already (`kept`): they are written again with
    `rows`, which are the chunk's other games."""
    rows = sorted(rows, key=lambda r: r["game_index"])
    table = pa.Table.from_pylist(rows, schema=schema(plan.game))
    if keep:
        old, n = _chunk_files(out)[k]
        first = plan.chunk_range(k)[:n]
        if n != keep or pq.read_table(old).column("game_index").to_pylist() != list(first):
            raise SimulationError(f"{old} does not hold games {first.start}-{first.stop - 1}: remove it")
        table = pa.concat_tables([pq.read_table(old).cast(table.schema), table])
    path = out / _chunk_name(k, table.num_rows)
    tmp = out / f".{path.name}.tmp"
    pq.write_table(table, tmp)
    os.replace(tmp, path)
    for old in out.glob(f"part-{k:06d}-*.parquet"):
        if old != path:
            old.unlink()
    return path


def load(out: Path | str) -> pa.Table:
    """All rows of a results directory, in game order."""
    out = Path(out)
    if not (out / MANIFEST).exists():
        raise SimulationError(f"{out} is not a simulation's results directory (no {MANIFEST})")
    files = [path for path, _ in sorted(_chunk_files(out).values())]
    if not files:
        raise SimulationError(f"{out} holds no finished games yet")
    tables = [pq.read_table(path) for path in files]
    return pa.concat_tables(tables).sort_by("game_index")


def read_plan(out: Path | str) -> dict[str, Any]:
    return json.loads((Path(out) / MANIFEST).read_text())["plan"]


# ------------------------------------------------------------------------------------- backends
Task = tuple[int, list[int]]  # (chunk number, game indices)


def tasks(
    plan: Plan, chunks: Iterable[int], size: int = TASK_GAMES, have: dict[int, int] | None = None
) -> list[Task]:
    """The games still to play, in tasks of `size` (`have`: games of a chunk already played)."""
    if plan.engine == "batch":
        size = plan.chunk  # the batch engine gains from many games at once: a whole chunk per task
    out: list[Task] = []
    for k in chunks:
        indices = list(plan.chunk_range(k))[(have or {}).get(k, 0) :]
        out.extend((k, indices[i : i + size]) for i in range(0, len(indices), size))
    return out


def _run_task(args: tuple[Plan, Task]) -> tuple[int, list[dict[str, Any]]]:
    plan, (k, indices) = args
    return k, play_task(plan, indices)


def local_results(plan: Plan, work: list[Task], processes: int) -> Iterator[tuple[int, list[dict]]]:
    """(chunk, rows) per task, on this process or a pool of `processes` (in any order)."""
    yield from unordered(_run_task, [(plan, task) for task in work], processes)


@dataclass
class Progress:
    """What a run reports as it goes: games done of all, and how many were already there."""

    total: int
    already: int
    done: int = 0
    written: list[Path] = field(default_factory=list)


def simulate(
    plan: Plan,
    out: Path | str,
    processes: int = 1,
    backend: Callable[[Plan, list[Task]], Iterator[tuple[int, list[dict]]]] | None = None,
    on_start: Callable[[Progress], None] | None = None,
    on_games: Callable[[Progress, int], None] | None = None,
) -> Progress:
    """Play the plan's missing games into `out` (see the module doc). `backend` replaces the local
    processes (e.g. `ray_backend.results`); `on_games(progress, n)` follows each finished task."""
    out = Path(out)
    missing = prepare(out, plan)
    have = kept(out, plan, missing)
    work = tasks(plan, missing, have=have)
    todo = sum(len(indices) for _, indices in work)
    progress = Progress(total=plan.games, already=plan.games - todo)
    if on_start:
        on_start(progress)
    pending: dict[int, list[dict[str, Any]]] = {}
    expected = {k: len(plan.chunk_range(k)) - have[k] for k in missing}
    stream = backend(plan, work) if backend else local_results(plan, work, processes)
    for k, rows in stream:
        pending.setdefault(k, []).extend(rows)
        progress.done += len(rows)
        if len(pending[k]) == expected[k]:
            progress.written.append(write_chunk(out, plan, k, pending.pop(k), have[k]))
        if on_games:
            on_games(progress, len(rows))
    return progress
