"""Planet's terminal screen: the table and the numbered moves, face-down tiles kept hidden, the
ability window, the claim's "are you sure?"."""

import random

from planet_helpers import GAME, act, coin_beside_the_ship, put, table
from terminal_helpers import render

from cosmotable.bots import make_bot
from cosmotable.engine import CHANCE
from cosmotable.games.planet.screen import PlanetScreen
from cosmotable.ui.terminal.common import make_seats


def test_screen_draws_the_table_and_numbers_the_moves():
    s = GAME.new_state(2, seed=11)
    rng = random.Random(4)
    screen = PlanetScreen(make_seats(2, 1))
    for _ in range(25):
        if s.is_terminal():
            break
        if s.current_player() == CHANCE:
            s.sample_chance()
            continue
        seat = s.current_player()
        text = render(screen.board(s.view(seat), 160))
        assert "Planet" in text and "Station" in text
        moves = screen.moves(s, seat)
        assert [m.action for m in moves] == s.legal_actions()
        render(screen.headline(s.view(seat), seat))
        s.apply(rng.choice(s.legal_actions()))
    render(screen.final_table(s.view(0)))


def test_screen_never_shows_a_face_down_tile_it_has_not_seen():
    s = table("""
    .. S0 .. .. ..
    .. __ OB ?? ..
    .. ?? ?? ?? ..
    .. .. .. S1 ..
    """)
    put(s, 0, 1, "b2")
    act(s, "move 1 E", "peek d2", "reveal tree")
    screen = PlanetScreen(make_seats(2, 0))
    assert "♣" in render(screen.grid(s.view(0), "p", "Planet"))
    assert "♣" not in render(screen.grid(s.view(1), "p", "Planet"))


def test_screen_shows_and_glosses_the_ability_window_and_the_bot_plays_it():
    s = table("""
    .. S0 .. .. .. ..
    .. __ __ __ __ ..
    .. __ __ __ __ ..
    .. .. .. S1 .. ..
    """)
    s.hand[0].append({"id": "pocket", "ready": True, "spent": False})
    put(s, 0, 1, "d3")
    act(s, "move 2 S")
    screen = PlanetScreen(make_seats(2, 0))
    assert "use one ability card now" in render(screen.headline(s.view(0), 0))
    moves = {str(m.action): m for m in screen.moves(s, 0)}
    assert set(moves) == {"ability pocket 1", "ability pocket 2", "end turn"}
    assert "the turn passes to" in moves["end turn"].gloss.plain
    assert "uses Pocket teleport" in moves["ability pocket 1"].gloss.plain
    assert str(make_bot("heuristic", seed=0).act(s)) in moves


def test_a_legal_claim_asks_are_you_sure_before_it_is_played():
    """Issue #20 item 2: a move that ends the game or cannot be taken back asks for confirmation.
    Planet's claim (legal once every tile is face up, R21) carries the screen's reason, which names
    the coins still out, and the session asks "are you sure?" for it."""
    from cosmotable.ui.terminal.session import PlaySession

    s = coin_beside_the_ship()
    screen = PlanetScreen(make_seats(2, 1))
    claims = [m for m in screen.moves(s, s.current_player()) if str(m.action) == "claim"]
    assert len(claims) == 1 and "cannot be taken back" in claims[0].confirm
    session = PlaySession.__new__(PlaySession)  # needs_confirmation reads only the state and the move
    session.state = s
    assert session.needs_confirmation(claims[0]) == claims[0].confirm
