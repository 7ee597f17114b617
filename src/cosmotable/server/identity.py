"""Who is asking: the seat a token opens (claiming it at its first use), the host, and why a
link no longer opens its seat (`revocation`)."""

from __future__ import annotations

from sqlalchemy.orm import Session

from cosmotable.server.db import TableRow
from cosmotable.server.errors import forbidden
from cosmotable.server.snapshots import TableSnapshot
from cosmotable.server.store import TableStore
from cosmotable.server.tokens import tokens_match


class Identity(TableStore):
    """The seat or host behind a token."""

    def seat_of(self, session: Session, row: TableRow, token: str | None) -> int:
        """The seat whose token this is (claiming it at its first use); 403 otherwise."""
        found = self._seat_for(row, token)
        seat_row = row.seats[found]
        if not seat_row.claimed:
            seat_row.claimed = True  # the link has been used: the seat is taken
        return found

    def _seat_for(self, row: TableRow | TableSnapshot, token: str | None) -> int:
        """The seat whose token this is; 403 otherwise. Every seat is compared (constant time)."""
        found = None
        for seat in row.seats:
            if tokens_match(token, seat.token_hash) and seat.kind == "human":
                found = seat.seat
        if found is None:
            raise forbidden(
                "this request needs the seat's token in the X-Seat-Token header (from the seat's link); "
                "the token given is missing or wrong"
            )
        return found

    def check_host(self, row: TableRow, host_token: str | None) -> None:
        if not tokens_match(host_token, row.host_token_hash):
            raise forbidden(
                "only the table's host may do this: send the host token you got when creating the "
                "table in the X-Host-Token header"
            )

    def authenticate(self, table_id: str, token: str | None) -> int | None:
        """None for a spectator (no token), the seat for a valid token, 403 for a wrong one."""
        snapshot = self.snapshot(table_id)  # 404 for an unknown table, token or not
        if not token:
            return None
        seat = self._seat_for(snapshot, token)
        if snapshot.seats[seat].claimed:
            return seat
        # the first use of a seat's link claims the seat: only then is anything written
        return self._change(table_id, lambda session, row: self.seat_of(session, row, token))


def revocation(table: TableRow | TableSnapshot, seat: int, token: str | None) -> str | None:
    """Why `token` no longer opens `seat` at this table (None: it still does)."""
    holder = table.seats[seat]
    if holder.kind != "human":
        return f"seat {seat} is played by a bot now; this link no longer opens it"
    if not tokens_match(token, holder.token_hash):
        return (
            f"seat {seat}'s link was replaced (the seat was left, or joined with a new link); "
            "this link no longer opens it"
        )
    return None


def check_link(table: TableRow | TableSnapshot, seat: int | None, token: str | None) -> None:
    """403 with the reason when `token` no longer opens `seat` at this table (a spectator, seat None,
    holds no link). Checked against the very snapshot or row an answer is built from."""
    if seat is not None and (reason := revocation(table, seat, token)) is not None:
        raise forbidden(reason)
