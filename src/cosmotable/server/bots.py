"""Bots thinking for their seats away from the event loop.

`BotRunner` hands each decision to a pool of worker processes (a thread pool when `workers` is 0),
so a `hard` bot thinking for seconds at one table never delays another table's responses. Coach
searches run in a pool of their own (one worker) with a bounded queue, so players asking the coach
never hold up the tables' bots; past `COACH_QUEUE` searches waiting or running, the coach answers
503 (try again). A
worker rebuilds the table's state from its record, keeping the last states it built so that the
next decision at the same table only applies the new actions.

A bot that fails (raises, or proposes an action the rules refuse) or thinks past the runner's time
limit does not stop its table: the random bot takes that one decision instead, and a warning is
logged. A worker process stuck past the limit is killed with its pool (a thread cannot be killed:
with `workers` 0 the thread stays busy until the bot returns).
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import secrets
from collections import OrderedDict
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from cosmotable import games
from cosmotable.engine import GameConfig, State
from cosmotable.server.errors import ApiError
from cosmotable.server.lifeline import end_with_parent
from cosmotable.server.prometheus import instruments
from cosmotable.server.service import BotJob, TableService

log = logging.getLogger("cosmotable.server.bots")

#: states a worker keeps between decisions (one per table it has played lately)
WORKER_CACHE = 64
#: coach searches a server process runs or keeps waiting at once (more are refused with a 503)
COACH_QUEUE = 4
#: seconds a bot may think over one decision before the random bot takes it instead (a `hard`
#: search takes a few seconds on a loaded machine; this only catches a bot that is stuck)
BOT_TIME_LIMIT = 60.0
_worker_states: OrderedDict[tuple[str, int], State] = OrderedDict()


def _state_for(job: BotJob) -> State:
    key = (job.table_id, job.epoch)
    state = _worker_states.pop(key, None)
    if state is not None:
        done = [str(a) for a in state.history]
        if len(done) > len(job.actions) or tuple(done) != job.actions[: len(done)]:
            state = None
    if state is None:
        game = games.get(job.game)
        state = game.state_from_config(GameConfig.from_json(job.config), job.seed)
    for text in job.actions[len(state.history) :]:
        state.apply(text)
    _worker_states[key] = state
    while len(_worker_states) > WORKER_CACHE:
        _worker_states.popitem(last=False)
    return state


def _choice_seed(job: BotJob) -> int:
    """The seed of a bot's choices: a fresh secret one, unless the server runs with a fixed table
    seed for tests (Settings.table_seed), which fixes the bots' choices with the deal."""
    return secrets.randbits(64) if job.bot_seed is None else job.bot_seed


def decide(job: BotJob) -> str:
    """The bot's decision for `job` (runs in a worker): the action's text form."""
    return decision(_state_for(job), job.level, _choice_seed(job))


def decision(state: State, level: str, seed: int) -> str:
    """The decision of the `level` bot choosing with `seed` for the seat to act in `state`.

    It depends only on what that seat may see (tests/server/test_bot_information.py): the bot reads
    the state only through the engine API, and search bots see hidden parts through
    resample_for(seat), a determinization drawn from the seat's view alone. So a bot standing in
    for a timed-out player knows what the player knew, and nothing more."""
    from cosmotable.bots import make_bot

    return str(make_bot(level, seed=seed).act(state.clone()))


def random_decision(job: BotJob) -> str:
    """The random bot's decision for `job`, standing in for a bot that failed or ran out of time.
    Built from the job alone (not the workers' cache, which the failed bot may have left midway)."""
    from cosmotable.bots import make_bot

    state = games.get(job.game).state_from_config(GameConfig.from_json(job.config), job.seed)
    for text in job.actions:
        state.apply(text)
    return str(make_bot("random", seed=_choice_seed(job)).act(state))


def advise(job: BotJob) -> dict:
    """The coach (runs in a worker): the most promising moves' win chances and expected leads, judged
    on determinizations of the seat's own view only (`bots/coach.py`); for MLEM the exact crash odds
    of the rocket's next roll."""
    return advice(_state_for(job), _choice_seed(job))


def advice(state: State, seed: int, cpu: float | None = None, samples: int | None = None) -> dict:
    """The coach's answer for the seat to act in `state`, judged with `seed` within the coach's budget
    (`bots.coach.COACH_CPU`, `COACH_SAMPLES`; tests give a count and no clock): like `decision`, a
    function of what that seat may see only. Best first: the moves judged, by win chance, then the
    moves left out (0 samples, no figures)."""
    from cosmotable.bots import coach

    search = coach.CoachSearch(
        seed,
        samples=coach.COACH_SAMPLES if samples is None else samples,
        cpu=coach.COACH_CPU if cpu is None and samples is None else cpu,
    )
    moves = [
        {
            "text": str(m["action"]),
            "json": m["action"].to_json(),
            "win_chance": m["win_chance"],
            "lead": m["lead"],
            "lead_noise": m["lead_noise"],
            "gap_noise": m["gap_noise"],
            "visits": m["visits"],
        }
        for m in search.advise(state.clone())
    ]
    policy = _learned_policy(state)
    if policy is not None:
        for move in moves:
            move["policy"] = policy.get(move["text"])
    return {"moves": moves, "odds": _crash_odds(state)}


def _learned_policy(state: State) -> dict[str, float] | None:
    """The learned bot's probability of each legal move for the seat to act (it reads that seat's
    observation only), in a game it has weights for; None in the others."""
    from cosmotable.bots import has_learned_weights
    from cosmotable.bots.learned import LearnedBot

    if not has_learned_weights(state.game.id):
        return None
    legal, probabilities, _ = LearnedBot().policy(state)
    return {str(action): float(p) for action, p in zip(legal, probabilities)}


def _crash_odds(state: State) -> dict | None:
    """The coach's odds for the seat to move, from the `coach` part of the game's descriptor (MLEM:
    the exact odds of the rocket's next roll); None for a game without one."""
    descriptor = state.game.descriptor
    coach = descriptor.load("coach") if descriptor is not None else None
    return coach(state) if coach is not None else None


class BotRunner:
    """Drives the bots of every table this process has touched."""

    def __init__(self, service: TableService, publish, workers: int):
        self.service = service
        self.publish = publish  # async (Change) -> None
        self.workers = workers
        self.time_limit = BOT_TIME_LIMIT
        self._executor: Executor | None = None
        self._coach_executor: Executor | None = None
        self.coach_queue = COACH_QUEUE
        self._coach_pending = 0
        self._busy: set[str] = set()
        self._again: set[str] = set()
        self._tasks: set[asyncio.Task] = set()

    def executor(self) -> Executor:
        if self._executor is None:
            if self.workers > 0:
                # spawn: a fresh interpreter, never a fork of a process holding locks and sockets
                context = multiprocessing.get_context("spawn")
                self._executor = ProcessPoolExecutor(
                    self.workers, mp_context=context, initializer=end_with_parent, initargs=(os.getpid(),)
                )
            else:
                self._executor = ThreadPoolExecutor(2, thread_name_prefix="bot")
        return self._executor

    def coach_executor(self) -> Executor:
        """One worker for coach searches, apart from the bots' pool (a search takes as long as a
        `hard` bot's move; sharing the pool, a few coach requests would stall every table's bots)."""
        if self._coach_executor is None:
            if self.workers > 0:
                context = multiprocessing.get_context("spawn")
                self._coach_executor = ProcessPoolExecutor(
                    1, mp_context=context, initializer=end_with_parent, initargs=(os.getpid(),)
                )
            else:
                self._coach_executor = ThreadPoolExecutor(1, thread_name_prefix="coach")
        return self._coach_executor

    def kick(self, table_id: str, version: int | None = None) -> None:
        """Let the table's bots play if one is to act (call after every change; `version`: the
        row's version after it, when known)."""
        if table_id not in self._busy and self.service.no_bot_due(table_id, version):
            return  # the snapshot of this very change shows no bot to act: nothing to ask
        if table_id in self._busy:
            self._again.add(table_id)
            return
        self._busy.add(table_id)
        task = asyncio.get_running_loop().create_task(self._play(table_id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _play(self, table_id: str) -> None:
        try:
            while True:
                self._again.discard(table_id)
                job = await asyncio.to_thread(self.service.bot_job, table_id)
                if job is None:
                    if table_id in self._again:
                        continue
                    return
                action = await self._decide(job)
                try:
                    change = await asyncio.to_thread(self.service.bot_act, job, action)
                except ApiError as exc:
                    if exc.status != 409:
                        raise
                    # the rules refused the bot's action: the random bot picks among the legal ones
                    self._stood_in(job, f"proposed an action the rules refuse ({exc.message})")
                    action = await asyncio.to_thread(random_decision, job)
                    change = await asyncio.to_thread(self.service.bot_act, job, action)
                if change is not None:
                    instruments().bot_moves.labels(job.game).inc()
                    await self.publish(change)
        except asyncio.CancelledError:
            raise
        except ApiError as exc:
            if exc.status != 404:
                log.error("bot at table %s failed: %s", table_id, exc.message)
            # 404: the host deleted the table while its bot thought; nothing is left to play
        except Exception as exc:  # a bot must never take the server down; the table waits
            log.error("bot at table %s failed: %s", table_id, type(exc).__name__, exc_info=exc)
        finally:
            self._busy.discard(table_id)

    async def _decide(self, job: BotJob) -> str:
        """The bot's decision, or the random bot's when the bot raises or thinks past `time_limit`
        (a warning says which table and seat, and why)."""
        for _attempt in range(2):
            executor = self.executor()
            future = asyncio.get_running_loop().run_in_executor(executor, decide, job)
            try:
                return await asyncio.wait_for(future, self.time_limit)
            except TimeoutError:
                self._reclaim(executor)
                problem = f"thought longer than its {self.time_limit:g} s"
            except BrokenProcessPool:
                # the pool was reclaimed from another table's stuck bot (or a worker died): once more
                # on a fresh pool
                self._discard(executor)
                problem = "lost its worker process"
                continue
            except Exception as exc:  # noqa: BLE001 (any failure of a bot: the random bot stands in)
                problem = f"failed ({type(exc).__name__}: {_one_line(exc)})"
            break
        self._stood_in(job, problem)
        return await asyncio.to_thread(random_decision, job)

    def _stood_in(self, job: BotJob, problem: str) -> None:
        log.warning(
            "the %s bot at table %s (seat %d, step %d) %s; the random bot takes this decision",
            job.level,
            job.table_id,
            job.seat,
            job.step,
            problem,
        )

    def _reclaim(self, executor: Executor) -> None:
        """A bot is stuck in `executor`: kill its worker processes (the pool is made anew on the
        next decision). A thread cannot be killed; it stays busy until its bot returns."""
        if isinstance(executor, ProcessPoolExecutor):
            # the pool has no way to kill one worker; its process table is the only handle
            for process in list(getattr(executor, "_processes", {}).values()):
                process.kill()
            self._discard(executor)

    def _discard(self, executor: Executor) -> None:
        if self._executor is executor:
            self._executor = None
        executor.shutdown(wait=False, cancel_futures=True)

    async def advise(self, job: BotJob) -> dict:
        """The coach's advice, searched in the coach's own worker; refused (503) while
        `coach_queue` searches are already waiting or running in this process."""
        if self._coach_pending >= self.coach_queue:
            raise ApiError(
                503,
                "unavailable",
                f"the coach is busy with {self._coach_pending} searches; ask again in a few seconds",
            )
        self._coach_pending += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self.coach_executor(), advise, job)
        finally:
            self._coach_pending -= 1

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            try:
                await task
            except asyncio.CancelledError:
                pass  # the cancel just sent: the task stopped as asked
            except Exception:
                # _play logs and swallows its own failures, so this is a defect in it; closing must
                # still reach every other task.
                log.exception("bot task raised while the service closed")
        for executor in (self._executor, self._coach_executor):
            if executor is not None:
                executor.shutdown(wait=False, cancel_futures=True)
        self._executor = self._coach_executor = None


def _one_line(exc: BaseException, limit: int = 200) -> str:
    text = " ".join(str(exc).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
