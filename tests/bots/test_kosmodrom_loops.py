"""No loops in Kosmodrom bot games (issue #19 item 1): against a player who keeps a full hand (who
never plays, discards or draws), a bot used to take back from the discard pile the card it let go
the turn before, so the deck was never drawn, the launch pad never filled and the game stood still
until the 300-turn cap, the same position coming back dozens of times."""

from collections import Counter

import pytest

from cosmotable import games
from cosmotable.bots import make_bot
from cosmotable.engine import Action, State
from cosmotable.engine.core import digest

KOSMODROM = games.get("kosmodrom")
#: A position may come back a few times by chance (nothing drawn, nothing played for a turn or two).
MOST_REPEATS = 3


def position_key(state: State) -> str:
    """The full position but the turn counter (the cap counts turns, not positions)."""
    snapshot = state.snapshot()
    snapshot.pop("turn")
    return digest(snapshot)


def keeps_a_full_hand(state: State) -> Action:
    """The issue's human: ends every step at once (no advance, no card played or discarded)."""
    legal = state.legal_actions()
    for kind in ("done", "draw"):
        for action in legal:
            if action.kind == kind:
                return action
    return legal[0]


def play(seed: int, names: list[str | None], variants=()) -> tuple[State, int]:
    """A game of `names` (None: the full-hand keeper); the most times a position began a turn."""
    state = KOSMODROM.new_state(num_players=len(names), seed=seed, variants=list(variants))
    bots = [make_bot(name, seed=seed * 10 + i) if name else None for i, name in enumerate(names)]
    starts: Counter[str] = Counter()
    turn = -1
    while not state.is_terminal():
        if state.is_chance_node():
            state.sample_chance()
            continue
        if state.turn != turn:
            turn = state.turn
            starts[position_key(state)] += 1
        bot = bots[state.current_player()]
        state.apply(bot.act(state) if bot else keeps_a_full_hand(state))
    return state, max(starts.values())


@pytest.mark.parametrize("seed", [0, 1, 5])
def test_the_heuristic_does_not_retake_its_own_discard_forever_against_a_full_hand(seed):
    state, repeats = play(seed, ["heuristic", None])
    assert "countdown" in state.end_reason, state.end_reason
    assert repeats <= MOST_REPEATS


def test_the_heuristic_draws_from_the_deck_rather_than_take_back_a_card_no_better_than_its_own():
    from kosmodrom_helpers import arrange, start, to_draw

    five = ["research", "brainstorm", "espionage", "field_duty", "key_to_start"]
    choices = {}
    for top in ("scrub", "engineer"):
        s = start(2)
        # Five cards worth the same to seat 0, and on the pile a sixth like them (as the one it let
        # go at its last step 6), or an Engineer for its empty assembly-shop slot.
        arrange(s, hand={0: five}, discard=[top])
        to_draw(s)
        assert s.phase == "draw" and s.discard[-1] == top
        choices[top] = str(make_bot("heuristic", seed=1).act(s))
    assert choices == {"scrub": "draw", "engineer": "take"}


@pytest.mark.slow
@pytest.mark.parametrize(
    ("names", "variants"),
    [
        (["heuristic", "heuristic"], ()),
        (["heuristic", "easy", "heuristic"], ("negotiation",)),
        (["heuristic"] * 4, ("negotiation", "quick")),
        (["easy", None], ()),
    ],
)
def test_bot_games_end_by_the_countdown_without_repeating_positions(names, variants):
    for seed in range(2):
        state, repeats = play(100 + seed, names, variants)
        assert "countdown" in state.end_reason, (seed, state.end_reason)
        assert repeats <= MOST_REPEATS, (seed, repeats)
