"""PettingZoo AEC environments for the Cosmotable games.

    from cosmotable.envs.pettingzoo import mlem_v0
    env = mlem_v0(num_players=3, variants=("ufo",), reward="score_difference", render_mode="ansi")
    env.reset(seed=7)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        action = None if termination or truncation else pick(obs["observation"], obs["action_mask"])
        env.step(action)

Agents are `player_0` .. `player_{n-1}` (engine seats 0..n-1). Actions are indices of the game's
encoding (`env.encoding.actions[i]` is the text form); observations are dicts with `observation`
(float32 vector from `state.view(seat)`, seat-relative; docs/observations.md) and `action_mask`
(int8, all zeros except for the agent to act). Chance (dice, token draws) is resolved inside the
environment with its RNG, seeded by `reset(seed=...)`. Rewards come only at the end (see
`cosmotable.envs.common.final_rewards`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from cosmotable.envs.common import OBS_HIGH, Session, check_reward, final_rewards


class CosmotableAECEnv(AECEnv):
    """One Cosmotable game as a PettingZoo AEC environment (turn-based, chance inside)."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "name": "cosmotable_v0", "is_parallelizable": False}

    def __init__(self, game_id: str, num_players: int = 2, variants: Iterable[str] = (),
                 reward: str = "score_difference", render_mode: str | None = None,
                 options: Mapping[str, Any] | None = None):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or one of {self.metadata['render_modes']}")
        self.metadata = dict(self.metadata, name=f"{game_id}_v0")
        self.game_id = game_id
        self.reward_kind = check_reward(reward)
        self.render_mode = render_mode
        self.session = Session(game_id, num_players, variants, options)
        self.encoding = self.session.encoding
        self.possible_agents = [f"player_{s}" for s in range(num_players)]
        self.agents = list(self.possible_agents)
        self._seat = {agent: s for s, agent in enumerate(self.possible_agents)}
        n_act, n_obs = self.encoding.num_actions, self.encoding.observation_size
        self.action_spaces = {a: spaces.Discrete(n_act) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(0.0, OBS_HIGH, shape=(n_obs,), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(n_act,), dtype=np.int8),
            })
            for a in self.possible_agents
        }
        self._seeded = False
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

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None or not self._seeded:
            self.session.seed(seed)
            self._seeded = True
        self.session.new_game()
        self._reset_bookkeeping()
        self._after_move()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        return {"observation": self.session.observe(seat), "action_mask": self.session.mask(seat)}

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None or not self.session.is_legal_index(int(action)):
            legal = np.flatnonzero(self.session.mask())
            raise ValueError(
                f"illegal action {action!r} for {agent}; legal indices: {legal[:12].tolist()}"
                f"{' ...' if len(legal) > 12 else ''} (use the action_mask)")
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.session.apply_index(int(action))
        self._after_move()
        self._accumulate_rewards()

    def _after_move(self) -> None:
        state = self.session.state
        if state.is_terminal():
            for seat, r in enumerate(final_rewards(state, self.reward_kind)):
                self.rewards[self.possible_agents[seat]] = r
            self.terminations = dict.fromkeys(self.agents, True)
            for agent in self.agents:
                self.infos[agent] = {"scores": state.scores(), "winners": state.winners()}
        else:
            self.agent_selection = self.possible_agents[state.current_player()]

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; pass render_mode='ansi'")
            return None
        return self.session.render()

    def close(self) -> None:
        pass

    # ------------------------------------------------------------------ helpers
    @property
    def state(self):
        """The engine state (for tools and tests; agents should use `observe`)."""
        return self.session.state

    def action_text(self, index: int) -> str:
        return self.encoding.actions[int(index)]


def env(game_id: str = "mlem", **kwargs: Any) -> CosmotableAECEnv:
    return CosmotableAECEnv(game_id, **kwargs)


def mlem_v0(num_players: int = 2, variants: Iterable[str] = (), reward: str = "score_difference",
            render_mode: str | None = None, **options: Any) -> CosmotableAECEnv:
    """MLEM: Space Agency, 2-5 players; variants from ufo, discovery, secret_missions."""
    return CosmotableAECEnv("mlem", num_players, variants, reward, render_mode, options)


def kosmodrom_v0(num_players: int = 2, variants: Iterable[str] = (), reward: str = "score_difference",
                 render_mode: str | None = None, **options: Any) -> CosmotableAECEnv:
    """Kosmodrom (Космо Дром), 2-4 players; variants from quick, slow, negotiation, superpowers."""
    return CosmotableAECEnv("kosmodrom", num_players, variants, reward, render_mode, options)


def planet_v0(num_players: int = 2, variants: Iterable[str] = (), reward: str = "score_difference",
              render_mode: str | None = None, **options: Any) -> CosmotableAECEnv:
    """Planet, 2-4 players; variant teams (4 players); options layout, max_turns."""
    return CosmotableAECEnv("planet", num_players, variants, reward, render_mode, options)
