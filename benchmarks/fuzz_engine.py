"""Engine fuzzing: hidden-information leaks and bad input, per game, within a time or state budget.

    python benchmarks/fuzz_engine.py [GAME ...] [--seconds S | --states N] [--seed K] [--quiet]

Plays seeded random games; at every few actions it takes the state and
  - checks every seat for leaks: `engine.audit.leak_differences(state, seat, rng)` (a
    determinization must look exactly like the true state to that seat), and now and then plays a
    determinization to the end (`audit.play_to_end`);
  - throws bad input at it, by category: random text, random JSON, mutated JSON forms of legal
    actions, Action objects with fields of the wrong type, bad seats, mutated records (with and
    without digest, signed ones with the key), mutated record texts, bad options and layouts.
Bad input must raise only IllegalAction / RecordError / ConfigError, with a message of at most
MESSAGE_LIMIT characters, and must leave the state (history, events, fingerprint) as it was; a seat
must be accepted exactly when it is None or the int seat to act. Each failure is printed with what
reproduces it: game, set-up, game seed, number of actions played, the category and the input.

It also drives each game through the OpenSpiel adapter (when pyspiel is installed) and, at some of
the checked states, draws an OpenSpiel determinization for every seat the way
`resample_from_infostate` does (`resample_for`, then the encoding's `resampled_history`, replayed):
a rewrite that raises, does not replay, or changes the seat's information state is *refused*
(OpenSpiel would draw again); one that replays to other hidden cards than the engine drew (Planet's
peeked tiles, MLEM's missions) is a *fallback* to the truth. Both must stay 0.

Prints per game: states x seats checked for leaks, leaks found, bad inputs tried per category,
OpenSpiel determinizations drawn / refused / fallbacks, failures. Exit status 1 if anything failed.
"""

from __future__ import annotations

import argparse
import copy
import dataclasses
import json
import random
import sys
import time
from typing import Any

import machine

from cosmotable import games
from cosmotable.engine import ConfigError, IllegalAction, RecordError, State, load_state, save_state
from cosmotable.engine.audit import leak_differences, play_to_end
from cosmotable.engine.inputs import quoted

DOCUMENTED = (IllegalAction, RecordError, ConfigError)
MESSAGE_LIMIT = 2500
KEY = b"fuzz key"
#: (players, variants, options) set-ups per game; a state is reproduced by (set-up, seed, actions).
SETUPS: dict[str, list[tuple[int, list[str], dict[str, Any]]]] = {
    "mlem": [(2, [], {}), (3, ["secret_missions"], {}), (4, ["ufo", "discovery", "secret_missions"], {})],
    "kosmodrom": [(2, [], {}), (3, ["negotiation"], {}), (4, ["quick", "superpowers"], {})],
    "planet": [(2, [], {"max_turns": 60}), (3, [], {"max_turns": 60}), (4, ["teams"], {"max_turns": 60})],
}
#: Actions between two checked states of a game.
EVERY = 7
#: Share of the checked states where every seat also draws an OpenSpiel determinization (a replay
#: of the whole history each: the costliest check).
OPENSPIEL_SHARE = 0.15
CATEGORIES = (
    "text",
    "json",
    "mutated-json",
    "field-types",
    "seat",
    "record",
    "signed-record",
    "record-text",
    "options",
)


@dataclasses.dataclass
class Tally:
    states: int = 0
    seat_checks: int = 0
    leaks: int = 0
    playouts: int = 0
    os_samples: int = 0
    os_refused: int = 0
    os_fallbacks: int = 0
    os_true_history: int = 0
    tried: dict[str, int] = dataclasses.field(default_factory=lambda: dict.fromkeys(CATEGORIES, 0))
    failures: list[str] = dataclasses.field(default_factory=list)


# ------------------------------------------------------------------------------ hostile values
def nested(depth: int, leaf: Any = 1) -> Any:
    value = leaf
    for _ in range(depth):
        value = [value]
    return value


def json_value(rng: random.Random, depth: int = 0) -> Any:
    roll = rng.random()
    if roll < 0.05:
        return nested(rng.randint(30, 3000))
    if roll < 0.08:
        return "x" * rng.choice([201, 10_000, 1_000_000])
    if roll < 0.10:
        return rng.choice(
            [2**160, 2**256, -(10**80), 10**5000, float("nan"), float("inf"), "\udfff", "a\ud800"]
        )
    if depth < 3 and roll < 0.30:
        return [json_value(rng, depth + 1) for _ in range(rng.randint(0, 3))]
    if depth < 3 and roll < 0.45:
        keys = ["kind", "x", "", "seat", "card"]
        return {rng.choice(keys): json_value(rng, depth + 1) for _ in range(rng.randint(0, 3))}
    return rng.choice(
        [
            None,
            True,
            False,
            0,
            1,
            -1,
            2,
            7,
            1.5,
            "",
            "1",
            "N",
            "x",
            "board",
            "false",
            "metal",
            "d5",
            "r1",
            "+1",
            "helper",
            " ",
            "\x00",
            "é",
        ]
    )


def python_value(rng: random.Random) -> Any:
    """Also values no JSON holds: what a caller building Action objects might pass."""
    return rng.choice([json_value(rng), (json_value(rng),), object(), b"1", 1.0, frozenset({1})])


def random_text(rng: random.Random, legal: list[str]) -> str:
    roll = rng.random()
    if roll < 0.4 and legal:
        text = list(rng.choice(legal))
        for _ in range(rng.randint(1, 3)):
            at = rng.randint(0, len(text))
            how = rng.random()
            if how < 0.4 and text:
                del text[min(at, len(text) - 1)]
            elif how < 0.8:
                text.insert(at, rng.choice("abcdefghijklmnopqrstuvwxyz0123456789 ,:+-HNSEW\t\udfff"))
            else:
                text.insert(at, " " + rng.choice(legal))
        return "".join(text)
    if roll < 0.5:
        return "x" * rng.choice([201, 10_000, 1_000_000])
    words = [
        "board",
        "roll",
        "travel",
        "land",
        "play",
        "gift",
        "move",
        "sail",
        "ability",
        "1",
        "2",
        "-1",
        "+1",
        "H1",
        "moon",
        "metal",
        "r1",
        "N",
        "d5",
        "s:a1",
        "coin",
        "turn",
        "end",
        "",
        "+extra",
    ]
    return " ".join(rng.choice(words) for _ in range(rng.randint(0, 5)))


def places(data: Any, prefix: tuple = ()) -> list[tuple]:
    found = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            found.extend(places(value, (*prefix, key)))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found.extend(places(value, (*prefix, index)))
    return found


def mutate(data: Any, rng: random.Random) -> Any:
    """A copy of `data` with one place replaced, removed or given an extra entry."""
    data = copy.deepcopy(data)
    where = rng.choice(places(data))
    if not where:
        return json_value(rng)
    parent = data
    for step in where[:-1]:
        parent = parent[step]
    how = rng.choice(["replace", "remove", "add"])
    if how == "replace":
        parent[where[-1]] = json_value(rng)
    elif how == "remove":
        del parent[where[-1]]
    elif isinstance(parent, dict):
        parent[rng.choice(["x", "kind", "extra", "seat"])] = json_value(rng)
    else:
        parent.insert(where[-1], json_value(rng))
    return data


# ------------------------------------------------------------------------------ checks
class Checker:
    def __init__(self, game_id: str, tally: Tally, rng: random.Random):
        self.game_id, self.tally, self.rng = game_id, tally, rng
        self.where = ""

    def fail(self, category: str, value: Any, what: str) -> None:
        self.tally.failures.append(f"{self.where} [{category}] input {quoted(value, 120)}: {what}")

    def refused(self, category: str, state: State, value: Any, seat: Any = None) -> BaseException | None:
        """Apply a bad input to a copy of `state`; None if it was applied, else the error."""
        self.tally.tried[category] += 1
        copy_ = state.clone()
        before = (copy_.fingerprint(), list(copy_.history), list(copy_.events))
        try:
            copy_.apply(value, seat=seat)
        except DOCUMENTED as exc:
            if len(str(exc)) > MESSAGE_LIMIT:
                self.fail(category, value, f"message of {len(str(exc))} characters")
            if (copy_.fingerprint(), list(copy_.history), list(copy_.events)) != before:
                self.fail(category, value, "the refusal changed the state")
            return exc
        except Exception as exc:  # noqa: BLE001 - the defect this benchmark hunts: any undocumented error
            self.fail(category, value, f"{type(exc).__name__}: {quoted(str(exc), 160)}")
            return exc
        return None

    def loaded(self, category: str, data: Any, key: bytes | None = None) -> State | None:
        self.tally.tried[category] += 1
        try:
            return load_state(data, key=key)
        except RecordError as exc:
            if len(str(exc)) > MESSAGE_LIMIT:
                self.fail(category, data, f"message of {len(str(exc))} characters")
        except Exception as exc:  # noqa: BLE001 - any undocumented error is the finding
            self.fail(category, data, f"{type(exc).__name__}: {quoted(str(exc), 160)}")
        return None

    def bad_inputs(self, state: State, rounds: int) -> None:
        rng = self.rng
        legal = state.legal_actions()
        texts = [str(a) for a in legal]
        for _ in range(rounds):
            self.refused("text", state, random_text(rng, texts))
            value = json_value(rng)
            self.refused("json", state, value if isinstance(value, dict) else {"kind": value})
            if legal:
                action = rng.choice(legal)
                self.refused("mutated-json", state, mutate(action.to_json(), rng))
                names = [f.name for f in dataclasses.fields(action)]
                if names:
                    bad = dataclasses.replace(action)
                    object.__setattr__(bad, rng.choice(names), python_value(rng))
                    if self.refused("field-types", state, bad) is None and bad.field_problem() is not None:
                        self.fail("field-types", bad, "an action with a mistyped field was applied")
                seat = rng.choice(
                    [None, -1, -4, 0, 1, 2, 3, 4, True, False, 1.0, "1", state.current_player()]
                )
                accepted = seat is None or (type(seat) is int and seat == state.current_player() >= 0)
                exc = self.refused("seat", state, action, seat=seat)
                if (exc is None) != accepted:
                    self.fail(
                        "seat",
                        seat,
                        f"{'refused' if exc else 'accepted'} with {action} at "
                        f"current_player() {state.current_player()}: {exc}",
                    )
        self.records(state, rounds)
        self.options(rounds)

    def records(self, state: State, rounds: int) -> None:
        rng = self.rng
        record, signed = save_state(state), save_state(state, key=KEY)
        for _ in range(rounds):
            bad = mutate(record, rng)
            if isinstance(bad, dict) and rng.random() < 0.5:
                bad.pop("digest", None)
            self.loaded("record", bad)
            bad = mutate(signed, rng)
            again = self.loaded("signed-record", bad, key=KEY)
            if again is not None and (
                again.fingerprint() != state.fingerprint() or again.history != state.history
            ):
                self.fail("signed-record", bad, "a changed signed record was accepted with the key")
            text = json.dumps(record)
            at = rng.randint(0, len(text))
            insert = rng.choice(["", "[" * 5000, "9" * 5000, "\\udfff", "NaN", ",", "}", '"', "1"])
            self.loaded("record-text", text[:at] + insert + text[at + rng.randint(0, 3) :])

    def options(self, rounds: int) -> None:
        game = games.get(self.game_id)
        defaults = self.option_data()
        for _ in range(rounds):
            self.tally.tried["options"] += 1
            name = self.rng.choice([*game.options, "x"])
            value = mutate(defaults[name], self.rng) if name in defaults else json_value(self.rng)
            players = self.rng.choice([game.min_players, game.max_players, 0, 9, True, 2.0, None])
            try:
                game.new_state(
                    players, seed=self.rng.choice([1, -1, 2**160, 2**256, True, None]), **{name: value}
                )
            except DOCUMENTED as exc:
                if len(str(exc)) > MESSAGE_LIMIT:
                    self.fail("options", {name: value}, f"message of {len(str(exc))} characters")
            except Exception as exc:  # noqa: BLE001 - any undocumented error is the finding
                self.fail("options", {name: value}, f"{type(exc).__name__}: {quoted(str(exc), 160)}")

    def option_data(self) -> dict[str, Any]:
        if self.game_id == "planet":
            from cosmotable.games.planet.board import default_layout_data

            return {"layout": default_layout_data()}
        if self.game_id == "mlem":
            from cosmotable.games.mlem.board import default_mat_data

            return {"board": default_mat_data()}
        return {}

    def leaks(self, state: State) -> None:
        if state.is_terminal():
            return
        for seat in range(state.config.num_players):
            self.tally.seat_checks += 1
            try:
                found = leak_differences(state, seat, random.Random(self.rng.randrange(2**32)))
            except Exception as exc:  # noqa: BLE001 - any failure is the finding, reported and counted
                self.tally.failures.append(
                    f"{self.where} [leak] seat {seat}: resample_for raised "
                    f"{type(exc).__name__}: {quoted(str(exc), 160)}"
                )
                continue
            if found:
                self.tally.leaks += 1
                self.tally.failures.append(f"{self.where} [leak] seat {seat}: {'; '.join(found[:3])}")
        if self.rng.random() < 0.1:
            seat = self.rng.randrange(state.config.num_players)
            self.tally.playouts += 1
            try:
                play_to_end(state.resample_for(seat, random.Random(1)), random.Random(2))
            except Exception as exc:  # noqa: BLE001 - any failure is the finding, reported and counted
                self.tally.failures.append(
                    f"{self.where} [playout] a determinization for seat {seat} did not "
                    f"play to the end: {type(exc).__name__}: {quoted(str(exc), 160)}"
                )


# ------------------------------------------------------------------------------ OpenSpiel
def _face_down(state: State) -> dict:
    """Planet: face-down tiles fixed so far (by obelisk peeks)."""
    return {c: t for c, t in state.tile.items() if c not in state.revealed}  # type: ignore[attr-defined]


def _missions(state: State) -> list:
    """MLEM: every seat's secret missions (dealt, returned)."""
    if "secret_missions" not in state.config.variants:
        return []
    return [
        state.view(s)["variant_state"]["missions"]["hands"][str(s)] for s in range(state.config.num_players)
    ]


#: Per game, the hidden part a determinization redraws and its rewritten history must reproduce
#: (Kosmodrom's rewrite draws the other hands itself: nothing to compare but the information state).
HIDDEN_PART = {"planet": _face_down, "mlem": _missions}


class OpenSpielMirror:
    """The same game played through the OpenSpiel adapter, action for action (None: no pyspiel)."""

    def __init__(self, game_id: str, state: State):
        try:
            from cosmotable.envs import openspiel
        except ImportError:
            self.os_state = None
            return
        self.openspiel = openspiel
        options = {k: v for k, v in state.config.options.items() if k in openspiel.game_options(game_id)}
        self.game = openspiel.load(game_id, state.config.num_players, state.config.variants, **options)
        self.os_state = self.game.new_initial_state()

    def follow(self, state: State, action) -> None:
        """Apply `action` (about to be applied to `state`) to the mirror too."""
        if self.os_state is None:
            return
        enc = self.game.encoding
        index = enc.chance_to_index(action) if state.is_chance_node() else enc.action_to_index(action, state)
        self.os_state.apply_action(index)

    def check(self, checker: Checker, rng: random.Random) -> None:
        if self.os_state is None or self.os_state.is_terminal():
            return
        truth = self.os_state.engine_state
        hidden = HIDDEN_PART.get(checker.game_id)
        tally = checker.tally
        for seat in range(truth.config.num_players):
            tally.os_samples += 1
            resampled = truth.resample_for(seat, random.Random(rng.randrange(2**32)))
            try:
                history = self.game.encoding.resampled_history(truth, resampled, seat=seat)
                sample = self.openspiel.replay(self.game, history)
            except Exception as exc:  # noqa: BLE001 - DeterminizationError, or a rewrite that does not replay
                tally.os_refused += 1
                tally.failures.append(
                    f"{checker.where} [openspiel] seat {seat}: {type(exc).__name__}: {quoted(str(exc), 160)}"
                )
                continue
            if sample.information_state_string(seat) != self.os_state.information_state_string(seat):
                tally.os_refused += 1
                tally.failures.append(
                    f"{checker.where} [openspiel] seat {seat}: the rewrite changes the information state"
                )
            if hidden is not None and hidden(sample.engine_state) != hidden(resampled):
                tally.os_fallbacks += 1
                tally.failures.append(
                    f"{checker.where} [openspiel] seat {seat}: the rewritten history does "
                    "not replay to the determinization drawn"
                )
            tally.os_true_history += history == list(truth.history)


# ------------------------------------------------------------------------------ driver
def fuzz_game(
    game_id: str, seconds: float | None, max_states: int | None, seed: int, rounds: int, quiet: bool
) -> Tally:
    tally = Tally()
    rng = random.Random(f"{seed}:{game_id}")
    checker = Checker(game_id, tally, rng)
    game = games.get(game_id)
    start = last_report = time.perf_counter()

    def budget_left() -> bool:
        if max_states is not None:
            return tally.states < max_states
        return time.perf_counter() - start < (seconds or 0)

    game_number = 0
    while budget_left():
        index = game_number % len(SETUPS[game_id])
        players, variants, options = SETUPS[game_id][index]
        game_seed = seed * 1000 + game_number
        game_number += 1
        state = game.new_state(players, seed=game_seed, variants=variants, **options)
        mirror = OpenSpielMirror(game_id, state)
        choices = random.Random(game_seed)
        while budget_left():
            if len(state.history) % EVERY == 0 or state.is_terminal():
                checker.where = (
                    f"{game_id} set-up {index} {players}p {'+'.join(variants) or 'base'} "
                    f"seed={game_seed} after {len(state.history)} actions"
                )
                tally.states += 1
                checker.leaks(state)
                checker.bad_inputs(state, rounds)
                if rng.random() < OPENSPIEL_SHARE:
                    mirror.check(checker, rng)
            if state.is_terminal():
                break
            if state.is_chance_node():
                mirror.follow(state, state.clone().sample_chance())  # the same draw: same seed, same history
                state.sample_chance()
            else:
                action = choices.choice(state.legal_actions())
                mirror.follow(state, action)
                state.apply(action)
            now = time.perf_counter()
            if not quiet and now - last_report > 5:
                last_report = now
                print(
                    f"  [{now - start:5.0f}s] {game_id}: {tally.states} states, {sum(tally.tried.values())} "
                    f"bad inputs, {len(tally.failures)} failures",
                    file=sys.stderr,
                    flush=True,
                )
    return tally


def report(game_id: str, tally: Tally, elapsed: float) -> list[str]:
    tried = ", ".join(f"{name} {count}" for name, count in tally.tried.items())
    lines = [
        (
            f"{game_id}: {tally.seat_checks} states x seats checked for leaks ({tally.states} states, "
            f"{tally.leaks} leaking, {tally.playouts} determinizations played out), "
            f"{sum(tally.tried.values())} bad inputs tried ({tried}), "
            f"OpenSpiel determinizations {tally.os_samples} drawn / {tally.os_refused} refused / "
            f"{tally.os_fallbacks} fallbacks to the truth ({tally.os_true_history} equal to the true history), "
            f"{len(tally.failures)} failures [{elapsed:.0f}s]"
        )
    ]
    lines += [f"  FAIL {failure}" for failure in tally.failures[:20]]
    if len(tally.failures) > 20:
        lines.append(f"  ... and {len(tally.failures) - 20} more failures")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("games", nargs="*", default=games.ids(), help="game ids (default: every game)")
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--seconds", type=float, default=20.0, help="time per game (default 20)")
    budget.add_argument("--states", type=int, help="states per game instead of a time budget")
    parser.add_argument("--rounds", type=int, default=3, help="bad inputs per category per state (default 3)")
    parser.add_argument("--seed", type=int, default=1, help="the run's seed (same seed, same inputs)")
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    args = parser.parse_args(argv)
    machine.report()
    unknown = [g for g in args.games if g not in games.ids()]
    if unknown:
        parser.error(f"unknown game(s) {', '.join(unknown)}; games are {', '.join(games.ids())}")
    failed = False
    for game_id in args.games:
        start = time.perf_counter()
        tally = fuzz_game(
            game_id, None if args.states else args.seconds, args.states, args.seed, args.rounds, args.quiet
        )
        print("\n".join(report(game_id, tally, time.perf_counter() - start)), flush=True)
        failed |= bool(tally.failures)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
