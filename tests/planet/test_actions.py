"""Action texts and JSON forms round-trip; refusals say exactly why and change nothing."""

import pytest
from planet_helpers import GAME, new

from cosmotable.engine import IllegalAction

TEXTS = [
    "move 2 NE",
    "move 1 SW coin",
    "move 3 canyon",
    "drift 1 +2",
    "sail -3",
    "fly s:b1",
    "go N",
    "knight 2N1E",
    "jump W",
    "to d5",
    "peek c4",
    "meteor e5",
    "turn e5 3",
    "beam d4",
    "ability pocket 1",
    "ability boots 2 SE",
    "ability teleport 1 d5",
    "ability teleport 3 SHIP",
    "ability boost",
    "claim",
    "agree",
    "refuse",
    "pass",
    "reveal arrow1",
    "orient 2",
    "draw boots",
]


@pytest.mark.parametrize("text", TEXTS)
def test_text_and_json_forms_round_trip(text):
    action = GAME.parse_action(text)
    assert str(action) == text
    assert GAME.action_from_json(action.to_json()) == action


@pytest.mark.parametrize(
    "text,message",
    [
        ("move", "use 'move"),
        ("move 1 UP", "not a direction"),
        ("sail +4", "+1..+3"),
        ("fly zz", "cell name"),
        ("hop", "unknown action"),
        ("knight 3N1E", "2N1E"),
    ],
)
def test_bad_texts_say_what_is_wrong(text, message):
    with pytest.raises(ValueError, match=message.replace("+", r"\+")):
        GAME.parse_action(text)


def test_illegal_actions_change_nothing_and_explain_themselves():
    s = new(2)
    before = s.fingerprint()
    with pytest.raises(IllegalAction, match="no fuel"):
        s.apply("fly s:b1")
    with pytest.raises(IllegalAction, match="not step off the planet"):
        s.apply("move 1 S")
    with pytest.raises(IllegalAction, match="no astronaut 4"):
        s.apply("move 4 N")
    assert s.fingerprint() == before
