"""PettingZoo environments for the Cosmotable games, laid out like PettingZoo's own environments.

    from cosmotable.envs.pettingzoo import mlem_v0          # also kosmodrom_v0, planet_v0
    env = mlem_v0.env(num_players=3, variants=("ufo",), render_mode="ansi")
    env.reset(seed=7)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        action = None if termination or truncation else pick(obs["observation"], obs["action_mask"])
        env.step(action)

    parallel = mlem_v0.parallel_env(num_players=3)           # turn_based_aec_to_parallel
    raw = mlem_v0.raw_env(num_players=3)                     # without the order-enforcing wrapper

Agents are `player_0` .. `player_{n-1}` (engine seats 0..n-1). Actions are indices of the game's
encoding (`env.unwrapped.encoding.actions[i]` is the text form); observations are dicts with
`observation` (float32 vector from what the seat may see, seat-relative; docs/observations.md) and
`action_mask` (int8, all zeros except for the agent to act). Chance (dice, draws) is resolved
inside the environment with its RNG, seeded by `reset(seed=...)`. Rewards come only at the end (see
`cosmotable.envs.common.final_rewards`). An illegal action raises ValueError naming the legal ones.

Episode ends:

* the rules end the game: `terminations` all True, final rewards, `infos[agent]` has `scores` and
  `winners`;
* a game's length cap (`max_turns` of Kosmodrom and Planet) ends it: `truncations` all True
  instead, with the same final rewards (the rules score the table as it stands) and
  `infos[agent]["truncated"]` saying why;
* `max_cycles`: after `max_cycles * num_players` decisions (every seat acting `max_cycles` times on
  average) the game is cut off unfinished: `truncations` all True, rewards 0, and the reason in
  `infos[agent]["truncated"]` (no scores: they would show hidden points).

`state()` is the global state of PettingZoo's API: the observation vector of the public view (what
a spectator sees, seat 0 first), in `state_space`; it holds no hidden information.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.conversions import turn_based_aec_to_parallel

from cosmotable.engine import TERMINAL
from cosmotable.envs.common import OBS_HIGH, Session, check_reward, final_rewards
from cosmotable.envs.render import render_as

RENDER_MODES = ["ansi", "rgb_array", "human"]


class CosmotableAECEnv(AECEnv):
    """One Cosmotable game as a PettingZoo AEC environment (turn-based, chance inside)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": RENDER_MODES,
        "name": "cosmotable_v0",
        "is_parallelizable": True,
        "render_fps": 2,
    }

    def __init__(
        self,
        game_id: str,
        num_players: int = 2,
        variants: Iterable[str] = (),
        reward: str = "score_difference",
        render_mode: str | None = None,
        options: Mapping[str, Any] | None = None,
        max_cycles: int | None = None,
        exclude_actions: Iterable[str] = (),
    ):
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be None or one of {RENDER_MODES}, got {render_mode!r}")
        if max_cycles is not None and (type(max_cycles) is not int or max_cycles < 1):
            raise ValueError(
                f"max_cycles must be a whole number >= 1 (or None for no limit), got {max_cycles!r}"
            )
        self.metadata = dict(self.metadata, name=f"{game_id}_v0")
        self.game_id = game_id
        self.reward_kind = check_reward(reward)
        self.render_mode = render_mode
        self.max_cycles = max_cycles
        self.session = Session(game_id, num_players, variants, options)
        self.session.exclude(exclude_actions)
        self.encoding = self.session.encoding
        self.possible_agents = [f"player_{s}" for s in range(num_players)]
        self.agents = list(self.possible_agents)
        self._seat = {agent: s for s, agent in enumerate(self.possible_agents)}
        n_act, n_obs = self.encoding.num_actions, self.encoding.observation_size
        self.action_spaces = {a: spaces.Discrete(n_act) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, OBS_HIGH, shape=(n_obs,), dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, shape=(n_act,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.state_space = spaces.Box(0.0, OBS_HIGH, shape=(n_obs,), dtype=np.float32)
        self._seeded = False
        self._decisions = 0
        self._reset_bookkeeping()

    # ------------------------------------------------------------------ spaces
    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ AEC API
    def _reset_bookkeeping(self) -> None:
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]
        self._decisions = 0

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None or not self._seeded:
            self.session.seed(seed)
            self._seeded = True
        self.session.new_game()
        self._reset_bookkeeping()
        self._after_move()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        session = self.session
        return {"observation": session.observe(seat), "action_mask": session.mask(seat)}

    def state(self) -> np.ndarray:
        """The global state: the public view's observation vector (no hidden information)."""
        engine_state = self.session.state
        return self.encoding.observe(engine_state.public_view(), 0)

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        session = self.session
        index = None if action is None else int(action)
        if index is None or not session.is_legal_index(index):
            legal = np.flatnonzero(session.mask())
            raise ValueError(
                f"illegal action {action!r} for {agent}; legal indices: {legal[:12].tolist()}"
                f"{' ...' if len(legal) > 12 else ''} (use the action_mask)"
            )
        # Before the end every reward is 0 (`rewards` is set only by the last step, after which
        # only dead steps follow), so the per-step clearing and accumulating of rewards that
        # PettingZoo's environments do would add zeros to zeros: it is done only at the end.
        self._cumulative_rewards[agent] = 0.0
        session.apply_index(index)
        self._decisions += 1
        if self._after_move():
            self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _after_move(self) -> bool:
        """Select the next agent, or end the episode (rewards, infos); True when it ended."""
        session = self.session
        player = session.to_act()  # asked of the state once per step (the session keeps it)
        if player == TERMINAL:
            state = session.state
            self.rewards = dict.fromkeys(self.agents, 0.0)
            for seat, r in enumerate(final_rewards(state, self.reward_kind)):
                self.rewards[self.possible_agents[seat]] = r
            cap = self.encoding.cap_reason(state)
            ended = dict.fromkeys(self.agents, True)
            if cap is None:
                self.terminations = ended
            else:
                self.truncations = ended
            for agent in self.agents:
                self.infos[agent] = {"scores": state.scores(), "winners": state.winners()}
                if cap is not None:
                    self.infos[agent]["truncated"] = cap
            return True
        self.agent_selection = self.possible_agents[player]
        if self.max_cycles is not None and self._decisions >= self.max_cycles * len(self.possible_agents):
            self.truncations = dict.fromkeys(self.agents, True)
            reason = (
                f"max_cycles: {self._decisions} decisions ({self.max_cycles} per seat on average) "
                "before the end of the game"
            )
            for agent in self.agents:
                self.infos[agent] = {"truncated": reason}
            return True
        return False

    def render(self) -> str | np.ndarray | None:
        title = f"{self.session.game.name}: spectator's view"
        return render_as(self.render_mode, self.session.render, lambda: self.session.picture(None, title))

    def close(self) -> None:
        pass

    # ------------------------------------------------------------------ helpers
    @property
    def engine_state(self):
        """The engine state (for tools and tests; agents should use `observe`). Named so that
        PettingZoo's `state()` (the global state) stays free."""
        return self.session.state

    def action_text(self, index: int) -> str:
        return self.encoding.actions[int(index)]


def make_raw_env(game_id: str, **kwargs: Any) -> CosmotableAECEnv:
    """The bare AEC environment of `game_id` (keyword arguments as `CosmotableAECEnv`; any other
    keyword is one of the game's options, e.g. Planet's `max_turns`)."""
    known = {"num_players", "variants", "reward", "render_mode", "options", "max_cycles", "exclude_actions"}
    options = dict(kwargs.pop("options", None) or {})
    options.update({k: kwargs.pop(k) for k in list(kwargs) if k not in known})
    return CosmotableAECEnv(game_id, options=options, **kwargs)


def make_env(game_id: str, **kwargs: Any):
    """`make_raw_env` wrapped as PettingZoo's own environments are: an out-of-bounds action and a
    wrong call order (step before reset) fail with PettingZoo's messages."""
    env = make_raw_env(game_id, **kwargs)
    env = wrappers.AssertOutOfBoundsWrapper(env)
    return wrappers.OrderEnforcingWrapper(env)


def make_parallel_env(game_id: str, **kwargs: Any):
    """The Parallel API version: one agent acts per step (the others' actions are ignored)."""
    return turn_based_aec_to_parallel(make_env(game_id, **kwargs))


def env(game_id: str = "mlem", **kwargs: Any):
    """Any encoded game by id: `env("planet", num_players=3, max_turns=200)`."""
    return make_env(game_id, **kwargs)
