"""What the record and replay endpoints serve, built from a table's state; `Records`, the table
service's part that reads it for the asking seat.

While a game runs, a seat gets only its own view's history (the events it saw; no seed, no action
list, since chance outcomes in it would tell hidden cards and tiles); once the game is over the full
engine record is public and `cosmotable replay` reads the downloaded file.
"""

from __future__ import annotations

from typing import Any

from cosmotable.engine import GameRecord, State
from cosmotable.server import models
from cosmotable.server.errors import conflict
from cosmotable.server.identity import Identity, check_link

HISTORY_FORMAT = "cosmotable-seat-history"


def full_record(state: State, table_id: str, players: list[dict[str, Any]], key: str) -> dict[str, Any]:
    """The engine record (game, config, seed, actions, digest) of a finished game, signed with the
    server's key (so the server can tell its own records from edited ones); `players` sits beside
    it, outside the digest and the signature, as `cosmotable play` saves it."""
    record = GameRecord.from_state(state).to_json(key=key)
    record["players"] = players
    record["table"] = table_id
    return record


def seat_history(
    state: State, table_id: str, status: str, seat: int | None, players: list[dict[str, Any]]
) -> dict[str, Any]:
    """A running game's record as one seat (None: a spectator) may have it: its own events."""
    return {
        "format": HISTORY_FORMAT,
        "version": 1,
        "table": table_id,
        "game": state.game.id,
        "config": state.config.to_json(),
        "status": status,
        "seat": seat,
        "step": len(state.history),
        "players": players,
        "events": [dict(index=i, **e.to_json()) for i, e in enumerate(state.events_for(seat))],
    }


def replay_step(record: GameRecord, step: int, seat: int | None) -> models.ReplayStep:
    """The position after `step` actions as `seat` saw it, and the events that action brought."""
    total = len(record.actions)
    before = 0
    state = None
    action_json = None
    for index, state in enumerate(record.states()):
        if index == step - 1:
            before = len(state.events_for(seat))
            # its structured form, read in the position it was played in: the client words it in
            # the reader's language instead of showing the engine's text
            action_json = state.to_action(record.actions[step - 1]).to_json()
        if index == step:
            break
    assert state is not None
    events = state.events_for(seat)
    return models.ReplayStep(
        step=step,
        total_steps=total,
        action=record.actions[step - 1] if step > 0 else None,
        action_json=action_json,
        view=state.public_view() if seat is None else state.view(seat),
        events=[models.EventOut(index=i, **e.to_json()) for i, e in enumerate(events[before:], start=before)],
    )


class Records(Identity):
    """A table's record and its replay, as the asking seat may have them."""

    def record(self, table_id: str, token: str | None) -> dict:
        """The full record once the game is over; before that, the asking seat's own history."""
        seat = self.authenticate(table_id, token)
        with self.readers() as session:
            row = self._row(session, table_id)
            check_link(row, seat, token)  # revoked since `authenticate` read the table?
            state = self._state(session, row)
            players = [
                {"name": s.name or f"Seat {s.seat}", "kind": s.kind if s.kind == "human" else s.bot}
                for s in row.seats
            ]
            if row.status == "finished":
                return full_record(state, row.id, players, self.secret_key)
            return seat_history(state, row.id, row.status, seat, players)

    def finished_record(self, table_id: str):
        """The engine record of a finished table (409 while it runs: replays would show secrets)."""
        with self.readers() as session:
            row = self._row(session, table_id)
            if row.status != "finished":
                raise conflict(f"the table is {row.status}; replays open once the game is over")
            state = self._state(session, row)
            return GameRecord.from_state(state)
