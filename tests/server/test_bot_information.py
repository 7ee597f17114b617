"""The coach, and the bot that moves for a timed-out seat, know what that seat knows and nothing more
(issue #43, "also measure"): both are given the table's full state (the server holds nothing else),
so this is checked by their answers. Two full states the seat cannot tell apart (the true one, and a
determinization drawn from the seat's own view: same view, same events, same legal actions, but
other hands, other missions, other face-down tiles and another future) must get the very same advice
and the very same decision from bots choosing with the same seed. An answer that changed with the
hidden part would be a leak, however indirect (a coach's win chances that "know" the opponent's
hand).

Positions: random games of each game, sampled at decisions of seats that have something hidden from
them; several determinizations per position."""

from __future__ import annotations

import random

import pytest

from cosmotable import games
from cosmotable.bots import make_bot
from cosmotable.server.bots import advice, decision

# (game, variants, players, coach level): the coach searches at `normal`
CASES = [
    ("mlem", ["secret_missions"], 3),
    ("kosmodrom", [], 3),
    ("kosmodrom", ["negotiation", "superpowers"], 2),
    ("planet", [], 2),
]
POSITIONS = 3
DETERMINIZATIONS = 2


def _positions(game_id: str, variants: list[str], players: int, seed: int):
    """States at decisions taken some way into random games (chance resolved)."""
    game = games.get(game_id)
    rng = random.Random(seed)
    found = []
    for attempt in range(20):
        state = game.new_state(players, seed=seed * 100 + attempt, variants=variants)
        state.resolve_chance(rng)
        walker = make_bot("random", seed=attempt)
        for _ in range(rng.randrange(3, 40)):
            if state.is_terminal():
                break
            state.apply(walker.act(state))
            state.resolve_chance(rng)
        if not state.is_terminal() and state.current_player() >= 0:
            found.append(state)
        if len(found) == POSITIONS:
            break
    return found


def _twin(state, seat: int, seed: int):
    """A full state `seat` cannot tell from `state`, differing in what is hidden from it."""
    twin = state.resample_for(seat, random.Random(seed))
    assert twin.view(seat) == state.view(seat)
    assert [e.to_json() for e in twin.events_for(seat)] == [e.to_json() for e in state.events_for(seat)]
    assert [str(a) for a in twin.legal_actions()] == [str(a) for a in state.legal_actions()]
    return twin


@pytest.mark.parametrize(("game_id", "variants", "players"), CASES, ids=lambda v: str(v))
def test_coach_and_timeout_bot_answer_alike_for_positions_the_seat_cannot_tell_apart(
    game_id, variants, players
):
    positions = _positions(game_id, variants, players, seed=43)
    assert positions, "no position to check"
    hidden_differs = 0
    for number, state in enumerate(positions):
        seat = state.current_player()
        advised = advice(state, seed=number, samples=2)
        decided = {level: decision(state, level, seed=number) for level in ("heuristic", "easy")}
        for k in range(DETERMINIZATIONS):
            twin = _twin(state, seat, seed=1000 + k)
            hidden_differs += twin.snapshot() != state.snapshot() or twin.seed != state.seed
            assert advice(twin, seed=number, samples=2) == advised, (game_id, number, k)
            for level, chosen in decided.items():
                assert decision(twin, level, seed=number) == chosen, (game_id, level, number, k)
    # the twins really hid something else (a redrawn future at least): else this proved nothing
    assert hidden_differs == len(positions) * DETERMINIZATIONS
