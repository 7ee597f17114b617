"""Golden playthroughs: a recorded game with its event log and final view, checked on every run.

A rule change that alters any event, score or view fails here; if the change is deliberate and
reviewed, regenerate the file with `make_golden.py` (see its docstring) and read the diff.
"""

import json
from pathlib import Path

import pytest

from cosmotable.engine import GameRecord

GOLDEN = sorted(Path(__file__).parent.glob("*.json"))


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_playthrough_replays_to_the_same_events_scores_and_view(path):
    golden = json.loads(path.read_text(encoding="utf-8"))
    state = GameRecord.from_json(golden["record"]).replay()
    assert state.is_terminal()
    assert [e.text for e in state.events] == golden["events"]
    assert state.scores() == golden["scores"]
    assert state.winners() == golden["winners"]
    assert state.public_view() == golden["final_view"]


def test_there_is_a_golden_playthrough_per_game():
    from cosmotable import games

    assert {p.stem.split("-")[0] for p in GOLDEN} >= set(games.ids())
