"""Golden games: fixed action scripts replayed under today's rules must give the recorded outcome.

The scripts (`scripts/`) are inputs that no bot change can alter; `expected/` holds what the rules
made of them (events, scores, winners, final views). A failure here means a rule or a view changed:
if that was deliberate and reviewed, run `python tests/golden/make_golden.py` and read the diff of
expected/ (see that file's docstring, and docs/testing.md).
"""

import json

import pytest
from make_golden import EXPECTED, ScriptError, load_script, names, outcome, replay

from cosmotable import games

NAMES = names()


@pytest.mark.parametrize("name", NAMES)
def test_golden_script_replays_to_the_recorded_events_scores_and_views(name):
    expected = json.loads((EXPECTED / f"{name}.json").read_text(encoding="utf-8"))
    actual = outcome(load_script(name), name)
    # compared part by part, so a failure says which part changed, and where
    changed = [i + 1 for i, (a, b) in enumerate(zip(actual["choices"], expected["choices"])) if a != b]
    assert not changed, f"the choices offered differ first before step {changed[0]} of {name}"
    assert len(actual["choices"]) == len(expected["choices"])
    first = next((i for i, (a, b) in enumerate(zip(actual["events"], expected["events"])) if a != b), None)
    assert first is None, f"event {first} differs: {actual['events'][first]} != {expected['events'][first]}"
    assert actual["events"] == expected["events"]
    assert actual["scores"] == expected["scores"]
    assert actual["winners"] == expected["winners"]
    assert actual["final_view"] == expected["final_view"]
    assert actual["final_seat_views"] == expected["final_seat_views"]


def test_every_game_and_variant_has_a_golden_script():
    covered = {}
    for name in NAMES:
        script = load_script(name)
        covered.setdefault(script["game"], set()).update(script["config"]["variants"] or ["(base)"])
        covered[script["game"]].add(f"{script['config']['num_players']}p")
    for game_id in games.ids():
        game = games.get(game_id)
        wanted = {"(base)", *game.variants}
        assert wanted <= covered.get(game_id, set()), (
            f"{game_id}: no golden script with {wanted - covered[game_id]}"
        )
        counts = {f"{n}p" for n in range(game.min_players, game.max_players + 1)}
        assert counts <= covered[game_id], f"{game_id}: no golden script for {counts - covered[game_id]}"


def test_a_script_cut_short_is_reported_and_not_completed_by_anything():
    # The test's own premise: replay uses only the stored actions (a bot call would need a seed
    # policy), so a script whose last action is removed no longer reaches the end.
    script = load_script(NAMES[0])
    script["actions"] = script["actions"][:-1]
    with pytest.raises(ScriptError, match="the game goes on"):
        replay(script, NAMES[0])


def test_a_script_step_the_rules_refuse_names_the_step_and_the_legal_moves():
    script = load_script("mlem-3p")
    index = next(i for i, a in enumerate(script["actions"]) if a.startswith("travel"))
    script["actions"][index] = "land moon"
    with pytest.raises(
        ScriptError, match=rf"mlem-3p: step {index + 1} 'land moon' \(seat \d to act\).*legal there: travel"
    ):
        replay(script, "mlem-3p")


def test_planet_golden_games_end_by_the_rulebooks_end_not_a_cap():
    # rulebook (end): every tile face up and no coin left; a golden game ending at a safety cap pins
    # the cap, not the rules.
    for name in (n for n in NAMES if n.startswith("planet")):
        state = replay(load_script(name), name)
        assert [e.data.get("code") for e in state.events if e.kind == "game-over"] == ["cleared"], name
