"""Play: a seat's decision, applied through the engine with chance resolved at once, and the fast
path that applies it to this process's snapshot with one conditional UPDATE."""

from __future__ import annotations

from dataclasses import replace

from sqlalchemy import insert, select, update
from sqlalchemy.orm import Session

from cosmotable.engine import IllegalAction, State
from cosmotable.server import models
from cosmotable.server.db import ActionRow, TableRow, UndoneActionRow
from cosmotable.server.errors import conflict
from cosmotable.server.identity import Identity
from cosmotable.server.snapshots import LastAction
from cosmotable.server.store import Change, action_rows, action_values, derived_columns
from cosmotable.server.tokens import tokens_match


class Play(Identity):
    """Decisions, a seat's (`act`) or a bot's (`_apply`, through `bot_jobs.py`)."""

    def act(
        self, table_id: str, token: str | None, action: str | dict, client_action_id: str
    ) -> tuple[models.ActionResult, Change | None]:
        """A seat's decision (the seat comes from its token)."""
        done = self._act_on_snapshot(table_id, token, action, client_action_id)
        if done is not None:
            return done

        def change(session: Session, row: TableRow):
            seat = self.seat_of(session, row, token)
            if self._seen_action(session, row.id, client_action_id):  # a retry of an action already applied
                return None
            if row.status != "running":
                raise conflict(
                    f"the table is {row.status}: actions are taken only while it runs"
                    + (" (the host starts it)" if row.status == "open" else "")
                )
            if row.seats[seat].bot_playing:
                raise conflict(
                    "a bot plays your seat since you left or ran out of time; POST /takeback to play it again"
                )
            # the player's own decision: the seat's time-outs in a row start again from none, and a
            # bot standing in for this timed-out turn stops (its answer, if any, finds the table moved
            # on and is dropped); cleared before _apply, which sets the next deadline from them
            row.seats[seat].timeouts, row.seats[seat].bot_turn = 0, False
            self._apply(session, row, seat, action, "player", client_action_id)
            return Change(row.id, row.step)

        applied, snapshot = self._change_table(table_id, change)
        result = models.ActionResult(
            applied=applied is not None, step=snapshot.step, table=self.summary(snapshot)
        )
        return result, applied

    def _seen_action(self, session: Session, table_id: str, client_action_id: str) -> bool:
        """Whether an action with this client id was applied at the table already (and is still in
        its record, or was taken back by undo: either way it must not apply again)."""
        applied = session.scalar(
            select(ActionRow.index).where(
                ActionRow.table_id == table_id, ActionRow.client_action_id == client_action_id
            )
        )
        if applied is not None:
            return True
        return session.get(UndoneActionRow, (table_id, client_action_id)) is not None

    def _act_on_snapshot(
        self, table_id: str, token: str | None, action: str | dict, client_action_id: str
    ) -> tuple[models.ActionResult, Change] | None:
        """The common case of `act`, without loading the row: a claimed seat's legal decision at a
        running table whose snapshot this process holds. The decision is applied to the snapshot's
        state and written with one UPDATE that succeeds only if the row is still at the snapshot's
        version (so a change made by another process is never overwritten) and one INSERT.
        Anything else (no snapshot, a refusal, a retried client action id, another version) returns
        None, and `act` takes the full path, which gives the authoritative answer."""
        with self._lock(table_id), self._writer:
            snapshot = self.cache.get(table_id)
            if snapshot is None or snapshot.status != "running" or not token:
                return None
            seat = next(
                (s.seat for s in snapshot.seats if s.kind == "human" and tokens_match(token, s.token_hash)),
                None,
            )
            if seat is None or not snapshot.seats[seat].claimed or snapshot.seats[seat].bot_playing:
                return None
            if snapshot.seats[seat].timeouts or snapshot.seats[seat].bot_turn:
                return None  # the seat's time-out count must be reset: a seat row change (full path)
            state = snapshot.state.clone()
            before = len(state.history)
            try:
                state.apply(action, seat=seat)
            except IllegalAction:
                return None
            state.resolve_chance()  # chance never waits for a client
            if snapshot.rated and state.is_terminal():
                return None  # the last move of a rated game rates it, in the full path's transaction
            added = action_rows(table_id, state, before, seat, "player", client_action_id)
            columns = derived_columns(snapshot, state)
            with self.sessions.begin() as session:
                if self._seen_action(session, table_id, client_action_id):
                    return None
                updated = session.execute(
                    update(TableRow)
                    .where(TableRow.id == table_id, TableRow.version == snapshot.version)
                    .values(version=snapshot.version + 1, **columns)
                    .execution_options(synchronize_session=False)
                )
                if updated.rowcount != 1:
                    session.rollback()
                    self.cache.drop(table_id)  # another process changed the table
                    return None
                session.execute(insert(ActionRow), [action_values(a) for a in added])
            fresh = replace(
                snapshot,
                version=snapshot.version + 1,
                state=state,
                last=LastAction(added[-1].seat, added[-1].source),
                **columns,
            )
            self.cache.put(fresh)
        result = models.ActionResult(applied=True, step=fresh.step, table=self.summary(fresh))
        return result, Change(table_id, fresh.step, version=fresh.version)

    def _apply(
        self, session: Session, row: TableRow, seat: int, action, source: str, client_action_id: str | None
    ) -> State:
        state = self._state(session, row).clone()
        before = len(state.history)
        try:
            state.apply(action, seat=seat)
        except IllegalAction as exc:
            raise conflict(exc.reason) from None
        state.resolve_chance()  # chance never waits for a client
        added = action_rows(row.id, state, before, seat, source, client_action_id)
        session.add_all(added)
        self._refresh(row, state)
        session.flush()
        self._stage(row, state, LastAction(added[-1].seat, added[-1].source))
        return state
