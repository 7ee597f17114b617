"""The engine's core types: the Game and the State (the values they pass around - Action, Event,
GameConfig and the two special players - are values.py's, imported here so that
`cosmotable.engine.core` still names them).

Modelled on OpenSpiel's State: chance is a player of its own (`CHANCE`) whose moves are
outcomes with probabilities, so nothing random happens inside `apply`; a state is fully
described by (game, config, seed, actions) and can therefore be replayed and saved.
"""

from __future__ import annotations

import os
import random
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Self

from cosmotable.engine.errors import ConfigError, IllegalAction
from cosmotable.engine.inputs import (
    MAX_ACTION_CHARS,
    MAX_DEPTH,
    MAX_SEED,
    json_problem,
    quoted,
)
from cosmotable.engine.values import (
    CHANCE,
    TERMINAL,
    Action,
    Event,
    GameConfig,
    digest,
    new_event,
)

if TYPE_CHECKING:
    from cosmotable.engine.descriptor import GameDescriptor


class Game(ABC):
    """A game type: its name, player range, variants and how to start and parse it."""

    id: ClassVar[str]
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    #: variant name -> one-line description
    variants: ClassVar[Mapping[str, str]] = {}
    #: option name -> one-line description (e.g. a board file)
    options: ClassVar[Mapping[str, str]] = {}
    #: the game's descriptor (None: a game made without one, as the engine's tests make theirs)
    descriptor: ClassVar[GameDescriptor | None] = None

    def __init_subclass__(cls, descriptor: GameDescriptor | None = None, **kwargs: Any) -> None:
        """`class MyGame(Game, descriptor=DESCRIPTOR)`: the facts above are the descriptor's, stated
        once in the game package's __init__.py, where the registry reads them without the rules."""
        super().__init_subclass__(**kwargs)
        if descriptor is not None:
            cls.descriptor = descriptor
            cls.id = descriptor.id
            cls.name = descriptor.name
            cls.min_players = descriptor.min_players
            cls.max_players = descriptor.max_players
            cls.variants = descriptor.variants
            cls.options = descriptor.options

    def make_config(
        self,
        num_players: int,
        variants: Mapping[str, bool] | Iterable[str] | None = None,
        **options: Any,
    ) -> GameConfig:
        """Validate and build a config. Raises ConfigError saying what to fix."""
        if type(num_players) is not int or not (self.min_players <= num_players <= self.max_players):
            raise ConfigError(
                f"{self.name} takes {self.min_players}-{self.max_players} players, got {quoted(num_players)}"
            )
        named, enabled = self._variant_names(variants)
        unknown = named - set(self.variants)
        if unknown:
            known = ", ".join(sorted(self.variants)) or "none"
            raise ConfigError(
                f"unknown variant(s) {quoted(', '.join(sorted(unknown)), 80)} for {self.id}; known: {known}"
            )
        bad_options = set(options) - set(self.options)
        if bad_options:
            known = ", ".join(sorted(self.options)) or "none"
            raise ConfigError(
                f"unknown option(s) {quoted(', '.join(sorted(bad_options)), 80)} for {self.id}; known: {known}"
            )
        # Options are saved in records (record -> config -> options -> value) and digested: only JSON
        # data that a record may hold survives that unchanged.
        problem = json_problem(dict(options), max_depth=MAX_DEPTH - 2)
        if problem:
            raise ConfigError(
                f"options must be JSON data (text, numbers, true/false, lists, tables): {problem}"
            )
        config = GameConfig(num_players, frozenset(enabled), dict(options))
        self.validate_config(config)
        return config

    @staticmethod
    def _variant_names(variants: Mapping[str, bool] | Iterable[str] | None) -> tuple[set[str], set[str]]:
        """(named, enabled) variant names; a name must be text and an on/off value a real bool
        (the text "false" would otherwise read as on)."""
        if variants is None:
            return set(), set()
        if isinstance(variants, str):
            raise ConfigError(f"variants must be a list of names such as [{variants!r}], not one text")
        pairs = list(variants.items()) if isinstance(variants, Mapping) else [(v, True) for v in variants]
        for name, on in pairs:
            if not isinstance(name, str):
                raise ConfigError(f"a variant is named by text, got {quoted(name, 60)}")
            if not isinstance(on, bool):
                raise ConfigError(
                    f"variant {quoted(name, 60)} must be switched on or off with true or false, "
                    f"got {quoted(on, 60)}"
                )
        return {name for name, _ in pairs}, {name for name, on in pairs if on}

    def validate_config(self, config: GameConfig) -> None:
        """Game-specific checks on options; raise ConfigError. Default: nothing more."""

    def new_state(
        self,
        num_players: int,
        seed: int | None = None,
        variants: Mapping[str, bool] | Iterable[str] | None = None,
        **options: Any,
    ) -> State:
        """Start a game. The same call for every game."""
        config = self.make_config(num_players, variants, **options)
        return self.state_from_config(config, seed)

    def state_from_config(self, config: GameConfig, seed: int | None = None) -> State:
        if seed is None:
            seed = int.from_bytes(os.urandom(6), "big")
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
            raise ConfigError(f"seed must be an integer from 0 to 2**256 - 1, got {quoted(seed)}")
        return self.initial_state(config, seed)

    @abstractmethod
    def initial_state(self, config: GameConfig, seed: int) -> State: ...

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """Text form -> Action. Raises ValueError with what is wrong."""

    @abstractmethod
    def action_from_json(self, data: Mapping[str, Any]) -> Action:
        """JSON form -> Action. Raises ValueError with what is wrong."""

    # ---------------------------------------------------- rules and views kept beside the State
    # A game may keep its rules and views in modules of their own, as functions of its state, and
    # name them here; the State methods of the same purpose call these. Its state module then
    # imports neither (they import it), and the package's game.py, which defines the Game, is the
    # one module that joins them (docs/architecture.md). A State class that implements the method
    # itself (the engine's test games) needs no hook.
    def legal_actions_in(self, state: State) -> list[Action]:
        """The legal decisions in `state` (State._legal_actions)."""
        raise NotImplementedError(self._no_hook(state, "_legal_actions", "legal_actions_in"))

    def apply_in(self, state: State, action: Action) -> None:
        """Carry out a legal `action` in `state` (State._apply)."""
        raise NotImplementedError(self._no_hook(state, "_apply", "apply_in"))

    def view_in(self, state: State, seat: int) -> dict[str, Any]:
        """What `seat` may see of `state` (State.view)."""
        raise NotImplementedError(self._no_hook(state, "view", "view_in"))

    def public_view_in(self, state: State) -> dict[str, Any]:
        """What a spectator may see of `state` (State.public_view)."""
        raise NotImplementedError(self._no_hook(state, "public_view", "public_view_in"))

    def explain_illegal_in(self, state: State, action: Action) -> str | None:
        """Why `action` is not legal in `state`; None: the engine's generic explanation."""
        return None

    def _no_hook(self, state: State, method: str, hook: str) -> str:
        return f"{self.id}: implement {type(state).__name__}.{method} or {type(self).__name__}.{hook}"

    def __repr__(self) -> str:
        return f"<Game {self.id}>"


class State(ABC):
    """One moment of one game.

    Subclasses implement the rules in `_legal_actions`, `_apply` and `chance_outcomes`; this base
    class owns legality checking, history, chance sampling, clones and records.
    """

    #: legal_actions() until the next apply (None: not computed); set by a game's __init__ or on demand.
    _legal_cache: list[Action] | None

    def __init__(self, game: Game, config: GameConfig, seed: int):
        self.game = game
        self.config = config
        self.seed = seed
        self.history: list[Action] = []
        self.events: list[Event] = []
        self._scripted_chance: list[Action] = []

    # ----------------------------------------------------------------- rules (per game)
    @abstractmethod
    def current_player(self) -> int:
        """The seat to act, CHANCE or TERMINAL."""

    def _legal_actions(self) -> list[Action]:
        """Legal decisions of the current seat (never called at chance or terminal nodes)."""
        return self.game.legal_actions_in(self)

    def _apply(self, action: Action) -> None:
        """Carry out an action already known to be legal."""
        self.game.apply_in(self, action)

    @abstractmethod
    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """(outcome, probability) pairs at a chance node, probabilities summing to 1."""

    @abstractmethod
    def scores(self) -> list[int]:
        """Points per seat: final once terminal, points earned so far before that."""

    def view(self, seat: int) -> dict[str, Any]:
        """JSON-ready dict with exactly what `seat` may see."""
        return self.game.view_in(self, seat)

    def public_view(self) -> dict[str, Any]:
        """JSON-ready dict with what a spectator may see."""
        return self.game.public_view_in(self)

    @abstractmethod
    def snapshot(self) -> dict[str, Any]:
        """The full internal state, hidden parts included (for fingerprints and debugging).

        Never send this to a player.
        """

    def explain_illegal(self, action: Action) -> str:
        """Why `action` is not legal now. Games give sharper messages (Game.explain_illegal_in)."""
        sharper = self.game.explain_illegal_in(self, action)
        if sharper is not None:
            return sharper
        legal = self.legal_actions()
        shown = ", ".join(str(a) for a in legal[:12])
        more = f" (and {len(legal) - 12} more)" if len(legal) > 12 else ""
        return f"it is not one of the legal actions now: {shown}{more}"

    # ----------------------------------------------------------------- generic API
    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def legal_actions(self) -> list[Action]:
        # Cached until the next apply: a bot's choice and apply's legality check share one list
        # (it is only ever filled at a seat's decision, so it answers before the player is asked).
        cached = self.__dict__.get("_legal_cache")
        if cached is not None:
            return list(cached)
        player = self.current_player()
        if player == TERMINAL:
            return []
        if player == CHANCE:
            return [outcome for outcome, _ in self.chance_outcomes()]
        cached = self._legal_cache = self._legal_actions()
        return list(cached)

    def normalize(self, action: Action) -> Action:
        """The canonical form of an action that can be written several ways (default: itself)."""
        return action

    def is_legal(self, action: Action) -> bool:
        """Is `action` legal now? Games may override with a faster check of the same rule."""
        return action in self.legal_actions()

    def to_action(self, action: Action | str | Mapping[str, Any]) -> Action:
        """Accept an Action, its text form or its JSON form; anything malformed (a field of the wrong
        type, an over-long text, JSON nested too deep) is refused with IllegalAction."""
        if isinstance(action, Action):
            problem = action.field_problem()
            if problem:
                raise IllegalAction(action, problem)
            return action
        if isinstance(action, str) and len(action) > MAX_ACTION_CHARS:
            raise IllegalAction(
                action, f"an action's text has at most {MAX_ACTION_CHARS} characters, this one {len(action)}"
            )
        if isinstance(action, Mapping):
            problem = json_problem(
                dict(action), max_depth=3, max_nodes=2 * MAX_ACTION_CHARS, max_chars=MAX_ACTION_CHARS
            )
            if problem:
                raise IllegalAction(action, f"not a {self.game.id} action's JSON form: {problem}")
        try:
            if isinstance(action, str):
                return self.game.parse_action(action)
            if isinstance(action, Mapping):
                return self.game.action_from_json(action)
        except (ValueError, KeyError, TypeError) as exc:
            raise IllegalAction(action, f"cannot be read as a {self.game.id} action: {exc}") from None
        raise IllegalAction(action, f"expected an action, its text or its JSON, got {type(action).__name__}")

    def apply(self, action: Action | str | Mapping[str, Any], seat: int | None = None) -> None:
        """Apply a legal action (or chance outcome). Raises IllegalAction, changing nothing.

        With `seat` (an int seat number), the action is refused unless that seat is the one to act
        (what a server passes for a player's request); chance outcomes are applied only with
        `seat=None`, never on a seat's behalf.
        """
        if self._offered(action):
            # One of the very objects `legal_actions()` handed out for this state: the rules made
            # it, so its fields, its normal form and its legality need no second look.
            act: Action = action  # type: ignore[assignment]
            if seat is not None:
                self._check_seat(act, seat)
        else:
            act = self.normalize(self.to_action(action))
            if self.is_terminal():
                raise IllegalAction(act, "the game is over")
            if seat is not None:
                self._check_seat(act, seat)
            if not self.is_legal(act):
                raise IllegalAction(act, self._refusal(act))
        self._commit(act)

    def _offered(self, action: object) -> bool:
        """Is `action` (by identity, not equality) in this state's cached legal actions? The cache
        is dropped by every apply, so an object found there was offered for this very state."""
        cached = self.__dict__.get("_legal_cache")
        if cached:
            for offered in cached:
                if offered is action:
                    return True
        return False

    def _commit(self, act: Action) -> None:
        """Carry out an action known to be legal and record it (apply and chance sampling)."""
        self._legal_cache = None
        self._apply(act)
        self.history.append(act)

    def _refusal(self, act: Action) -> str:
        """Why an illegal `act` is refused: the game's `explain_illegal`. An Action built by hand may
        hold values its parser never makes (`Move(1, "d5")`: no direction); a game's explanation
        may assume well-formed values and fail on those, so for an action that does not read back
        from its own text, a failing explanation gives way to what is malformed about it."""
        try:
            again = self.game.parse_action(str(act))
            malformed = None if again == act else f"its text reads as {quoted(str(again))}"
        except (ValueError, KeyError, TypeError) as exc:
            malformed = str(exc)
        if malformed is None:
            return self.explain_illegal(act)
        try:
            return self.explain_illegal(act)
        except (AttributeError, LookupError, TypeError, ValueError):
            # What an explanation that assumes well-formed values raises on a value its parser never
            # makes; the action is refused whatever the reason, so the malformation is the answer.
            return f"not a well-formed {self.game.id} action: {malformed}"

    def _check_seat(self, act: Action, seat: Any) -> None:
        players = self.config.num_players
        # bool is an int in Python, and 1.0 == 1: neither may pass as seat 1.
        if type(seat) is not int or not 0 <= seat < players:
            raise IllegalAction(
                act, f"seat must be a seat number from 0 to {players - 1}, got {quoted(seat, 40)}"
            )
        player = self.current_player()
        if player == CHANCE:
            raise IllegalAction(
                act, f"a chance outcome is due: it is applied with seat=None, not by seat {seat}"
            )
        if seat != player:
            raise IllegalAction(act, f"it is seat {player}'s turn, not seat {seat}'s")

    def apply_all(self, actions: Iterable[Action | str]) -> None:
        for action in actions:
            self.apply(action)

    def chance_rng(self) -> random.Random:
        """The RNG for the next chance node: a pure function of (seed, step), so a replay of the
        actions leaves the same future chance as the original game."""
        return random.Random(f"{self.seed}:{len(self.history)}")

    def inject_chance(self, outcomes: Sequence[Action | str]) -> None:
        """Script the next chance outcomes (tests, tutorials): `sample_chance` uses them first."""
        self._scripted_chance.extend(self.to_action(o) for o in outcomes)

    def sample_chance(self, rng: random.Random | None = None) -> Action:
        """Apply one chance outcome: scripted if any is queued, else drawn by probability."""
        if not self.is_chance_node():
            raise IllegalAction("chance", "this is not a chance node")
        if self._scripted_chance:
            outcome = self._scripted_chance[0]
            self.apply(outcome)  # raises, keeping the queue, if the scripted outcome is illegal
            self._scripted_chance.pop(0)
            return outcome
        outcome = self.pick_chance((rng or self.chance_rng()).random())
        # An outcome of `chance_outcomes()` is legal here by definition: no check by `apply`.
        self._commit(outcome)
        return outcome

    def play_randomly(self, rng: random.Random, max_steps: int | None = None) -> int:
        """A random playout (a search's rollout): until the game ends or `max_steps` steps are
        played, each chance outcome drawn as `sample_chance(rng)` draws it and each move chosen as
        `apply(rng.choice(legal_actions()))` chooses it - the same draws from `rng`, the same game -
        without apply's second looks at what the rules themselves just offered. Returns the steps
        played. A search's rollouts are the hottest loop there is (issue #19: a tenth of an MLEM
        simulation went to those checks, the list copies and the calls between them)."""
        current, commit, pick = self.current_player, self._commit, self.pick_chance
        # `rng.choice(seq)` is `seq[rng._randbelow(len(seq))]` (CPython's random.py): the same draw
        # without a call layer per step. A Random subclass of another make keeps its own choice.
        below = getattr(rng, "_randbelow", None) if type(rng).choice is random.Random.choice else None
        choice, draw, known = rng.choice, rng.random, self.__dict__
        steps = 0
        while max_steps is None or steps < max_steps:
            player = current()
            if player == TERMINAL:
                break
            if player != CHANCE:
                cached = known.get("_legal_cache")
                if cached is None:
                    cached = self._legal_cache = self._legal_actions()
                # (an empty list goes to choice, which raises, where _randbelow(0) would never return)
                commit(cached[below(len(cached))] if below is not None and cached else choice(cached))
            elif self._scripted_chance:
                self.sample_chance(rng)  # a scripted outcome is checked as apply checks it
            else:
                commit(pick(draw()))
            steps += 1
        return steps

    def pick_chance(self, r: float) -> Action:
        """The chance outcome a uniform draw `r` in [0, 1) selects: walking `chance_outcomes()` in
        order, the first whose cumulative probability exceeds `r` (the last if rounding leaves
        none). Games with long outcome lists (MLEM's rolls) override it with a bisection of
        cached cumulative sums."""
        outcomes = self.chance_outcomes()
        for candidate, prob in outcomes:
            r -= prob
            if r < 0:
                return candidate
        return outcomes[-1][0]

    def resolve_chance(self, rng: random.Random | None = None) -> None:
        """Sample chance nodes until a seat must act or the game ends."""
        while self.is_chance_node():
            self.sample_chance(rng)

    #: False for games where every seat sees everything (then `resample_for` is a clone).
    has_hidden_information: ClassVar[bool] = True

    def resample_for(self, seat: int, rng: random.Random) -> Self:
        """A full state consistent with what `seat` may see (determinization for IS-MCTS):
        hidden parts (other hands, deck order, face-down tiles) redrawn from `rng`."""
        if not self.has_hidden_information:
            new = self.clone()
            new.detach_chance(rng)
            return new
        raise NotImplementedError(f"{self.game.id} must implement resample_for: it hides information")

    def detach_chance(self, rng: random.Random) -> None:
        """Give a determinization its own future chance, drawn from `rng`: a new seed and no
        scripted outcomes. Every `resample_for` ends with it, so a determinization's next rolls and
        draws never follow the true game's (the future is hidden from every seat alike)."""
        self.seed = rng.getrandbits(62)
        self._scripted_chance = []

    def winners(self) -> list[int]:
        """Seats sharing the best score once the game is over (shared victory on ties)."""
        if not self.is_terminal():
            return []
        scores = self.scores()
        best = max(scores)
        return [seat for seat, score in enumerate(scores) if score == best]

    def events_for(self, seat: int | None) -> list[Event]:
        """Events that `seat` (None: a spectator) may see."""
        return [e for e in self.events if e.visible(seat)]

    #: True in a copy made for search (`silence`): `emit` records nothing.
    silent: bool = False

    def silence(self) -> None:
        """Stop recording events in this state and its clones: for a private copy that a search
        plays on (MCTS rollouts), where nobody reads them. The rules never read events, so the
        game goes on exactly as it would have; its `events` stay empty from here on."""
        self.silent = True
        self.events = []

    def emit(
        self,
        kind: str,
        text: str,
        seat: int | None = None,
        visible_to: Iterable[int] | None = None,
        **data: Any,
    ) -> None:
        if self.silent:
            return
        self.events.append(new_event(kind, text, seat, data, visible_to))

    def clone(self) -> Self:
        """An independent copy. Games override `_copy_into` for speed."""
        new = self.__class__.__new__(self.__class__)
        new.game = self.game
        new.config = self.config
        new.seed = self.seed
        new.history = list(self.history)
        new.events = list(self.events)
        if self.silent:
            new.silent = True
        new._scripted_chance = list(self._scripted_chance)
        self._copy_into(new)
        return new

    @abstractmethod
    def _copy_into(self, new: State) -> None:
        """Copy the game-specific fields into `new` (which already has the base fields)."""

    def fingerprint(self) -> str:
        """Digest of the complete state: equal fingerprints mean identical states."""
        return digest(self.snapshot())

    def __str__(self) -> str:
        return f"<{self.game.id} state after {len(self.history)} actions>"
