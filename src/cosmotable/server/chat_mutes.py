"""Chat mutes of a signed-in player (issue #46: "a player can mute another for themself").

A mute hides one seat's messages at one table from the account that set it, on every browser it
signs in with; the messages stay stored and everyone else still sees them (the server filters
nothing: the muting player's client hides them). The list is the account's private setting: it is
read and written only with that account's session cookie, never named in a table's summary, its
chat, its record or its sockets. A guest's mutes stay in the browser (web/table_chat.js).
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field
from sqlalchemy import delete as delete_rows
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from cosmotable.server import models
from cosmotable.server.accounts import Account, unauthorized
from cosmotable.server.db import ChatMuteRow, utcnow
from cosmotable.server.errors import ApiError, not_found
from cosmotable.server.store import TableStore

#: the most seats a table has (models.TableCreate.seats)
MOST_SEATS = 8


class MutedSeats(models.Strict):
    """The seats of one table whose chat messages the signed-in account hides."""

    seats: list[Annotated[int, Field(ge=0, lt=MOST_SEATS)]] = Field(
        max_length=MOST_SEATS, description="seat numbers of the table, each at most once", examples=[[1]]
    )


class ChatMutes(TableStore):
    """Each account's muted seats, per table."""

    def muted_seats(self, account: Account, table_id: str) -> MutedSeats:
        self.snapshot(table_id)  # 404 for a table that does not exist (or no longer does)
        with self.readers() as session:
            seats = session.scalars(
                select(ChatMuteRow.seat)
                .where(ChatMuteRow.account_id == account.id, ChatMuteRow.table_id == table_id)
                .order_by(ChatMuteRow.seat)
            ).all()
        return MutedSeats(seats=list(seats))

    def set_muted_seats(self, account: Account, table_id: str, request: MutedSeats) -> MutedSeats:
        """The account's mutes at the table become exactly `request.seats`."""
        snapshot = self.snapshot(table_id)
        seats = sorted(set(request.seats))
        if len(seats) != len(request.seats):
            raise ApiError(422, "validation_error", "seats: each seat at most once")
        beyond = [seat for seat in seats if seat >= len(snapshot.seats)]
        if beyond:
            raise ApiError(
                422,
                "validation_error",
                f"seats: the table has seats 0 to {len(snapshot.seats) - 1}, not {beyond[0]}",
            )
        now = utcnow()
        try:
            with self._writer, self.sessions.begin() as session:
                session.execute(
                    delete_rows(ChatMuteRow).where(
                        ChatMuteRow.account_id == account.id, ChatMuteRow.table_id == table_id
                    )
                )
                session.add_all(
                    ChatMuteRow(account_id=account.id, table_id=table_id, seat=seat, created_at=now)
                    for seat in seats
                )
        except IntegrityError:  # the table, or the account, went a moment ago
            if self._table_gone(table_id):
                raise not_found(f"no table {table_id!r}; list the tables with GET /api/tables") from None
            raise unauthorized("the account no longer exists") from None
        return MutedSeats(seats=seats)

    def _table_gone(self, table_id: str) -> bool:
        try:
            self.snapshot(table_id)
        except ApiError:
            return True
        return False
