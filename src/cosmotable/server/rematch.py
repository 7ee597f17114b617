"""Rematch (issue #46): at the end of a game a seat proposes the same table again and the others
accept or decline.

The rematch is a new table with the old one's game, configuration (variants, options), timer, undo
and coach settings, a new seed, and its seats rotated by one: new seat j is old seat j+1, so the
player after the old first player moves first. None of the three games has a first-player option
(MLEM and Planet start with seat 0; Kosmodrom draws its first player by chance after the deal,
Ruling K1, so there the rotation changes only who sits where); rotating keeps Planet's 2 vs 2 teams
together (seats of one parity stay together).

Every human seat of the new table is kept for the old seat's player ("offered"); bots sit at once;
the proposer's seat is accepted. A seat's new token is derived from the server's secret key and a
salt (as an account-bound seat's is: `tokens.account_seat_token`), so asking again gives the same
link and the database keeps only its hash. A new link is handed only to the holder of the old
seat's token (or the account its seat was bound to, which can derive that token): never to another
seat. When every human seat has accepted, the rematch starts; a declined seat is open to anyone,
and the host (the proposer) starts the table as usual once it is filled.
"""

from __future__ import annotations

import json
import secrets

from sqlalchemy.orm import Session

from cosmotable import games
from cosmotable.engine import GameConfig, State
from cosmotable.server import models
from cosmotable.server.db import SeatRow, TableRow
from cosmotable.server.errors import conflict, not_found
from cosmotable.server.identity import Identity
from cosmotable.server.lobby import SEED_BITS, new_table_row
from cosmotable.server.my_games import MyGames
from cosmotable.server.snapshots import LastAction, TableSnapshot
from cosmotable.server.store import Change, action_rows
from cosmotable.server.tokens import account_seat_token, new_salt, new_token, seat_url, token_hash


def rotated(old_seat: int, num_seats: int) -> int:
    """The rematch seat of an old table's seat: seats move one place back, so the old seat 1 is the
    new seat 0 (the first player) and the old first player is the new last."""
    return (old_seat - 1) % num_seats


class Rematch(Identity, MyGames):
    """Proposing, accepting and declining a rematch."""

    def propose_rematch(self, table_id: str, token: str | None) -> tuple[models.RematchLink, list[Change]]:
        """A seat of a finished table proposes the rematch; once proposed (by anyone), proposing
        again is accepting it. Returns the seat's link at the rematch and the changes to announce."""
        made: list[TableSnapshot] = []

        def change(session: Session, row: TableRow):
            made.clear()  # a retried attempt starts again
            seat = self._seat_for(row, token)  # 403 for anyone but a seat's player
            if row.status != "finished":
                raise conflict(f"the table is {row.status}; a rematch is proposed once the game is over")
            if row.rematch is not None:
                return None, Change(row.id, -1)
            new, state, host_token, link = self._new_rematch(session, row, seat)
            made.append(TableSnapshot.of(new, state, LastAction(None, "chance") if state.history else None))
            row.rematch = new.id
            # -1: the finished game does not move (no bot to wake); its sockets get the offer
            return link._replace(host_token=host_token), Change(row.id, -1)

        (created, old_change) = self._change(table_id, change)
        if made:
            self.cache.put(made[0])
            snapshot = made[0]
            step = snapshot.step if snapshot.status == "running" else -1
            new_change = Change(snapshot.id, step, version=snapshot.version)
            return created.link(), [old_change, new_change]
        # proposed already: this seat accepts
        new_id = self.snapshot(table_id).rematch
        assert new_id is not None
        link, changes = self.accept_rematch(new_id, token)
        return link, changes

    def accept_rematch(self, rematch_id: str, token: str | None) -> tuple[models.RematchLink, list[Change]]:
        """The player of an old seat (its old token) takes their seat at the rematch: its link.
        Asked again, the same link. The rematch starts when every human seat accepted."""

        def change(session: Session, row: TableRow):
            seat = self._offered_seat(session, row, token)
            if seat.rematch != "offered" and seat.rematch != "accepted":
                raise conflict(
                    f"seat {seat.seat} of the rematch is not kept for you (declined, or nobody played "
                    "it); it is open to anyone: join it"
                )
            if seat.rematch == "offered":
                if row.status != "open":
                    raise conflict(f"the rematch is already {row.status}")
                seat.rematch = "accepted"
            link = self._rematch_link(row, seat)
            if row.status == "open" and _all_accepted(row):
                row.status = "running"  # as `Lobby.start`: the first decision is due now
                self._refresh(row, self._state(session, row))
                return link, Change(row.id, row.step)
            return link, Change(row.id, -1)

        link, done = self._change(rematch_id, change)
        return link.link(), [done]

    def decline_rematch(self, rematch_id: str, token: str | None) -> tuple[models.TableSummary, Change]:
        """The player of an old seat declines: their seat at the rematch is open to anyone."""

        def change(session: Session, row: TableRow):
            seat = self._offered_seat(session, row, token)
            if seat.rematch != "offered" or row.status != "open":
                raise conflict("only a rematch seat still offered to you, before the start, can be declined")
            seat.rematch, seat.claimed, seat.token_hash, seat.name = "declined", False, None, None
            seat.account_id = seat.token_salt = None
            return Change(row.id, -1)

        return self._summary_and_change(rematch_id, change)

    # ------------------------------------------------------------------ helpers
    def _offered_seat(self, session: Session, row: TableRow, token: str | None) -> SeatRow:
        """The rematch seat of the old seat whose token this is (403 for any other token)."""
        if row.rematch_of is None:
            raise not_found(f"table {row.id!r} is not a rematch")
        old = self._row(session, row.rematch_of)
        old_seat = self._seat_for(old, token)
        return row.seats[rotated(old_seat, len(row.seats))]

    def _rematch_link(self, row: TableRow, seat: SeatRow) -> _Link:
        token = self.account_token(row.id, seat)
        if token is None:  # the seat was given to a bot or taken by another
            raise conflict(f"seat {seat.seat} of the rematch is no longer yours")
        return _Link(row.id, seat.seat, token)

    def _new_rematch(
        self, session: Session, old: TableRow, proposer: int
    ) -> tuple[TableRow, State, str, _Link]:
        game = games.get(old.game)
        config = GameConfig.from_json(json.loads(old.config))
        seed = secrets.randbits(SEED_BITS) if self.table_seed is None else self.table_seed
        state = game.state_from_config(config, seed)
        state.resolve_chance()
        host_token = new_token()
        new = new_table_row(old.game, old.config, seed, len(state.history), host_token, old)
        new.rematch_of = old.id
        n = len(old.seats)
        for number in range(n):
            was = old.seats[(number + 1) % n]
            seat = SeatRow(
                seat=number, kind=was.kind, name=was.name, claimed=False, bot_playing=False, bot_turn=False
            )
            seat.timeouts = 0
            seat.account_deleted = False
            if was.kind == "bot":
                seat.bot, seat.claimed = was.bot, True
            elif was.claimed and not was.account_deleted:
                # kept for the old seat's player: nobody else may join it
                seat.claimed = True
                seat.rematch = "accepted" if was.seat == proposer else "offered"
                if was.account_id is not None:
                    seat.account_id = was.account_id  # the binding follows the player
                seat.token_salt = new_salt()
                seat.token_hash = token_hash(
                    account_seat_token(self.secret_key, new.id, number, seat.token_salt)
                )
            else:
                seat.name = None  # nobody played it: open to anyone, as at a new table
            new.seats.append(seat)
        self._refresh(new, state)
        if _all_accepted(new):  # the proposer's only opponents are bots: play at once
            new.status = "running"
            self._refresh(new, state)
        session.add(new)
        session.flush()
        session.add_all(action_rows(new.id, state, 0, None, "chance", None))
        session.flush()
        link = self._rematch_link(new, new.seats[rotated(proposer, n)])
        return new, state, host_token, link


class _Link:
    """A seat's link at a rematch, before the answer is made."""

    def __init__(self, table_id: str, seat: int, token: str, host_token: str | None = None):
        self.table_id, self.seat, self.token, self.host_token = table_id, seat, token, host_token

    def _replace(self, host_token: str) -> _Link:
        return _Link(self.table_id, self.seat, self.token, host_token)

    def link(self) -> models.RematchLink:
        return models.RematchLink(
            table_id=self.table_id,
            seat=self.seat,
            token=self.token,
            url=seat_url(self.table_id, self.token),
            host_token=self.host_token,
        )


def _all_accepted(row: TableRow) -> bool:
    """Every human seat is accepted (an open or declined seat, or one still offered, waits)."""
    return all(s.kind == "bot" or s.rematch == "accepted" for s in row.seats)


__all__ = ["Rematch", "rotated"]
