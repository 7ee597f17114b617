"""The bots' side of a table: the decision a bot must take now (`BotJob`, what a worker process
needs to rebuild the state), its answer applied unless the table moved on, and the tables whose
bots must be set going again. `bots.py` runs the jobs in worker processes."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from cosmotable.server.db import SeatRow, TableRow
from cosmotable.server.play import Play
from cosmotable.server.snapshots import TableSnapshot
from cosmotable.server.store import Change


@dataclass(frozen=True)
class BotJob:
    """A decision a bot must take: everything a worker process needs to rebuild the state."""

    table_id: str
    epoch: int
    step: int
    seat: int
    level: str
    game: str
    config: dict
    seed: int = field(repr=False)  # never in a log line, even when a job is printed
    actions: tuple[str, ...] = ()
    #: the seed of the bot's own choices: None (always, but under Settings.table_seed) a fresh
    #: secret one per decision
    bot_seed: int | None = field(default=None, repr=False)


class BotJobs(Play):
    """The decisions bots take."""

    def bot_job(self, table_id: str, version: int | None = None) -> BotJob | None:
        """The decision a bot must take at this table now, if any."""
        snapshot = self.snapshot(table_id, version)
        level = _bot_level(snapshot)
        if level is None or snapshot.to_act is None:
            return None
        return BotJob(
            snapshot.id,
            snapshot.epoch,
            snapshot.step,
            snapshot.to_act,
            level,
            snapshot.game,
            json.loads(snapshot.config),
            int(snapshot.seed),
            tuple(str(a) for a in snapshot.state.history),
            self._bot_seed(snapshot.seed, snapshot.step),
        )

    def _bot_seed(self, table_seed: str, step: int) -> int | None:
        """Under Settings.table_seed (tests only) a bot's choice at `step` follows from the table's
        seed, so that a test replays the same game; otherwise None (a secret seed per decision)."""
        if self.table_seed is None:
            return None
        return random.Random(f"{table_seed}:{step}").getrandbits(64)

    def no_bot_due(self, table_id: str, version: int | None) -> bool:
        """True when this process's snapshot shows the change `version` (or a later one) and no
        bot is to act: then the bots need not be asked at all (a table of humans only)."""
        cached = self.cache.get(table_id)
        return (
            cached is not None
            and version is not None
            and cached.version >= version
            and _bot_level(cached) is None
        )

    def bot_act(self, job: BotJob, action: str) -> Change | None:
        """Apply a bot's decision unless the table moved on while it was thinking."""

        def change(session: Session, row: TableRow):
            if row.epoch != job.epoch or row.step != job.step or row.status != "running":
                return None
            standing_in = row.seats[job.seat]
            if standing_in.kind == "human" and not (standing_in.bot_playing or standing_in.bot_turn):
                return None  # the player took the seat back while the bot was thinking: theirs to play
            self._apply(session, row, job.seat, action, "bot", None)
            if standing_in.bot_turn and row.to_act != job.seat:
                # the timed-out turn is over: the seat's next turn is its player's again, with a clock
                # (no deadline was set by _apply: the seat was not to act, or the game is over)
                standing_in.bot_turn = False
            return Change(row.id, row.step)

        return self._change(job.table_id, change)

    def waiting_for_bots(self) -> list[str]:
        """Running tables where a bot (or the timeout bot of a seat) is to act: after a restart,
        their bots must be set going again."""
        with self.readers() as session:
            return list(
                session.scalars(
                    select(TableRow.id)
                    .join(SeatRow, (SeatRow.table_id == TableRow.id) & (SeatRow.seat == TableRow.to_act))
                    .where(
                        TableRow.status == "running",
                        or_(SeatRow.kind == "bot", SeatRow.bot_playing, SeatRow.bot_turn),
                    )
                ).all()
            )


def _bot_level(snapshot: TableSnapshot) -> str | None:
    """The level of the bot to act now at the table (None: no bot is to act)."""
    if snapshot.status != "running" or snapshot.to_act is None:
        return None
    seat = snapshot.seats[snapshot.to_act]
    if seat.kind == "bot":
        return seat.bot or "heuristic"
    if seat.bot_playing or seat.bot_turn:
        return snapshot.timeout_bot
    return None
