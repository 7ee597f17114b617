"""MLEM's bounds, facts of a configuration (the `bounds` part of its descriptor): the longest a
game can be and the most a seat can score. The RL adapters size their games by them."""

from __future__ import annotations

from cosmotable.engine.core import GameConfig
from cosmotable.games.mlem import DESCRIPTOR
from cosmotable.games.mlem.board import ABILITIES, default_goals
from cosmotable.games.mlem.game import GAME
from cosmotable.games.mlem.research import research_for


def max_game_length(config: GameConfig) -> int:
    """A safe upper bound on the number of actions (decisions and chance) in one game."""
    mat, tokens = GAME.mat(config), GAME.tokens(config)
    n = DESCRIPTOR.max_players
    roster = len(ABILITIES)
    chosen = research_for(config)
    if chosen is not None:  # a research configuration: its own players and astronauts (a tight bound
        # keeps OpenSpiel's perfect-recall information-state tensor, sized by it, small)
        n, roster = config.num_players, len(chosen.astronauts)
    # Each expedition either crashes or places at least one astronaut.
    expeditions = mat.crash_track_length + roster * n + 1
    travel_phases = mat.deep_space + 1 + 1  # each travel moves >= 1 space; rerolls add a roll
    per_expedition = 2 + n + travel_phases * (2 + n + 2) + 2 * n
    setup = 2 * 4 * n + 2 * len(tokens.discoveries)
    return setup + expeditions * per_expedition


def score_bound(config: GameConfig) -> float:
    """An upper bound on any seat's final score."""
    mat, tokens = GAME.mat(config), GAME.tokens(config)
    moons = sum(m.points for m in mat.moons.values()) * 2
    chosen = research_for(config)
    roster = (
        len(ABILITIES) * DESCRIPTOR.max_players
        if chosen is None
        else len(chosen.astronauts) * config.num_players
    )
    deep = roster * 2 * max(mat.comet_points, mat.galaxy_points)
    planets = sum(max(p.points) for p in mat.planets.values()) * 2 * 2
    goals = sum(g.points for g in default_goals())
    token_points = (
        sum(tokens.ufo_points)
        + sum(d.points for d in tokens.discoveries.values())
        + max([1, *tokens.mission_points])
    )
    return float(moons + deep + planets + goals + token_points)
