"""Gymnasium single-agent wrapper: one seat learns, the other seats are Cosmotable bots.

    from cosmotable.envs.gym import SingleAgentEnv
    env = SingleAgentEnv("mlem", seat=0, opponents=["heuristic"])
    obs, info = env.reset(seed=1)
    mask = info["action_mask"]          # int8, 1 for each legal action index
    obs, reward, terminated, truncated, info = env.step(action)

The observation is the game's fixed-length float32 vector from `state.view(seat)` (seat-relative;
docs/observations.md); actions are indices of the game's encoding. Opponents are made with
`cosmotable.bots.make_bot(name, seed)` (or passed as Bot objects) and move, like chance, inside
`step`. The reward is 0 until the end, then `final_rewards(state, reward)[seat]`.

An action outside the mask is handled by `illegal_action`: "penalize" (default: reward
`illegal_penalty`, the state does not change, `info["illegal_action"]` is True), "random" (a random
legal action is played instead) or "raise".

Ends: the rules end the game -> `terminated`; a game's length cap (`max_turns` of Kosmodrom and
Planet: the rules then score the table as it stands, and that is the reward) or `max_steps` of the
learner -> `truncated`, with the reason in `info["truncated"]`. `exclude_actions` (text forms, e.g.
`("claim",)` for Planet) keeps actions out of the mask. Render modes: `ansi` (text), `rgb_array`
(the table drawn from the learning seat's view, `cosmotable.envs.drawing`) and `human` (printed).

Ids registered with `gymnasium.make` on import of `cosmotable.envs` (when gymnasium is installed):
`cosmotable/Mlem-v0`, `cosmotable/Kosmodrom-v0`, `cosmotable/Planet-v0` (keyword arguments as
`SingleAgentEnv`); `gymnasium.make_vec(id, num_envs=8, vectorization_mode="vector_entry_point")`
gives a `CosmotableVectorEnv`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import SyncVectorEnv

from cosmotable.bots import Bot, make_bot
from cosmotable.engine import TERMINAL
from cosmotable.envs.common import OBS_HIGH, Session, check_reward, final_rewards, seat_opponents
from cosmotable.envs.render import render_as

ILLEGAL_MODES = ("penalize", "random", "raise")


class SingleAgentEnv(gymnasium.Env):
    """`game_id` with one learning seat; `len(opponents)` bots fill the other seats."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi", "rgb_array", "human"], "render_fps": 4}

    def __init__(
        self,
        game_id: str = "mlem",
        seat: int = 0,
        opponents: Sequence[str | Bot] = ("heuristic",),
        num_players: int | None = None,
        variants: Iterable[str] = (),
        reward: str = "score_difference",
        render_mode: str | None = None,
        illegal_action: str = "penalize",
        illegal_penalty: float = -1.0,
        max_steps: int | None = None,
        options: Mapping[str, Any] | None = None,
        exclude_actions: Iterable[str] = (),
    ):
        super().__init__()
        opponents, num_players = seat_opponents(list(opponents), num_players, seat)
        if illegal_action not in ILLEGAL_MODES:
            raise ValueError(f"illegal_action must be one of {ILLEGAL_MODES}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or one of {self.metadata['render_modes']}")
        self.game_id = game_id
        self.seat = seat
        self.reward_kind = check_reward(reward)
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        self.illegal_penalty = float(illegal_penalty)
        self._opponent_specs = opponents
        self.session = Session(game_id, num_players, variants, options)
        self.session.exclude(exclude_actions)
        self.encoding = self.session.encoding
        self.max_steps = max_steps if max_steps is not None else self.encoding.max_game_length()
        self.action_space = spaces.Discrete(self.encoding.num_actions)
        self.observation_space = spaces.Box(
            0.0, OBS_HIGH, shape=(self.encoding.observation_size,), dtype=np.float32
        )
        self.opponents: dict[int, Bot] = {}
        self._steps = 0
        self._seeded = False

    # ------------------------------------------------------------------ gymnasium API
    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        if seed is not None or not self._seeded:
            self.session.seed(seed if seed is not None else int(self.np_random.integers(2**31)))
            self._seeded = True
        self._make_opponents()
        self.session.new_game()
        self._steps = 0
        over = self._play_opponents() == TERMINAL
        return self._obs(), self._info(over=over)

    def step(self, action):
        session = self.session
        if session.is_over():
            raise RuntimeError("the episode is over: call reset()")
        self._steps += 1
        index = int(action)
        illegal = not session.is_legal_index(index)
        if illegal:
            if self.illegal_action == "raise":
                raise ValueError(f"illegal action {action!r}; use info['action_mask']")
            if self.illegal_action == "penalize":
                truncated = self._steps >= self.max_steps
                info = self._info(illegal_action=True)
                if truncated:
                    info["truncated"] = f"max_steps: {self.max_steps} steps of the learning seat"
                return self._obs(), self.illegal_penalty, False, truncated, info
            index = int(session.rng.choice(np.flatnonzero(session.mask()).tolist()))
        session.apply_index(index)
        over = self._play_opponents() == TERMINAL
        reward = final_rewards(session.state, self.reward_kind)[self.seat] if over else 0.0
        info = self._info(illegal_action=illegal, over=over)
        cap = self.encoding.cap_reason(session.state) if over else None
        truncated = cap is not None or (not over and self._steps >= self.max_steps)
        if cap is not None:
            info["truncated"] = cap
        elif truncated:
            info["truncated"] = f"max_steps: {self.max_steps} steps of the learning seat"
        if self.render_mode == "human":
            self.render()
        return self._obs(), float(reward), over and cap is None, truncated, info

    def render(self) -> str | np.ndarray | None:
        title = f"{self.session.game.name}: seat {self.seat}'s view"
        return render_as(
            self.render_mode,
            lambda: self.session.render(self.seat),
            lambda: self.session.picture(self.seat, title),
        )

    def close(self) -> None:
        pass

    # ------------------------------------------------------------------ helpers
    def action_masks(self) -> np.ndarray:
        """The legal-action mask (the name sb3-contrib's MaskablePPO looks for)."""
        return self.session.mask(self.seat).astype(bool)

    @property
    def engine_state(self):
        """The engine state (tools and tests; the learner sees only the observation)."""
        return self.session.state

    def _make_opponents(self) -> None:
        base = self.session.rng.randrange(2**31)
        others = [s for s in range(self.session.num_players) if s != self.seat]
        self.opponents = {}
        for i, (seat, spec) in enumerate(zip(others, self._opponent_specs, strict=True)):
            self.opponents[seat] = spec if isinstance(spec, Bot) else make_bot(spec, seed=base + i)

    def _play_opponents(self) -> int:
        """The bots' moves until the learning seat's turn or the end; returns the seat to act
        then (`seat` or TERMINAL)."""
        session, seat, opponents = self.session, self.seat, self.opponents
        while True:
            # Asked once per state (the session keeps it for the mask and the end check); never
            # CHANCE: the session resolves chance at once.
            player = session.to_act()
            if player == seat or player == TERMINAL:
                return player
            session.apply(opponents[player].act(session.state))

    def _obs(self) -> np.ndarray:
        return self.session.observe(self.seat)

    def _info(self, illegal_action: bool = False, over: bool | None = None) -> dict[str, Any]:
        """The step's info; `over`: whether the game is over, when the caller knows it."""
        session = self.session
        info: dict[str, Any] = {"action_mask": session.mask(self.seat), "illegal_action": illegal_action}
        if session.is_over() if over is None else over:
            info["scores"] = session.state.scores()
            info["winners"] = session.state.winners()
        return info


class CosmotableVectorEnv(SyncVectorEnv):
    """`num_envs` copies of `SingleAgentEnv` stepped in this process, for `gymnasium.vector` users
    (next-step autoreset, observations batched into one (num_envs, size) array that is reused
    between steps: copy it to keep it). `action_masks()` batches the masks (sb3-contrib's name)."""

    def __init__(self, game_id: str = "mlem", num_envs: int = 4, **kwargs: Any):
        if type(num_envs) is not int or num_envs < 1:
            raise ValueError(f"num_envs must be a whole number >= 1, got {num_envs!r}")
        super().__init__([lambda: SingleAgentEnv(game_id, **kwargs) for _ in range(num_envs)], copy=False)

    def action_masks(self) -> np.ndarray:
        """(num_envs, num_actions) bool: each copy's legal actions now (all False for a copy that
        resets on the next step)."""
        return np.stack([env.unwrapped.action_masks() for env in self.envs])


def register_envs() -> list[str]:
    """Register the Gymnasium ids (see `cosmotable.envs.register_gymnasium`; already done on import)."""
    from cosmotable.envs import register_gymnasium

    return register_gymnasium()
