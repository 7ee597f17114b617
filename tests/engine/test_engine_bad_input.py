"""Bad input of every kind, for every game: it raises only the engine's documented errors
(IllegalAction, RecordError, ConfigError) with a short message saying what was wrong, and it
changes nothing - not the state's history, events or fingerprint, not a record."""

import dataclasses
import json
import os

import pytest
from bad_input_helpers import (
    DOCUMENTED,
    GAME_IDS,
    MESSAGE_LIMIT,
    data_digest,
    json_values,
    mutated,
    picture,
    python_values,
    states,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from budget_helpers import examples
from cosmotable import games
from cosmotable.engine import IllegalAction, RecordError, State, load_state, save_state

# BAD_INPUT_EXAMPLES=2000 for a longer hunt (benchmarks/fuzz_engine.py runs a time-boxed one).
SETTINGS = settings(
    max_examples=int(os.environ.get("BAD_INPUT_EXAMPLES", str(examples(60)))),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def refused_or_applied(state, action, seat=None):
    """Apply `action`; a refusal must be a documented error with a short message that left
    `state` exactly as it was. Returns the error or None."""
    before = picture(state)
    try:
        state.apply(action, seat=seat)
    except DOCUMENTED as exc:
        assert isinstance(exc, IllegalAction) and exc.reason
        assert len(str(exc)) <= MESSAGE_LIMIT
        assert picture(state) == before
        return exc
    return None


@pytest.mark.parametrize("game_id", GAME_IDS)
@SETTINGS
@given(data=st.data(), text=st.text(max_size=60) | st.from_regex(r"[a-z\-]+( [A-Za-z0-9:,+\-]+){0,3}"))
def test_random_text_is_refused_or_is_a_legal_action(game_id, data, text):
    state = data.draw(st.sampled_from(states(game_id))).clone()
    length = len(state.history)
    if refused_or_applied(state, text) is None:
        assert (
            len(state.history) == length + 1
            and state.history[-1] == state.game.parse_action(text)
            or state.history[-1] == state.normalize(state.game.parse_action(text))
        )


@pytest.mark.parametrize("game_id", GAME_IDS)
@SETTINGS
@given(data=st.data(), value=json_values)
def test_random_json_is_refused_as_an_action(game_id, data, value):
    state = data.draw(st.sampled_from(states(game_id))).clone()
    form = value if isinstance(value, dict) else {"kind": value}
    refused_or_applied(state, form)


@pytest.mark.parametrize("game_id", GAME_IDS)
@SETTINGS
@given(data=st.data())
def test_mutated_json_forms_of_legal_actions_are_refused_or_legal(game_id, data):
    state = data.draw(st.sampled_from([s for s in states(game_id) if not s.is_terminal()])).clone()
    action = data.draw(st.sampled_from(state.legal_actions()))
    form = data.draw(mutated(action.to_json()))
    if refused_or_applied(state, form) is None:  # accepted: a complete form with known fields only
        assert form.get("kind") == state.history[-1].kind
        assert set(form) <= {"kind", *(f.name for f in dataclasses.fields(state.history[-1]))}


@pytest.mark.parametrize("game_id", GAME_IDS)
@SETTINGS
@given(data=st.data(), value=python_values)
def test_action_objects_with_a_field_of_the_wrong_type_are_refused(game_id, data, value):
    state = data.draw(st.sampled_from([s for s in states(game_id) if not s.is_terminal()])).clone()
    action = data.draw(st.sampled_from(state.legal_actions()))
    names = [f.name for f in dataclasses.fields(action)]
    if not names:
        return
    name = data.draw(st.sampled_from(names))
    bad = dataclasses.replace(action)
    object.__setattr__(bad, name, value)  # frozen: what a caller who builds actions by hand may do
    exc = refused_or_applied(state, bad)
    if exc is None:  # only a value of the right type (e.g. another legal astronaut) is accepted
        assert bad.field_problem() is None


@pytest.mark.parametrize("game_id", GAME_IDS)
@SETTINGS
@given(data=st.data(), seat=python_values | st.integers(-5, 8) | st.booleans())
def test_a_seat_is_an_int_in_range_and_chance_takes_no_seat(game_id, data, seat):
    state = data.draw(st.sampled_from([s for s in states(game_id) if not s.is_terminal()])).clone()
    action = data.draw(st.sampled_from(state.legal_actions()))
    acting = state.current_player()
    # The action is legal, so only the seat can make it refused: None always passes (local play,
    # chance), otherwise only the int number of the seat to act.
    accepted = seat is None or (type(seat) is int and seat == acting and acting >= 0)
    exc = refused_or_applied(state, action, seat=seat)
    assert (exc is None) == accepted, (seat, acting, exc)


def record_of(game_id):
    return save_state(next(s for s in states(game_id) if len(s.history) >= 20))


@pytest.mark.parametrize("game_id", GAME_IDS)
@SETTINGS
@given(data=st.data())
def test_mutated_records_load_or_raise_a_record_error(game_id, data):
    record = record_of(game_id)
    if data.draw(st.booleans()):  # a hand-edited file without its digest reaches every later check
        del record["digest"]
    bad = data.draw(mutated(record))
    kept = data_digest(bad)
    try:
        state = load_state(bad)
    except RecordError as exc:
        assert len(str(exc)) <= MESSAGE_LIMIT
    else:
        assert isinstance(state, State)
    assert data_digest(bad) == kept  # the data handed in is left as it was


@pytest.mark.parametrize("game_id", GAME_IDS)
@SETTINGS
@given(data=st.data())
def test_mutated_record_texts_load_or_raise_a_record_error(game_id, data):
    text = json.dumps(record_of(game_id))
    at = data.draw(st.integers(0, len(text)))
    cut = data.draw(st.integers(0, 3))
    insert = data.draw(st.text(max_size=3) | st.sampled_from(["[" * 5000, "9" * 5000, "\\udfff", "NaN"]))
    try:
        load_state(text[:at] + insert + text[at + cut :])
    except RecordError as exc:
        assert len(str(exc)) <= MESSAGE_LIMIT


@pytest.mark.parametrize("game_id", GAME_IDS)
@SETTINGS
@given(data=st.data())
def test_a_signed_record_changed_anywhere_is_refused_with_the_key(game_id, data):
    state = next(s for s in states(game_id) if len(s.history) >= 20)
    signed = save_state(state, key=b"server key")
    bad = data.draw(mutated(signed))
    if not isinstance(bad, dict):
        return
    try:
        loaded = load_state(bad, key=b"server key")
    except RecordError as exc:
        assert len(str(exc)) <= MESSAGE_LIMIT
    else:  # only a change that means the same game (a dropped digest, default variants) passes
        assert bad["signature"] == signed["signature"]
        assert loaded.fingerprint() == state.fingerprint() and loaded.history == state.history


OPTION_DATA = {
    "mlem": lambda: {"board": __import__("cosmotable.games.mlem.board", fromlist=["x"]).default_mat_data()},
    "planet": lambda: {
        "layout": __import__("cosmotable.games.planet.board", fromlist=["x"]).default_layout_data()
    },
}


@pytest.mark.parametrize("game_id", GAME_IDS)
@SETTINGS
@given(data=st.data())
def test_random_options_and_mutated_game_data_are_config_errors(game_id, data):
    game = games.get(game_id)
    options = {}
    name = data.draw(st.sampled_from([*game.options, "nonsense"]))
    if game_id in OPTION_DATA and data.draw(st.booleans()):
        name, value = next(iter(OPTION_DATA[game_id]().items()))
        options[name] = data.draw(mutated(value))
    else:
        options[name] = data.draw(json_values)
    players = data.draw(st.integers(game.min_players, game.max_players) | python_values)
    seed = data.draw(st.integers(0, 2**256 - 1) | python_values)
    try:
        state = game.new_state(players, seed=seed, **options)
    except DOCUMENTED as exc:
        assert len(str(exc)) <= MESSAGE_LIMIT
    else:
        assert load_state(save_state(state)).fingerprint() == state.fingerprint()
