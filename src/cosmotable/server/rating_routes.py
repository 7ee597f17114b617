"""The rating routes under /api (docs/ratings.md): a game's leaderboard and a player's public profile.
Both are public: what they show is what the lobby shows of finished games, and ratings."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Path

from cosmotable import games
from cosmotable.server import models
from cosmotable.server.errors import not_found
from cosmotable.server.models import ErrorBody
from cosmotable.server.runtime import Server

RATING_ERRORS: dict[int | str, dict[str, Any]] = {
    404: {"model": ErrorBody, "description": "no such game, or no player of that name"},
    503: {"model": ErrorBody, "description": "the database is unavailable; try again"},
}


def rating_router(server: Server) -> APIRouter:
    router = APIRouter(responses=RATING_ERRORS, tags=["ratings"])
    service = server.service

    @router.get(
        "/ratings/{game}",
        response_model=models.Leaderboard,
        summary="A game's leaderboard: players and bot levels on one scale, highest first",
    )
    async def leaderboard(game: str = Path(max_length=32)):
        if game not in games.ids():
            raise not_found(f"no game {game!r}; the games are {', '.join(games.ids())}")
        return await server.call(service.leaderboard, game)

    @router.get(
        "/players/{name}",
        response_model=models.PlayerProfile,
        summary="A player's public profile: ratings per game with their history, finished games",
    )
    async def player(name: str = Path(min_length=1, max_length=40)):
        return await server.call(service.player_profile, name)

    return router
