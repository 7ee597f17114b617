"""Per-game estimates of each seat's standing in an unfinished game, for truncated rollouts.

An estimate gives every seat a value in the game's own units (points, coins); `scale` says how
large a lead in those units makes a win about three times as likely as a loss (the logistic scale
that `standing` uses). A game without its own estimate is judged by `scores()` (points so far).
The estimates are the games' own: each game's bot part (`games/<id>/bots.py`, named by its
descriptor) registers its estimate with `@estimate`, and is loaded before the tables are asked.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from cosmotable.bots.game_bots import load_game_bots
from cosmotable.engine import State

ESTIMATES: dict[str, Callable[[State], list[float]]] = {}
SCALES: dict[str, float] = {}
#: game id -> state -> each seat's team (None: every seat plays for itself).
TEAMS: dict[str, Callable[[State], list[int] | None]] = {}
DEFAULT_SCALE = 8.0


def estimate(game_id: str, scale: float = DEFAULT_SCALE):
    def register(fn: Callable[[State], list[float]]):
        ESTIMATES[game_id] = fn
        SCALES[game_id] = scale
        return fn

    return register


def teams(game_id: str):
    def register(fn: Callable[[State], list[int] | None]):
        TEAMS[game_id] = fn
        return fn

    return register


def evaluate(state: State) -> list[float]:
    load_game_bots(state.game.id)
    fn = ESTIMATES.get(state.game.id)
    return fn(state) if fn else [float(s) for s in state.scores()]


def teams_of(state: State) -> list[int] | None:
    """Each seat's team in a team game (allies win together), None when every seat plays alone."""
    load_game_bots(state.game.id)
    fn = TEAMS.get(state.game.id)
    return fn(state) if fn else None


def standing(state: State) -> list[float]:
    """Each seat's chance of winning from here, by the game's estimate."""
    return win_chances(evaluate(state), SCALES.get(state.game.id, DEFAULT_SCALE), teams_of(state))


#: game id -> state -> the scale of a lead in that state (instead of the game's fixed `scale`).
LEAD_SCALES: dict[str, Callable[[State], float]] = {}


def lead_scale(game_id: str):
    def register(fn: Callable[[State], float]):
        LEAD_SCALES[game_id] = fn
        return fn

    return register


def lead_chances(state: State, mover: int, lead: float) -> list[float]:
    """Each seat's chance of winning when `mover`'s team leads the best other team by `lead` (in the
    game's units; negative: behind): logistic in lead/scale for the mover's team, the rest for the
    others. For a search that judges a position by a lead it worked out itself (a heuristic's score
    of its best move) rather than by `evaluate`."""
    load_game_bots(state.game.id)
    scale_of = LEAD_SCALES.get(state.game.id)
    scale = scale_of(state) if scale_of else SCALES.get(state.game.id, DEFAULT_SCALE)
    chance = 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, lead / scale))))
    team = teams_of(state) or list(range(state.config.num_players))
    return [chance if team[s] == team[mover] else 1.0 - chance for s in range(len(team))]


def win_chances(
    values: list[float], scale: float = DEFAULT_SCALE, teams: list[int] | None = None
) -> list[float]:
    """Each seat's chance of winning, from its lead over the best seat of another team (every seat
    its own team without `teams`), logistic in lead/scale. In a team game the values are the
    team's, so an ally's equal value is no rival's lead."""
    team = teams if teams is not None else list(range(len(values)))
    result = []
    for seat, value in enumerate(values):
        best_other = max((v for s, v in enumerate(values) if team[s] != team[seat]), default=value)
        lead = max(-50.0, min(50.0, (value - best_other) / scale))
        result.append(1.0 / (1.0 + math.exp(-lead)))
    return result


#: game id -> state -> each seat's (team's) value in the game's own units, where `estimate` gives
#: another scale (Planet's estimate is coins over its lead scale; its margin is in coins).
MARGINS: dict[str, Callable[[State], list[float]]] = {}


def margin(game_id: str):
    def register(fn: Callable[[State], list[float]]):
        MARGINS[game_id] = fn
        return fn

    return register


def lead(state: State, seat: int) -> float:
    """`seat`'s team's lead over the best other team in the game's units (points, coins; negative:
    behind): by the final scores once the game is over, else by the game's estimate in its units
    (`MARGINS`, else `evaluate`). The values are the teams' (`win_chances`), so an ally's is no rival's."""
    load_game_bots(state.game.id)
    if state.is_terminal():
        values = [float(s) for s in state.scores()]
    else:
        fn = MARGINS.get(state.game.id)
        values = fn(state) if fn else evaluate(state)
    team = teams_of(state) or list(range(len(values)))
    rivals = [v for s, v in enumerate(values) if team[s] != team[seat]]
    return values[seat] - max(rivals, default=values[seat])


def payoff(state: State, seat: int, contempt: float = 0.0) -> list[float]:
    """A finished game from `seat`'s side: each winning team's share of the win (a team's members
    each get the team's share: allies win together, that is no shared win); a win shared with
    another team counts `contempt` less for `seat`."""
    winners = state.winners()
    team = teams_of(state) or list(range(state.config.num_players))
    winning_teams = {team[s] for s in winners}
    share = 1.0 / len(winning_teams) if winning_teams else 0.0
    result = [share if s in winners else 0.0 for s in range(state.config.num_players)]
    if len(winning_teams) > 1 and seat in winners:
        result[seat] -= contempt
    return result
