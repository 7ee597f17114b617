"""Table chat (issue #46): what players and spectators write at a table.

Two channels, as on chess servers (Lichess's "chat" and "spectator room"): the players' channel,
written by the seats, read by everyone; and the spectators' channel, written by spectators and read
by spectators only while the game runs, so nobody outside the game can whisper advice to a player.
Once the game is over, everyone reads both and the players may write in either.

Chat is public information: it is never part of a seat's view (the engine's views are untouched),
it is stored with the table (`chat_messages`, deleted with the table) and shown in replays by the
step at which each message was written. Text only: printable (the same check as seat names), no
bidi overrides or isolates (they would turn the rest of a line around on every screen that shows
it), at most MAX_CHARS characters; clients show it as text (textContent), never as markup.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, Field
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from cosmotable.server import models
from cosmotable.server.db import ChatRow, TableRow, utcnow
from cosmotable.server.errors import conflict, forbidden, not_found
from cosmotable.server.identity import Identity, check_link
from cosmotable.server.store import Change, aware

#: characters of one message
MAX_CHARS = 500
#: the largest message id a client may name (`GET .../chat?after=`): ids are PostgreSQL `integer`s, and
#: a larger number made the database refuse the query (a 500 found by schemathesis); it is a 422 now
MAX_CHAT_ID = 2**31 - 1
#: messages one GET returns at most (the newest ones after `after`)
PAGE = 500
#: each seat (or spectator connection) may write CHAT_BURST messages at once, then CHAT_RATE a second
CHAT_RATE, CHAT_BURST = 0.5, 5
#: the bidi embedding/override controls (U+202A-U+202E) and isolates (U+2066-U+2069)
BIDI_CONTROLS = frozenset(chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A)))

Channel = Literal["players", "spectators"]


def chat_text(text: str) -> str:
    """A message's text: printable, no bidi controls, not blank."""
    models.printable(text)
    bad = next((c for c in text if c in BIDI_CONTROLS), None)
    if bad is not None:
        raise ValueError(f"bidirectional controls such as U+{ord(bad):04X} are not allowed in chat")
    if not text.strip():
        raise ValueError("a message needs some text")
    return text


ChatText = Annotated[str, Field(min_length=1, max_length=MAX_CHARS), AfterValidator(chat_text)]


class ChatPost(models.Strict):
    channel: Channel = Field(description="players (seats) or spectators (no token)")
    text: ChatText


class SocketChat(ChatPost):
    """A chat message sent over the websocket: the POST body with its message type."""

    type: Literal["chat"]


class ChatSwitch(models.Strict):
    enabled: bool


class ChatMessage(BaseModel):
    id: int
    channel: Channel
    seat: int | None = Field(description="the writer's seat; null: a spectator")
    name: str | None
    text: str
    step: int = Field(description="the table's step when written (replays show it there)")
    created_at: str


class ChatLog(BaseModel):
    chat: bool = Field(description="the chat is open (the host may close it)")
    messages: list[ChatMessage]


def message_out(row: ChatRow) -> ChatMessage:
    return ChatMessage(
        id=row.id,
        channel="players" if row.channel == "players" else "spectators",
        seat=row.seat,
        name=row.name,
        text=row.text,
        step=row.step,
        created_at=aware(row.created_at).isoformat(),
    )


def visible(channel: str, seat: int | None, finished: bool) -> bool:
    """Whether a seat (None: a spectator) reads a channel's messages."""
    return channel == "players" or seat is None or finished


class Chat(Identity):
    """Reading and writing a table's chat; the host's switch."""

    def chat_log(self, table_id: str, token: str | None, after: int = 0) -> ChatLog:
        seat = self.authenticate(table_id, token)
        snapshot = self.snapshot(table_id)
        check_link(snapshot, seat, token)
        finished = snapshot.status == "finished"
        channels = ["players"] if not visible("spectators", seat, finished) else ["players", "spectators"]
        with self.readers() as session:
            rows = session.scalars(
                select(ChatRow)
                .where(ChatRow.table_id == table_id, ChatRow.id > after, ChatRow.channel.in_(channels))
                .order_by(ChatRow.id.desc())
                .limit(PAGE)
            ).all()
            messages = [message_out(row) for row in reversed(rows)]
        return ChatLog(chat=snapshot.chat, messages=messages)

    def post_chat(self, table_id: str, token: str | None, post: ChatPost) -> tuple[ChatMessage, bool]:
        """Store a message; returns it and whether the game is over (who may read it)."""
        seat = self.authenticate(table_id, token)
        snapshot = self.snapshot(table_id)
        check_link(snapshot, seat, token)
        if not snapshot.chat:
            raise conflict("the host turned this table's chat off")
        finished = snapshot.status == "finished"
        if seat is None and post.channel == "players":
            raise forbidden(
                "the players' channel is written by the seats; spectators write in the spectators' channel"
            )
        if seat is not None and post.channel == "spectators" and not finished:
            raise forbidden("while the game runs, players write in the players' channel only")
        name = snapshot.seats[seat].name if seat is not None else None
        try:
            with self.sessions.begin() as session:
                row = ChatRow(
                    table_id=table_id,
                    channel=post.channel,
                    seat=seat,
                    name=name,
                    text=post.text,
                    step=snapshot.step,
                    created_at=utcnow(),
                )
                session.add(row)
                session.flush()
                message = message_out(row)
        except IntegrityError:  # the table was deleted a moment ago
            raise not_found(f"no table {table_id!r}; list the tables with GET /api/tables") from None
        return message, finished

    def switch_chat(self, table_id: str, host_token: str | None, enabled: bool):
        """The host opens or closes the table's chat (messages already written stay)."""

        def change(session: Session, row: TableRow) -> Change:
            self.check_host(row, host_token)
            row.chat = enabled
            return Change(row.id, -1)

        return self._summary_and_change(table_id, change)


def chat_broadcast(table_id: str, message: ChatMessage, finished: bool) -> dict:
    """What the broadcaster carries to every socket on the table (each filters by its seat)."""
    return {"table": table_id, "step": -1, "chat": message.model_dump(), "finished": finished}
