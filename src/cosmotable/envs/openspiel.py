"""OpenSpiel adapter: each encoded Cosmotable game registered as a pyspiel Python game.

    from cosmotable.envs import openspiel
    openspiel.register()                      # idempotent; also done on import
    game = pyspiel.load_game("python_cosmotable_mlem(players=3,variants=ufo+secret_missions)")

Parameters: `players` (fixed per loaded game), `variants` (`+`-separated variant names, "" for none),
`reward` (`win` by default | `score_difference` | `score`, see `cosmotable.envs.common.final_rewards`;
`win` keeps returns in [-1, 1], the scale UCT's default exploration constant expects), `research`
(a named small configuration of the game, "" for the rulebook game: docs/research.md), and
`max_turns` (0 = the game's default). A bad parameter raises `pyspiel.SpielError`. For Kosmodrom and Planet `max_turns` is the game's own
length cap (`game_options`, the descriptor's `turn_cap_option`: turns; at the cap the rules score the
table as it stands); MLEM has no cap in its rules, so for MLEM the adapter ends the game after
`max_turns` seat decisions (`decision_caps`) and the returns are the configured reward on the scores as they stand.

* Truncation: OpenSpiel has no truncation flag, so a game cut by `max_turns` is simply terminal
  (`is_terminal()`, `returns()` as above); `state.truncation_reason()` tells such an end apart: a
  text naming the cap, or None when the rules ended the game (or it is not over).

* Game type per configuration (`configured_type`): ZERO_SUM for two seats with `score_difference`
  or `win` rewards, PERFECT_INFORMATION where nothing is hidden (MLEM without variants).

* Decision actions are the indices of the game's encoding (`cosmotable.envs.encodings`).
* Chance is explicit: chance outcomes are the engine's outcomes at that node, each identified by its
  index in the encoding's fixed chance enumeration (every dice multiset of 1..6 dice, then token
  ids), with the engine's exact probabilities.
* Observation tensor/string: `observe(state.view(player), player)` and a text picture of the view
  (public observers use `state.public_view()`).
* Information state: perfect recall, string and tensor (`cosmotable.envs.openspiel_observer`): the
  actions so far as the player may know them; the tensor is the observation followed by one code
  per step the player noticed (`information_state_tensor_shape` = observation + max_game_length).
* `resample_from_infostate(player, sampler)` uses the engine's `resample_for(player, rng)` and
  rebuilds an equivalent action history (`Encoding.resampled_history`), so the returned state is a
  normal state of this game; a rewritten history that does not replay, or that changes what
  `player` knows, is refused and drawn again (never replaced by the true state).
* Serialization: OpenSpiel's default for Python games (history + pickled Python attributes); the
  engine state pickles as its JSON record and is replayed on load.
"""

from __future__ import annotations

import random
from typing import Any

import pyspiel

from cosmotable import games
from cosmotable.engine import CHANCE, TERMINAL, GameConfig, State, load_state, save_state
from cosmotable.engine.errors import ConfigError
from cosmotable.envs.common import REWARDS, final_rewards, rewards_from_scores
from cosmotable.envs.encodings import DeterminizationError, Encoding, encoding_for, has_encoding
from cosmotable.envs.openspiel_observer import CosmotableObserver, history_codes

SHORT_NAME = "python_cosmotable_{}"
#: The OpenSpiel default reward: +1 / -1 (0 each for a shared win) keeps returns in [-1, 1], where
#: MCTS's default `uct_c` works; `score_difference` reaches +-1,000 in MLEM (issue #49).
DEFAULT_REWARD = "win"
#: `resample_from_infostate` draws again when a determinization is refused, at most this often.
MAX_RESAMPLES = 50


def game_options(game_id: str) -> dict[str, int]:
    """Extra integer game parameters, passed to `make_config` as options when non-zero (0 = the
    game's default): the game's own cap on its length, as its descriptor names it, e.g.
    `python_cosmotable_planet(players=2,max_turns=30)`."""
    cap = games.descriptor(game_id).turn_cap_option
    return {cap: 0} if cap else {}


def text_options(game_id: str) -> dict[str, str]:
    """Text game parameters passed to `make_config` when not empty: `research`, the name of one of
    the game's research configurations (small games for exact solvers, not the rulebook game)."""
    return {"research": ""} if "research" in games.descriptor(game_id).options else {}


def decision_caps(game_id: str) -> dict[str, int]:
    """A game without a length cap in its rules gets the adapter's own, `max_turns` in seat
    decisions (0 = none)."""
    return {} if games.descriptor(game_id).turn_cap_option else {"max_turns": 0}


class _EngineBox:
    """Holds the engine state so that OpenSpiel's deepcopy-based Clone uses the engine's fast
    `clone()`, and pickling (serialization) uses the engine's replayable JSON record."""

    __slots__ = ("state",)

    def __init__(self, state: State):
        self.state = state

    def __deepcopy__(self, memo) -> _EngineBox:
        return _EngineBox(self.state.clone())

    def __getstate__(self) -> dict[str, Any]:
        return {"record": save_state(self.state)}

    def __setstate__(self, data: dict[str, Any]) -> None:
        self.state = load_state(data["record"])


class _EncodingRef:
    """An immutable reference to an Encoding: deepcopy shares it; pickles as (game id, config)."""

    __slots__ = ("encoding",)

    def __init__(self, encoding: Encoding):
        self.encoding = encoding

    def __deepcopy__(self, memo) -> _EncodingRef:
        return self

    def __reduce__(self):
        return (_encoding_ref, (self.encoding.game.id, self.encoding.config.to_json()))


class _Seen:
    """Per seat, the actions so far as that seat may know them, as texts and as the codes of the
    information-state tensor (`openspiel_observer`); deepcopy copies the lists only."""

    __slots__ = ("codes", "lists")

    def __init__(self, lists: list[list[str]], codes: list[list[int]]):
        self.lists = lists
        self.codes = codes

    def __deepcopy__(self, memo) -> _Seen:
        return _Seen([list(seen) for seen in self.lists], [list(seen) for seen in self.codes])

    def __getstate__(self) -> dict[str, Any]:
        return {"lists": self.lists, "codes": self.codes}

    def __setstate__(self, data: dict[str, Any]) -> None:
        self.lists = data["lists"]
        self.codes = data["codes"]


def _encoding_ref(game_id: str, config: dict[str, Any]) -> _EncodingRef:
    return _EncodingRef(encoding_for(game_id, GameConfig.from_json(config)))


def _game_type(
    game_id: str,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
) -> pyspiel.GameType:
    """The game's type; the registered one is the most general (imperfect information, general
    sum), a loaded game reports what its configuration makes it (`configured_type`)."""
    game = games.get(game_id)
    return pyspiel.GameType(
        short_name=SHORT_NAME.format(game_id),
        long_name=f"Python Cosmotable {game.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=information,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": game.min_players,
            "variants": "",
            "reward": DEFAULT_REWARD,
            **text_options(game_id),
            **game_options(game_id),
            **decision_caps(game_id),
        },
    )


def configured_type(game_id: str, config: GameConfig, reward: str) -> tuple[pyspiel.GameType, float | None]:
    """The game type of one configuration, and its utility sum (None unless constant).

    * Two seats with `score_difference` (s0 - s1 against s1 - s0) or `win` (+1 / -1, a shared
      victory 0 / 0) rewards: ZERO_SUM. Three or more seats, or `score`: GENERAL_SUM.
    * PERFECT_INFORMATION when the configuration hides nothing from any seat (the engine's
      `has_hidden_information`: MLEM without variants); else IMPERFECT_INFORMATION.
    """
    zero_sum = config.num_players == 2 and reward in ("score_difference", "win")
    hidden = games.get(game_id).state_from_config(config, 0).has_hidden_information
    Type = pyspiel.GameType
    game_type = _game_type(
        game_id,
        utility=Type.Utility.ZERO_SUM if zero_sum else Type.Utility.GENERAL_SUM,
        information=Type.Information.IMPERFECT_INFORMATION
        if hidden
        else Type.Information.PERFECT_INFORMATION,
    )
    return game_type, (0.0 if zero_sum else None)


def parse_variants(text: str) -> tuple[str, ...]:
    return tuple(sorted(v for v in text.replace(",", "+").split("+") if v.strip()))


class CosmotableGame(pyspiel.Game):
    """A Cosmotable game with a fixed player count, as an OpenSpiel game."""

    game_id = ""

    def __init__(self, params: dict[str, Any] | None = None):
        params = dict(params or {})
        engine_game = games.get(self.game_id)
        try:
            players, variants, reward, extra, texts, cap, config = self._configure(engine_game, params)
        except (ConfigError, ValueError, TypeError) as exc:
            # OpenSpiel's own games refuse bad parameters with SpielError; say which game refused.
            raise pyspiel.SpielError(f"{SHORT_NAME.format(self.game_id)}: {exc}") from None
        own_cap = "max_turns" in decision_caps(self.game_id)
        enc = encoding_for(self.game_id, config)
        bound = enc.utility_bound()
        lo, hi = {"score_difference": (-bound, bound), "win": (-1.0, 1.0), "score": (0.0, bound)}[reward]
        game_type, utility_sum = configured_type(self.game_id, config, reward)
        info = pyspiel.GameInfo(
            num_distinct_actions=enc.num_actions,
            max_chance_outcomes=enc.num_chance_outcomes,
            num_players=players,
            min_utility=lo,
            max_utility=hi,
            utility_sum=utility_sum,
            max_game_length=enc.max_game_length(),
        )
        caps = {"max_turns": cap} if own_cap else {}
        super().__init__(
            game_type,
            info,
            {"players": players, "variants": "+".join(variants), "reward": reward, **texts, **extra, **caps},
        )
        #: The adapter's cap in seat decisions (0: none; games whose rules cap their length use
        #: `game_options` instead).
        self.max_decisions = cap
        self.engine_game = engine_game
        self.config = config
        self.encoding = enc
        self.reward = reward
        self._initial = engine_game.state_from_config(config, 0)

    def _configure(self, engine_game, params: dict[str, Any]):
        """The parameters checked, and the engine config they make (ConfigError / ValueError)."""
        players = int(params.get("players", engine_game.min_players))
        variants = parse_variants(str(params.get("variants", "")))
        reward = str(params.get("reward", DEFAULT_REWARD))
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, got {reward!r}")
        extra = {name: int(params.get(name, default)) for name, default in game_options(self.game_id).items()}
        for name, value in extra.items():
            if value < 0:
                raise ValueError(f"{name} must be >= 0 (0: the game's default), got {value}")
        texts = {name: str(params.get(name, default)) for name, default in text_options(self.game_id).items()}
        cap = int(params.get("max_turns", 0)) if "max_turns" in decision_caps(self.game_id) else 0
        if cap < 0:
            raise ValueError(f"max_turns must be >= 0 (0: no cap), got {cap}")
        options = {**{k: v for k, v in texts.items() if v}, **{k: v for k, v in extra.items() if v}}
        config = engine_game.make_config(players, variants, **options)
        return players, variants, reward, extra, texts, cap, config

    def initial_engine_state(self) -> State:
        """A fresh engine state (a clone of one made once: cheaper than building one per state)."""
        return self._initial.clone()

    def new_initial_state(self) -> CosmotableState:
        return CosmotableState(self)

    def make_py_observer(self, iig_obs_type=None, params=None) -> CosmotableObserver:
        return CosmotableObserver(
            self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params
        )


class CosmotableState(pyspiel.State):
    """An OpenSpiel state wrapping one engine state."""

    def __init__(self, game: CosmotableGame):
        super().__init__(game)
        self._box = _EngineBox(game.initial_engine_state())
        self._enc = _EncodingRef(game.encoding)
        self._reward = game.reward
        self._num_players = game.config.num_players
        # Per seat: every action so far as that seat may know it (perfect-recall infostate); the
        # last list is a spectator's (what every seat knows).
        self._seen = _Seen(
            [[] for _ in range(self._num_players + 1)], [[] for _ in range(self._num_players + 1)]
        )
        self._chance_codes, self._hidden_code = history_codes(
            game.encoding.num_actions, game.encoding.num_chance_outcomes
        )
        self._cap = game.max_decisions
        self._decisions = 0

    # ------------------------------------------------------------------ helpers
    @property
    def engine_state(self) -> State:
        return self._box.state

    @property
    def encoding(self) -> Encoding:
        return self._enc.encoding

    def _capped(self) -> bool:
        """Cut off by the adapter's `max_turns` (the engine state itself is not over)."""
        return 0 < self._cap <= self._decisions and not self._box.state.is_terminal()

    def truncation_reason(self) -> str | None:
        """Why the game ended at a length cap rather than by its rules: the game's own cap
        (Kosmodrom, Planet `max_turns`) or the adapter's (MLEM `max_turns` decisions); None when
        the rules ended it or it is not over. OpenSpiel has no truncation flag: this is where a
        truncated end is told apart from a finished game."""
        state = self._box.state
        if state.is_terminal():
            return self.encoding.cap_reason(state)
        if self._capped():
            return (
                f"max_turns: cut off after {self._decisions} seat decisions (max_turns={self._cap}); "
                "the returns score the table as it stands"
            )
        return None

    # ------------------------------------------------------------------ OpenSpiel API
    def current_player(self) -> int:
        if self._capped():
            return pyspiel.PlayerId.TERMINAL
        player = self._box.state.current_player()
        if player == TERMINAL:
            return pyspiel.PlayerId.TERMINAL
        if player == CHANCE:
            return pyspiel.PlayerId.CHANCE
        return player

    def _legal_actions(self, player: int) -> list[int]:
        state = self._box.state
        if (
            self._capped()
            or state.is_terminal()
            or state.is_chance_node()
            or player != state.current_player()
        ):
            return []
        return self.encoding.legal_indices(state)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        enc = self.encoding
        return sorted((enc.chance_to_index(o), p) for o, p in self._box.state.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        state = self._box.state
        enc = self.encoding
        act = enc.index_to_chance(action) if state.is_chance_node() else enc.index_to_action(action, state)
        texts = enc.redact_all(state, act)
        chance = state.is_chance_node()
        full = str(act)
        # The information-state tensor's code of this step for a seat that sees it in full.
        code = self._chance_codes + action if chance else 1 + action
        seen = self._seen
        for seat, text in enumerate(texts):
            if text is not None:  # None: the seat does not even notice the action
                seen.lists[seat].append(text)
                seen.codes[seat].append(code if text == full else self._hidden_code)
        if all(text is not None for text in texts):
            public = all(t == texts[0] for t in texts)
            seen.lists[-1].append(texts[0] if public else "?")
            seen.codes[-1].append(code if public and texts[0] == full else self._hidden_code)
        state.apply(act)
        if not chance:
            self._decisions += 1

    def _action_to_string(self, player: int, action: int) -> str:
        enc = self.encoding
        if player == pyspiel.PlayerId.CHANCE:
            return enc.chance[action] if 0 <= action < enc.num_chance_outcomes else f"chance {action}"
        return enc.actions[action] if 0 <= action < enc.num_actions else f"action {action}"

    def is_terminal(self) -> bool:
        return self._box.state.is_terminal() or self._capped()

    def returns(self) -> list[float]:
        state = self._box.state
        if state.is_terminal():
            return final_rewards(state, self._reward)
        if self._capped():
            return rewards_from_scores(state.scores(), self._reward)
        return [0.0] * self._num_players

    def __str__(self) -> str:
        return " | ".join(str(a) for a in self._box.state.history) or "(start)"

    def resample_from_infostate(self, player_id: int, probability_sampler) -> CosmotableState:
        """A state with the same information state for `player_id`, hidden parts redrawn by the
        engine's `resample_for` (seeded from `probability_sampler`). A draw whose rewritten history
        the rules refuse, or that would look different to `player_id`, is drawn again: the true
        state is never handed out in place of a sample (RuntimeError after `MAX_RESAMPLES` draws)."""
        try:
            seed = int(float(probability_sampler()) * 2**31)
        except TypeError:
            seed = random.randrange(2**31)
        if not self._box.state.has_hidden_information:
            return self.clone()
        rng = random.Random(seed)
        refusals: list[str] = []
        for _ in range(MAX_RESAMPLES):
            sample = self.determinization(player_id, random.Random(rng.getrandbits(62)))
            if isinstance(sample, CosmotableState):
                return sample
            refusals.append(sample)
        raise RuntimeError(
            f"no determinization for seat {player_id} replays consistently in {MAX_RESAMPLES} "
            f"draws; the last was refused because {refusals[-1]}"
        )

    def determinization(self, player_id: int, rng: random.Random) -> CosmotableState | str:
        """One determinization drawn with `rng` (`resample_for`, then `Encoding.resampled_history`
        replayed), or the reason it is refused: its rewritten history does not replay, or it
        changes what `player_id` knows. (When the rewrite draws the true hidden outcomes, or there
        is nothing hidden to redraw, the sample is a copy of this state: a sample like any other.)"""
        state = self._box.state
        resampled = state.resample_for(player_id, rng)
        try:
            history = self.encoding.resampled_history(state, resampled, seat=player_id)
        except DeterminizationError as exc:  # no rewrite found: drawn again
            return f"the history could not be rewritten: {exc}"
        if history == state.history:
            return self.clone()
        try:
            sample = replay(self.get_game(), history)
        except (ValueError, KeyError, pyspiel.SpielError) as exc:  # IllegalAction is a ValueError
            return f"the rewritten history does not replay: {exc}"
        if sample.information_state_string(player_id) != self.information_state_string(player_id):
            return "the rewritten history changes the information state"
        if sample.observation_tensor(player_id) != self.observation_tensor(player_id):
            return "the rewritten history changes the observation"
        return sample


def replay(game: CosmotableGame, actions) -> CosmotableState:
    """A new OpenSpiel state after these engine actions (decisions and chance outcomes)."""
    new = game.new_initial_state()
    enc = new.encoding
    for action in actions:
        if new.is_chance_node():
            new.apply_action(enc.chance_to_index(action))
        else:
            new.apply_action(enc.action_to_index(action, new.engine_state))
    return new


_TYPES: dict[str, pyspiel.GameType] = {}
_CLASSES: dict[str, type[CosmotableGame]] = {}


def register(game_ids=None) -> list[str]:
    """Register `python_cosmotable_<id>` for every game with an encoding (or those given).
    Returns the short names registered (idempotent)."""
    names = []
    registered = set(pyspiel.registered_names())
    for game_id in game_ids or games.ids():
        if not has_encoding(game_id):
            continue
        short = SHORT_NAME.format(game_id)
        if short not in registered and game_id not in _CLASSES:
            _TYPES[game_id] = _game_type(game_id)
            cls = type(f"Cosmotable{game_id.title()}Game", (CosmotableGame,), {"game_id": game_id})
            _CLASSES[game_id] = cls
            pyspiel.register_game(_TYPES[game_id], cls)
        names.append(short)
    return names


def load(
    game_id: str, players: int = 2, variants=(), reward: str = DEFAULT_REWARD, **options: int | str
) -> pyspiel.Game:
    """`pyspiel.load_game` for a Cosmotable game with these parameters (`options`: the game's
    `game_options`, e.g. `max_turns` for planet, and `text_options`, e.g. `research="tiny"`)."""
    register([game_id])
    return pyspiel.load_game(
        SHORT_NAME.format(game_id),
        {"players": players, "variants": "+".join(sorted(variants)), "reward": reward, **options},
    )


register()
