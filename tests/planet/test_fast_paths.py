"""The Planet engine's shortcuts decide exactly what the plain rules decide: a coin carrier's walk
judged by following it over the table without playing it (`carry.carry_ok`) against the
same walk played to the end of the turn on a full clone, and the one-pass sail and drift ends
against `sail_end` and `drift_end` step by step, and the steps listed from the neighbour tables
(from a tile, a ship or space) against `step_onto_ok` neighbour by neighbour, and the quick answer
whether a seat has an ability play against the listed plays."""

import random

from planet_helpers import GAME

from cosmotable.engine import CHANCE
from cosmotable.games.planet import moves
from cosmotable.games.planet.actions import Move
from cosmotable.games.planet.effects import apply
from cosmotable.games.planet.endings import _Violation
from cosmotable.games.planet.reach import (
    ability_moves,
    drift_end,
    drift_ends,
    has_ability_move,
    place_of,
    sail_end,
    sail_ends,
    step_onto_ok,
)


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


def full_carry_step_ok(s, seat, here, way) -> bool:
    """The listing's question for a carrier at `here` stepping `way`, asked of the rule as first
    written (the seat to act is `seat`)."""
    return full_coin_walk_ok(s, Move(s.pos[seat].index(here) + 1, way, True))


def full_carry_steps(s, seat, here, ways) -> list:
    """The listing's question for every way at once, asked of the rule as first written."""
    return [way for way in ways if full_carry_step_ok(s, seat, here, way)]


def test_coin_walks_judged_without_playing_them_agree_with_the_walk_played_on_a_full_clone(monkeypatch):
    compared = coin_moves = drifts = steps = with_cards = 0
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
                patch.setattr(moves, "carry_steps", full_carry_steps)
                plain = moves.legal_actions(s)
            assert fast == plain, f"seed {seed}, step {len(s.history)}"
            for seat in range(players):
                plays = ability_moves(s, seat)
                assert has_ability_move(s, seat) == bool(plays), f"seed {seed}, step {len(s.history)}"
                with_cards += bool(s.hand[seat])
                for row in s.pos[seat]:
                    if row[0] == "ship" or (row[0] == "cell" and row[2] != 1):
                        area, r, c = place_of(s, row)
                        assert list(moves.steps_from(s, seat, area, r, c)) == [
                            name for name, t in s.areas[area].around[(r, c)] if step_onto_ok(s, seat, area, t)
                        ], f"seed {seed}, step {len(s.history)}: steps of seat {seat} from {row}"
                        steps += 1
                assert [e for _, e in sail_ends(s, seat)] == [
                    sail_end(s, seat, k) for k in (1, 2, 3, -1, -2, -3)
                ]
                for i, row in enumerate(s.pos[seat]):
                    if row[0] == "space":
                        area, ring = s.areas[row[1]], s.areas[row[1]].ring
                        listed = moves.astronaut_moves(s, seat, i)
                        assert [a.way for a in listed if isinstance(a, Move)] == [
                            name
                            for name, t in area.around[ring[row[2]]]
                            if step_onto_ok(s, seat, row[1], t, from_space=True)
                        ], f"seed {seed}, step {len(s.history)}: steps of seat {seat} from space at {row}"
                        assert [e for _, e in drift_ends(s, seat, row[1], row[2])] == [
                            drift_end(s, seat, row[1], row[2], k) for k in (1, 2, 3, -1, -2, -3)
                        ]
                        drifts += 1
            compared += 1
            coin_moves += sum(1 for a in fast if getattr(a, "coin", False))
            s.apply(rng.choice(s.legal_actions()))
    # enough decisions, and enough with a coin to carry, for the comparison to mean something
    assert compared > 1000 and coin_moves > 50 and drifts > 50 and steps > 3000 and with_cards > 500


def plain_draw_distribution(s, colour) -> list:
    """P(kind) of the next tile of a back colour, as first written: the general formula for every
    colour, with Fuel's share taken out of it (zero unless Fuel is still to be placed)."""
    drawn = s.drawn[colour]
    left = [(k, n - drawn.get(k, 0)) for k, n in sorted(s.box.box[colour].items()) if n > drawn.get(k, 0)]
    fuel = s.box.fuel
    p_fuel = 0.0
    if colour == "grey" and any(k == fuel for k, _ in left):
        cells = sum(1 for c, b in s.back.items() if b == colour and c not in s.tile)
        p_fuel = 1 / max(cells, 1)
        left = [(k, n) for k, n in left if k != fuel]
    total = sum(n for _, n in left)
    out = [(k, (1 - p_fuel) * n / total) for k, n in left] if total else []
    if p_fuel:
        out.append((fuel, p_fuel))
    return [(k, p) for k, p in out if p > 0]


def test_the_draw_distribution_is_the_general_formula_to_the_last_bit():
    # Every colour at every node of random games, the probabilities compared exactly (the chance
    # outcome drawn depends on them to the last bit).
    compared = grey_with_fuel = 0
    for seed in range(4):
        rng = random.Random(seed)
        s = GAME.new_state(2 + seed % 3, seed=seed, max_turns=150)
        while not s.is_terminal():
            for colour in s.box.box:
                assert s.draw_distribution(colour) == plain_draw_distribution(s, colour), (
                    f"seed {seed}, step {len(s.history)}, {colour}"
                )
                compared += 1
                grey_with_fuel += colour == "grey" and s.drawn["grey"].get(s.box.fuel, 0) == 0
            if s.current_player() == CHANCE:
                s.sample_chance()
            else:
                s.apply(rng.choice(s.legal_actions()))
    assert compared > 1000 and grey_with_fuel > 100
