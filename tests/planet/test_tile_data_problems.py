"""The tile box file (data/tiles.toml) is data an owner of the game may correct: each mistake is
named with the kind or colour at fault and what is expected (brief: game content is data)."""

from __future__ import annotations

import copy
import json

import pytest

from cosmotable.engine import DataError
from cosmotable.games.planet import board
from cosmotable.games.planet.board import box_from_data, read_layout_file


def _tiles():
    return copy.deepcopy(board._read("tiles.toml"))


CASES = [
    (lambda d: d.pop("source"), "'source' must say where the values come from"),
    (lambda d: d["kinds"]["arrow1"].update(dirs=["up"]), "kind 'arrow1' has unknown direction(s) ['up']"),
    (lambda d: d["kinds"]["coins2"].update(coins=-1), "kind 'coins2' coins must be a whole number >= 0"),
    (lambda d: d["kinds"].pop("empty"), "the tile kind 'empty' is missing"),
    (lambda d: d["box"].update(purple={"empty": 1}), "box.purple is not a back colour"),
    (lambda d: d["box"]["green"].update(unicorn=1), "box.green.unicorn names an unknown tile kind"),
    (lambda d: d["box"]["green"].update(empty=0), "box.green.empty must be a count >= 1, got 0"),
    (lambda d: d["box"]["yellow"].update(coins3=4), "containers hold 42 coins but the box has only 30"),
    (lambda d: d["box"]["yellow"].update(locked2=3), "6 locked containers but only 3 lock tokens"),
    (lambda d: d["box"]["grey"].update(fuel=2), "box.grey must hold exactly one Fuel tile"),
]


@pytest.mark.parametrize("corrupt, expected", CASES, ids=[expected[:40] for _, expected in CASES])
def test_each_mistake_in_the_tile_box_is_named(corrupt, expected):
    data = _tiles()
    corrupt(data)
    with pytest.raises(DataError) as refused:
        box_from_data(data)
    assert any(expected in problem for problem in refused.value.problems), refused.value.problems


def test_the_packaged_tile_box_is_valid():
    assert box_from_data(_tiles()).coins == 30


def test_a_layout_file_that_cannot_be_read_or_parsed_says_so(tmp_path):
    with pytest.raises(DataError, match="cannot be read"):
        read_layout_file(str(tmp_path / "missing.toml"))
    broken = tmp_path / "planet.json"
    broken.write_text("{", encoding="utf-8")
    with pytest.raises(DataError, match="is not valid JSON"):
        read_layout_file(str(broken))
    listed = tmp_path / "list.json"
    listed.write_text(json.dumps([1]), encoding="utf-8")
    with pytest.raises(DataError, match="must be a table with source, planet.map, station.map and ships"):
        read_layout_file(str(listed))
