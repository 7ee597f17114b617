"""OpenSpiel determinizations of Planet and MLEM rebuild exactly the hidden state `resample_for`
drew, and never hand back the true history in its place.

`resample_from_infostate` needs an action history: the encodings rewrite the hidden outcomes of
the true history (Planet: the obelisk peeks the seat did not see; MLEM: the other seats' secret
missions) so that it replays to the determinization. A rewrite that silently kept the true
outcomes (a "fallback") would show here as a replay whose hidden parts differ from the resampled
state's. Counted over random states of every player count and variant: the target is 0.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

pyspiel = pytest.importorskip("pyspiel")

from cosmotable.envs import openspiel
from cosmotable.games.planet.actions import Meteor
from cosmotable.games.planet.board import parse_cell

PLANET = [(2, ()), (3, ()), (4, ()), (4, ("teams",))]
MLEM = [
    (2, ("secret_missions",)),
    (3, ("secret_missions", "ufo")),
    (4, ("discovery", "secret_missions")),
    (5, ("secret_missions",)),
    (3, ()),
]


def _positions(game, seed: int, every: int, limit: int):
    """Positions of one random game (claims left out so Planet games run long), every `every`
    decisions, up to `limit` actions."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal() and len(state.history()) < limit:
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
            continue
        decisions += 1
        if decisions % every == 0:
            yield state.clone()
        legal = state.legal_actions()
        state.apply_action(
            rng.choice([a for a in legal if not game.encoding.actions[a].startswith("claim")] or legal)
        )


def _face_down(engine_state) -> dict:
    """Planet: the face-down tiles fixed so far (by obelisk peeks), cell -> (kind, rotation)."""
    return {c: t for c, t in engine_state.tile.items() if c not in engine_state.revealed}


def _missions(engine_state) -> list:
    """MLEM: every seat's secret missions (none without the variant)."""
    if "secret_missions" not in engine_state.config.variants:
        return []
    n = engine_state.config.num_players
    return [engine_state.view(s)["variant_state"]["missions"]["hands"][str(s)] for s in range(n)]


def _audit(game_id: str, cases, hidden, games_per_case: int, every: int, limit: int) -> Counter:
    outcomes: Counter[str] = Counter()
    for case, (players, variants) in enumerate(cases):
        game = openspiel.load(game_id, players=players, variants=variants)
        for g in range(games_per_case):
            for position in _positions(game, 100 * case + g, every, limit):
                truth = position.engine_state
                for seat in range(players):
                    resampled = truth.resample_for(seat, random.Random(len(truth.history) * 10 + seat))
                    history = game.encoding.resampled_history(truth, resampled, seat=seat)
                    sample = openspiel.replay(game, history)
                    outcomes["samples"] += 1
                    if hidden(sample.engine_state) != hidden(resampled):
                        outcomes["fallback"] += 1  # the replay is not the determinization drawn
                    if hidden(resampled) != hidden(truth):
                        outcomes["redrawn"] += 1
                    assert sample.information_state_string(seat) == position.information_state_string(seat)
            outcomes["meteorites"] += sum(isinstance(a, Meteor) for a in position.engine_state.history)
    return outcomes


def test_planet_rewrites_replay_to_the_resampled_tiles_even_after_meteorites():
    outcomes = _audit("planet", PLANET, _face_down, games_per_case=1, every=40, limit=700)
    assert outcomes["fallback"] == 0, dict(outcomes)
    # the positions hold peeked tiles redrawn, and meteorites that moved tiles around
    assert outcomes["redrawn"] >= 10 and outcomes["meteorites"] >= 2, dict(outcomes)


def _after_a_meteorite_moved_a_peeked_tile(game, seeds=range(200)):
    """The first position of the random games of `_positions` (claims left out) just after a
    meteorite swapped a face-down tile fixed by an obelisk peek: (position, the tile's cell now)."""
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_initial_state()
        peeked: set = set()
        while not state.is_terminal() and len(state.history()) < 1500:
            engine = state.engine_state
            if state.is_chance_node():
                if engine.phase == "peek-reveal":
                    peeked.add(engine.pending)
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
                continue
            legal = state.legal_actions()
            index = rng.choice(
                [a for a in legal if not game.encoding.actions[a].startswith("claim")] or legal
            )
            action = game.encoding.index_to_action(index, engine)
            swap = (
                {engine.meteor_pick[0], parse_cell(action.cell)}
                if isinstance(action, Meteor) and len(engine.meteor_pick) == 1
                else set()
            )
            moved = [c for c in swap if c in peeked and c not in engine.revealed]
            state.apply_action(index)
            if moved and len(swap) == 2:
                (now,) = swap - {moved[0]}  # the peeked tile now lies in the other cell of the swap
                return state, now
    raise AssertionError("no meteorite moved a peeked tile in the games tried")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_peeked_tile_moved_by_a_meteorite_is_redrawn_where_it_lies(players):
    """Positions just after a meteorite moved a tile fixed by an obelisk peek: the seats that did
    not peek get it redrawn in the rewritten history too (the old rewrite looked for it where it
    was peeked, failed, and silently kept the true history)."""
    game = openspiel.load("planet", players=players)
    position, moved = _after_a_meteorite_moved_a_peeked_tile(game)
    truth = position.engine_state
    assert moved in truth.tile and moved not in truth.revealed
    others = [s for s in range(players) if s not in truth.seen.get(moved, ())]
    assert others
    redrawn = 0
    for seat in others:
        for k in range(8):
            resampled = truth.resample_for(seat, random.Random(k))
            sample = openspiel.replay(game, game.encoding.resampled_history(truth, resampled, seat=seat))
            assert _face_down(sample.engine_state) == _face_down(resampled)
            assert sample.information_state_string(seat) == position.information_state_string(seat)
            redrawn += sample.engine_state.tile[moved] != truth.tile[moved]
    assert redrawn > 0


def test_mlem_rewrites_replay_to_the_resampled_missions():
    outcomes = _audit("mlem", MLEM, _missions, games_per_case=1, every=8, limit=400)
    assert outcomes["fallback"] == 0, dict(outcomes)
    assert outcomes["redrawn"] >= 20, dict(outcomes)


def test_resample_from_infostate_raises_rather_than_return_the_truth(monkeypatch):
    """When no rewrite can be found (simulated: every rewrite refused), the adapter says so after
    its bounded number of draws instead of handing out the true state."""
    game = openspiel.load("planet", players=2)
    position = next(_positions(game, 1, 9, 300))

    def refuse(*args, **kwargs):
        raise openspiel.DeterminizationError("simulated: no rewrite")

    monkeypatch.setattr(game.encoding, "resampled_history", refuse)
    with pytest.raises(RuntimeError, match=f"in {openspiel.MAX_RESAMPLES} draws.*simulated: no rewrite"):
        position.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
