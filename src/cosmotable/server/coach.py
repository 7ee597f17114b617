"""The coach: what it must think about for the asking seat (a `BotJob` the bot workers answer)."""

from __future__ import annotations

import json

from cosmotable.server.bot_jobs import BotJob, BotJobs
from cosmotable.server.errors import conflict, forbidden
from cosmotable.server.identity import check_link


class Coach(BotJobs):
    """Advice for the seat to decide, when the table has the coach on."""

    def coach_job(self, table_id: str, token: str | None) -> BotJob:
        """What the coach must think about: the asking seat's decision now. Asking identifies the
        seat without claiming it (advice changes nothing; a refused request must change nothing)."""
        snapshot = self.snapshot(table_id)  # 404 for an unknown table, token or not
        seat = self._seat_for(snapshot, token) if token else None
        with self.readers() as session:
            row = self._row(session, table_id)
            if not row.coach:
                raise conflict("the coach is off at this table (the creator chooses it with 'coach': true)")
            if seat is None:
                raise forbidden("the coach advises a seat: send its token in the X-Seat-Token header")
            check_link(row, seat, token)  # revoked since the snapshot above was read?
            if row.status != "running" or row.to_act != seat:
                raise conflict("the coach advises on your own decision; it is not yours to take now")
            state = self._state(session, row)
            return BotJob(
                row.id,
                row.epoch,
                row.step,
                seat,
                "normal",
                row.game,
                json.loads(row.config),
                int(row.seed),
                tuple(str(a) for a in state.history),
                self._bot_seed(row.seed, row.step),
            )
