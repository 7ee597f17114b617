"""Issue #19, seed 1000522: a team that has won turns up the last face-down tile. The game ends only
once every tile is face up - the normal end (R22) and the claim (R21) both wait for it - and the
heuristic's pull towards face-down tiles grew only with the quiet turns, which every coin brought
home set back to 0: a teams game won 21-7 left its last station tile face down for 200 turns while
both teams pulled the last coins to and fro on a tractor beam, and ran into the 600-turn cap."""

from planet_helpers import coins, put, table

from cosmotable.bots import make_bot
from cosmotable.games.planet.bots import value, won_already

# The last face-down tile is d3, beside seat 0's astronaut 1 at c3; the last 2 coins lie at b2.
BOARD = """
.. S0 .. .. ..
.. __ __ __ ..
.. __ __ ?? ..
.. __ __ __ ..
.. .. .. S1 ..
"""
REVEAL = "move 1 E"


def _last_tile_face_down(ours: int, theirs: int):
    """Every coin of the box home (`ours` for seat 0, `theirs` for seat 1) but the 2 at b2; the
    station face up; no tile turned and no coin home for 0 turns."""
    s = table(BOARD, station=".. .. ..\n.. __ ..\n.. .. ..")
    put(s, 0, 1, "c3")
    coins(s, "b2", 2)
    s.delivered[0], s.delivered[1] = ours, theirs
    s.supply -= ours + theirs
    assert s.supply == 0
    return s


def _best(s) -> str:
    values = {str(a): value(s, a) for a in s.legal_actions()}
    return max(values, key=values.get)


def test_a_team_that_has_won_turns_up_the_last_tile_first():
    s = _last_tile_face_down(20, 8)
    assert won_already(s.public_view(), 0)  # 8 + the 2 coins left < 20
    # Before the fix the walk towards the coins was worth more, right after a coin came home.
    assert _best(s) == REVEAL
    for seed in range(3):
        assert str(make_bot("heuristic", seed=seed).act(_last_tile_face_down(20, 8))) == REVEAL


def test_a_team_still_in_the_race_goes_on_for_the_coins():
    # 15 against 13 with 2 coins left: the coins decide the game, the tile can wait.
    s = _last_tile_face_down(15, 13)
    assert not won_already(s.public_view(), 0)
    assert _best(s) != REVEAL
