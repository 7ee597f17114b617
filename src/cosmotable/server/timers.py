"""Turn timers: when a seat's time runs out, the table's timeout bot makes that turn's decisions and
the seat stays its player's; only `timeouts_to_bot` time-outs in a row (the player deciding nothing
of their own in between) hand the seat to the bot until its player takes it back."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from cosmotable.server.db import TableRow, utcnow
from cosmotable.server.errors import ApiError
from cosmotable.server.store import Change, TableStore, aware


class Timers(TableStore):
    """The sweep of expired turn timers (`Server._timers` calls it)."""

    def expire_timers(self) -> list[Change]:
        """Seats whose time ran out: the bot decides this turn for them, or plays them from now on."""
        now = utcnow()
        with self.readers() as session:
            due = session.scalars(
                select(TableRow.id).where(TableRow.status == "running", TableRow.deadline <= now)
            ).all()
        changes = []
        for table_id in due:

            def change(session: Session, row: TableRow):
                if row.deadline is None or aware(row.deadline) > utcnow() or row.to_act is None:
                    return None
                seat = row.seats[row.to_act]
                seat.timeouts += 1
                if seat.timeouts >= row.timeouts_to_bot:
                    seat.bot_playing, seat.bot_turn = True, False  # until POST /takeback
                else:
                    seat.bot_turn = True  # this turn only (bot_jobs.bot_act clears it)
                self._refresh(row, self._state(session, row))
                return Change(row.id, row.step)

            try:
                result = self._change(table_id, change)
            except ApiError:
                continue
            if result is not None:
                changes.append(result)
        return changes
