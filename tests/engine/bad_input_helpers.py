"""Shared pieces of the bad-input tests: states of every game part-way through, a picture of a state
to compare before and after a refusal, Hypothesis strategies for hostile values, and a mutation
of JSON data at a random place."""

import copy
import hashlib

from hypothesis import strategies as st

from cosmotable import games
from cosmotable.engine import ConfigError, IllegalAction, RecordError
from play_helpers import play_random

GAME_IDS = ("mlem", "kosmodrom", "planet")
#: The errors the engine documents for bad input; anything else escaping is a defect.
DOCUMENTED = (IllegalAction, RecordError, ConfigError)
#: However large the input, a message stays this short (200 characters of quoted input at most,
#: plus the explanation, e.g. up to 12 legal actions or 12 listed problems).
MESSAGE_LIMIT = 2500

# (game, players, variants, options) set-ups, and how many random actions to play before testing.
SETUPS = {
    "mlem": [(2, [], {}), (4, ["ufo", "discovery", "secret_missions"], {})],
    "kosmodrom": [(2, [], {}), (3, ["negotiation", "superpowers"], {})],
    "planet": [(2, [], {"max_turns": 40}), (4, ["teams"], {"max_turns": 40})],
}
STEPS = (0, 3, 25, 80)
_STATES: dict[str, list] = {}


def states(game_id):
    """States of `game_id` at several points of a few seeded random games (built once)."""
    if game_id not in _STATES:
        game = games.get(game_id)
        found = []
        for index, (players, variants, options) in enumerate(SETUPS[game_id]):
            for steps in STEPS:
                state = game.new_state(players, seed=100 + index, variants=variants, **options)
                found.append(play_random(state, max_actions=100_000, steps=steps, choice_seed=index))
        _STATES[game_id] = found
    return _STATES[game_id]


def picture(state):
    """Everything a refusal must leave as it was."""
    return (
        state.fingerprint(),
        list(state.history),
        list(state.events),
        state.current_player(),
        list(state._scripted_chance),
    )


def nested(depth, leaf=1):
    """A list nested `depth` levels deep, built without recursion."""
    value = leaf
    for _ in range(depth):
        value = [value]
    return value


surrogates = st.sampled_from(["\udfff", "a\ud800", "\udc80board"])
long_texts = st.integers(201, 1_000_000).map(lambda n: "x" * n)
json_leaves = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=20)
    | surrogates
)
json_values = (
    st.recursive(
        json_leaves,
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
        max_leaves=16,
    )
    | st.integers(30, 3000).map(nested)
    | long_texts
    | st.integers(10**70, 10**90)
    | st.just(10**5000)
)
#: Values no JSON text holds, for fields of Action objects built directly and seats.
python_values = json_values | st.tuples(json_values) | st.builds(object) | st.just(1.0) | st.just(b"1")


def paths(data, prefix=()):
    """Every place in JSON data, as key/index tuples."""
    found = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            found.extend(paths(value, (*prefix, key)))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found.extend(paths(value, (*prefix, index)))
    return found


@st.composite
def mutated(draw, data):
    """A deep copy of `data` with one place replaced by a hostile value, removed, or given an
    extra entry."""
    data = copy.deepcopy(data)
    where = draw(st.sampled_from(paths(data)))
    how = draw(st.sampled_from(["replace", "remove", "add"]))
    if not where:
        return draw(json_values) if how == "replace" else data
    parent = data
    for step in where[:-1]:
        parent = parent[step]
    last = where[-1]
    if how == "replace":
        parent[last] = draw(json_values)
    elif how == "remove":
        del parent[last]
    elif isinstance(parent, dict):
        parent[draw(st.text(max_size=8))] = draw(json_values)
    else:
        parent.insert(last, draw(json_values))
    return data


def data_digest(value):
    """A digest of any nested data (walked without recursion, so any depth; NaN and huge integers
    included), to show that data handed to the engine comes back unaltered."""
    digest = hashlib.sha256()
    stack = [value]
    while stack:
        item = stack.pop()
        digest.update(type(item).__name__.encode())
        if isinstance(item, dict):
            digest.update(str(len(item)).encode())
            for key, sub in item.items():
                stack.append(sub)
                stack.append(key)
        elif isinstance(item, (list, tuple)):
            digest.update(str(len(item)).encode())
            stack.extend(item)
        elif isinstance(item, int):
            digest.update(hex(item).encode())
        else:
            digest.update(repr(item).encode("utf-8", "surrogatepass"))
    return digest.hexdigest()
