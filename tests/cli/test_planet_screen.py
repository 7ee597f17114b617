"""Planet's terminal screen: the table and the numbered moves, face-down tiles kept hidden, the
ability window, the claim's "are you sure?"."""

import random

from planet_helpers import GAME, act, coin_beside_the_ship, put, table
from rich.text import Text
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


# ------------------------------------------------------------------------------ issue #48 items 2 and 3
def many_face_down_and_an_obelisk():
    """Seat 0's astronaut beside an obelisk on a planet of 20 face-down tiles over 5 rows."""
    s = table("""
    .. S0 .. .. .. .. ..
    .. __ OB ?? ?? ?? ..
    .. ?? ?? ?? ?? ?? ..
    .. ?? ?? ?? ?? ?? ..
    .. ?? ?? ?? ?? ?? ..
    .. ?? ?? ?? ?? ?? ..
    .. .. .. .. S1 .. ..
    """)
    put(s, 0, 1, "b2")
    return act(s, "move 1 E")


def test_the_obelisk_menu_is_chosen_by_row_then_cell_and_says_a_peek_moves_nobody():
    from cosmotable.ui.terminal import menu

    s = many_face_down_and_an_obelisk()
    screen = PlanetScreen(make_seats(2, 0))
    moves = screen.moves(s, 0)
    peeks = [m for m in moves if str(m.action).startswith("peek")]
    assert len(peeks) == 23 > menu.TREE_AFTER
    top = menu.level(moves, menu.descend(moves, ()))
    assert [e.text for e in top] == [f"peek planet row {r}" for r in range(2, 7)]
    row3 = menu.level(moves, top[1].prefix)
    assert [e.text for e in row3] == ["peek b3", "peek c3", "peek d3", "peek e3", "peek f3"]
    assert all(e.is_move for e in row3)
    gloss = row3[2].moves[0].gloss.plain
    assert "only you see" in gloss and "nobody moves" in gloss and "reveals" not in gloss
    assert "→" not in (row3[2].moves[0].brief or Text("")).plain
    # typing the row opens it, typing the cell is the move
    assert menu.find_prefix(moves, "peek planet row 3") == top[1].prefix
    assert str(s.to_action("peek d3")) == "peek d3"


def test_a_peeked_tile_is_marked_as_seen_by_that_seat_only():
    s = many_face_down_and_an_obelisk()
    act(s, "peek d3", "reveal tree")
    screen = PlanetScreen(make_seats(2, 0))
    mine = grid_rows(screen, s.view(0))
    theirs = grid_rows(screen, s.view(1))
    assert cell(mine, "d3") == "░♣  " and cell(theirs, "d3") == "░   "
    assert "♣" not in "".join(theirs)
    assert "░♣ seen by you only" in render(screen.boards(s.view(0), 80)[-1])


def grid_rows(screen, view, area="p"):
    """The planet grid's lines, the header dropped (row r is index r)."""
    return render(screen.grid(view, area, None)).splitlines()[1:]


def cell(lines, name):
    """The four characters of cell `name` (e.g. 'c3') in a grid's lines (3 label columns)."""
    col, row = ord(name[0]) - ord("a"), int(name[1:])
    return lines[row - 1][3 + 4 * col : 7 + 4 * col]


def test_each_cell_has_a_fixed_layout_astronauts_are_plain_digits_and_coins_never_are():
    """Issue #48 item 3: `·R 1⊙Y 1→`: a digit was astronauts or coins. Now: tile, seat, how
    many astronauts (plain digit), coins (`$` or a raised digit)."""
    from planet_helpers import coins

    s = table("""
    .. S0 .. .. .. ..
    .. __ __ __ __ ..
    .. __ __ __ __ ..
    .. .. .. S1 .. ..
    """)
    put(s, 0, 1, "b2")
    put(s, 0, 2, "b2")
    coins(s, "b2", 1)
    put(s, 1, 1, "c3")
    coins(s, "c3", 3)
    coins(s, "d2", 2)
    put(s, 0, 3, "e3")
    put(s, 1, 2, "e3")
    screen = PlanetScreen(make_seats(2, 0))
    lines = grid_rows(screen, s.view(0))
    assert cell(lines, "b2") == "·R2$"
    assert cell(lines, "c3") == "·B ³"
    assert cell(lines, "d2") == "·  ²"
    assert cell(lines, "e3") == "·*2 "
    assert render(screen.grid(s.view(0), "p", None)).splitlines()[0].split() == list("abcdef")


def test_teams_are_named_by_their_players_and_the_legend_stays_beside_the_maps():
    s = GAME.new_state(4, seed=3, variants=["teams"])
    seats = make_seats(4, 0, names=["Ann", "Bob", "Cy", "Di"])
    screen = PlanetScreen(seats)
    view = s.view(0)
    tight = render(screen.boards(view, 80)[-1])
    assert "Ann+Cy 0 v Bob+Di 0" in tight and "0+2" not in tight
    assert "teams: Ann+Cy vs Bob+Di" in render(screen.title(view))
    assert "[R2 red's ship, 2 aboard" in tight
    assert "s:a" in tight  # the station's cells are named s:a1 ...
