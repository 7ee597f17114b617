"""The plays Planet keeps with an area's shape, keyed by where the ships stand (`Area.ships_memo`),
and the shortcuts taken when no ship is near: a ship's sails and flights, an astronaut's drifts and
the steps from a ship while no pyramid is held by another team. At every decision of random games
(2-4 seats and teams), what the memo or the shortcut answers is what the plain rule works out on
that very position, and the reveal's chance pick is the engine's walk over the listed outcomes. The
memo is emptied when it is full, so a long run cannot grow it without bound.
"""

import random

from planet_helpers import GAME

from cosmotable.engine import CHANCE
from cosmotable.engine.core import State
from cosmotable.games.planet import moves
from cosmotable.games.planet.actions import Claim, Fly, Pass
from cosmotable.games.planet.board import cell_name
from cosmotable.games.planet.reach import ability_moves, drift_ends


def _plain_aboard(s, seat, p):
    return list(moves._aboard_plan(s, seat, p))


def test_memo_answers_are_the_plain_rules_at_every_decision_of_random_games():
    checked = {"ship": 0, "drift": 0, "aboard": 0, "reveal": 0}
    for seed, players, variants in ((11, 2, None), (12, 3, None), (13, 4, None), (14, 4, ["teams"])):
        rng = random.Random(seed)
        s = GAME.new_state(players, seed=seed, variants=variants, max_turns=150)
        while not s.is_terminal():
            if s.current_player() == CHANCE:
                r = rng.random()
                if s.phase == "reveal" and s.pending not in s.tile:
                    # the engine's own walk over chance_outcomes() picks the same outcome
                    assert s.pick_chance(r) == State.pick_chance(s, r), f"seed {seed}, step {len(s.history)}"
                    checked["reveal"] += 1
                s.apply(s.pick_chance(r))
                continue
            for seat in range(players):
                if ("ship", seat) in s.pos[seat]:
                    assert list(moves.ship_moves(s, seat)) == moves._ship_moves(s, seat)
                    checked["ship"] += 1
                for p in s.pos[seat]:
                    if p[0] == "space":
                        assert list(moves._drifts(s, seat, p[1], p[2])) == [
                            k for k, end in drift_ends(s, seat, p[1], p[2]) if end is not None
                        ], f"seed {seed}, step {len(s.history)}: drifts of seat {seat} from {p}"
                        checked["drift"] += 1
                    elif p[0] == "ship":
                        assert list(moves.astronaut_plan(s, seat, p)) == _plain_aboard(s, seat, p), (
                            f"seed {seed}, step {len(s.history)}: steps of seat {seat} from {p}"
                        )
                        checked["aboard"] += 1
            s.apply(rng.choice(s.legal_actions()))
    # enough of each kind for the comparison to mean something
    assert min(checked.values()) > 50, checked


def test_the_ships_memo_is_emptied_when_full(monkeypatch):
    monkeypatch.setattr(moves, "SHIPS_MEMO_SIZE", 3)
    s = GAME.new_state(2, seed=1)
    area, idx = s.ship[0]
    size = len(s.areas[area].ring)
    memo = s.areas[area].ships_memo
    memo.clear()
    # the ships 2 places apart, then 3: a sail may hop the other ship, so the sails are kept in the memo
    s.ship[1] = (area, (idx + 2) % size)
    for seat in range(2):
        moves.ship_moves(s, seat)
    s.ship[1] = (area, (idx + 3) % size)
    for seat in range(2):
        moves.ship_moves(s, seat)
    # four answers asked for, three kept: the fourth came after the memo was emptied
    assert len(memo) == 1


def test_the_steps_from_a_ship_follow_the_teams_on_one_shape():
    # The same shape (the default layout: one memo) in two games, the same places of the ships:
    # with teams, seat 2's ship beside seat 0's is an ally's, which seat 0's astronauts may step
    # onto; without, it is a rival's, which they may not.
    plans = {}
    for variants in (None, ["teams"]):
        s = GAME.new_state(4, seed=3, variants=variants)
        area, idx = s.ship[0]
        size = len(s.areas[area].ring)
        s.ship[2] = (area, (idx + 1) % size)
        s.ship[1] = (area, (idx + size // 2) % size)
        s.ship[3] = (area, (idx + size // 2 + 6) % size)
        plan = list(moves.astronaut_plan(s, 0, ("ship", 0)))
        assert plan == _plain_aboard(s, 0, ("ship", 0))
        plans[bool(variants)] = plan
    assert len(plans[True]) == len(plans[False]) + 1


def random_decisions(first_seed: int):
    """(seed, state) at every decision of four random games (2, 3, 4 seats and 4 in teams, seeds
    first_seed..+3); the caller looks at the state, then a random legal move is played."""
    for seed, players, variants in ((0, 2, None), (1, 3, None), (2, 4, None), (3, 4, ["teams"])):
        seed += first_seed
        rng = random.Random(seed)
        s = GAME.new_state(players, seed=seed, variants=variants, max_turns=150)
        while not s.is_terminal():
            if s.current_player() == CHANCE:
                s.sample_chance(rng)
                continue
            yield seed, s
            s.apply(rng.choice(s.legal_actions()))


def plain_open_flights(s, area_id) -> list:
    """The rule as written (rulebook, fuel): every outer place of the other area, not a corner, where
    no ship stands, in ring order."""
    other = s.areas[moves.OTHER_AREA[area_id]]
    return [
        Fly(cell_name(other.id, r, c))
        for j, (r, c) in enumerate(other.ring)
        if j not in other.corners and (other.id, j) not in s.ship
    ]


def test_the_flights_kept_by_where_the_ships_stand_are_the_free_outer_places():
    # At every decision of random games, from both areas, the flights the memo answers are those
    # the rule lists on that very position (ships move between the areas as the games go on).
    asked = with_ships = 0
    for seed, s in random_decisions(31):
        for area_id in s.areas:
            assert list(moves._open_flights(s, area_id)) == plain_open_flights(s, area_id), (
                f"seed {seed}, step {len(s.history)}, from {area_id}"
            )
            asked += 1
            with_ships += any(a == moves.OTHER_AREA[area_id] for a, _ in s.ship)
    assert asked > 1000 and with_ships > 300, (asked, with_ships)


def plain_act_listing(s) -> list:
    """The turn's action listed by the plain rules: each astronaut free to act by astronaut_plan
    (steps_from on every tile, no lookup by the tile), then the ship's moves, the abilities, the claim
    and the pass, in act_actions' order."""
    seat = s.seat
    out = []
    for i in range(len(s.pos[seat])):
        if not s.stunned(seat, i):
            out.extend(moves.astronaut_moves(s, seat, i))
    if ("ship", seat) in s.pos[seat]:
        out.extend(moves._ship_moves(s, seat))
    out.extend(ability_moves(s, seat))
    if moves.claim_open(s):
        out.append(Claim())
    if not out or out == [Claim()]:
        out.insert(0, Pass())
    return out


def test_the_turns_actions_looked_up_by_tile_are_the_plain_rules_at_every_decision_of_random_games():
    # act_actions looks an astronaut's steps up by its tile (and, beside a ship of its team, by the
    # places of the team's ships); at every action node of random games (2-4 seats and teams) its
    # listing is the plain rules' on that very position, in the same order.
    beside = asked = 0
    for seed, s in random_decisions(41):
        if s.phase == "act":
            assert moves.act_actions(s) == plain_act_listing(s), f"seed {seed}, step {len(s.history)}"
            asked += 1
            near = moves._friendly_ship_tiles(s, s.seat)
            beside += any(p[0] == "cell" and p[1] in near for p in s.pos[s.seat])
    assert asked > 500 and beside > 100, (asked, beside)
