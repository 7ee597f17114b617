"""What the PettingZoo and Gymnasium adapters share: a game session with internal chance, and rewards.

A `Session` owns one engine state, the game's `Encoding` and the adapter's seeded RNG. Chance nodes
are resolved with that RNG as soon as they come up, so a session is only ever at a seat's decision
or at the end. Everything goes through the engine API (`new_state`, `legal_actions`, `apply`,
`sample_chance`, `view`, `scores`, `winners`).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any

import numpy as np

from cosmotable import games
from cosmotable.engine import TERMINAL, State
from cosmotable.envs.encodings import Encoding, encoding_for

REWARDS = ("score_difference", "win", "score")
#: Observation values lie in [0, OBS_HIGH] (most in [0, 1]; scores are scaled, not clipped).
OBS_HIGH = 100.0
#: The most bytes of masks one session keeps by their legal actions (`Session._build_mask`):
#: 2 MiB are 670 masks of MLEM's 3,126 actions (a 2-player game offers ~330 distinct lists).
MASK_MEMO_BYTES = 2 * 1024 * 1024


def final_rewards(state: State, reward: str) -> list[float]:
    """Per-seat reward at the end of a game.

    * `score_difference` (default): own final score minus the best score among the other seats.
    * `win`: +1 for the only winner, 0 for each of several seats sharing the best score, -1 otherwise.
    * `score`: own final score.
    """
    scores = state.scores()
    n = len(scores)
    if reward == "score":
        return [float(s) for s in scores]
    if reward == "score_difference":
        return [float(scores[s] - max(scores[o] for o in range(n) if o != s)) for s in range(n)]
    if reward == "win":
        winners = state.winners()
        return [(1.0 if len(winners) == 1 else 0.0) if s in winners else -1.0 for s in range(n)]
    raise ValueError(f"unknown reward {reward!r}; rewards: {', '.join(REWARDS)}")


def rewards_from_scores(scores: list[int], reward: str) -> list[float]:
    """`final_rewards` for scores of a game cut off before its end (no winners by the rules yet):
    `win` counts the best scores as they stand (+1 for one such seat, 0 each when shared)."""
    n = len(scores)
    if reward == "score":
        return [float(s) for s in scores]
    if reward == "score_difference":
        return [float(scores[s] - max(scores[o] for o in range(n) if o != s)) for s in range(n)]
    if reward == "win":
        best = max(scores)
        winners = [s for s in range(n) if scores[s] == best]
        return [(1.0 if len(winners) == 1 else 0.0) if s in winners else -1.0 for s in range(n)]
    raise ValueError(f"unknown reward {reward!r}; rewards: {', '.join(REWARDS)}")


def check_reward(reward: str) -> str:
    if reward not in REWARDS:
        raise ValueError(f"unknown reward {reward!r}; rewards: {', '.join(REWARDS)}")
    return reward


class Session:
    """One game of `game_id` with chance resolved internally from a seeded RNG.

    Observations and the mask are built lazily, once per state: `observe(seat)` and `mask()` are
    cached until the next action (`version` counts the changes), so an adapter may ask for them as
    often as its API does (PettingZoo's `last()`, `observe()`, the step's legality check) at the
    cost of one build. And incrementally: each seat's last vector is kept with the number of events
    the state had then, and the next `observe(seat)` hands the encoding only the events since
    (`Encoding.update_observation`), so a game rewrites just what those events can have changed.
    Each call hands out its own copy (users keep what they are given: Gymnasium's checker requires
    that no two calls share an array), which costs a microsecond.

    `decisions` counts the seats' decisions applied in this session (chance left out), for
    throughput figures (benchmarks/env_speed.py).

    `exclude(texts)` keeps actions out of the mask, e.g. Planet's claim (docs/observations.md);
    they stay legal for the rules, so an excluded action that is the only legal one is offered
    anyway rather than leaving a seat without a move.
    """

    def __init__(
        self,
        game_id: str,
        num_players: int,
        variants: Iterable[str] = (),
        options: Mapping[str, Any] | None = None,
    ):
        self.game = games.get(game_id)
        self.num_players = num_players
        self.variants = tuple(sorted(variants))
        self.options = dict(options or {})
        self.config = self.game.make_config(num_players, self.variants, **self.options)
        self.encoding: Encoding = encoding_for(game_id, self.config)
        self.excluded = np.zeros(0, dtype=np.int64)
        self.rng = random.Random()
        self.state: State = self.game.state_from_config(self.config, 0)
        self.version = 0
        self._observations: dict[int, np.ndarray] = {}
        # seat -> (its last observation vector, len(state.events) when it was written, the
        # encoding's memo for that vector)
        self._latest: dict[int, tuple[np.ndarray, int, dict[str, Any]]] = {}
        self.decisions = 0
        self._mask: np.ndarray | None = None
        # index -> the legal action object the mask was built from (None: several share the index),
        # so that applying an index hands the engine the very object it offered (no re-validation).
        self._offered: dict[int, Any] = {}
        self._num_actions = self.encoding.num_actions
        self._no_moves = np.zeros(self._num_actions, dtype=np.int8)
        # ids of a state's legal action objects -> (those objects, kept alive so that their ids
        # stay theirs; the read-only mask; the `_offered` map): see `_build_mask`.
        self._masks: dict[tuple[int, ...], tuple[list[Any], np.ndarray, dict[int, Any]]] = {}
        # Only where an action's index depends on the action alone: a game whose encoding names
        # actions relative to the table (Kosmodrom's rocket slots) may index one object
        # differently at two states.
        self._masks_room = (
            MASK_MEMO_BYTES // max(1, self.encoding.num_actions)
            if type(self.encoding).action_to_index is Encoding.action_to_index
            else 0
        )
        # The seat to act (or TERMINAL) at this version, asked of the state once per change.
        self._player: int | None = None

    def exclude(self, texts: Iterable[str]) -> None:
        """Keep these actions (text forms of the encoding, e.g. "claim") out of the mask."""
        indices = []
        for text in texts:
            try:
                indices.append(self.encoding.action_to_index(text))
            except (KeyError, ValueError) as exc:
                raise ValueError(
                    f"cannot exclude {text!r}: it is not an action of {self.game.id}'s encoding ({exc})"
                ) from None
        self.excluded = np.array(sorted(set(indices)), dtype=np.int64)
        self._mask = None
        self._masks = {}  # built with the old exclusions

    def seed(self, seed: int | None) -> None:
        self.rng = random.Random(seed)

    def new_game(self) -> None:
        self.state = self.game.state_from_config(self.config, self.rng.randrange(2**31))
        self._latest = {}
        self.resolve_chance()
        self._changed()

    def _changed(self) -> None:
        self.version += 1
        self._observations = {}
        self._mask = None
        self._offered = {}
        self._player = None

    def resolve_chance(self) -> None:
        while self.state.is_chance_node():
            self.state.sample_chance(self.rng)

    def to_act(self) -> int:
        player = self._player
        if player is None:
            player = self._player = self.state.current_player()
        return player

    def is_over(self) -> bool:
        return self.to_act() == TERMINAL

    def mask(self, seat: int | None = None) -> np.ndarray:
        """Legal decisions of the seat to act (all zeros for any other seat and at the end)."""
        player = self.to_act()
        if player == TERMINAL or (seat is not None and seat != player):
            return self._no_moves.copy()
        mask = self._mask
        if mask is None:
            mask = self._mask = self._build_mask()
        return mask.copy()

    def _build_mask(self) -> np.ndarray:
        """The mask of this state, read-only (handed out only as copies), and `_offered`.

        Games whose rules hand out shared action objects (MLEM) offer the same few hundred lists
        of them again and again, so a mask is kept by the ids of its legal actions (the entry
        keeps the objects alive, so no other object can take their ids) and a state that offers
        the same objects in the same order gets it without a look at the encoding: a tuple of
        ids and a dict lookup instead of the indices, the item writes and the `_offered` map. The
        memo holds at most MASK_MEMO_BYTES of masks; past that (games that build new action
        objects at every state: Kosmodrom, Planet) masks are built as before and not kept."""
        state = self.state
        legal = state.legal_actions()
        key = tuple(map(id, legal))
        known = self._masks.get(key)
        if known is not None:
            self._offered = known[2]
            return known[1]
        indices = self.encoding.action_indices(legal, state)  # raises before anything changes
        mask = np.zeros(self.encoding.num_actions, dtype=np.int8)
        # Item writes through a memoryview: indexing with a short Python list was ~7x slower
        # (MLEM has ~3 legal actions of 3,126).
        items: Any = memoryview(mask)
        offered: dict[int, Any] = {}
        for index, action in zip(indices, legal, strict=True):
            items[index] = 1
            offered[index] = None if index in offered else action
        if len(self.excluded):
            kept = mask.copy()
            kept[self.excluded] = 0
            if kept.any():
                mask = kept
        mask.flags.writeable = False
        self._offered = offered
        if len(self._masks) < self._masks_room:
            self._masks[key] = (legal, mask, offered)
        return mask

    def observe(self, seat: int) -> np.ndarray:
        obs = self._observations.get(seat)
        if obs is None:
            state = self.state
            events = state.events
            latest = self._latest.get(seat)
            if latest is None or latest[1] > len(events):
                obs, memo = np.zeros(self.encoding.observation_size, dtype=np.float32), {}
                self.encoding.update_observation(obs, state, seat, None, memo)
            else:
                obs, seen, memo = latest
                self.encoding.update_observation(obs, state, seat, events[seen:], memo)
            self._latest[seat] = (obs, len(events), memo)
            self._observations[seat] = obs
        return obs.copy()

    def is_legal_index(self, index: int) -> bool:
        index = int(index)
        if self.to_act() == TERMINAL or not 0 <= index < self._num_actions:
            return False
        mask = self._mask
        if mask is None:
            mask = self._mask = self._build_mask()
        return bool(mask[index])

    def apply_index(self, index: int) -> None:
        action = self._offered.get(int(index))
        if action is None:
            action = self.encoding.index_to_action(int(index), self.state)
        self.apply(action)

    def apply(self, action) -> None:
        state = self.state
        state.apply(action)
        self.decisions += 1
        while state.is_chance_node():  # resolve_chance, inline: this runs at every decision
            state.sample_chance(self.rng)
        self._changed()

    def picture(self, seat: int | None = None, title: str = "") -> np.ndarray:
        """The table drawn from the public view (or `seat`'s view) as RGB pixels."""
        from cosmotable.envs.drawing import draw_view

        view = self.state.public_view() if seat is None else self.state.view(seat)
        return draw_view(self.game.id, view, title)

    def render(self, seat: int | None = None) -> str:
        view = self.state.public_view() if seat is None else self.state.view(seat)
        text = self.encoding.render_view(view)
        if self.state.history:
            text += f"\nlast action: {self.state.history[-1]}"
        return text


def seat_opponents(opponents: list, num_players: int | None, seat: int) -> tuple[list, int]:
    """The opponents of a single-learner env, one per other seat (a single one fills them all), and
    the number of players (default: one more than the opponents); raises on a mismatch."""
    num_players = num_players if num_players is not None else len(opponents) + 1
    if len(opponents) == 1 and num_players > 2:
        opponents = opponents * (num_players - 1)
    if len(opponents) != num_players - 1:
        raise ValueError(f"{num_players} players need {num_players - 1} opponents, got {len(opponents)}")
    if not 0 <= seat < num_players:
        raise ValueError(f"seat must be in 0..{num_players - 1}, got {seat}")
    return opponents, num_players
