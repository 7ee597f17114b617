"""A game resumed from its record goes on as the uninterrupted game would, decision for decision:
each bot's randomness is drawn from (its seed, the number of actions played), both of which the
record holds (`Bot.reseed_for`), as the engine's chance is (`State.chance_rng`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cosmotable.engine import GameRecord

#: Kosmodrom and Planet games are cut by their turn cap to keep the test short; MLEM plays out.
CAPS = {"mlem": (), "kosmodrom": ("--max-turns", "12"), "planet": ("--max-turns", "16")}


@pytest.mark.parametrize("bot", ["heuristic", "easy"])
@pytest.mark.parametrize("game", ["mlem", "kosmodrom", "planet"])
def test_a_resumed_bot_game_plays_on_as_the_uninterrupted_one(run, game, bot):
    args = ("play", game, "--players", "2", "--bots", "2", "--bot", bot, "--seed", "4", *CAPS[game])
    whole = run(*args, "--save", "whole.json")
    assert whole.exit_code == 0, whole.output
    actions = GameRecord.load("whole.json").actions
    assert len(actions) > 20

    # the record as it was saved halfway (the "players" entry names the bots that resume)
    record = GameRecord.load("whole.json")
    cut = len(actions) // 2
    record.actions = actions[:cut]
    half = record.to_json()
    half["players"] = json.loads(Path("whole.json").read_text(encoding="utf-8"))["players"]
    Path("half.json").write_text(json.dumps(half), encoding="utf-8")

    resumed = run("play", "--resume", "half.json")
    assert resumed.exit_code == 0, resumed.output
    assert f"Resumed from half.json after {cut} actions" in resumed.output
    assert GameRecord.load("half.json").actions == actions
