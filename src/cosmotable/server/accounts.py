"""Accounts (optional): sign-up, sign-in with server-side sessions, password change, deletion.

A session is a random id in an HttpOnly cookie; the database keeps only its SHA-256, so a copy of the
database signs nobody in, and deleting the row (sign-out, password change, deletion) ends it at once.
Seats stay opened by their tokens alone: an account only remembers which seats are its own and can
have their links again (`my_games.py`), so guests and seat links work exactly as without accounts.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import delete as delete_rows
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from cosmotable.server import models
from cosmotable.server.db import AccountRow, AccountSessionRow, ChatMuteRow, SeatRow, TableRow, utcnow
from cosmotable.server.errors import ApiError, conflict
from cosmotable.server.passwords import hash_password, needs_rehash, verify_password
from cosmotable.server.store import Change, TableStore, aware
from cosmotable.server.tokens import token_hash

#: how long a session lasts without signing in again
SESSION_DAYS = 30
#: the one answer to a wrong name or a wrong password (which of the two is never said)
WRONG_CREDENTIALS = "the name or the password is wrong"


@dataclass(frozen=True)
class Account:
    """The signed-in account of a request."""

    id: str
    name: str
    created_at: datetime
    #: the hash of the session id the request came with
    session_hash: str


def name_key(name: str) -> str:
    """Names are unique whatever their case: 'Ada' and 'ADA' are one name."""
    return name.casefold()


def unauthorized(message: str = WRONG_CREDENTIALS) -> ApiError:
    return ApiError(401, "unauthorized", message)


class Accounts(TableStore):
    """Accounts and their sessions over the tables' database."""

    def _new_session(self, session: Session, account_id: str) -> str:
        """A new session for the account: its id (for the cookie); only the hash is stored. The
        account's expired sessions go at the same time (nothing else removes them)."""
        session_id = secrets.token_urlsafe(32)
        now = utcnow()
        session.execute(
            delete_rows(AccountSessionRow).where(
                AccountSessionRow.account_id == account_id, AccountSessionRow.expires_at <= now
            )
        )
        session.add(
            AccountSessionRow(
                id_hash=token_hash(session_id),
                account_id=account_id,
                created_at=now,
                expires_at=now + timedelta(days=SESSION_DAYS),
            )
        )
        return session_id

    def sign_up(self, request: models.Credentials) -> tuple[models.AccountInfo, str]:
        """A new account, signed in: its info and the new session's id."""
        password_hash = hash_password(request.password)  # before the transaction: it takes a while
        account = AccountRow(
            id=secrets.token_hex(12),
            name=request.name,
            name_key=name_key(request.name),
            password_hash=password_hash,
            created_at=utcnow(),
        )
        try:
            with self._writer, self.sessions.begin() as session:
                if session.scalar(select(AccountRow.id).where(AccountRow.name_key == account.name_key)):
                    raise _taken()
                session.add(account)
                session.flush()
                session_id = self._new_session(session, account.id)
        except IntegrityError:  # another process took the name between our check and our insert
            raise _taken() from None
        return _info(account), session_id

    def sign_in(self, request: models.Credentials, old_session: str | None) -> tuple[models.AccountInfo, str]:
        """A new session for the right name and password (the one the request came with, if any,
        ends: a session id planted before the sign-in never becomes a signed-in one)."""
        with self.readers() as session:
            account = session.scalars(
                select(AccountRow).where(AccountRow.name_key == name_key(request.name))
            ).first()
        # the same work for a name without an account as for a wrong password
        if (
            not verify_password(account.password_hash if account else None, request.password)
            or account is None
        ):
            raise unauthorized()
        rehashed = hash_password(request.password) if needs_rehash(account.password_hash) else None
        with self._writer, self.sessions.begin() as session:
            if old_session:
                session.execute(
                    delete_rows(AccountSessionRow).where(AccountSessionRow.id_hash == token_hash(old_session))
                )
            current = session.get(AccountRow, account.id)
            if current is None:  # deleted meanwhile
                raise unauthorized()
            if rehashed:
                current.password_hash = rehashed
            session_id = self._new_session(session, account.id)
        return _info(account), session_id

    def account_of(self, session_id: str | None) -> Account | None:
        """The account a session cookie belongs to (None: no cookie, an unknown or expired one)."""
        if not session_id or len(session_id) > 128:
            return None
        hashed = token_hash(session_id)
        with self.readers() as session:
            found = session.execute(
                select(AccountRow, AccountSessionRow.expires_at)
                .join(AccountSessionRow, AccountSessionRow.account_id == AccountRow.id)
                .where(AccountSessionRow.id_hash == hashed)
            ).first()
        if found is None or aware(found.expires_at) <= utcnow():
            return None
        row = found[0]
        return Account(row.id, row.name, aware(row.created_at), hashed)

    def sign_out(self, session_id: str | None) -> None:
        if not session_id:
            return
        with self._writer, self.sessions.begin() as session:
            session.execute(
                delete_rows(AccountSessionRow).where(AccountSessionRow.id_hash == token_hash(session_id))
            )

    def _check_password(self, account: Account, password: str) -> AccountRow:
        with self.readers() as session:
            row = session.get(AccountRow, account.id)
        if row is None or not verify_password(row.password_hash, password):
            raise unauthorized("the password is wrong")
        return row

    def change_password(self, account: Account, request: models.PasswordChange) -> str:
        """A new password: every session of the account ends (a stolen cookie with it); the browser
        that changed it gets a new session, whose id this returns."""
        self._check_password(account, request.password)
        new_hash = hash_password(request.new_password)
        with self._writer, self.sessions.begin() as session:
            row = session.get(AccountRow, account.id)
            if row is None:
                raise unauthorized("the account no longer exists")
            row.password_hash = new_hash
            session.execute(delete_rows(AccountSessionRow).where(AccountSessionRow.account_id == account.id))
            return self._new_session(session, account.id)

    def delete_account(self, account: Account, request: models.AccountDeletion) -> list[Change]:
        """The account goes, with its sessions; its games stay. Each of its seats shows as "deleted
        player": a seat at a table not yet started is free again, a running game's seat is played
        by the table's timeout bot to the end (its link stops working), a finished game keeps it."""
        self._check_password(account, request.password)
        with self.readers() as session:
            table_ids = sorted(
                set(session.scalars(select(SeatRow.table_id).where(SeatRow.account_id == account.id)))
            )
        changes = [self._change(table_id, _forget_account(self, account.id)) for table_id in table_ids]
        with self._writer, self.sessions.begin() as session:
            session.execute(delete_rows(AccountSessionRow).where(AccountSessionRow.account_id == account.id))
            session.execute(delete_rows(ChatMuteRow).where(ChatMuteRow.account_id == account.id))
            # a seat bound since the tables were read: SET NULL by the foreign key, named here too
            for seat in session.scalars(select(SeatRow).where(SeatRow.account_id == account.id)):
                seat.account_id, seat.token_salt, seat.account_deleted, seat.name = None, None, True, None
            session.execute(delete_rows(AccountRow).where(AccountRow.id == account.id))
        return changes


def _forget_account(store: Accounts, account_id: str):
    def change(session: Session, row: TableRow) -> Change:
        for seat in row.seats:
            if seat.account_id != account_id:
                continue
            seat.account_id, seat.token_salt, seat.name = None, None, None
            if row.status == "open":
                seat.claimed, seat.token_hash = False, None  # simply free again
                continue
            seat.account_deleted = True
            if row.status == "running":
                seat.token_hash, seat.bot_playing = None, True
        if row.status == "running":  # whose clock runs (a bot plays the seat now)
            store._refresh(row, store._state(session, row))
        return Change(row.id, row.step)

    return change


def _taken() -> ApiError:
    return conflict("name: this name has an account already; choose another or sign in")


def _info(row: AccountRow) -> models.AccountInfo:
    return models.AccountInfo(name=row.name, created_at=aware(row.created_at))
