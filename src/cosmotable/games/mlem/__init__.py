"""MLEM: Space Agency (Reiner Knizia): push-your-luck dice, 2-5 players.

This file is the game's descriptor, its one face to the rest of cosmotable: the facts, and the
dotted paths of its parts, loaded on first use (`cosmotable.engine.descriptor`).
"""

from cosmotable.engine.descriptor import GameDescriptor

DESCRIPTOR = GameDescriptor(
    id="mlem",
    name="MLEM: Space Agency",
    min_players=2,
    max_players=5,
    game="cosmotable.games.mlem.game:GAME",
    variants={
        "ufo": "UFO: expedition tokens (UFO move, starting dice, one extra ability) and UFO contact points",
        "discovery": "Discovery: five face-up discovery tokens (points, die return, wormhole) on the mat",
        "secret_missions": "Secret Missions: keep 3 of 4 hidden missions; 1/2/3 completed = 2/5/10 points",
    },
    options={
        "board": "a space mat (the contents of a mat file) instead of the reconstructed default",
        "expedition_tokens": "UFO variant: the expedition tokens (contents of a token file)",
        "ufo_tokens": "UFO variant: the UFO tokens (contents of a token file)",
        "discoveries": "Discovery variant: the discovery tokens (contents of a token file)",
        "missions": "Secret Missions variant: the mission tokens (contents of a token file)",
        "research": "a research configuration of data/research.toml (e.g. 'tiny'): a small game for "
        "exact solvers, NOT the rulebook game",
    },
    # rulebook (end of the game): the crash track fills up, or a goal's end condition is met.
    end_reasons={
        "crash track full": "the crash track is full",
        "end triggered": "a goal's end condition was met",
    },
    parts={
        # the compiled batch simulator is a tool of the simulation layer built for this game alone
        "batch": "cosmotable.sim.fast",
        # the batch simulator as a Gymnasium vector environment's backend (envs/vector.py)
        "vector": "cosmotable.sim.batch_mlem.vector",
        "bounds": "cosmotable.games.mlem.bounds",
        "bots": "cosmotable.games.mlem.bots",
        "encoding": "cosmotable.games.mlem.encoding",
        "drawing": "cosmotable.games.mlem.drawing",
        "screen": "cosmotable.games.mlem.screen:MlemScreen",
        "summary": "cosmotable.games.mlem.summary",
        "features": "cosmotable.games.mlem.features",
        "report": "cosmotable.games.mlem.report",
        "cli": "cosmotable.games.mlem.cli",
        "coach": "cosmotable.games.mlem.odds:coach_odds",
    },
    web="cosmotable.games.mlem:web",
)
