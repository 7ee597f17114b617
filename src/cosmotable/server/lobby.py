"""The lobby: listing tables, creating and deleting them, the seats before and during a game
(join, give to a bot, leave, take back from the bot) and the start."""

from __future__ import annotations

import json
import secrets
from typing import Protocol

from sqlalchemy import delete as delete_rows
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from cosmotable import games
from cosmotable.bots import has_learned_weights
from cosmotable.engine import ConfigError
from cosmotable.server import models
from cosmotable.server.accounts import Account
from cosmotable.server.db import ActionRow, ChatMuteRow, ChatRow, SeatRow, TableRow, UndoneActionRow, utcnow
from cosmotable.server.errors import bad_request, conflict, invalid_config, not_found
from cosmotable.server.identity import Identity
from cosmotable.server.my_games import MyGames
from cosmotable.server.snapshots import LastAction, TableSnapshot
from cosmotable.server.store import Change, action_rows
from cosmotable.server.tokens import new_token, seat_url, token_hash

#: bits of the seed drawn for each table (the issue: at least 128)
SEED_BITS = 160


class Lobby(Identity, MyGames):
    """Tables and their seats, outside the game's own decisions."""

    def get(self, table_id: str) -> models.TableSummary:
        return self.summary(self.snapshot(table_id))

    def list(self, status: str | None, game: str | None, page: int, page_size: int) -> models.TablePage:
        with self.readers() as session:
            query = select(TableRow)
            count = select(func.count()).select_from(TableRow)
            if status:
                query = query.where(TableRow.status == status)
                count = count.where(TableRow.status == status)
            if game:
                query = query.where(TableRow.game == game)
                count = count.where(TableRow.game == game)
            total = session.scalar(count) or 0
            rows = session.scalars(
                query.order_by(TableRow.updated_at.desc(), TableRow.id)
                .offset((page - 1) * page_size)
                .limit(page_size)
            ).all()
            return models.TablePage(
                items=[self.summary(r) for r in rows], page=page, page_size=page_size, total=total
            )

    def delete(self, table_id: str, host_token: str | None) -> Change:
        """The host deletes the table: its row, seats and record. Every link to it stops working and
        every socket watching it is closed (the Change announced says so)."""
        with self._lock(table_id), self._writer:
            with self.sessions.begin() as session:
                row = self._row(session, table_id, for_update=True)
                self.check_host(row, host_token)
                # explicit rather than left to ON DELETE CASCADE, which SQLite applies only with
                # its foreign_keys pragma on
                for child in (ActionRow, UndoneActionRow, ChatRow, ChatMuteRow, SeatRow):
                    session.execute(delete_rows(child).where(child.table_id == table_id))
                session.execute(delete_rows(TableRow).where(TableRow.id == table_id))
            self.cache.drop(table_id)
        return Change(table_id, -1, deleted=True)

    # ------------------------------------------------------------------ creating tables
    def create(self, request: models.CreateTable, account: Account | None = None) -> models.CreatedTable:
        """A new table. Signed in (`account`): the seat `account_seat` (default: the first human
        seat) is bound to the account, named after it unless the request names it."""
        try:
            game = games.get(request.game)
        except KeyError:
            raise invalid_config(
                f"game: unknown game {request.game!r}; choose one of {', '.join(games.ids())}"
            ) from None
        num_players = len(request.seats)
        seed = secrets.randbits(SEED_BITS) if self.table_seed is None else self.table_seed
        try:
            config = game.make_config(num_players, request.variants, **request.options)
            state = game.state_from_config(config, seed)
            state.resolve_chance()  # set-up shuffles and deals happen now, on the server
        except ConfigError as exc:
            raise invalid_config(f"{_config_field(str(exc))}: {exc}") from None
        except (TypeError, ValueError, KeyError, AttributeError) as exc:
            # a malformed option (a board that is not a mat, a number given as text): the game's
            # loaders raise their own errors (DataError is a ValueError); say which option
            raise invalid_config(f"options: {_one_line(exc)}") from None
        for number, spec in enumerate(request.seats):
            check_bot_level(game.id, spec.bot, f"seats.{number}.bot")
        check_bot_level(game.id, request.timeout_bot, "timeout_bot")
        host_token = new_token()
        row = new_table_row(
            game.id, json.dumps(config.to_json()), seed, len(state.history), host_token, request
        )
        table_id = row.id
        links: list[models.SeatLink] = []
        mine = _account_seat(request) if account is not None else None
        for number, spec in enumerate(request.seats):
            seat = SeatRow(
                seat=number,
                kind=spec.kind,
                name=spec.name,
                claimed=False,
                bot_playing=False,
                bot_turn=False,
                timeouts=0,
            )
            if spec.kind == "bot":
                seat.bot = spec.bot or "heuristic"
                seat.claimed = True
            else:
                if spec.bot is not None:
                    raise invalid_config(
                        f"seats.{number}.bot: a human seat has no bot level; use kind 'bot' for a bot seat"
                    )
                if number == mine and account is not None:
                    token = self.bind_seat(seat, table_id, account)
                    seat.name = spec.name or account.name
                    seat.claimed = True  # the creator's: nobody else joins it
                else:
                    token = new_token()
                    seat.token_hash = token_hash(token)
                links.append(models.SeatLink(seat=number, token=token, url=seat_url(table_id, token)))
            row.seats.append(seat)
        self._refresh(row, state)
        with self.sessions.begin() as session:
            session.add(row)
            session.flush()
            session.add_all(action_rows(table_id, state, 0, None, "chance", None))
        self.cache.put(TableSnapshot.of(row, state, LastAction(None, "chance") if state.history else None))
        return models.CreatedTable(table=self.summary(row), host_token=host_token, seats=links)

    def start(self, table_id: str, host_token: str | None) -> tuple[models.TableSummary, Change]:
        def change(session: Session, row: TableRow):
            self.check_host(row, host_token)
            if row.status != "open":
                raise conflict(f"the table is already {row.status}; only an open table can be started")
            state = self._state(session, row)
            row.status = "running"
            self._refresh(row, state)
            return Change(row.id, row.step)

        return self._summary_and_change(table_id, change)

    def join(
        self, table_id: str, request: models.JoinRequest, account: Account | None = None
    ) -> models.SeatLink:
        """A free seat for the asker (signed in: bound to the account, named after it by default)."""

        def change(session: Session, row: TableRow):
            free = [s for s in row.seats if s.kind == "human" and not s.claimed]
            if request.seat is not None:
                if request.seat >= len(row.seats):
                    raise bad_request(f"seat: the table has seats 0-{len(row.seats) - 1}, not {request.seat}")
                free = [s for s in free if s.seat == request.seat]
                if not free:
                    raise conflict(
                        f"seat {request.seat} is not free: it is a bot's or already taken; "
                        "join another seat or leave 'seat' out"
                    )
            if not free:
                raise conflict("the table has no free seat; watch it as a spectator instead")
            seat = free[0]
            # a new token either way: a link shared earlier for this seat stops working
            if account is not None:
                token = self.bind_seat(seat, row.id, account)
                seat.name = request.name or account.name
            else:
                token = new_token()
                seat.token_hash = token_hash(token)
                seat.account_id = seat.token_salt = None
            seat.claimed = True
            seat.rematch = None  # a declined rematch seat taken by someone else: no longer an offer
            if request.name is not None:
                seat.name = request.name
            row.updated_at = utcnow()
            return models.SeatLink(seat=seat.seat, token=token, url=seat_url(row.id, token))

        link = self._change(table_id, change)
        return link

    def set_seat(
        self, table_id: str, host_token: str | None, seat: int, request: models.SeatChange
    ) -> tuple[models.TableSummary, Change]:
        def change(session: Session, row: TableRow):
            self.check_host(row, host_token)
            if not 0 <= seat < len(row.seats):
                raise not_found(f"the table has seats 0-{len(row.seats) - 1}, not {seat}")
            if row.status == "finished":
                raise conflict("the game is over; seats no longer change")
            check_bot_level(row.game, request.bot, "bot")
            target = row.seats[seat]
            if target.kind == "bot":
                target.bot = request.bot
            elif target.claimed:
                raise conflict(f"seat {seat} is taken by a player; only a free seat can be given to a bot")
            else:
                target.kind, target.bot, target.token_hash, target.claimed = "bot", request.bot, None, True
            state = self._state(session, row)
            self._refresh(row, state)
            return Change(row.id, row.step)

        return self._summary_and_change(table_id, change)

    def leave(self, table_id: str, token: str | None) -> tuple[models.TableSummary, Change]:
        def change(session: Session, row: TableRow):
            seat = row.seats[self.seat_of(session, row, token)]
            if row.status == "open":
                # before the start the seat is simply free again (the old link stops working)
                seat.claimed, seat.token_hash, seat.name = False, None, None
                seat.account_id = seat.token_salt = None
                if seat.rematch is not None:
                    seat.rematch = "declined"  # a rematch no longer waits for this player
            elif row.status == "running":
                seat.bot_playing = True
            else:
                raise conflict("the game is over; there is nothing to leave")
            state = self._state(session, row)
            self._refresh(row, state)
            return Change(row.id, row.step)

        return self._summary_and_change(table_id, change)

    def takeback(self, table_id: str, token: str | None) -> tuple[models.TableSummary, Change]:
        def change(session: Session, row: TableRow):
            seat = row.seats[self.seat_of(session, row, token)]
            if row.status != "running":
                raise conflict(
                    f"the table is {row.status}; a seat is taken back from a bot only during the game"
                )
            if not seat.bot_playing:
                raise conflict("no bot is playing your seat; you have it already")
            # the player is back: the seat is theirs, with no time-outs counted against it
            seat.bot_playing, seat.bot_turn, seat.timeouts = False, False, 0
            state = self._state(session, row)
            self._refresh(row, state)
            return Change(row.id, row.step)

        return self._summary_and_change(table_id, change)


class TableSettings(Protocol):
    """A table's settings beyond its game: a CreateTable request, or the table a rematch repeats."""

    # read-only properties: a request's Literal level and a row's text column both fit
    @property
    def timer_seconds(self) -> int | None: ...
    @property
    def timeout_bot(self) -> str: ...
    @property
    def timeouts_to_bot(self) -> int: ...
    @property
    def undo(self) -> bool: ...
    @property
    def coach(self) -> bool: ...
    @property
    def rated(self) -> bool | None: ...


def new_table_row(
    game: str, config: str, seed: int, step: int, host_token: str, settings: TableSettings
) -> TableRow:
    """An open table's row (no seats yet) with a new id: its game, configuration (JSON text), seed
    and the record's length after the set-up, and the settings copied from `settings`."""
    now = utcnow()
    return TableRow(
        id=secrets.token_hex(6),
        game=game,
        config=config,
        seed=str(seed),
        status="open",
        step=step,
        epoch=0,
        host_token_hash=token_hash(host_token),
        timer_seconds=settings.timer_seconds,
        timeout_bot=settings.timeout_bot,
        timeouts_to_bot=settings.timeouts_to_bot,
        undo=settings.undo,
        coach=settings.coach,
        # rated unless said otherwise, but for a table with undo or a coach (issue #46)
        rated=settings.rated if settings.rated is not None else not (settings.undo or settings.coach),
        created_at=now,
        updated_at=now,
    )


def _account_seat(request: models.CreateTable) -> int | None:
    """The seat a signed-in creator's account gets: the one asked for (a human seat), else the first
    human seat (None: every seat is a bot's)."""
    humans = [number for number, spec in enumerate(request.seats) if spec.kind == "human"]
    if request.account_seat is None:
        return humans[0] if humans else None
    if request.account_seat not in humans:
        raise invalid_config(f"account_seat: seat {request.account_seat} is not a human seat of this table")
    return request.account_seat


def _config_field(message: str) -> str:
    lowered = message.lower()
    if "variant" in lowered:
        return "variants"
    if "option" in lowered or any(k in lowered for k in ("board", "layout", "token", "max_turns")):
        return "options"
    if "player" in lowered:
        return "seats"
    return "options"


def _one_line(exc: Exception) -> str:
    text = " ".join(str(exc).split())
    return text[:400] or type(exc).__name__


def bot_levels(game_id: str) -> list[str]:
    """The bot levels a table of this game offers: all of them, `learned` only where it has weights."""
    return [level for level in models.BOT_LEVELS if level != "learned" or has_learned_weights(game_id)]


def check_bot_level(game_id: str, level: str | None, field: str) -> None:
    """A bot level this game cannot play (the learned bot without weights for it) is refused, with
    the levels it can."""
    if level is not None and level not in bot_levels(game_id):
        raise invalid_config(
            f"{field}: the {level} bot cannot play {game_id} (it was trained for MLEM only); "
            f"bots: {', '.join(bot_levels(game_id))}"
        )
