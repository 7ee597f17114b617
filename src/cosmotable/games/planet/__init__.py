"""Planet (Hobby World 2025, D. Kibkalo): explore a planet of face-down tiles and bring coins to
your ship, 2-4 players or 2 vs 2. A descendant of the Russian game Jackal.

This file is the game's descriptor, its one face to the rest of cosmotable: the facts, and the
dotted paths of its parts, loaded on first use (`cosmotable.engine.descriptor`).
"""

from cosmotable.engine.descriptor import GameDescriptor
from cosmotable.games.planet.state import DEFAULT_MAX_TURNS

DESCRIPTOR = GameDescriptor(
    id="planet",
    name="Planet",
    min_players=2,
    max_players=4,
    game="cosmotable.games.planet.game:GAME",
    variants={
        "teams": "2 vs 2 (4 players): the first and third seats against the second and fourth, allies share cells and ships, team score",
    },
    options={
        "layout": "a custom planet and station (the contents of a layout file) instead of the default",
        "max_turns": f"safety cap on the number of turns (default {DEFAULT_MAX_TURNS}); the game ends with a logged reason",
        "research": "a research configuration of data/research.toml (e.g. 'tiny'): a small game for "
        "exact solvers, NOT the rulebook game (docs/research.md)",
    },
    # The game-over event's `code` (endings.game_over).
    end_reasons={
        "cleared": "every tile revealed and no coins left on the planet and station (R22)",
        "agreed": "every player agreed that no one can get the last coins (R21)",
        "cap": "the safety cap on turns (R23)",
    },
    cap_reasons=frozenset({"cap"}),
    turn_cap_option="max_turns",
    turn_counter="total_turns",
    # A Planet turn can undo the one before (an astronaut walks back where it came from).
    positions_repeat=True,
    parts={
        "bounds": "cosmotable.games.planet.bounds",
        "bots": "cosmotable.games.planet.bots",
        "encoding": "cosmotable.games.planet.encoding",
        "drawing": "cosmotable.games.planet.drawing",
        "screen": "cosmotable.games.planet.screen:PlanetScreen",
        "summary": "cosmotable.games.planet.summary",
        "features": "cosmotable.games.planet.features",
        "report": "cosmotable.games.planet.report",
        "cli": "cosmotable.games.planet.cli",
    },
    web="cosmotable.games.planet:web",
)
