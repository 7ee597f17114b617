"""Rulebook sentences no other test pinned (the rules trace, tests/rules_trace/planet.toml): each test
quotes the sentence it pins and fails when the rule is broken."""

import copy

import pytest
from planet_helpers import act, legal, new, put, table, where

from cosmotable.engine import ConfigError
from cosmotable.games.planet.board import default_cards, default_layout_data, layout_problems

OPEN = """
.. S0 .. .. ..
.. __ __ __ ..
.. __ __ __ ..
.. __ __ __ ..
.. .. .. S1 ..
"""


@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_to_four_players_each_with_a_ship_and_three_astronauts(players):
    """«2–4 игрока»; «4 клетки космических кораблей»; «Дайте каждому игроку по 3 космонавта одинакового
    цвета. Также выдайте клетку корабля такого же цвета.»"""
    s = new(players)
    assert len(s.ship) == players and len(set(s.ship)) == players
    assert [len(row) for row in s.pos] == [3] * players
    assert all(p == ("ship", seat) for seat in range(players) for p in s.pos[seat])


@pytest.mark.parametrize("players", [1, 5])
def test_fewer_than_two_or_more_than_four_players_are_refused(players):
    """«2–4 игрока»: the box has 4 ships and 12 astronauts (3 each)."""
    with pytest.raises(ConfigError):
        new(players)


def test_the_deck_holds_the_six_ability_cards():
    """«6 карт способностей, усиливающих вашу команду» - the deck the artifacts draw from."""
    assert len(default_cards()) == 6
    assert sorted(new(2).deck) == sorted(default_cards())


def test_seat_0_takes_the_first_turn():
    """«Первым ходит игрок, последним видевший звёзды» - settled at the table by choosing the seats;
    the engine gives the first turn to seat 0 (Ruling R1)."""
    for players in (2, 3, 4):
        s = new(players)
        assert s.current_player() == 0 and s.total_turns == 0


def test_an_astronaut_steps_one_cell_in_any_of_the_eight_directions():
    """«Возьмите одного своего космонавта и передвиньте на 1 клетку в любую сторону.»"""
    s = table(OPEN)
    put(s, 0, 1, "c3")
    steps = sorted(m for m in legal(s) if m.startswith("move 1 "))
    assert steps == sorted(f"move 1 {d}" for d in ("N", "NE", "E", "SE", "S", "SW", "W", "NW"))
    ends = {}
    for d in ("N", "NE", "E", "SE", "S", "SW", "W", "NW"):
        trial = s.clone()
        trial.apply(f"move 1 {d}")
        ends[d] = where(trial, 0, 1)
    assert ends == {
        "N": "c2",
        "NE": "d2",
        "E": "d3",
        "SE": "d4",
        "S": "c4",
        "SW": "b4",
        "W": "b3",
        "NW": "b2",
    }


def test_an_astronaut_that_cannot_leave_a_rival_ship_starts_from_its_own():
    """«Если по какой-либо причине ваш космонавт не может переместиться с чужого корабля, то верните его
    на свой корабль и начните движение с него.» Seat 1's ship touches only a pyramid held by seat 1."""
    s = table("""
    .. S0 .. .. ..
    .. __ __ __ ..
    .. __ __ __ ..
    .. PY __ __ ..
    S1 .. .. .. ..
    """)
    put(s, 0, 1, "ship 1")
    put(s, 1, 1, "b4")
    steps = sorted(m for m in legal(s) if m.startswith("move 1 "))
    assert steps == ["move 1 S", "move 1 SE"]  # the steps from b1, its own ship (b2, c2)
    act(s, "move 1 S")
    assert where(s, 0, 1) == "b2"


def test_a_ship_sails_one_to_three_cells_either_way():
    """«Двигайте корабль вдоль планеты на расстояние до 3 клеток.»"""
    s = table(OPEN)
    sails = {m for m in legal(s) if m.startswith("sail")}
    assert sails and sails <= {f"sail {n:+d}" for n in (1, 2, 3, -1, -2, -3)}
    assert "sail -3" in sails  # (+3 would stop on a corner)
    start = s.ship[0][1]
    act(s, "sail -3")
    ring = len(s.areas["p"].ring)
    assert (start - s.ship[0][1]) % ring == 3


def test_on_the_station_an_astronaut_moves_by_the_planet_rules():
    """«Вы можете двигаться по станции по тем же правилам, что и по планете.»"""
    s = table(OPEN, station=".. .. .. ..\n.. __ →  __ ..\n.. __ __ __ ..\n.. .. .. ..")
    put(s, 0, 1, "s:b2")
    assert sorted(m for m in legal(s) if m.startswith("move 1 ")) == ["move 1 E", "move 1 S", "move 1 SE"]
    act(s, "move 1 E")  # the station's arrow pushes it on, as a planet arrow would
    assert where(s, 0, 1) == "s:d2"


def test_a_one_use_tile_acts_once_and_a_reusable_tile_every_time():
    """«Одноразовые действуют при открытии, многоразовые — каждый раз, когда космонавт на них
    наступает.» «После выполнения действия считайте их пустыми клетками.»"""
    s = table(".. S0 .. .. ..\n.. __ ?? →  ..\n.. __ __ __ ..\n.. .. .. S1 ..")
    put(s, 0, 1, "b2")
    act(s, "move 1 E", "reveal coins2")
    assert s.tile[("p", 1, 2)] == ("empty", 0) and s.coins[("p", 1, 2)] == 2  # acted once, now empty
    supply = s.supply
    for _ in range(2):  # the arrow acts each time
        s.seat = 0
        put(s, 0, 1, "d3")
        act(s, "move 1 N")
        assert where(s, 0, 1) == "space:e2"
    assert s.supply == supply and s.coins[("p", 1, 2)] == 2


def test_peeked_tiles_do_not_act():
    """Rulebook (obelisk): «Действия подсмотренных клеток не выполняются.»"""
    s = table(".. S0 .. .. ..\n.. __ OB ?? ..\n.. ?R __ __ ..\n.. .. .. S1 ..")
    put(s, 0, 1, "b2")
    supply = s.supply
    act(s, "move 1 E", "peek d2", "reveal coins2", "peek b3", "reveal fuel")
    assert s.current_player() == 1
    assert s.supply == supply and not s.coins and not s.fuel[0]
    assert ("p", 1, 3) not in s.revealed and s.tile[("p", 1, 3)] == ("coins2", 0)


def test_a_seat_may_hold_any_number_of_ability_cards():
    """Rulebook (artifact): «У вас может быть сколько угодно способностей.»"""
    s = table(".. S0 .. ..\n.. __ ?G ..\n.. __ __ ..\n.. .. S1 ..")
    for card in ("pocket", "boots"):
        s.deck.remove(card)
        s.hand[0].append({"id": card, "ready": False, "spent": False})
    put(s, 0, 1, "b2")
    act(s, "move 1 E", "reveal artifact", "draw gravity")
    assert [c["id"] for c in s.hand[0]] == ["pocket", "boots", "gravity"]


def test_a_meteorite_may_swap_tiles_of_different_colours():
    """Rulebook (meteorite): «Можно менять клетки разных цветов.»"""
    s = table(".. S0 .. .. ..\n.. __ ME ?G ..\n.. ?? __ __ ..\n.. .. .. S1 ..")
    put(s, 0, 1, "b2")
    act(s, "move 1 E")
    assert {"meteor d2", "meteor b3"} <= set(legal(s))
    act(s, "meteor d2", "meteor b3")
    assert s.back[("p", 1, 3)] == "yellow" and s.back[("p", 2, 1)] == "green"


def test_a_flower_used_this_turn_is_still_marked_where_a_meteorite_puts_it():
    """Rulebook (meteorite): the two tiles change places with everything on them; the mark of a
    circular flower used this turn travels with its tile (it may not be used again this turn)."""
    s = table(".. S0 .. .. ..\n.. __ ME ?G ..\n.. FL __ __ ..\n.. .. .. S1 ..")
    put(s, 0, 1, "b2")
    s.flowers = {("p", 2, 1)}  # the flower on b3 was stepped on earlier this turn
    act(s, "move 1 E", "meteor b3", "meteor d2")
    assert s.flowers == {("p", 1, 3)}


def test_a_custom_planet_or_station_larger_than_the_box_allows_is_explained():
    """Rulebook (custom planets): «Собирая свою планету максимального размера (такую же по количеству
    клеток, как и в базовой игре), не забывайте убирать из игры по 2 клетки каждого цвета.»"""
    data = copy.deepcopy(default_layout_data())
    data["station"]["map"] = data["station"]["map"].replace("........\n", ".SSSSSS.\n", 1)
    problems = "\n".join(layout_problems(data))
    assert "30 tiles but the box holds 24 after removing 2" in problems
    data = copy.deepcopy(default_layout_data())
    data["planet"]["map"] = data["planet"]["map"].replace("...YYYY...\n...a1", "..YYYYY...\n...a1")
    problems = "\n".join(layout_problems(data))
    assert "yellow" in problems and "28" in problems


def test_tame_knight_is_never_used_in_space_or_on_a_canyon():
    """Rulebook (cards, Ручной конь): «Ручного коня нельзя применять в космосе и на клетках каньона.»"""
    s = table(".. S0 .. .. ..\n.. __ CA __ ..\n.. __ __ __ ..\n.. __ __ __ ..\n.. .. .. S1 ..")
    s.hand[0].append({"id": "tame_knight", "ready": True, "spent": False})
    put(s, 0, 1, "space:a3")
    s.pos[0][1] = ("cell", ("p", 1, 2), 1)  # astronaut 2 on the canyon's near half
    s._legal_cache = None
    knights = {m.split()[2] for m in legal(s) if m.startswith("ability tame_knight")}
    assert knights == {"3"}  # only the astronaut aboard the ship
    s.pos[0][1] = ("cell", ("p", 1, 2), 2)
    s._legal_cache = None
    assert "2" not in {m.split()[2] for m in legal(s) if m.startswith("ability tame_knight")}
