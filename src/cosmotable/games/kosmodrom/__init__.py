"""Космо Дром (Kosmodrom), the Russian edition of Launch Pad (Melanie James): 2-4 players.

Build rockets, move them through the assembly shop, the test stand and the launch table, and have
them on the launch table when the launch pad is complete.

This file is the game's descriptor, its one face to the rest of cosmotable: the facts, and the
dotted paths of its parts, loaded on first use (`cosmotable.engine.descriptor`).
"""

from cosmotable.engine.descriptor import GameDescriptor
from cosmotable.games.kosmodrom.table import DEFAULT_MAX_TURNS

DESCRIPTOR = GameDescriptor(
    id="kosmodrom",
    name="Kosmodrom (Космо Дром)",
    min_players=2,
    max_players=4,
    game="cosmotable.games.kosmodrom.game:GAME",
    variants={
        "quick": "quick game: a drawn launch-pad card goes straight to the launch-pad area",
        "slow": "slow game: the launch-pad cards join the deck only at the first reshuffle",
        "negotiation": "in step 4 players may trade cards and give them away (gifts may be refused)",
        "superpowers": "any number of upgrades at once; Budget Cut steals all of a player's upgrades",
    },
    options={
        "max_turns": f"safety cap on the number of turns, all seats counted (default {DEFAULT_MAX_TURNS}; "
        "normal games take 50-90); the game ends with a logged reason",
        "research": "a research configuration of data/research.toml (e.g. 'tiny'): a small game for "
        "exact solvers, NOT the rulebook game (docs/research.md)",
    },
    # The game-over event's `reason`.
    end_reasons={
        "countdown": "the launch pad is complete and the countdown is over",
        "max_turns": "the safety cap on turns was reached (Ruling K26)",
    },
    cap_reasons=frozenset({"max_turns"}),
    turn_cap_option="max_turns",
    turn_counter="turn",
    # Ruling K9: a Soldering Iron may fetch a Soldering Iron from the discard pile, and that play and
    # its `keep` bring the very same table back.
    positions_repeat=True,
    parts={
        "bounds": "cosmotable.games.kosmodrom.bounds",
        "bots": "cosmotable.games.kosmodrom.bots",
        "encoding": "cosmotable.games.kosmodrom.encoding",
        "drawing": "cosmotable.games.kosmodrom.drawing",
        "screen": "cosmotable.games.kosmodrom.screen:KosmodromScreen",
        "summary": "cosmotable.games.kosmodrom.summary",
        "features": "cosmotable.games.kosmodrom.features",
        "report": "cosmotable.games.kosmodrom.report",
    },
    web="cosmotable.games.kosmodrom:web",
)
