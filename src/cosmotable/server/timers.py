"""Turn timers: a seat whose time ran out is handed to the table's timeout bot."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from cosmotable.server.db import TableRow, utcnow
from cosmotable.server.errors import ApiError
from cosmotable.server.store import Change, TableStore, aware


class Timers(TableStore):
    """The sweep of expired turn timers (`Server._timers` calls it)."""

    def expire_timers(self) -> list[Change]:
        """Seats whose time ran out are handed to the table's timeout bot."""
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
                row.seats[row.to_act].bot_playing = True
                self._refresh(row, self._state(session, row))
                return Change(row.id, row.step)

            try:
                result = self._change(table_id, change)
            except ApiError:
                continue
            if result is not None:
                changes.append(result)
        return changes
