"""What a seat sees: its `SeatState` (its own view and events only), and the websocket pushes built
from the snapshot of a change, each shared by every socket that needs the same (Lichess's round
module keeps its seat views apart the same way)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from cosmotable.engine import State
from cosmotable.server import models
from cosmotable.server.identity import Identity, check_link
from cosmotable.server.snapshots import TableSnapshot
from cosmotable.server.undo import undo_refusal

#: pushes kept ready to send (one per table, version, seat, seen events and connected seats)
PUSH_MEMO = 256
#: how a `state` message begins (websocket.py adds the server's time after it on a first push)
STATE_PREFIX = '{"type":"state",'


class SeatView(Identity):
    """Seat states and websocket pushes."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: pushes ready to send, shared by every socket of the same seat (spectators above all)
        self._pushes: OrderedDict[tuple, tuple[str, int]] = OrderedDict()
        self._pushes_lock = threading.Lock()

    def seat_state(
        self,
        table_id: str,
        seat: int | None,
        since: int = 0,
        version: int | None = None,
        token: str | None = None,
    ) -> tuple[models.SeatState, int]:
        """The SeatState of `seat` (None: a spectator) with its events from `since` on, and the
        number of events it has seen in all; 403 when `token` no longer opens `seat` in the
        snapshot it is built from. `version`: see `snapshot()`."""
        snapshot = self.snapshot(table_id, version)
        check_link(snapshot, seat, token)
        return self._seat_state(snapshot, seat, since)

    def _seat_state(
        self, snapshot: TableSnapshot, seat: int | None, since: int
    ) -> tuple[models.SeatState, int]:
        running = snapshot.status == "running"
        can_undo = (
            seat is not None
            and snapshot.undo
            and running
            and undo_refusal(snapshot, snapshot.last, seat) is None
        )
        acting = (
            seat is not None
            and running
            and snapshot.state.current_player() == seat
            and not snapshot.seats[seat].bot_playing
        )
        return build_seat_state(snapshot.state, self.summary(snapshot), seat, since, acting, can_undo)

    def push(
        self,
        table_id: str,
        seat: int | None,
        since: int,
        version: int | None = None,
        token: str | None = None,
    ) -> tuple[str, int]:
        """The `state` message for a websocket of `seat` as JSON text, and the seat's event count.
        Built once per table version, seat, events seen and connected seats, and shared by every
        socket that needs the same (all the spectators of a table).

        A seat's socket presents its `token` at every push, checked against the very snapshot the
        message is built from: a link revoked since the socket opened (the seat left or joined
        again, given to a bot, the table deleted) gets a 403 (404) instead of the seat's secrets,
        whichever process made the change."""
        snapshot = self.snapshot(table_id, version)
        check_link(snapshot, seat, token)
        connected = tuple(self.connections[(table_id, s.seat)] > 0 for s in snapshot.seats)
        key = (table_id, snapshot.version, seat, since, connected)
        with self._pushes_lock:
            ready = self._pushes.get(key)
        if ready is not None:
            return ready
        state, total = self._seat_state(snapshot, seat, since)
        ready = (STATE_PREFIX + state.model_dump_json(by_alias=True)[1:], total)
        with self._pushes_lock:
            self._pushes[key] = ready
            while len(self._pushes) > PUSH_MEMO:
                self._pushes.popitem(last=False)
        return ready

    def push_ready(self, table_id: str, version: int | None) -> bool:
        """Whether `push` can answer without the database (the snapshot shows `version`)."""
        cached = self.cache.get(table_id)
        return cached is not None and version is not None and cached.version >= version


def build_seat_state(
    state: State, summary: models.TableSummary, seat: int | None, since: int, acting: bool, can_undo: bool
) -> tuple[models.SeatState, int]:
    """Everything one seat may see, built from its own view and its own events only."""
    events = state.events_for(seat)
    since = max(0, min(since, len(events)))
    view = state.public_view() if seat is None else state.view(seat)
    legal = (
        [models.LegalAction(text=str(a), json=a.to_json()) for a in state.legal_actions()] if acting else []
    )
    out = models.SeatState(
        table=summary,
        seat=seat,
        step=len(state.history),
        view=view,
        events=[models.EventOut(index=i, **e.to_json()) for i, e in enumerate(events[since:], start=since)],
        legal_actions=legal,
        can_undo=can_undo,
    )
    return out, len(events)
