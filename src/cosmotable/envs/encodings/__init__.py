"""Per-game encodings: fixed, finite action and chance enumerations and fixed-length observations.

An `Encoding` is everything an adapter (PettingZoo, Gymnasium, OpenSpiel) needs to know about one
game beyond the engine API:

* `actions`: every decision action the game can ever offer, as stable text forms; the index of an
  action is its position in this tuple (`action_to_index` / `index_to_action`).
* `chance`: every chance outcome the game can ever produce (dice multisets, token ids), indexed the
  same way (`chance_to_index` / `index_to_chance`).
* `observe(view, seat)`: a float32 vector of fixed length built only from `state.view(seat)`,
  seat-relative (the observing seat first). `layout` names every index range (see
  docs/observations.md).
* `action_to_index(action, state)` / `index_to_action(index, state)`: the optional `state` (the state
  the action is offered at) lets a game name actions relative to the table, e.g. Kosmodrom's rocket
  slots (the k-th rocket in play rather than the ever-growing rocket id). Adapters always pass it.
* `redact(state, action, seat)`: the text form of `action` (about to be applied to `state`) as
  `seat` may know it, for perfect-recall information states; hidden parts become `?`, and None
  means the seat does not notice the action at all (e.g. whether a peeked tile needed an orientation).

A game's encoding is a part of the game (`games/<id>/encoding.py`), named `encoding` in its
descriptor: a module defining `encoding_for(config) -> Encoding`. A game without one has no RL
adapters.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from cosmotable import games
from cosmotable.engine import Action, Event, Game, GameConfig, State

#: The most action objects `Encoding.action_to_index` remembers by identity (see there).
ID_MEMO = 4096


class DeterminizationError(RuntimeError):
    """`Encoding.resampled_history` found no history consistent with the seat's information (it
    never hands back the true history instead); the OpenSpiel adapter draws again."""


@dataclass(frozen=True)
class Segment:
    """One named range of an observation vector: `size` values from `start`."""

    name: str
    start: int
    size: int
    description: str

    @property
    def stop(self) -> int:
        return self.start + self.size


class ObservationBuilder:
    """Declares the segments of an observation once, then fills vectors by segment name."""

    def __init__(self) -> None:
        self.segments: list[Segment] = []
        self._by_name: dict[str, Segment] = {}
        self.size = 0

    def add(self, name: str, size: int, description: str) -> None:
        if name in self._by_name:
            raise ValueError(f"segment {name!r} declared twice")
        seg = Segment(name, self.size, size, description)
        self.segments.append(seg)
        self._by_name[name] = seg
        self.size += size

    def slot(self, vec: np.ndarray, name: str) -> np.ndarray:
        seg = self._by_name[name]
        return vec[seg.start : seg.stop]

    def slices(self) -> dict[str, slice]:
        return {seg.name: slice(seg.start, seg.stop) for seg in self.segments}


class Encoding:
    """Base class: subclasses fill `actions`, `chance`, `layout` and implement `observe`."""

    game_id: str = ""

    def __init__(
        self,
        game: Game,
        config: GameConfig,
        actions: Sequence[str],
        chance: Sequence[str],
        layout: Sequence[Segment],
    ):
        self.game = game
        self.config = config
        self.actions: tuple[str, ...] = tuple(actions)
        self.chance: tuple[str, ...] = tuple(chance)
        self.layout: tuple[Segment, ...] = tuple(layout)
        self._action_index = {text: i for i, text in enumerate(self.actions)}
        self._chance_index = {text: i for i, text in enumerate(self.chance)}
        if len(self._action_index) != len(self.actions):
            raise ValueError(f"{game.id}: duplicate action texts in the encoding")
        if len(self._chance_index) != len(self.chance):
            raise ValueError(f"{game.id}: duplicate chance texts in the encoding")
        self.observation_size = sum(seg.size for seg in self.layout)
        # Memo of Action objects (frozen, hashable) -> index: text forms are computed once.
        self._action_memo: dict[Action, int] = {}
        # ... and by identity, for games whose rules hand out one shared object per action (MLEM):
        # id -> (the object, kept so that its id is not reused, its index); at most ID_MEMO entries.
        self._action_ids: dict[int, tuple[Action, int]] = {}
        self._chance_memo: dict[Action, int] = {}
        self._parsed_actions: dict[int, Action] = {}
        self._parsed_chance: dict[int, Action] = {}

    # ------------------------------------------------------------------ sizes
    @property
    def num_actions(self) -> int:
        return len(self.actions)

    @property
    def num_chance_outcomes(self) -> int:
        return len(self.chance)

    # ------------------------------------------------------------------ actions
    def action_to_index(self, action: Action | str, state: State | None = None) -> int:
        """Index of a decision action; `state` (where it is offered) is ignored unless a game's
        enumeration is relative to the table (see the module doc)."""
        if isinstance(action, Action):
            known = self._action_ids.get(id(action))
            if known is not None and known[0] is action:
                return known[1]
            index = self._action_memo.get(action)
            if index is None:
                index = self._action_memo[action] = self._lookup_action(action)
            if len(self._action_ids) < ID_MEMO:
                self._action_ids[id(action)] = (action, index)
            return index
        return self._lookup_action(action)

    def action_indices(self, actions: Sequence[Action], state: State | None = None) -> list[int]:
        """`action_to_index` of each of `actions` (a state's legal actions, for its mask): shared
        action objects are answered from the identity memo without a call per action."""
        if type(self).action_to_index is not Encoding.action_to_index:
            return [self.action_to_index(action, state) for action in actions]
        ids = self._action_ids
        indices = []
        for action in actions:
            known = ids.get(id(action))
            indices.append(
                known[1] if known is not None and known[0] is action else self.action_to_index(action, state)
            )
        return indices

    def _lookup_action(self, action: Action | str) -> int:
        text = str(action) if isinstance(action, Action) else str(self.game.parse_action(action))
        try:
            return self._action_index[text]
        except KeyError:
            raise KeyError(f"{self.game.id}: action {text!r} is not in the encoding") from None

    def index_to_action(self, index: int, state: State | None = None) -> Action:
        """The decision action at `index` (at `state`, for games whose enumeration needs it)."""
        index = int(index)
        action = self._parsed_actions.get(index)
        if action is None:
            action = self._parsed_actions[index] = self.game.parse_action(self.actions[index])
        return action

    def chance_to_index(self, outcome: Action | str) -> int:
        if isinstance(outcome, Action):
            index = self._chance_memo.get(outcome)
            if index is None:
                index = self._chance_memo[outcome] = self._lookup_chance(outcome)
            return index
        return self._lookup_chance(outcome)

    def _lookup_chance(self, outcome: Action | str) -> int:
        text = str(outcome) if isinstance(outcome, Action) else str(self.game.parse_action(outcome))
        try:
            return self._chance_index[text]
        except KeyError:
            raise KeyError(f"{self.game.id}: chance outcome {text!r} is not in the encoding") from None

    def index_to_chance(self, index: int) -> Action:
        index = int(index)
        outcome = self._parsed_chance.get(index)
        if outcome is None:
            outcome = self._parsed_chance[index] = self.game.parse_action(self.chance[index])
        return outcome

    def legal_indices(self, state: State) -> list[int]:
        """Sorted indices of the legal decisions (or, at a chance node, of the chance outcomes)."""
        if state.is_chance_node():
            return sorted(self.chance_to_index(o) for o in state.legal_actions())
        return sorted(self.action_to_index(a, state) for a in state.legal_actions())

    def action_mask(self, state: State) -> np.ndarray:
        mask = np.zeros(self.num_actions, dtype=np.int8)
        if not state.is_terminal() and not state.is_chance_node():
            mask[self.legal_indices(state)] = 1
        return mask

    # ------------------------------------------------------------------ observations
    def observe(self, view: Mapping[str, Any], seat: int) -> np.ndarray:
        raise NotImplementedError

    def observe_state(self, state: State, seat: int) -> np.ndarray:
        """The observation of `seat` at `state`; equal to `observe(state.view(seat), seat)`. Games
        override it to write the vector straight from the state, skipping the JSON view."""
        return self.observe(state.view(seat), seat)

    def update_observation(
        self, vec: np.ndarray, state: State, seat: int, events: Sequence[Event] | None, memo: dict[str, Any]
    ) -> None:
        """Bring `vec`, the observation of `seat` at an earlier state of the same game, up to date
        in place. `events` are those the actions since then emitted (`state.events[k:]`); None
        when `vec` holds nothing yet (all zeros: write everything). `memo` is a dict the caller
        keeps with this vector (empty at first): the encoding may keep there what it needs next
        time, e.g. the view the vector was written from.

        The environments keep each seat's last vector and call this instead of building anew, so a
        game rewrites only the segments that can have changed. The result must equal
        `observe_state(state, seat)` (tests/envs/test_incremental_observations.py checks it after
        every step of random games). Default: rewrite everything.
        """
        vec[:] = self.observe_state(state, seat)

    def redact(self, state: State, action: Action, seat: int) -> str | None:
        """Default: every action and outcome is public."""
        return str(action)

    def redact_all(self, state: State, action: Action) -> list[str | None]:
        """`redact` for every seat at once (games override it to share work between seats)."""
        return [self.redact(state, action, seat) for seat in range(state.config.num_players)]

    def resampled_history(self, state: State, resampled: State, seat: int | None = None) -> list[Action]:
        """An action history that leads to `resampled` (a `state.resample_for(seat, ...)` result;
        `seat` when the caller knows it).

        Default: the resampled state's own history (right for games whose `resample_for` keeps it
        consistent). Games whose resampling redraws hidden outcomes already in the history override
        this, rewriting those outcomes from the resampled state's views.
        """
        return list(resampled.history)

    def render_view(self, view: Mapping[str, Any]) -> str:
        """A short text picture of a view (games override it)."""
        return str(view)

    def cap_reason(self, state: State) -> str | None:
        """Why a finished game was cut short by a length cap (`max_turns`) rather than ended by
        its rules; None when it ended by the rules or is not over. The adapters report such an end
        as a truncation. Default: the game has no cap."""
        return None

    def max_game_length(self) -> int:
        """The most actions (decisions and chance) one game can take: a fact of the game, from the
        `bounds` part of its descriptor (an encoding of a game without one says it here)."""
        return self._bounds().max_game_length(self.config)

    def utility_bound(self) -> float:
        """An upper bound on any seat's final score (for utility ranges), from the game's `bounds`."""
        return float(self._bounds().score_bound(self.config))

    def _bounds(self) -> Any:
        bounds = games.descriptor(self.game.id).load("bounds")
        if bounds is None:
            raise NotImplementedError(f"{self.game.id}: name a 'bounds' part in the descriptor")
        return bounds

    def layout_table(self) -> str:
        """Markdown table of the observation layout (docs/observations.md is generated from it)."""
        lines = ["| indices | name | size | meaning |", "|---|---|---|---|"]
        for seg in self.layout:
            rng = f"{seg.start}" if seg.size == 1 else f"{seg.start}-{seg.stop - 1}"
            lines.append(f"| {rng} | `{seg.name}` | {seg.size} | {seg.description} |")
        return "\n".join(lines)


_CACHE: dict[tuple[str, str], Encoding] = {}


def has_encoding(game_id: str) -> bool:
    """Whether the game names an encoding in its descriptor (nothing of it is imported)."""
    try:
        return games.descriptor(game_id).has("encoding")
    except KeyError:
        return False


def encoding_for(game_id: str, config: GameConfig) -> Encoding:
    """The encoding of `game_id` for this configuration (cached; it depends on the mat/options)."""
    from cosmotable.engine.values import canonical_json

    key = (game_id, canonical_json(config.to_json()))
    enc = _CACHE.get(key)
    if enc is None:
        if not has_encoding(game_id):
            encoded = ", ".join(g for g in games.ids() if has_encoding(g))
            raise KeyError(
                f"no encoding for game {game_id!r} yet (its descriptor names no 'encoding' part, "
                f"a module with encoding_for(config)); encoded games: {encoded}"
            )
        enc = _CACHE[key] = games.descriptor(game_id).load("encoding").encoding_for(config)
    return enc


def last_game_over(state: State):
    """The last `game-over` event of a state (None before the end): games log why they ended there."""
    for event in reversed(state.events):
        if event.kind == "game-over":
            return event
    return None


def one_hot(vec: np.ndarray, index: int | None) -> None:
    """Set vec[index] = 1 when index is in range (None or out of range: leave zeros)."""
    if index is not None and 0 <= index < len(vec):
        vec[index] = 1.0
