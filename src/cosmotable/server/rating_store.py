"""Ratings over the database (issue #46): a rated table's result applied to its players' ratings when
it finishes, the leaderboard of a game, a player's public profile.

The ratings change in the very transaction that finishes the table (`TableStore._finished`, called
by the one path of every change; the fast path of `play.py` leaves a rated table's last move to
it), so a finished table and its rating changes are committed together or not at all, whichever
process, worker or restart gets there. The rows of `rating_changes` are keyed by the table too: a
table that has them is never rated again.

The rated players of a table are the accounts of its human seats and the bot levels of its bot
seats (each level is an account of its own, `bot-<level>`, with no password: it never signs in).
A guest's seat (no account) and a deleted player's count in the ranking with a new player's rating,
but nothing of theirs is stored. A table with fewer than two rated players changes nothing.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from cosmotable.engine import State
from cosmotable.server import models
from cosmotable.server.db import AccountRow, RatingChangeRow, RatingRow, SeatRow, TableRow, utcnow
from cosmotable.server.errors import not_found
from cosmotable.server.ratings import (
    RATED_LEVELS,
    Skill,
    calibrated,
    merged,
    nearest_level,
    new_skill,
    ranks_of,
    rate,
    rated_level,
    sides_of,
)
from cosmotable.server.store import TableStore, aware

BOT_PREFIX = "bot-"
#: the leaderboard's length, and the finished games a profile lists
BOARD_SIZE = 100
PROFILE_GAMES = 50
#: no password hash verifies against this: a bot's account never signs in
NO_PASSWORD = "!"


def bot_account_id(level: str) -> str:
    return BOT_PREFIX + level


class Ratings(TableStore):
    """Rated tables' results applied, and the leaderboards and profiles read."""

    # ------------------------------------------------------------------ rating a finished table
    def _finished(self, session: Session, row: TableRow) -> None:
        """The table has just finished in this transaction: rate it if it is rated."""
        if not row.rated:
            return
        if session.scalar(
            select(RatingChangeRow.table_id).where(RatingChangeRow.table_id == row.id).limit(1)
        ):
            return  # rated already (cannot happen through one change; the guard costs one read)
        players = [self._rated_player(session, seat) for seat in row.seats]
        distinct = sorted({player for player in players if player is not None})
        if len(distinct) < 2:
            return
        state = self._state(session, row)
        skills = self._skills(session, row.game, distinct)
        sides = sides_of(len(row.seats), _teams(state))
        ranks = ranks_of(sides, state.scores(), state.winners())
        before = [[_skill(skills, players[seat]) for seat in side] for side in sides]
        after = rate(before, ranks)
        new: dict[str, list[Skill]] = {}
        place: dict[str, int] = {}
        for side, skills_after, rank in zip(sides, after, ranks, strict=True):
            for seat, skill in zip(side, skills_after, strict=True):
                player = players[seat]
                if player is not None:
                    new.setdefault(player, []).append(skill)
                    place[player] = min(place.get(player, rank), rank)
        now = utcnow()
        for player in distinct:
            old, skill = skills[player], merged(new[player])
            stored = session.get(RatingRow, (player, row.game))
            if stored is None:
                session.add(
                    RatingRow(
                        account_id=player,
                        game=row.game,
                        mu=skill.mu,
                        sigma=skill.sigma,
                        games=1,
                        updated_at=now,
                    )
                )
            else:
                stored.mu, stored.sigma, stored.games, stored.updated_at = (
                    skill.mu,
                    skill.sigma,
                    stored.games + 1,
                    now,
                )
            session.add(
                RatingChangeRow(
                    table_id=row.id,
                    account_id=player,
                    game=row.game,
                    mu_before=old.mu,
                    sigma_before=old.sigma,
                    mu=skill.mu,
                    sigma=skill.sigma,
                    rank=place[player],
                    created_at=now,
                )
            )

    def _rated_player(self, session: Session, seat: SeatRow) -> str | None:
        """The account a seat's result is rated for (None: a guest's or a deleted player's seat)."""
        if seat.kind == "bot":
            level = rated_level(seat.bot)
            if level not in RATED_LEVELS:
                return None
            account_id = bot_account_id(level)
            if session.get(AccountRow, account_id) is None:
                # made on first use; two processes making it at once: the loser's transaction
                # fails on the unique key and its change is retried (store.py), finding it
                session.add(
                    AccountRow(
                        id=account_id,
                        name=f"bot:{level}",
                        name_key=f"bot:{level}",
                        password_hash=NO_PASSWORD,
                        created_at=utcnow(),
                    )
                )
                session.flush()
            return account_id
        if seat.account_id is not None and not seat.account_deleted:
            return seat.account_id
        return None

    def _skills(self, session: Session, game: str, players: list[str]) -> dict[str, Skill]:
        """The players' ratings now, their rows locked (in one order: two tables finishing at once
        wait for each other instead of deadlocking); a bot level without a row starts from its
        calibration, anyone else from a new player's rating."""
        rows = session.scalars(
            select(RatingRow)
            .where(RatingRow.game == game, RatingRow.account_id.in_(players))
            .order_by(RatingRow.account_id)
            .with_for_update()
        ).all()
        found = {row.account_id: Skill(row.mu, row.sigma) for row in rows}
        bots = calibrated(game)
        for player in players:
            if player not in found:
                level = player.removeprefix(BOT_PREFIX) if player.startswith(BOT_PREFIX) else None
                found[player] = bots.get(level, new_skill()) if level else new_skill()
        return found

    # ------------------------------------------------------------------ reading
    def bot_skills(self, session: Session, game: str) -> dict[str, tuple[Skill, int]]:
        """Each rated bot level's skill at `game` and its games here (its calibration until it plays)."""
        levels = {level: (skill, 0) for level, skill in calibrated(game).items()}
        ids = [bot_account_id(level) for level in RATED_LEVELS]
        for row in session.scalars(
            select(RatingRow).where(RatingRow.game == game, RatingRow.account_id.in_(ids))
        ):
            levels[row.account_id.removeprefix(BOT_PREFIX)] = (Skill(row.mu, row.sigma), row.games)
        return levels

    def leaderboard(self, game: str) -> models.Leaderboard:
        entries: list[tuple[Skill, str | None, str | None, int]] = []
        with self.readers() as session:
            found = session.execute(
                select(RatingRow, AccountRow.name)
                .join(AccountRow, AccountRow.id == RatingRow.account_id)
                .where(
                    RatingRow.game == game, RatingRow.games > 0, ~RatingRow.account_id.startswith(BOT_PREFIX)
                )
                .order_by((RatingRow.mu - 3 * RatingRow.sigma).desc(), AccountRow.name)
                .limit(BOARD_SIZE)
            ).all()
            for row, name in found:
                entries.append((Skill(row.mu, row.sigma), name, None, row.games))
            for level, (skill, games) in self.bot_skills(session, game).items():
                entries.append((skill, None, level, games))
        entries.sort(key=lambda entry: -entry[0].ordinal)
        return models.Leaderboard(
            game=game,
            entries=[
                models.LeaderboardEntry(
                    place=place,
                    name=name,
                    bot=bot,
                    rating=round(skill.ordinal, 2),
                    mu=round(skill.mu, 2),
                    sigma=round(skill.sigma, 2),
                    games=games,
                )
                for place, (skill, name, bot, games) in enumerate(entries, start=1)
            ],
        )

    def player_profile(self, name: str) -> models.PlayerProfile:
        """A player's public page: ratings with their history, finished games. Nothing private."""
        from cosmotable.server.accounts import name_key

        with self.readers() as session:
            account = session.scalars(select(AccountRow).where(AccountRow.name_key == name_key(name))).first()
            if account is None or account.id.startswith(BOT_PREFIX):
                raise not_found(f"no player named {name!r} (the account may have been deleted)")
            ratings = []
            for row in session.scalars(
                select(RatingRow).where(RatingRow.account_id == account.id).order_by(RatingRow.game)
            ):
                bots = {level: skill for level, (skill, _games) in self.bot_skills(session, row.game).items()}
                skill = Skill(row.mu, row.sigma)
                changes = session.scalars(
                    select(RatingChangeRow)
                    .where(RatingChangeRow.account_id == account.id, RatingChangeRow.game == row.game)
                    .order_by(RatingChangeRow.created_at, RatingChangeRow.table_id)
                ).all()
                ratings.append(
                    models.GameRating(
                        game=row.game,
                        rating=round(skill.ordinal, 2),
                        mu=round(skill.mu, 2),
                        sigma=round(skill.sigma, 2),
                        games=row.games,
                        bot_level=nearest_level(skill.mu, bots),
                        history=[_point(change) for change in changes],
                    )
                )
            table_ids = session.scalars(
                select(SeatRow.table_id)
                .join(TableRow, TableRow.id == SeatRow.table_id)
                .where(SeatRow.account_id == account.id, TableRow.status == "finished")
                .order_by(TableRow.updated_at.desc())
                .limit(PROFILE_GAMES)
            ).all()
            tables = session.scalars(select(TableRow).where(TableRow.id.in_(set(table_ids)))).all()
            finished = sorted(tables, key=lambda t: aware(t.updated_at), reverse=True)
            return models.PlayerProfile(
                name=account.name,
                created_at=aware(account.created_at),
                ratings=ratings,
                finished=[self.summary(table) for table in finished],
            )


def _skill(skills: dict[str, Skill], player: str | None) -> Skill:
    """A seat's rating in the ranking: its player's, or a new player's for a guest's seat."""
    return skills[player] if player is not None else new_skill()


def _point(change: RatingChangeRow) -> models.RatingPoint:
    before, after = Skill(change.mu_before, change.sigma_before), Skill(change.mu, change.sigma)
    return models.RatingPoint(
        table_id=change.table_id,
        at=aware(change.created_at),
        rating=round(after.ordinal, 2),
        mu=round(after.mu, 2),
        sigma=round(after.sigma, 2),
        change=round(after.ordinal - before.ordinal, 2),
        place=change.rank + 1,
    )


def _teams(state: State) -> list[int] | None:
    """Each seat's team when allies win together (Planet's 2 vs 2), else None."""
    from cosmotable.bots.evaluation import teams_of

    return teams_of(state)
