"""Actions: every kind survives text and JSON round trips; bad text or JSON is refused clearly."""

import json

import pytest

from cosmotable import games
from cosmotable.engine import IllegalAction
from cosmotable.games.mlem.actions import (
    ACTION_TYPES,
    Board,
    Crash,
    DealMission,
    Land,
    Reroll,
    Return,
    ReturnMission,
    RevealDiscovery,
    RevealExpedition,
    Roll,
    Stay,
    Travel,
)
from cosmotable.games.mlem.board import ABILITIES

GAME = games.get("mlem")

EXAMPLES = [
    *(Board(a) for a in ABILITIES),
    Roll(("4",)),
    Roll(("A",)),
    Roll(("1", "2", "2", "A")),
    Roll(("1", "2", "2", "3", "4", "A")),
    Roll(("A", "A", "A", "A", "A", "A")),
    Travel(("2",)),
    Travel(("1", "2", "A")),
    Travel((), (0,)),
    Travel((), (1, 3, 4)),
    Travel(("1",), (0, 2)),
    Crash(),
    Stay(),
    Land("moon"),
    Land("planet"),
    Land("planet", 0, "azur"),
    Land("moon", 1),
    Land("moon", -1),
    Land("planet", 1),
    Land("planet", -1, "kotan"),
    Land("deep", 1),
    Return(),
    Travel(("2",), (), extra=True),
    Travel((), (), extra=True),
    Travel(("1", "A"), (2,), extra=True),
    Travel(("3",), (), keep=True),
    Reroll(),
    RevealExpedition("x03"),
    RevealDiscovery("d11"),
    DealMission("s17"),
    ReturnMission("s04"),
]


def test_examples_cover_every_action_kind():
    assert {a.kind for a in EXAMPLES} == set(ACTION_TYPES)


@pytest.mark.parametrize("action", EXAMPLES, ids=str)
def test_action_text_round_trip(action):
    assert GAME.parse_action(str(action)) == action


@pytest.mark.parametrize("action", EXAMPLES, ids=str)
def test_action_json_round_trip(action):
    data = json.loads(json.dumps(action.to_json()))
    assert data["kind"] == action.kind
    assert GAME.action_from_json(data) == action


@pytest.mark.parametrize(
    "text, expected",
    [
        ("roll A,1,2,2", Roll(("1", "2", "2", "A"))),
        ("roll a,4,1", Roll(("1", "4", "A"))),
        ("travel a,1", Travel(("1", "A"))),
        ("travel H2,1,h0", Travel(("1",), (0, 2))),
        ("  STAY ", Stay()),
        ("land planet azur +1", Land("planet", 1, "azur")),
    ],
)
def test_action_text_is_normalised(text, expected):
    action = GAME.parse_action(text)
    assert action == expected
    assert GAME.parse_action(str(action)) == action


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "empty"),
        ("fly 1", "unknown action 'fly'"),
        ("board pilot", "board <astronaut>"),
        ("board", "board <astronaut>"),
        ("roll 7", "unknown die face '7'"),
        ("roll", "roll F,F"),
        ("travel", "travel G,G"),
        ("travel 2,2", "once"),
        ("travel H1,H1", "once"),
        ("travel 5", "unknown die face"),
        ("travel ,", "at least one"),
        ("stay now", "takes no arguments"),
        ("crash 1", "takes no arguments"),
        ("land", "land moon"),
        ("land star", "land moon"),
        ("land moon +2", "unexpected"),
        ("land moon azur", "unexpected"),
    ],
)
def test_bad_action_text_is_refused_with_a_reason(text, message):
    with pytest.raises(ValueError, match=message):
        GAME.parse_action(text)


@pytest.mark.parametrize(
    "data, message",
    [
        ({"kind": "fly"}, "unknown action kind"),
        ({}, "unknown action kind"),
        ({"kind": "board"}, "needs the field.s. astronaut"),
        ({"kind": "board", "astronaut": "pilot"}, "board <astronaut>"),
        ({"kind": "roll"}, "needs the field.s. faces"),
        ({"kind": "roll", "faces": ["9"]}, "unknown die face"),
        ({"kind": "travel", "groups": []}, "travel G,G"),
        ({"kind": "stay", "extra": 1}, "unknown field.s. 'extra' for 'stay'"),
        ({"kind": "land", "place": "moon", "shift": 2}, "unexpected"),
    ],
)
def test_bad_action_json_is_refused_with_a_reason(data, message):
    with pytest.raises(ValueError, match=message):
        GAME.action_from_json(data)


def test_state_accepts_an_action_its_text_or_its_json():
    for form in (Board("helper"), "board helper", {"kind": "board", "astronaut": "helper"}):
        s = GAME.new_state(num_players=2, seed=5)
        s.apply(form)
        assert s.history == [Board("helper")]


def test_state_refuses_unreadable_actions_as_illegal_and_changes_nothing():
    s = GAME.new_state(num_players=2, seed=5)
    before = s.fingerprint()
    for bad in ("fly 1", {"kind": "fly"}, 42, None):
        with pytest.raises(IllegalAction) as info:
            s.apply(bad)
        assert info.value.reason
    assert s.fingerprint() == before and s.history == []
