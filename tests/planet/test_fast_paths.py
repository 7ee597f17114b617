"""The Planet engine's shortcuts decide exactly what the plain rules decide: a coin carrier's walk
tried on a light copy that stops where the walk comes to rest (`PlanetState.trial_copy`) against the
same walk played to the end of the turn on a full clone, and the one-pass sail and drift ends
against `sail_end` and `drift_end` step by step."""

import random

from planet_helpers import GAME

from cosmotable.engine import CHANCE
from cosmotable.games.planet import moves
from cosmotable.games.planet.effects import _Violation, apply
from cosmotable.games.planet.reach import drift_end, drift_ends, sail_end, sail_ends


def full_coin_walk_ok(s, action) -> bool:
    """The rule as first written: play the move on a full clone to the end of the turn."""
    trial = s.clone()
    trial.violation = None
    try:
        apply(trial, action)
    except _Violation:
        return False
    if trial.violation:
        return False
    if trial.phase == "choose" and trial.walk is not None and trial.walk["coin"]:
        return any(full_coin_walk_ok(trial, a) for a in trial.options)
    return True


def test_coin_walks_tried_on_a_light_copy_are_judged_as_on_a_full_clone(monkeypatch):
    compared = coin_moves = drifts = 0
    for seed in range(6):
        rng = random.Random(seed)
        players = 2 + seed % 3
        s = GAME.new_state(players, seed=seed, variants=["teams"] if seed == 5 else None, max_turns=120)
        while not s.is_terminal():
            if s.current_player() == CHANCE:
                s.sample_chance()
                continue
            fast = moves.legal_actions(s)
            with monkeypatch.context() as patch:
                patch.setattr(moves, "coin_walk_ok", full_coin_walk_ok)
                plain = moves.legal_actions(s)
            assert fast == plain, f"seed {seed}, step {len(s.history)}"
            for seat in range(players):
                assert [e for _, e in sail_ends(s, seat)] == [
                    sail_end(s, seat, k) for k in (1, 2, 3, -1, -2, -3)
                ]
                for row in s.pos[seat]:
                    if row[0] == "space":
                        assert [e for _, e in drift_ends(s, seat, row[1], row[2])] == [
                            drift_end(s, seat, row[1], row[2], k) for k in (1, 2, 3, -1, -2, -3)
                        ]
                        drifts += 1
            compared += 1
            coin_moves += sum(1 for a in fast if getattr(a, "coin", False))
            s.apply(rng.choice(s.legal_actions()))
    # enough decisions, and enough with a coin to carry, for the comparison to mean something
    assert compared > 1000 and coin_moves > 50 and drifts > 50
