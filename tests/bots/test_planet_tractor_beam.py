"""Issue #19, seed 1000521: the heuristic judges a step onto a tractor beam by the coin it must pull
(rulebook, tractor beam: whoever steps onto it pulls onto it one coin lying on the place, their choice;
R15). Judged before the pull, a step onto the beam was worth as much as standing there: a seat pulled
its own carrier's coin back onto the beam, and four seats kept the last 4 coins on the beam for 200
turns until the game ended by agreement at turn 588 of the 600 allowed."""

from planet_helpers import coins, put, table

from cosmotable.bots import make_bot
from cosmotable.games.planet.board import parse_cell
from cosmotable.games.planet.bots import value

# A tractor beam at c3, seat 0's ship at b1, seat 1's at c5.
BOARD = """
.. S0 .. .. ..
.. __ __ __ ..
.. __ BE __ ..
.. __ __ __ ..
.. .. S1 .. ..
"""


def _own_coin_beside_the_ship():
    """Seat 0's carrier stands on b2 beside its ship with its coin; its astronaut 2 stands at d3, one
    step east of the beam; seat 1's astronaut at d5. A step onto the beam must pull the coin from b2."""
    s = table(BOARD)
    put(s, 0, 1, "b2")
    coins(s, "b2", 1)
    put(s, 0, 2, "d3")
    put(s, 1, 1, "d5")
    return s


def test_a_step_onto_the_beam_that_must_pull_our_own_coin_away_from_the_ship_is_worth_less():
    s = _own_coin_beside_the_ship()
    after = s.clone()
    after.apply("move 2 W")
    assert [str(a) for a in after.legal_actions()] == ["beam b2"]  # the pull is forced
    values = {str(a): value(s, a) for a in s.legal_actions()}
    # Astronaut 2 stepping anywhere else leaves the coin where it is, beside the ship.
    assert values["move 2 W"] < values["move 2 N"] - 0.25
    assert values["move 1 SE"] < values["move 1 S"] - 0.25  # the carrier itself onto the beam, no coin
    for seed in range(3):
        assert str(make_bot("heuristic", seed=seed).act(s)) == "move 1 N coin"  # home


def test_the_heuristic_steps_onto_the_beam_to_pull_a_rivals_coin_from_beside_its_ship():
    s = table(BOARD)
    put(s, 0, 2, "d2")
    put(s, 1, 1, "d4")  # seat 1's carrier, one step from its ship at c5
    coins(s, "d4", 1)
    values = {str(a): value(s, a) for a in s.legal_actions()}
    assert max(values, key=values.get) == "move 2 SW"  # onto the beam, pulling the coin from d4
    assert values["move 2 SW"] > max(v for text, v in values.items() if text != "move 2 SW") + 0.5
    s.apply(make_bot("heuristic", seed=1).act(s))
    assert s.public_view()["phase"] == "beam"
    choice = make_bot("heuristic", seed=1).act(s)
    assert str(choice) == "beam d4"
    s.apply(choice)
    assert s.coins == {parse_cell("c3"): 1}  # on the beam
