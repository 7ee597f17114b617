"""The rating routes under /api (docs/ratings.md): a game's leaderboard and a player's public profile.
Both are public: what they show is what the lobby shows of finished games, and ratings."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Path

from cosmotable import games
from cosmotable.server import models
from cosmotable.server.dependencies import ServerDep
from cosmotable.server.errors import not_found
from cosmotable.server.models import ErrorBody

RATING_ERRORS: dict[int | str, dict[str, Any]] = {
    404: {"model": ErrorBody, "description": "no such game, or no player of that name"},
    503: {"model": ErrorBody, "description": "the database is unavailable; try again"},
}


def rating_router() -> APIRouter:
    router = APIRouter(responses=RATING_ERRORS, tags=["ratings"])

    @router.get(
        "/ratings/{game}",
        response_model=models.Leaderboard,
        summary="A game's leaderboard: players and bot levels on one scale, highest first",
    )
    async def leaderboard(server: ServerDep, game: str = Path(max_length=32)):
        if game not in games.ids():
            raise not_found(f"no game {game!r}; the games are {', '.join(games.ids())}")
        return await server.call(server.service.leaderboard, game)

    @router.get(
        "/players/{name}",
        response_model=models.PlayerProfile,
        summary="A player's public profile: ratings per game with their history, finished games",
    )
    async def player(server: ServerDep, name: str = Path(min_length=1, max_length=40)):
        return await server.call(server.service.player_profile, name)

    return router
