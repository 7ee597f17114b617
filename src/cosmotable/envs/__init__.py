"""Research environments: PettingZoo (AEC and Parallel), Gymnasium (single agent, vector) and OpenSpiel.

Every adapter speaks only the engine API plus a per-game encoding (`cosmotable.envs.encodings`):
a fixed enumeration of decision actions and chance outcomes and a fixed-length observation vector
built from what a seat may see. Submodules are imported on demand so that the optional
dependencies (numpy, gymnasium, pettingzoo, open_spiel: `pip install cosmotable[rl]`) are needed only
by the adapter in use:

* `from cosmotable.envs.pettingzoo import mlem_v0` then `mlem_v0.env(...)`, `mlem_v0.parallel_env(...)`,
  `mlem_v0.raw_env(...)` (also `kosmodrom_v0`, `planet_v0`)
* `cosmotable.envs.gym.SingleAgentEnv("mlem", seat=0, opponents=["heuristic"])`, or
  `gymnasium.make("cosmotable/Mlem-v0")` (also `cosmotable/Kosmodrom-v0`, `cosmotable/Planet-v0`;
  registered as soon as gymnasium is imported, after `import cosmotable` alone), `gymnasium.make_vec(..., vectorization_mode="vector_entry_point")`
* `cosmotable.envs.openspiel.register()` then `pyspiel.load_game("python_cosmotable_mlem(players=3)")`
  (also `python_cosmotable_kosmodrom(players=2,max_turns=200)`, `python_cosmotable_planet(players=2,max_turns=30)`)

The observation layouts are documented in docs/observations.md.
"""

from __future__ import annotations


def gym_id(game_id: str) -> str:
    """The Gymnasium id of a game: `cosmotable/Mlem-v0` for `mlem`."""
    return f"cosmotable/{game_id.title()}-v0"


def gym_ids() -> dict[str, str]:
    """Gymnasium ids of the games whose descriptor names an encoding (registered on import when
    gymnasium is installed)."""
    from cosmotable import games
    from cosmotable.envs.encodings import has_encoding

    return {game_id: gym_id(game_id) for game_id in games.ids() if has_encoding(game_id)}


def register_gymnasium() -> list[str]:
    """Register the Gymnasium ids (idempotent). The entry points are names, so nothing of the
    adapter is imported until `gymnasium.make` is called."""
    from gymnasium.envs.registration import register, registry

    ids = gym_ids()
    for game_id, env_id in ids.items():
        if env_id not in registry:
            register(
                id=env_id,
                entry_point="cosmotable.envs.gym:SingleAgentEnv",
                vector_entry_point="cosmotable.envs.gym:CosmotableVectorEnv",
                kwargs={"game_id": game_id},
            )
    return list(ids.values())


# Registered when gymnasium is imported (now, if it already is): importing this package, which
# `import cosmotable` does, stays light (`gym_registration`).
from cosmotable.envs.gym_registration import register_when_imported

register_when_imported(register_gymnasium)
