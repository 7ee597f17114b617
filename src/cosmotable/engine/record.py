"""Game records: (game id, config, seed, actions) -> the identical state, and JSON save files.

A record stores every action including chance outcomes, so replaying it needs no RNG; the seed is
kept so that chance still to come after a loaded save is the same as in the original game.
A digest over the record's content catches accidental edits made after saving; a record saved with
a key also carries an HMAC-SHA256 `signature` that only the key's holder can make, so a server can
refuse a record it issued once somebody has changed it.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cosmotable.engine.core import Game, State
from cosmotable.engine.errors import ConfigError, CosmotableError, IllegalAction, RecordError
from cosmotable.engine.inputs import MAX_ACTION_CHARS, MAX_SEED, json_problem, parse_json, quoted
from cosmotable.engine.values import GameConfig, canonical_json, digest

FORMAT = "cosmotable-record"
VERSION = 1

#: The games a record may name, as (id -> Game, raising KeyError; the known ids). The engine knows
#: no game: the games registry (cosmotable.games) hands itself in here when it is imported, and
#: importing anything of cosmotable imports it first (cosmotable/__init__.py).
_games: tuple[Callable[[str], Game], Callable[[], list[str]]] | None = None


def use_games(lookup: Callable[[str], Game], ids: Callable[[], list[str]]) -> None:
    """Replay records with these games (called by the games registry)."""
    global _games
    _games = (lookup, ids)


def signature(content: dict[str, Any], key: bytes | str) -> str:
    """HMAC-SHA256 of a record's content (hex), made with `key`."""
    if isinstance(key, str):
        key = key.encode("utf-8")
    if not isinstance(key, bytes) or not key:
        raise RecordError("a signing key must be non-empty bytes or text")
    return hmac.new(key, canonical_json(content).encode("utf-8"), hashlib.sha256).hexdigest()


@dataclass
class GameRecord:
    game: str
    config: GameConfig
    seed: int
    actions: list[str] = field(default_factory=list)

    @classmethod
    def from_state(cls, state: State) -> GameRecord:
        return cls(state.game.id, state.config, state.seed, [str(a) for a in state.history])

    def content(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "config": self.config.to_json(),
            "seed": self.seed,
            "actions": list(self.actions),
        }

    def to_json(self, key: bytes | str | None = None) -> dict[str, Any]:
        """The record as JSON data with its digest; with `key` also its `signature`, which
        `from_json(data, key=...)` checks."""
        content = self.content()
        data = dict(content, digest=digest(content))
        if key is not None:
            data["signature"] = signature(content, key)
        return data

    def dumps(self, key: bytes | str | None = None) -> str:
        return json.dumps(self.to_json(key=key), ensure_ascii=False, indent=1)

    def save(self, path: str | Path, key: bytes | str | None = None) -> Path:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(path.suffix + ".tmp")
        tmp.write_text(self.dumps(key=key), encoding="utf-8")
        tmp.replace(path)  # atomic: a crash mid-write never leaves half a save
        return path

    @classmethod
    def from_json(cls, data: Any, key: bytes | str | None = None) -> GameRecord:
        """Validate the structure of a record; every error names the field that is wrong.

        Without `key` the digest, when present, must match (a hand-edited record may drop it).
        With `key` the record must carry a `signature` made with that key: a server passes the key
        it signed its records with and so refuses any record changed since."""
        if not isinstance(data, dict):
            raise RecordError(f"a record must be a JSON object, got {type(data).__name__}")
        problem = json_problem(data)
        if problem:
            raise RecordError(f"a record must be JSON data: {problem}")
        if data.get("format") != FORMAT:
            raise RecordError(
                f"'format' must be {FORMAT!r}, got {quoted(data.get('format'))}: not a Cosmotable record"
            )
        version = data.get("version")
        if type(version) is not int or version != VERSION:  # `true == 1` in Python: not a version
            raise RecordError(
                f"'version' {quoted(version)} is not supported (this build reads version {VERSION})"
            )
        game = data.get("game")
        if not isinstance(game, str):
            raise RecordError(f"'game' must be a game id such as 'mlem', got {quoted(game)}")
        seed = data.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
            raise RecordError(f"'seed' must be an integer from 0 to 2**256 - 1, got {quoted(seed)}")
        actions = data.get("actions")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise RecordError("'actions' must be a list of action texts")
        for number, text in enumerate(actions, start=1):
            if len(text) > MAX_ACTION_CHARS:
                raise RecordError(
                    f"action #{number} {quoted(text)} is longer than an action's "
                    f"{MAX_ACTION_CHARS} characters"
                )
        try:
            config = GameConfig.from_json(data.get("config"))
        except ConfigError as exc:
            raise RecordError(f"'config' is invalid: {exc}") from None
        record = cls(game, config, seed, actions)
        content = record.content()
        for name in ("digest", "signature"):
            if name in data and not isinstance(data[name], str):
                raise RecordError(f"'{name}' must be a hex text, got {quoted(data[name], 80)}")
        if "digest" in data and data["digest"] != digest(content):
            raise RecordError(
                "'digest' does not match the record's content: the file was changed after it "
                "was saved (remove the 'digest' field to load a hand-edited record)"
            )
        if key is not None:
            if "signature" not in data:
                raise RecordError(
                    "the record is not signed: it has no 'signature' (only records saved "
                    "with the key are accepted)"
                )
            # compare_digest takes text only when it is ASCII: compare the UTF-8 bytes.
            if not hmac.compare_digest(
                data["signature"].encode("utf-8"), signature(content, key).encode("ascii")
            ):
                raise RecordError(
                    "'signature' does not match: the record was changed after it was signed, "
                    "or it was signed with another key"
                )
        return record

    @classmethod
    def loads(cls, text: str, key: bytes | str | None = None) -> GameRecord:
        try:
            data = parse_json(text)
        except ValueError as exc:
            raise RecordError(str(exc)) from None
        return cls.from_json(data, key=key)

    @classmethod
    def load(cls, path: str | Path, key: bytes | str | None = None) -> GameRecord:
        path = Path(path)
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise RecordError(f"{path}: no such file") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise RecordError(f"{path}: cannot be read: {exc}") from None
        try:
            return cls.loads(text, key=key)
        except RecordError as exc:
            raise RecordError(f"{path}: {exc}") from None

    def initial_state(self) -> State:
        if _games is None:
            raise RecordError("no games registry to replay a record with: import cosmotable.games")
        lookup, ids = _games
        try:
            game = lookup(self.game)
        except KeyError:
            raise RecordError(
                f"unknown game {quoted(self.game, 40)}; known games: {', '.join(ids())}"
            ) from None
        try:
            config = game.make_config(
                self.config.num_players, sorted(self.config.variants), **dict(self.config.options)
            )
            return game.state_from_config(config, self.seed)
        except CosmotableError as exc:
            raise RecordError(f"'config' is invalid for {self.game}: {exc}") from None

    def states(self):
        """Yield the state before the first action, then after each action."""
        state = self.initial_state()
        yield state
        for number, text in enumerate(self.actions, start=1):
            try:
                state.apply(text)
            except IllegalAction as exc:
                raise RecordError(
                    f"action #{number} {quoted(text)} cannot be replayed: {exc.reason}"
                ) from None
            yield state

    def replay(self, upto: int | None = None) -> State:
        """The state after the first `upto` actions (all by default)."""
        state = None
        for index, state in enumerate(self.states()):
            if upto is not None and index >= upto:
                break
        assert state is not None
        return state


def replay(game: str, config: GameConfig, seed: int, actions: list[str]) -> State:
    return GameRecord(game, config, seed, list(actions)).replay()


def save_state(state: State, key: bytes | str | None = None) -> dict[str, Any]:
    """A state saved as a record: (game, config, seed, actions) plus a digest against accidents,
    and with `key` an HMAC-SHA256 `signature` against tampering (see `GameRecord.to_json`). A
    function of the records, not a method of the State, so that the state's module needs no record."""
    return GameRecord.from_state(state).to_json(key=key)


def load_state(data: Any, key: bytes | str | None = None) -> State:
    """Load a save (a dict, JSON text or a path) into the state it records; with `key`, only a
    record signed with that key."""
    if isinstance(data, Path):
        return GameRecord.load(data, key=key).replay()
    if isinstance(data, str):
        return GameRecord.loads(data, key=key).replay()
    return GameRecord.from_json(data, key=key).replay()
