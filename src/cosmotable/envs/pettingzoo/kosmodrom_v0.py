"""Kosmodrom (Космо Дром), 2-4 players; variants quick, slow, negotiation, superpowers; option max_turns
(the safety cap on turns: reaching it is a truncation).

    from cosmotable.envs.pettingzoo import kosmodrom_v0
    env = kosmodrom_v0.env(num_players=2)            # AEC, wrapped like PettingZoo's own environments
    par = kosmodrom_v0.parallel_env(num_players=2)   # Parallel API (turn-based: one agent acts per step)
    raw = kosmodrom_v0.raw_env(num_players=2)        # the bare AEC environment

Keyword arguments: num_players, variants, reward, render_mode, max_cycles, exclude_actions, and
the game's options (see `cosmotable.envs.pettingzoo`).
"""

from __future__ import annotations

from typing import Any

from cosmotable.envs.pettingzoo import CosmotableAECEnv, make_env, make_parallel_env, make_raw_env

GAME_ID = "kosmodrom"


def raw_env(**kwargs: Any) -> CosmotableAECEnv:
    return make_raw_env(GAME_ID, **kwargs)


def env(**kwargs: Any):
    return make_env(GAME_ID, **kwargs)


def parallel_env(**kwargs: Any):
    return make_parallel_env(GAME_ID, **kwargs)
