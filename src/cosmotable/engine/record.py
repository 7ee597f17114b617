"""Game records: (game id, config, seed, actions) -> the identical state, and JSON save files.

A record stores every action including chance outcomes, so replaying it needs no RNG; the seed is
kept so that chance still to come after a loaded save is the same as in the original game.
A digest over the record's content catches edits made after saving.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cosmotable.engine.core import GameConfig, State, digest
from cosmotable.engine.errors import ConfigError, CosmotableError, IllegalAction, RecordError

FORMAT = "cosmotable-record"
VERSION = 1


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

    def to_json(self) -> dict[str, Any]:
        data = self.content()
        data["digest"] = digest(data)
        return data

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, indent=1)

    def save(self, path: str | Path) -> Path:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(path.suffix + ".tmp")
        tmp.write_text(self.dumps(), encoding="utf-8")
        tmp.replace(path)  # atomic: a crash mid-write never leaves half a save
        return path

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        """Validate the structure of a record; every error names the field that is wrong."""
        if not isinstance(data, dict):
            raise RecordError(f"a record must be a JSON object, got {type(data).__name__}")
        if data.get("format") != FORMAT:
            raise RecordError(f"'format' must be {FORMAT!r}, got {data.get('format')!r}: not a Cosmotable record")
        if data.get("version") != VERSION:
            raise RecordError(f"'version' {data.get('version')!r} is not supported (this build reads version {VERSION})")
        game = data.get("game")
        if not isinstance(game, str):
            raise RecordError(f"'game' must be a game id such as 'mlem', got {game!r}")
        seed = data.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise RecordError(f"'seed' must be a non-negative integer, got {seed!r}")
        actions = data.get("actions")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise RecordError("'actions' must be a list of action texts")
        try:
            config = GameConfig.from_json(data.get("config"))
        except ConfigError as exc:
            raise RecordError(f"'config' is invalid: {exc}") from None
        record = cls(game, config, seed, actions)
        if "digest" in data:
            if data["digest"] != digest(record.content()):
                raise RecordError(
                    "'digest' does not match the record's content: the file was changed after it "
                    "was saved (remove the 'digest' field to load a hand-edited record)"
                )
        return record

    @classmethod
    def loads(cls, text: str) -> GameRecord:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}") from None
        return cls.from_json(data)

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        path = Path(path)
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise RecordError(f"{path}: no such file") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise RecordError(f"{path}: cannot be read: {exc}") from None
        try:
            return cls.loads(text)
        except RecordError as exc:
            raise RecordError(f"{path}: {exc}") from None

    def initial_state(self) -> State:
        from cosmotable import games

        try:
            game = games.get(self.game)
        except KeyError as exc:
            raise RecordError(str(exc.args[0])) from None
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
                raise RecordError(f"action #{number} {text!r} cannot be replayed: {exc.reason}") from None
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


def load_state(data: Any) -> State:
    """Load a save (a dict, JSON text or a path) into the state it records."""
    if isinstance(data, Path):
        return GameRecord.load(data).replay()
    if isinstance(data, str):
        return GameRecord.loads(data).replay()
    return GameRecord.from_json(data).replay()
