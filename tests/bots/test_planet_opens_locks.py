"""Issue #19, seed 1000389: the heuristic opens a locked container a teammate stands on, when the second
astronaut gets there through a chain of choices (rulebook, locked container: a move that ends with two
astronauts of one team on it opens it, R17). Judged with the lock still shut at the chain's end, the
chain was worth no more than any other walk, and the last 3 coins stayed locked until the 600-turn cap."""

import random

from planet_helpers import put, table

from cosmotable.bots import make_bot
from cosmotable.bots.heuristic import ranked
from cosmotable.games.planet.board import parse_cell
from cosmotable.games.planet.bot_routes import layout_of
from cosmotable.games.planet.bots import _rest_view, progress, value

# A knight at c3 whose landing 2E1S is the locked container at e4 (3 coins under the lock).
BOARD = """
.. S0 .. .. .. ..
.. __ __ __ __ ..
.. __ KN __ __ ..
.. __ __ __ L3 ..
.. __ __ __ __ ..
.. .. .. S1 .. ..
"""
LOCK = parse_cell("e4")


def _lock_beside_rivals(quiet_turns: int = 0):
    """Seat 0's astronaut 1 stands on the lock, its astronaut 2 at c2 one step from the knight; seat 1's
    astronauts stand beside the lock (at e5 and d4), so that coins lying free there are as near to them.
    No tile turned and no coin home for `quiet_turns` turns."""
    s = table(BOARD)
    s.locks[LOCK] = 3
    s.supply -= 3
    put(s, 0, 1, "e4")
    put(s, 0, 2, "c2")
    put(s, 1, 1, "e5")
    put(s, 1, 2, "d4")
    s.progress_turn = s.total_turns - quiet_turns
    return s


def _cell(view: dict, name: str) -> dict:
    return next(c for area in view["areas"].values() for c in area["cells"] if c["cell"] == name)


def test_the_rest_view_opens_a_lock_where_the_walker_comes_to_rest_beside_a_teammate():
    view = _lock_beside_rivals().public_view()
    layout = layout_of(view)
    rest, attacks = _rest_view(view, 0, 1, LOCK, 1, layout)
    assert "lock" not in _cell(rest, "e4") and _cell(rest, "e4")["coins"] == 3
    assert rest["coins"]["locked"] == 0 and rest["coins"]["on_board"] == view["coins"]["on_board"] + 3
    assert attacks == []
    # The view it was made from still shows the lock: a reader's view is not changed.
    assert _cell(view, "e4")["lock"] == 3 and view["coins"]["locked"] == 3


def test_the_rest_view_leaves_a_lock_shut_for_one_astronaut_or_a_rival_beside_it():
    s = _lock_beside_rivals()
    put(s, 0, 1, "b2")  # seat 0's walker would be alone on the lock
    view = s.public_view()
    rest, _ = _rest_view(view, 0, 1, LOCK, 1, layout_of(view))
    assert _cell(rest, "e4")["lock"] == 3 and rest["coins"]["locked"] == 3
    # Seat 1's walker beside seat 0's astronaut: no team of two, and it sends the rival home.
    view = _lock_beside_rivals().public_view()
    rest, attacks = _rest_view(view, 1, 1, LOCK, 1, layout_of(view))
    assert _cell(rest, "e4")["lock"] == 3 and rest["coins"]["locked"] == 3
    assert attacks == ["e4"]


def test_an_opened_lock_counts_as_progress():
    before = _lock_beside_rivals().public_view()
    after = {**before, "coins": {**before["coins"], "locked": 0, "on_board": before["coins"]["on_board"] + 3}}
    assert progress(before, after)
    assert not progress(before, before)


def test_the_heuristic_sends_the_second_astronaut_through_the_knight_onto_the_lock():
    # Before the fix the step onto the knight was worth less than stepping elsewhere: the rivals
    # beside the lock gain as much from its coins as we do, and the lock stayed shut at the chain's end.
    for quiet in (0, 40):
        s = _lock_beside_rivals(quiet)
        values = {str(a): value(s, a) for a in s.legal_actions()}
        assert max(values, key=values.get) == "move 2 S"
    for seed in range(3):
        s = _lock_beside_rivals(40)
        bot = make_bot("heuristic", seed=seed)
        assert str(ranked(s, s.legal_actions(), random.Random(seed))[0]) == "move 2 S"
        s.apply(bot.act(s))
        assert s.public_view()["walking"] == {"seat": 0, "astronaut": 2, "coin": False}  # on the knight
        s.apply(bot.act(s))
        assert not s.locks and s.coins[LOCK] == 3  # landed on e4: opened
