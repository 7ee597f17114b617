"""My games: the seats a signed-in account holds (with their links, derived again from the server's
secret key) and the seats a guest's browser holds (the links it kept), sorted into the player's turn,
waiting and finished. An account's list is private: only its own session reads it."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from cosmotable.server import models
from cosmotable.server.accounts import Account
from cosmotable.server.db import SeatRow, TableRow
from cosmotable.server.store import TableStore
from cosmotable.server.tokens import account_seat_token, new_salt, seat_url, token_hash, tokens_match

#: finished games listed (the newest); open and running ones are all listed
FINISHED_LISTED = 50


class MyGames(TableStore):
    """The seats of an account or of a guest's browser."""

    def bind_seat(self, seat: SeatRow, table_id: str, account: Account) -> str:
        """Bind a seat to the account; its new token (derived, so the account can have it again)."""
        seat.token_salt = new_salt()
        seat.account_id = account.id
        seat.account_deleted = False
        token = account_seat_token(self.secret_key, table_id, seat.seat, seat.token_salt)
        seat.token_hash = token_hash(token)
        return token

    def account_token(self, table_id: str, seat: SeatRow) -> str | None:
        """The link token of an account-bound seat, if it still opens the seat."""
        if seat.kind != "human" or not seat.token_salt:
            return None
        token = account_seat_token(self.secret_key, table_id, seat.seat, seat.token_salt)
        return token if tokens_match(token, seat.token_hash) else None

    def account_games(self, account: Account) -> models.MyGames:
        with self.readers() as session:
            ids = session.scalars(select(SeatRow.table_id).where(SeatRow.account_id == account.id)).all()
            rows = _tables(session, set(ids))
            held = []
            for row in rows:
                for seat in row.seats:
                    if seat.account_id != account.id:
                        continue
                    token = self.account_token(row.id, seat)
                    if token is not None:
                        held.append((row, seat.seat, token))
        return self._sorted(held)

    def guest_games(self, request: models.SeatLookup) -> models.MyGames:
        """The seats these (table, token) pairs open; a pair that opens nothing is left out."""
        with self.readers() as session:
            rows = {row.id: row for row in _tables(session, {held.table_id for held in request.seats})}
            held = []
            for asked in request.seats:
                row = rows.get(asked.table_id)
                if row is None:
                    continue
                for seat in row.seats:  # every seat compared: constant time whichever matches
                    if seat.kind == "human" and tokens_match(asked.token, seat.token_hash):
                        held.append((row, seat.seat, asked.token))
        return self._sorted(held)

    def _sorted(self, held: list[tuple[TableRow, int, str]]) -> models.MyGames:
        lists: dict[str, list[models.MySeat]] = {"your_turn": [], "waiting": [], "finished": []}
        seen = set()
        held.sort(key=lambda item: item[0].updated_at, reverse=True)
        for row, seat, token in held:
            if (row.id, seat) in seen:
                continue
            seen.add((row.id, seat))
            mine = row.seats[seat]
            if row.status == "finished":
                kind = "finished"
            elif (
                row.status == "running" and row.to_act == seat and not mine.bot_playing and not mine.bot_turn
            ):
                kind = "your_turn"
            else:
                kind = "waiting"
            if kind == "finished" and len(lists[kind]) >= FINISHED_LISTED:
                continue
            lists[kind].append(models.MySeat(table=self.summary(row), seat=seat, url=seat_url(row.id, token)))
        return models.MyGames(**lists)


def _tables(session: Session, ids: set[str]) -> list[TableRow]:
    if not ids:
        return []
    return list(session.scalars(select(TableRow).where(TableRow.id.in_(sorted(ids)))).all())
