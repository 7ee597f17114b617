"""Ratings (issue #46): the arithmetic of one rated game, with no database.

Each game has its own scale. A rating is openskill's Plackett-Luce estimate of a player's skill, a
mean `mu` and an uncertainty `sigma` (a new player: 25 and 25/3); what the leaderboard orders by is
the `ordinal`, mu - 3 sigma, a rating the player is very likely above (so one lucky first game does
not top the board). Plackett-Luce ranks any number of sides, and a side may be a team (Planet's
2 vs 2), which Elo cannot.

A game's result becomes ranks: the winners (the game's own `winners()`, with its tie-breaks) share
the first place, every other side is ranked by its score; allies (one team) are one side.

The bot levels are rated on the same scale, from a round-robin of the levels (`cosmotable ratings
calibrate`, docs/ratings.md), shipped in data/bot_ratings.json, so that a fresh server can say "you
play at the level of the normal bot".
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from openskill.models import PlackettLuce

#: the bot levels that are rated, weakest first (the order calibration must confirm)
RATED_LEVELS: tuple[str, ...] = ("random", "heuristic", "easy", "normal", "hard")
#: the shipped calibration (`cosmotable ratings calibrate --write`)
CALIBRATION = Path(__file__).parent / "data" / "bot_ratings.json"
MODEL = PlackettLuce()


@dataclass(frozen=True)
class Skill:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The conservative rating shown and ordered by: mu - 3 sigma."""
        return self.mu - 3 * self.sigma


def new_skill() -> Skill:
    rating = MODEL.rating()
    return Skill(float(rating.mu), float(rating.sigma))


def sides_of(num_seats: int, teams: Sequence[int] | None) -> list[list[int]]:
    """The seats of each side: one seat each, or the seats of each team (in order of first seat)."""
    if teams is None:
        return [[seat] for seat in range(num_seats)]
    grouped: dict[int, list[int]] = {}
    for seat, team in enumerate(teams):
        grouped.setdefault(team, []).append(seat)
    return list(grouped.values())


def ranks_of(sides: list[list[int]], scores: Sequence[float], winners: Sequence[int]) -> list[int]:
    """Each side's place (0 is first; equal results share a place): the winners first, then by score."""
    keys = [max((seat in winners, scores[seat]) for seat in side) for side in sides]
    return [sum(1 for other in set(keys) if other > key) for key in keys]


def rate(sides: list[list[Skill]], ranks: list[int]) -> list[list[Skill]]:
    """Every member's skill after one game whose sides finished at `ranks` (0 first)."""
    if len(sides) < 2:
        raise ValueError("a rated game needs at least two sides")
    teams = [[MODEL.rating(mu=skill.mu, sigma=skill.sigma) for skill in side] for side in sides]
    rated = MODEL.rate(teams, ranks=list(ranks))
    return [[Skill(float(r.mu), float(r.sigma)) for r in side] for side in rated]


def merged(skills: Sequence[Skill]) -> Skill:
    """One player's new skill when they held several seats of one game (a bot level at two seats):
    the mean of their seats' new skills, so that a game counts once for them."""
    return Skill(sum(s.mu for s in skills) / len(skills), sum(s.sigma for s in skills) / len(skills))


def nearest_level(mu: float, bots: dict[str, Skill]) -> str | None:
    """The bot level whose skill is nearest the player's (by mean: the best estimate of both)."""
    if not bots:
        return None
    return min(bots, key=lambda level: (abs(bots[level].mu - mu), RATED_LEVELS.index(level)))


def rated_level(level: str | None) -> str:
    """The rated level a bot seat plays at (an unnamed bot is the heuristic one, `mcts` is normal)."""
    level = level or "heuristic"
    return "normal" if level == "mcts" else level


@cache
def calibration() -> dict[str, Any]:
    """The shipped calibration: {"games": {game: {level: {"mu", "sigma", "games"}}}, and how it was made}."""
    if not CALIBRATION.exists():
        return {"games": {}}
    return json.loads(CALIBRATION.read_text(encoding="utf-8"))


def calibrated(game: str) -> dict[str, Skill]:
    """The calibrated skill of each bot level at `game` (empty: not calibrated)."""
    levels = calibration().get("games", {}).get(game, {}).get("levels", {})
    return {level: Skill(float(v["mu"]), float(v["sigma"])) for level, v in levels.items()}
