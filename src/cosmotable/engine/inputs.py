"""Limits and checks for anything that comes from outside the program: action texts and JSON forms,
Action objects built by callers, records and option data.

One place for every bound, so a malformed or hostile input is refused with a short message saying
what was wrong instead of reaching the rules as a TypeError, a RecursionError or a megabyte-long
error text. Nothing here raises an engine error: the functions return a problem (or raise
ValueError) and the caller wraps it in the error its API documents.
"""

from __future__ import annotations

import dataclasses
import json
import math
import reprlib
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from typing import Any

#: At most this many characters of an input are quoted in an error message.
QUOTE_LIMIT = 200
#: The longest action text (the longest real one is about 50 characters).
MAX_ACTION_CHARS = 200
#: Deepest nesting accepted in JSON data (a record with a custom layout is 5 levels deep).
MAX_DEPTH = 32
#: Most values (every list item and table entry counted) in one piece of JSON data.
MAX_NODES = 1_000_000
#: Longest JSON text read as a record (a 600-turn Planet game is well under 1 MB).
MAX_JSON_CHARS = 16_000_000
#: Integers in JSON data have at most 256 bits (78 digits): room for the server's 160-bit seeds,
#: while a number of thousands of digits (which Python refuses to print) is refused on reading.
MAX_INT = 2**256 - 1
#: Seeds are non-negative integers a record holds: 0 .. 2**256 - 1.
MAX_SEED = MAX_INT
#: Problems listed in one error message; the rest are counted.
PROBLEM_LIMIT = 12


class _BoundedRepr(reprlib.Repr):
    """reprlib's bounded repr, also for integers too long to print (Python refuses beyond 4300
    digits)."""

    def repr_int(self, x: int, level: int) -> str:
        if abs(x) >= 10**40:
            return f"<an integer of about {int(x.bit_length() * math.log10(2)) + 1} digits>"
        return repr(x)


_REPR = _BoundedRepr()
_REPR.maxlevel = 3
_REPR.maxstring = QUOTE_LIMIT
_REPR.maxother = QUOTE_LIMIT
_REPR.maxlong = 40
for _name in ("maxlist", "maxtuple", "maxdict", "maxset", "maxfrozenset", "maxdeque", "maxarray"):
    setattr(_REPR, _name, 8)


def quoted(value: Any, limit: int = QUOTE_LIMIT) -> str:
    """`value` as it may appear in an error message: repr-like, never longer than about `limit`
    characters, safe for any nesting depth and for any size of text or number."""
    if isinstance(value, str):
        if len(value) <= limit:
            return repr(value)
        return f"{value[:limit]!r}... ({len(value)} characters)"
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        parts = [f"{f.name}={_REPR.repr(getattr(value, f.name))}" for f in dataclasses.fields(value)]
        text = f"{type(value).__name__}({', '.join(parts)})"
    else:
        text = _REPR.repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


def problem_list(problems: Iterable[str], limit: int = PROBLEM_LIMIT) -> str:
    """Problems as indented lines for an error message: the first `limit`, then how many more."""
    problems = list(problems)
    lines = [f"  - {p}" for p in problems[:limit]]
    if len(problems) > limit:
        lines.append(f"  ... and {len(problems) - limit} more")
    return "\n".join(lines)


def turn_cap_problem(options: Mapping[str, Any], default: int, name: str = "max_turns") -> str | None:
    """What is wrong with a game's safety cap on turns (its option `name`), or None: when given, it is
    a whole number >= 1 (a bool is not one). One check for every game that has the option."""
    if name not in options:
        return None
    cap = options[name]
    if type(cap) is int and cap >= 1:
        return None
    return (
        f"option {name!r} must be a whole number >= 1, got {quoted(cap, 40)} "
        f"(leave the option out for the default, {default})"
    )


def research_problem(config: Any, configurations: Callable[[], Mapping[str, Any]], sets: str) -> str | None:
    """What is wrong with a config's `research` option (a game's named research configuration: a
    small game for exact solvers, not the rulebook game), or None. `configurations()` gives the
    game's configurations by name, each with `players`, the player counts it is made for (called
    only when the option is given); `sets` says what a configuration sets itself, so that no other
    option may come with it. One check for every game that has the option."""
    name = config.options.get("research")
    if name is None:
        return None
    players_of = {key: research.players for key, research in configurations().items()}
    if name not in players_of:
        return f"option 'research' must be one of {', '.join(sorted(players_of))}, got {quoted(name, 40)}"
    if config.variants:
        return f"research configuration {name!r} takes no variants, got {', '.join(config.variants)}"
    if config.num_players not in players_of[name]:
        return f"research configuration {name!r} is made for {players_of[name]} players, got {config.num_players}"
    others = sorted(k for k in config.options if k != "research")
    if others:
        return f"research configuration {name!r} sets {sets} itself; drop {others}"
    return None


# ------------------------------------------------------------------------------ JSON data
def _path(parts: tuple[Any, ...]) -> str:
    text = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in parts).lstrip(".")
    return quoted(text, 80)[1:-1] if text else "the top level"


def _text_problem(text: str, max_chars: int | None) -> str | None:
    if max_chars is not None and len(text) > max_chars:
        return f"holds {len(text)} characters (at most {max_chars})"
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as exc:
            return f"holds a lone surrogate {text[exc.start]!r}, which is not Unicode text"
    return None


def json_problem(
    value: Any,
    *,
    max_depth: int = MAX_DEPTH,
    max_nodes: int = MAX_NODES,
    max_chars: int | None = None,
) -> str | None:
    """What makes `value` unfit as JSON data, or None: a type JSON lacks, a non-text key, nesting
    deeper than `max_depth`, more than `max_nodes` values, text longer than `max_chars` or with a
    lone surrogate, an integer beyond 256 bits, a NaN or an infinity. Walks without recursion, so
    even a structure a million levels deep is judged safely."""
    stack: list[tuple[Any, int, tuple[Any, ...]]] = [(value, 0, ())]
    nodes = 0
    while stack:
        item, depth, path = stack.pop()
        nodes += 1
        if nodes > max_nodes:
            return f"holds more than {max_nodes} values"
        if item is None or isinstance(item, bool):
            continue
        if isinstance(item, str):
            problem = _text_problem(item, max_chars)
            if problem:
                return f"the text at {_path(path)} {problem}"
        elif isinstance(item, int):
            if abs(item) > MAX_INT:
                return f"the number at {_path(path)} is beyond 256 bits ({quoted(item)})"
        elif isinstance(item, float):
            if not math.isfinite(item):
                return f"the number at {_path(path)} is {item!r}, which JSON cannot hold"
        elif isinstance(item, (list, tuple, dict)):
            if depth >= max_depth:
                return f"nested deeper than {max_depth} levels at {_path(path)}"
            if isinstance(item, dict):
                for key, sub in item.items():
                    if not isinstance(key, str):
                        return f"the key {quoted(key, 40)} at {_path(path)} is not text"
                    problem = _text_problem(key, max_chars)
                    if problem:
                        return f"a key at {_path(path)} {problem}"
                    stack.append((sub, depth + 1, (*path, key)))
            else:
                stack.extend((sub, depth + 1, (*path, i)) for i, sub in enumerate(item))
        else:
            return f"the value at {_path(path)} is a {type(item).__name__}, which JSON cannot hold"
    return None


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _read_int(digits: str) -> int:
    # Python refuses to convert more than 4300 digits; anything past 256 bits is refused anyway.
    if len(digits.lstrip("-")) > 80:
        raise ValueError(f"a number of {len(digits.lstrip('-'))} digits is beyond 256 bits")
    return int(digits)


def parse_json(text: str, *, max_chars: int = MAX_JSON_CHARS, max_depth: int = MAX_DEPTH) -> Any:
    """JSON text -> data, within the limits above. Raises ValueError saying what is wrong (with line
    and column for a syntax error)."""
    if len(text) > max_chars:
        raise ValueError(f"the text holds {len(text)} characters (at most {max_chars})")
    try:
        data = json.loads(text, parse_constant=_refuse_constant, parse_int=_read_int)
    except json.JSONDecodeError as exc:
        # json's own text may end in "at" ("Unterminated string starting at"): no second "at"
        where = f"line {exc.lineno}, column {exc.colno}"
        at = " " if exc.msg.endswith(" at") else " at "
        raise ValueError(f"not valid JSON: {exc.msg}{at}{where}") from None
    except RecursionError:
        raise ValueError(f"not valid JSON here: nested deeper than {max_depth} levels") from None
    except ValueError as exc:  # an integer of thousands of digits, NaN, Infinity
        raise ValueError(f"not valid JSON here: {exc}") from None
    problem = json_problem(data, max_depth=max_depth)
    if problem:
        raise ValueError(f"not valid JSON here: {problem}")
    return data


# ------------------------------------------------------------------------------ action fields
@cache
def _field_types(cls: type) -> tuple[tuple[str, Any, bool, Callable[[Any], bool]], ...]:
    """(name, type, required, test) of a dataclass's fields, the types resolved from its annotations."""
    hints = typing.get_type_hints(cls)
    return tuple(
        (
            f.name,
            hints[f.name],
            f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING,
            _check(hints[f.name]),
        )
        for f in dataclasses.fields(cls)
    )


def _is_text(value: Any) -> bool:
    return type(value) is str and (
        len(value) <= MAX_ACTION_CHARS and value.isascii() or _text_problem(value, MAX_ACTION_CHARS) is None
    )


def _is_int(value: Any) -> bool:
    return type(value) is int and -MAX_INT <= value <= MAX_INT


@cache
def _check(kind: Any) -> Callable[[Any], bool]:
    """A test `value -> bool` for values of the annotated type `kind`, built once per type (every
    applied action is checked, so the test must be cheap)."""
    if kind is str:
        return _is_text
    if kind is bool:
        return lambda value: type(value) is bool
    if kind is int:
        return _is_int
    if kind is type(None):
        return lambda value: value is None
    origin = typing.get_origin(kind)
    if origin is types.UnionType or origin is typing.Union:
        options = tuple(_check(option) for option in typing.get_args(kind))
        return lambda value: any(check(value) for check in options)
    if origin is tuple:
        args = typing.get_args(kind)
        if len(args) == 2 and args[1] is Ellipsis:
            item = _check(args[0])
            return lambda value: (
                type(value) is tuple and len(value) <= MAX_ACTION_CHARS and all(item(v) for v in value)
            )
        items = tuple(_check(a) for a in args)
        return lambda value: (
            type(value) is tuple
            and len(value) == len(items)
            and all(check(v) for check, v in zip(items, value))
        )
    cls = origin or kind
    return lambda value: isinstance(value, cls)


def _describe(kind: Any) -> str:
    if kind is str:
        return f"text of at most {MAX_ACTION_CHARS} characters"
    if kind is bool:
        return "true or false"
    if kind is int:
        return "a whole number"
    if kind is type(None):
        return "null"
    origin = typing.get_origin(kind)
    if origin in (types.UnionType, typing.Union):
        return " or ".join(_describe(option) for option in typing.get_args(kind))
    if origin is tuple:
        args = typing.get_args(kind)
        return f"a list of {_describe(args[0])}" if len(args) == 2 and args[1] is Ellipsis else "a list"
    return getattr(kind, "__name__", str(kind))


def field_problem(action: Any) -> str | None:
    """What is wrong with the field values of a dataclass action, judged by its annotations
    (`Roll(faces=1)`, `Land(shift="x")`), or None."""
    for name, kind, _, fits in _field_types(action.__class__):
        value = getattr(action, name)
        if not fits(value):
            return f"{type(action).__name__}.{name} must be {_describe(kind)}, got {quoted(value, 60)}"
    return None


def action_from_fields(types_by_kind: Mapping[str, type], data: Mapping[str, Any]) -> Any:
    """The action a JSON form describes: `kind` picks the class, every other key must be one of its
    fields with a value of the annotated type (lists stand for tuples). Raises ValueError naming
    the unknown, missing or mistyped field."""
    problem = json_problem(
        dict(data), max_depth=3, max_nodes=2 * MAX_ACTION_CHARS, max_chars=MAX_ACTION_CHARS
    )
    if problem:
        raise ValueError(f"not an action's JSON form: {problem}")
    kind = data.get("kind")
    cls = types_by_kind.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ValueError(f"unknown action kind {quoted(kind, 40)}; kinds are {', '.join(types_by_kind)}")
    spec = _field_types(cls)
    names = [name for name, _, _, _ in spec]
    unknown = sorted(set(data) - {"kind", *names})
    if unknown:
        raise ValueError(
            f"unknown field(s) {', '.join(map(repr, unknown))} for {kind!r}; "
            f"its fields are: {', '.join(names) or 'none besides kind'}"
        )
    missing = [name for name, _, required, _ in spec if required and name not in data]
    if missing:
        raise ValueError(f"{kind!r} needs the field(s) {', '.join(missing)}")
    values = {}
    for name, field_type, _, _ in spec:
        if name in data:
            value = data[name]
            values[name] = (
                tuple(value) if typing.get_origin(field_type) is tuple and type(value) is list else value
            )
    action = cls(**values)
    problem = field_problem(action)
    if problem:
        raise ValueError(problem)
    return action
