"""Compiled vector environments: thousands of games stepped in one call of a game's batch engine.

    from cosmotable.envs.vector import CompiledVectorEnv
    env = CompiledVectorEnv("mlem", num_envs=1024, opponents=["heuristic"])
    obs, info = env.reset(seed=7)               # sub-env i seeded 7 + i (or seed=[...] per sub-env)
    masks = env.action_masks()                  # (num_envs, num_actions) bool
    obs, rewards, terminated, truncated, info = env.step(actions)

A `gymnasium.vector.VectorEnv` with the reference env's spaces, observations, masks and rewards
(envs/gym.py `SingleAgentEnv`; tests/envs/test_vector_mlem.py plays both in lockstep and compares
them at every step): one seat learns, the others are played inside the compiled code until the
learner must act again or the game ends. Opponents: `random`, `heuristic` (the batch engine's,
identical to the `heuristic` bot), or a callable `(obs, mask) -> actions` called once per step with
the observations (the opponent seat's own) and bool masks of every game waiting on it.

Only games whose descriptor names a `vector` part have one (MLEM: sim/batch_mlem/vector.py, base
game and every variant, 2-5 players, the default mat and tokens).

Conventions:

* Autoreset: Gymnasium's next-step mode (`metadata["autoreset_mode"]`): the step that ends a game
  returns its last observation, reward and `terminated`/`truncated`; the next step ignores that
  sub-env's action and returns the first observation of a new game (reward 0).
* Seeds: `reset(seed=s)` seeds sub-env i with s + i (a list gives one per sub-env); its k-th game
  after that is played from `game_seed(seed_i, k)`, so a run is reproducible from its reset seed.
  `env.game_seeds` holds each sub-env's current game seed (`play_reference` replays a game from it).
* Rewards: 0 until the end, then `final_rewards(state, reward)[seat]` (envs/common.py); an action
  outside the mask changes nothing and earns `illegal_penalty` (the reference env's `penalize`),
  with `info["illegal_action"]` True.
* `info["action_mask"]` (int8) and `action_masks()` (bool, sb3-contrib's name) are the masks of the
  learner; all zero in a sub-env whose game is over.
* The arrays handed out (observations, masks, rewards, flags) are the env's own and are rewritten
  by the next step: copy what you keep (`copy=True` copies them for you).

`BatchParallelEnv` is the multi-agent form, every seat a learner (PettingZoo's parallel API over
arrays).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from cosmotable import games
from cosmotable.envs.common import OBS_HIGH, check_reward, seat_opponents

#: A batched opponent: (observations, bool masks) of the games waiting on it -> an action each.
Policy = Callable[[np.ndarray, np.ndarray], Sequence[int] | np.ndarray]


def backend_module(game_id: str) -> Any:
    """The game's compiled vector backend (the `vector` part of its descriptor)."""
    module = games.descriptor(game_id).load("vector")
    if module is None:
        raise KeyError(
            f"{game_id} has no compiled vector environment (its descriptor names no 'vector' part)"
        )
    return module


def sub_env_seeds(seed: int | Sequence[int] | None, num_envs: int, rng: np.random.Generator) -> np.ndarray:
    """One seed per sub-env: seed + i, the list given, or drawn from `rng`."""
    if seed is None:
        return rng.integers(0, 2**63, size=num_envs, dtype=np.uint64)
    if isinstance(seed, int | np.integer):
        if seed < 0:
            raise ValueError(f"seed must be >= 0, got {seed}")
        return np.arange(num_envs, dtype=np.uint64) + np.uint64(seed)
    seeds = np.asarray(list(seed), dtype=np.int64)
    if seeds.shape != (num_envs,) or (seeds < 0).any():
        raise ValueError(f"seed: an int >= 0 or {num_envs} of them (one per sub-env), got {seed!r}")
    return seeds.astype(np.uint64)


class CompiledVectorEnv(gymnasium.vector.VectorEnv):
    """`num_envs` games of `game_id`, seat `seat` learning, `opponents` in the other seats (one name
    or callable per other seat, or one for all)."""

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP}  # noqa: RUF012 (gymnasium's class attribute)

    def __init__(
        self,
        game_id: str = "mlem",
        num_envs: int = 1024,
        seat: int = 0,
        opponents: Sequence[str | Policy] = ("heuristic",),
        num_players: int | None = None,
        variants: Iterable[str] = (),
        reward: str = "score_difference",
        illegal_penalty: float = -1.0,
        max_steps: int | None = None,
        copy: bool = False,
    ):
        opponents, num_players = seat_opponents(list(opponents), num_players, seat)
        callbacks = [o for o in opponents if callable(o)]
        if len({id(c) for c in callbacks}) > 1:
            raise ValueError("one callable serves every callback seat (it sees each seat's own observation)")
        names = [o if isinstance(o, str) else "callback" for o in opponents]
        if not set(names) <= {"random", "heuristic"} | {"callback"}:
            raise ValueError(
                f"opponents: 'random', 'heuristic' or a callable (obs, mask) -> actions; got {names}"
            )
        seats = names[:seat] + ["learner"] + names[seat:]
        module = backend_module(game_id)
        self.game_id, self.seat, self.num_players = game_id, seat, num_players
        self.reward_kind = check_reward(reward)
        self.copy = copy
        self.backend = module.VectorBackend(
            num_envs,
            num_players,
            tuple(variants),
            seats,
            [seat],
            reward=reward,
            callback=callbacks[0] if callbacks else None,
            max_steps=max_steps if max_steps is not None else 1 << 62,
            illegal_penalty=illegal_penalty,
        )
        self._game_seed = module.game_seed
        self.num_envs = num_envs
        self.single_observation_space = spaces.Box(
            0.0, OBS_HIGH, shape=(self.backend.obs_size,), dtype=np.float32
        )
        self.single_action_space = spaces.Discrete(self.backend.num_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)

    # ------------------------------------------------------------------ gymnasium API
    def reset(self, *, seed: int | Sequence[int] | None = None, options: dict | None = None):
        if seed is not None and not isinstance(seed, int | np.integer):
            super().reset(seed=None)
        else:
            super().reset(seed=seed)
        self.backend.reset(sub_env_seeds(seed, self.num_envs, self.np_random))
        return self._out(self.backend.obs[0]), self._info()

    def step(self, actions):
        b = self.backend
        b.step(actions)
        return (
            self._out(b.obs[0]),
            self._out(b.rewards[0]),
            self._out(b.terminated),
            self._out(b.truncated),
            self._info(),
        )

    def action_masks(self) -> np.ndarray:
        """(num_envs, num_actions) bool: the learner's legal actions now (sb3-contrib's name)."""
        return self._out(self.backend.mask[0].view(np.bool_))

    @property
    def game_seeds(self) -> np.ndarray:
        """Each sub-env's current game seed (the counter stream's; see the module doc)."""
        return self.backend.seeds.copy()

    def _out(self, array: np.ndarray) -> np.ndarray:
        return array.copy() if self.copy else array

    def _info(self) -> dict[str, Any]:
        b = self.backend
        info: dict[str, Any] = {"action_mask": self._out(b.mask[0]), "illegal_action": self._out(b.illegal)}
        if b.terminated.any():
            info["scores"] = b.scores()
            info["_scores"] = b.terminated.copy()
        return info


class BatchParallelEnv:
    """Every seat a learner, `num_envs` games at once: PettingZoo's parallel API with arrays.

    Agents are `player_0` .. `player_{n-1}` (engine seats). In each game one seat acts at a time:
    `acting[i]` is that seat (-1 once the game is over), and only its row of
    `infos[agent]["action_mask"]` is non-zero. `step` takes a dict agent -> (num_envs,) actions
    and uses, in each game, the acting agent's entry. Observations are each agent's own
    (seat-relative) vector in every game; rewards are 0 until a game ends, then each seat's final
    reward. Next-step autoreset and seeds as `CompiledVectorEnv`. The arrays are the env's own.
    """

    def __init__(
        self,
        game_id: str = "mlem",
        num_envs: int = 256,
        num_players: int = 2,
        variants: Iterable[str] = (),
        reward: str = "score_difference",
        illegal_penalty: float = -1.0,
    ):
        module = backend_module(game_id)
        check_reward(reward)
        self.backend = module.VectorBackend(
            num_envs,
            num_players,
            tuple(variants),
            ["learner"] * num_players,
            list(range(num_players)),
            reward=reward,
            illegal_penalty=illegal_penalty,
        )
        self.num_envs = num_envs
        self.possible_agents = [f"player_{s}" for s in range(num_players)]
        self.agents = list(self.possible_agents)
        size, n_act = self.backend.obs_size, self.backend.num_actions
        self.observation_spaces = {
            a: spaces.Box(0.0, OBS_HIGH, shape=(size,), dtype=np.float32) for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(n_act) for a in self.possible_agents}
        self._rng = np.random.default_rng()

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    @property
    def acting(self) -> np.ndarray:
        """(num_envs,) the seat to act in each game (-1: over, a new game starts at the next step)."""
        return self.backend.to_act

    def reset(self, seed: int | Sequence[int] | None = None, options: dict | None = None):
        if isinstance(seed, int | np.integer):
            self._rng = np.random.default_rng(seed)
        self.backend.reset(sub_env_seeds(seed, self.num_envs, self._rng))
        return self._observations(), self._infos()

    def step(self, actions: dict[str, np.ndarray]):
        b = self.backend
        table = np.zeros((len(self.possible_agents), self.num_envs), dtype=np.int64)
        for s, agent in enumerate(self.possible_agents):
            if agent in actions:
                table[s] = actions[agent]
        acting = np.maximum(b.to_act, 0)
        b.step(table[acting, np.arange(self.num_envs)])
        rewards = {a: b.rewards[s] for s, a in enumerate(self.possible_agents)}
        terminations = {a: b.terminated for a in self.possible_agents}
        truncations = {a: b.truncated for a in self.possible_agents}
        return self._observations(), rewards, terminations, truncations, self._infos()

    def action_masks(self, agent: str) -> np.ndarray:
        return self.backend.mask[self.possible_agents.index(agent)].view(np.bool_)

    def _observations(self) -> dict[str, np.ndarray]:
        return {a: self.backend.obs[s] for s, a in enumerate(self.possible_agents)}

    def _infos(self) -> dict[str, dict[str, np.ndarray]]:
        b = self.backend
        return {
            a: {"action_mask": b.mask[s], "acting": b.to_act == s, "illegal_action": b.illegal}
            for s, a in enumerate(self.possible_agents)
        }
