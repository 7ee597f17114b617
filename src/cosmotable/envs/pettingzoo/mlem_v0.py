"""MLEM: Space Agency, 2-5 players; variants ufo, discovery, secret_missions (any combination).

    from cosmotable.envs.pettingzoo import mlem_v0
    env = mlem_v0.env(num_players=2)            # AEC, wrapped like PettingZoo's own environments
    par = mlem_v0.parallel_env(num_players=2)   # Parallel API (turn-based: one agent acts per step)
    raw = mlem_v0.raw_env(num_players=2)        # the bare AEC environment

Keyword arguments: num_players, variants, reward, render_mode, max_cycles, exclude_actions, and
the game's options (see `cosmotable.envs.pettingzoo`).
"""

from __future__ import annotations

from typing import Any

from cosmotable.envs.pettingzoo import CosmotableAECEnv, make_env, make_parallel_env, make_raw_env

GAME_ID = "mlem"


def raw_env(**kwargs: Any) -> CosmotableAECEnv:
    return make_raw_env(GAME_ID, **kwargs)


def env(**kwargs: Any):
    return make_env(GAME_ID, **kwargs)


def parallel_env(**kwargs: Any):
    return make_parallel_env(GAME_ID, **kwargs)
