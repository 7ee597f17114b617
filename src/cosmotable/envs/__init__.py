"""Research environments: PettingZoo (AEC), Gymnasium (single agent) and OpenSpiel adapters.

Every adapter speaks only the engine API plus a per-game encoding (`cosmotable.envs.encodings`):
a fixed enumeration of decision actions and chance outcomes and a fixed-length observation vector
built from `state.view(seat)` alone. Submodules are imported on demand so that the optional
dependencies (numpy, gymnasium, pettingzoo, open_spiel: `pip install cosmotable[rl]`) are needed only
by the adapter in use:

* `cosmotable.envs.pettingzoo.mlem_v0(...)`, `kosmodrom_v0(...)`, `planet_v0(...)`
* `cosmotable.envs.gym.SingleAgentEnv("mlem", seat=0, opponents=["heuristic"])`
* `cosmotable.envs.openspiel.register()` then `pyspiel.load_game("python_cosmotable_mlem(players=3)")`
  (also `python_cosmotable_kosmodrom`, `python_cosmotable_planet(players=2,max_turns=30)`)

The observation layouts are documented in docs/observations.md.
"""
