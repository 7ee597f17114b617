"""Planet, 2-4 players; variant teams (4 players); options layout, max_turns (the safety cap on turns:
reaching it is a truncation).

`claims=False` keeps the claim ("no one can get the last coins") out of the action mask: random
self-play otherwise ends most games by claim and agreement at 0-0 (see docs/observations.md).

    from cosmotable.envs.pettingzoo import planet_v0
    env = planet_v0.env(num_players=2)            # AEC, wrapped like PettingZoo's own environments
    par = planet_v0.parallel_env(num_players=2)   # Parallel API (turn-based: one agent acts per step)
    raw = planet_v0.raw_env(num_players=2)        # the bare AEC environment

Keyword arguments: num_players, variants, reward, render_mode, max_cycles, exclude_actions, and
the game's options (see `cosmotable.envs.pettingzoo`).
"""

from __future__ import annotations

from typing import Any

from cosmotable.envs.pettingzoo import CosmotableAECEnv, make_env, make_parallel_env, make_raw_env

GAME_ID = "planet"


def _claims(kwargs: dict[str, Any]) -> dict[str, Any]:
    if not kwargs.pop("claims", True):
        kwargs["exclude_actions"] = (*kwargs.get("exclude_actions", ()), "claim")
    return kwargs


def raw_env(**kwargs: Any) -> CosmotableAECEnv:
    return make_raw_env(GAME_ID, **_claims(kwargs))


def env(**kwargs: Any):
    return make_env(GAME_ID, **_claims(kwargs))


def parallel_env(**kwargs: Any):
    return make_parallel_env(GAME_ID, **_claims(kwargs))
