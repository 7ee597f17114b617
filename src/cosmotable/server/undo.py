"""Undo: a seat takes back its own last decision, if nothing (no chance, no other seat) followed.

A client's id of an undone action stays acknowledged (`UndoneActionRow`), so a retry never plays it
again; the table's epoch moves on, so a bot's answer to the undone position is dropped.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from cosmotable.server import models
from cosmotable.server.db import ActionRow, TableRow, UndoneActionRow
from cosmotable.server.errors import conflict
from cosmotable.server.identity import Identity
from cosmotable.server.snapshots import LastAction, TableSnapshot
from cosmotable.server.store import UNKNOWN_LAST, Change


class Undo(Identity):
    """Taking back a decision."""

    def undo(self, table_id: str, token: str | None) -> tuple[models.UndoResult, Change]:
        """Take back the seat's own last decision, if nothing (no chance, no other seat) followed."""

        def change(session: Session, row: TableRow):
            seat = self.seat_of(session, row, token)
            last = session.scalars(
                select(ActionRow)
                .where(ActionRow.table_id == row.id)
                .order_by(ActionRow.index.desc())
                .limit(1)
            ).first()
            reason = undo_refusal(row, last, seat)
            if reason or last is None:
                raise conflict(reason or "there is no decision to take back")
            session.delete(last)
            if last.client_action_id is not None:
                # The id stays acknowledged: a client retrying it after the undo must not replay it.
                session.add(UndoneActionRow(table_id=row.id, client_action_id=last.client_action_id))
            row.epoch += 1
            row.step -= 1
            self.cache.drop(row.id)
            self._staged.work.last = UNKNOWN_LAST  # the action before it: read back for the snapshot
            session.flush()
            state = self._state(session, row)
            self._refresh(row, state)
            return Change(row.id, row.step, seat)

        undone, snapshot = self._change_table(table_id, change)
        return models.UndoResult(step=snapshot.step, table=self.summary(snapshot)), undone


def undo_refusal(row: TableRow | TableSnapshot, last: ActionRow | LastAction | None, seat: int) -> str | None:
    """Why `seat` may not take back the last action now (None: it may)."""
    if not row.undo:
        return "undo is turned off at this table"
    if row.status != "running":
        return f"the table is {row.status}; undo works only while the game runs"
    if last is None or last.source == "chance":
        return "a chance outcome followed your last decision; it cannot be taken back"
    if last.seat != seat:
        return "another seat has decided since your last decision; it cannot be taken back"
    if last.source != "player":
        return "your last decision was a bot's; only your own decisions can be taken back"
    return None
