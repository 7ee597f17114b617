"""Per-game estimates of each seat's standing in an unfinished game, for truncated rollouts.

An estimate gives every seat a value in the game's own units (points, coins); `scale` says how
large a lead in those units makes a win about three times as likely as a loss (the logistic scale
that `standing` uses). A game without its own estimate is judged by `scores()` (points so far).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

from cosmotable.engine import State

if TYPE_CHECKING:
    from cosmotable.bots.planet_routes import Table

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
    fn = ESTIMATES.get(state.game.id)
    return fn(state) if fn else [float(s) for s in state.scores()]


def teams_of(state: State) -> list[int] | None:
    """Each seat's team in a team game (allies win together), None when every seat plays alone."""
    fn = TEAMS.get(state.game.id)
    return fn(state) if fn else None


def standing(state: State) -> list[float]:
    """Each seat's chance of winning from here, by the game's estimate."""
    return win_chances(evaluate(state), SCALES.get(state.game.id, DEFAULT_SCALE), teams_of(state))


#: game id -> state -> the scale of a lead in that state (instead of the game's fixed `scale`).
LEAD_SCALES: dict[str, Callable[[State], float]] = {}


def lead_chances(state: State, mover: int, lead: float) -> list[float]:
    """Each seat's chance of winning when `mover`'s team leads the best other team by `lead` (in the
    game's units; negative: behind): logistic in lead/scale for the mover's team, the rest for the
    others. For a search that judges a position by a lead it worked out itself (a heuristic's score
    of its best move) rather than by `evaluate`."""
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


@estimate("mlem")
def _mlem(state: State) -> list[float]:
    """Points so far plus the planet points each seat would score if the game ended now."""
    view = state.public_view()
    values = [float(s) for s in view["scores"]]
    for planet in view["planets"]:
        rows = planet["rows"]
        counts = {r["seat"]: len(r["astronauts"]) for r in rows}
        order = sorted(counts, key=lambda s: (-counts[s], [r["seat"] for r in rows].index(s)))
        for place, seat in enumerate(order):
            values[seat] += planet["points"][min(place, 2)]
    return values


@estimate("kosmodrom", scale=6.0)
def _kosmodrom(state: State) -> list[float]:
    """Points each seat would score, with rockets valued by how close they are to the launch table
    (the heuristic's position estimate, from public information only: `kosmodrom_worth.estimate`,
    read from the table without building its public view)."""
    from cosmotable.bots.kosmodrom_worth import table_estimate
    from cosmotable.games.kosmodrom.state import KosmodromState

    assert isinstance(state, KosmodromState)
    return [table_estimate(state, seat) for seat in range(state.num_players)]


@estimate("planet", scale=1.0)
def _planet(state: State) -> list[float]:
    """Coins home plus the coins each seat's astronauts can bring home along the routes the
    face-up tiles allow (`bots.planet_routes`), per team (`planet_team_values`), over a scale that
    shrinks as coins run out: a 3-coin lead decides little while 25 coins are still out there, and
    much when 5 are."""
    view = state.public_view()
    scale = _planet_scale(view)
    return [value / scale for value in planet_team_values(view)]


def _planet_scale(view: dict) -> float:
    """A lead of this many coins makes a win about three times as likely as a loss: 1 coin plus
    0.15 a coin still out (in the supply, on the tiles, locked)."""
    coins = view["coins"]
    return 1.0 + 0.15 * (coins["supply"] + coins["on_board"] + coins["locked"])


LEAD_SCALES["planet"] = lambda state: _planet_scale(state.public_view())


def planet_team_values(view: dict, table: Table | None = None) -> list[float]:
    """Each seat's coins home plus its coins to come (`plan_values`), summed over its team (rulebook,
    team play: a team's score is the sum of both partners' coins; alone, the seat's own).

    Coins still to come count less the longer nobody has revealed a tile or brought a coin home (a
    fight over a cell, a guard, a stand-off): a game that stands still ends by a claim or at the
    turn cap with the coins home as they are, so the seat behind must make it move.
    `table`: the view's `planet_routes.table_of`, when the caller has it already."""
    from cosmotable.bots.planet_routes import plan_values

    credence = 0.5 ** (view["quiet_turns"] / QUIET_HALF_LIFE)
    own = []
    for player, value in zip(view["players"], plan_values(view, table)):
        home = player["delivered"]
        own.append(home + credence * (value - home))
    teams = [player["team"] for player in view["players"]]
    return [sum(v for s, v in enumerate(own) if teams[s] == teams[seat]) for seat in range(len(own))]


@teams("planet")
def _planet_teams(state: State) -> list[int] | None:
    """Variant `teams`: seats 0+2 against 1+3 (the game's own variant text); else no teams."""
    return [seat % 2 for seat in range(state.config.num_players)] if state.config.has("teams") else None


#: Quiet turns (no tile revealed, no coin home) after which Planet's coins still to come count half.
QUIET_HALF_LIFE = 30
