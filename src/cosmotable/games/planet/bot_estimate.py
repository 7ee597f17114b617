"""Planet's estimate of each seat's standing in an unfinished game (`cosmotable.bots.evaluation`):
the coins each team has home and can still bring home along the routes (`bot_routes`, `bot_plans`),
and the scale of a lead in coins. The heuristic (`bots.py`) judges its moves by the same values.
"""

from __future__ import annotations

from cosmotable.bots.evaluation import estimate, lead_scale, margin, teams
from cosmotable.engine import State
from cosmotable.games.planet.bot_plans import Table, plan_values

#: Quiet turns (no tile revealed, no coin home) after which Planet's coins still to come count half.
QUIET_HALF_LIFE = 30


@estimate("planet", scale=1.0)
def route_estimate(state: State) -> list[float]:
    """Coins home plus the coins each seat's astronauts can bring home along the routes the
    face-up tiles allow (`games/planet/bot_routes.py`), per team (`planet_team_values`), over a scale that
    shrinks as coins run out: a 3-coin lead decides little while 25 coins are still out there, and
    much when 5 are."""
    view = state.public_view()
    scale = lead_scale_of(view)
    return [value / scale for value in planet_team_values(view)]


@margin("planet")
def route_coins(state: State) -> list[float]:
    """`route_estimate` in coins (the coach's expected lead): each team's coins home and to come."""
    return planet_team_values(state.public_view())


def lead_scale_of(view: dict) -> float:
    """A lead of this many coins makes a win about three times as likely as a loss: 1 coin plus
    0.15 a coin still out (in the supply, on the tiles, locked)."""
    coins = view["coins"]
    return 1.0 + 0.15 * (coins["supply"] + coins["on_board"] + coins["locked"])


@lead_scale("planet")
def lead_scale_in(state: State) -> float:
    return lead_scale_of(state.public_view())


def planet_team_values(view: dict, table: Table | None = None) -> list[float]:
    """Each seat's coins home plus its coins to come (`plan_values`), summed over its team (rulebook,
    team play: a team's score is the sum of both partners' coins; alone, the seat's own).

    Coins still to come count less the longer nobody has revealed a tile or brought a coin home (a
    fight over a cell, a guard, a stand-off): a game that stands still ends by a claim or at the
    turn cap with the coins home as they are, so the seat behind must make it move.
    `table`: the view's `bot_plans.table_of`, when the caller has it already."""
    credence = 0.5 ** (view["quiet_turns"] / QUIET_HALF_LIFE)
    own = []
    for player, value in zip(view["players"], plan_values(view, table)):
        home = player["delivered"]
        own.append(home + credence * (value - home))
    teams = [player["team"] for player in view["players"]]
    return [sum(v for s, v in enumerate(own) if teams[s] == teams[seat]) for seat in range(len(own))]


@teams("planet")
def teams_variant(state: State) -> list[int] | None:
    """Variant `teams`: seats 0+2 against 1+3 (the game's own variant text); else no teams."""
    return [seat % 2 for seat in range(state.config.num_players)] if state.config.has("teams") else None
