"""The table service: the one place where the server changes a table.

One object, because the routes, the bot runner and the websockets ask one service; its parts are
one idea each, in their own files (as Lichess's round module keeps takebacks, timers, bots and the
seat view apart), and build on one store:

    store.py       reading a table (snapshots, summaries) and the one path of every change
    snapshots.py   each process's cache of the newest committed snapshot of a table
    tokens.py      seat and host tokens: random, stored as a hash, compared in constant time
    identity.py    the seat a token opens, the host, why a link no longer opens its seat
    lobby.py       listing, creating and deleting tables; seats; the start
    play.py        a seat's decision (and the fast path on this process's snapshot)
    undo.py        taking back one's own last decision
    accounts.py    optional accounts and their server-side sessions
    my_games.py    the seats an account or a guest's browser holds
    chat.py        the table's chat: two channels, stored with the table
    chat_mutes.py  the seats a signed-in player hides in chat, for themself
    rematch.py     the same table again at the end of a game: proposed, accepted, declined
    rating_store.py  a rated table's result applied to its players' ratings; leaderboards, profiles
    bot_jobs.py    the decision a bot must take, and its answer applied
    timers.py      a seat whose time ran out handed to the timeout bot
    coach.py       what the coach must think about
    records.py     a table's record and replay for the asking seat
    seat_view.py   what a seat sees: its state and the websocket pushes
"""

from __future__ import annotations

from cosmotable.server.accounts import Accounts
from cosmotable.server.bot_jobs import BotJob
from cosmotable.server.chat import Chat
from cosmotable.server.chat_mutes import ChatMutes
from cosmotable.server.coach import Coach
from cosmotable.server.lobby import Lobby
from cosmotable.server.my_games import MyGames
from cosmotable.server.rating_store import Ratings
from cosmotable.server.records import Records
from cosmotable.server.rematch import Rematch
from cosmotable.server.seat_view import PUSH_MEMO, SeatView, build_seat_state
from cosmotable.server.snapshots import TableSnapshot
from cosmotable.server.store import Change
from cosmotable.server.timers import Timers
from cosmotable.server.undo import Undo


class TableService(
    Chat, ChatMutes, Lobby, Rematch, Undo, Coach, Timers, Records, SeatView, Accounts, MyGames, Ratings
):
    """Tables, seats and actions over one database (thread-safe; call it from worker threads)."""

    def sizes(self) -> dict[str, int]:
        """How much this process holds (`GET /api/metrics`): every figure is bounded."""
        cached, finished = self.cache.sizes()
        with self._pushes_lock:
            pushes = len(self._pushes)
        return {
            "snapshots": cached,
            "snapshots_bound": self.cache.size,
            "finished_snapshots": finished,
            "finished_snapshots_bound": self.cache.finished_size,
            "pushes": pushes,
            "pushes_bound": PUSH_MEMO,
            "open_sockets": sum(self.connections.values()),
        }


__all__ = ["BotJob", "Change", "TableService", "TableSnapshot", "build_seat_state"]
