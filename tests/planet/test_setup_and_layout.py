"""Rulebook (set-up, custom planets): the reconstructed default and the checks on a layout file."""

import copy

import pytest
from planet_helpers import GAME, new

from cosmotable.engine import ConfigError
from cosmotable.games.planet.board import default_box, default_layout, default_layout_data, layout_problems


def test_the_box_holds_62_planet_tiles_26_station_tiles_and_30_coins_in_containers():
    box = default_box()
    sizes = {colour: sum(counts.values()) for colour, counts in box.box.items()}
    assert sizes == {"yellow": 30, "green": 22, "grey": 10, "station": 26}
    coins = sum(box.kinds[k].coins * n for counts in box.box.values() for k, n in counts.items())
    assert coins == 30 and box.coins == 30
    assert sum(n for counts in box.box.values() for k, n in counts.items() if box.kinds[k].locked) == 3


def test_the_default_planet_has_56_tiles_and_the_station_24_after_removing_two_of_each():
    layout = default_layout()
    colours = list(layout.planet.cells.values())
    assert (colours.count("yellow"), colours.count("green"), colours.count("grey")) == (28, 20, 8)
    assert len(layout.station.cells) == 24
    assert "reconstructed" in layout.source


def test_set_up_puts_every_tile_face_down_and_the_astronauts_on_their_ships():
    s = new(4)
    assert not s.revealed and not s.tile
    assert all(p == ("ship", seat) for seat in range(4) for p in s.pos[seat])
    assert not any(s.fuel)  # plain side up


def test_a_revealed_tile_is_drawn_from_the_unplaced_tiles_of_its_colour():
    s = new(2)
    dist = dict(s.draw_distribution("yellow"))
    assert dist["empty"] == pytest.approx(10 / 30)
    assert sum(dist.values()) == pytest.approx(1)


def test_fuel_is_always_among_the_grey_tiles():
    s = new(2)
    dist = dict(s.draw_distribution("grey"))
    assert dist["fuel"] == pytest.approx(1 / 8)  # one of the 8 grey places, never set aside
    grey = [c for c, b in s.back.items() if b == "grey"]
    for cell in grey[:-1]:
        s.fix_tile(
            cell,
            "portal"
            if s.drawn["grey"].get("portal", 0) < 2
            else "artifact"
            if s.drawn["grey"].get("artifact", 0) < 2
            else "energy",
        )
    assert dict(s.draw_distribution("grey")) == {"fuel": pytest.approx(1.0)}


def test_a_directional_tile_gets_a_random_orientation():
    from cosmotable.games.planet.board import default_box

    kinds = default_box().kinds
    assert [p for _, p in kinds["arrow1"].orientations()] == [0.25] * 4
    assert [p for _, p in kinds["arrow2"].orientations()] == [0.5, 0.5]
    assert kinds["arrow4"].orientations() == []  # looks the same every way


def broken(**changes):
    data = copy.deepcopy(default_layout_data())
    for key, value in changes.items():
        data[key] = value
    return data


def test_custom_layout_too_small_is_explained():
    data = broken(planet={"map": "....\n.YY.\n.YY.\n...."})
    problems = "\n".join(layout_problems(data))
    assert (
        "needs at least 3" in problems and "needs at least 12" in problems and "needs at least 20" in problems
    )


def test_custom_layout_with_grey_on_the_edge_and_green_outside_is_explained():
    data = copy.deepcopy(default_layout_data())
    data["planet"]["map"] = data["planet"]["map"].replace(".b.YYYY...", ".b.YRYG...")
    problems = "\n".join(layout_problems(data))
    assert "the edge must be yellow" in problems
    assert "grey tiles belong in the centre" in problems


def test_ships_must_be_equally_spaced_and_touch_only_yellow():
    data = copy.deepcopy(default_layout_data())
    data["ships"]["2"] = ["1", "2"]
    problems = "\n".join(layout_problems(data))
    assert "not equally spaced" in problems


def test_a_ship_on_a_corner_is_explained():
    data = copy.deepcopy(default_layout_data())
    data["planet"]["map"] = data["planet"]["map"].replace("...a1.....", "..a.1.....")
    problems = "\n".join(layout_problems(data))
    assert "corner" in problems


def test_a_custom_layout_is_passed_as_an_option_and_kept_in_the_record():
    data = copy.deepcopy(default_layout_data())
    s = GAME.new_state(2, seed=5, layout=data)
    assert s.config.options["layout"] == data
    with pytest.raises(ConfigError, match="equally spaced"):
        GAME.new_state(2, seed=5, layout=broken(ships={"2": ["1", "2"]}))


def test_a_layout_file_is_read_and_checked(tmp_path):
    from importlib import resources

    from cosmotable.engine import DataError
    from cosmotable.games.planet.board import read_layout_file

    good = tmp_path / "planet.toml"
    good.write_text(
        resources.files("cosmotable.games.planet").joinpath("data/layout.toml").read_text("utf-8")
    )
    assert read_layout_file(str(good))["planet"]["map"]
    bad = tmp_path / "bad.toml"
    bad.write_text(
        'source = "x"\n[planet]\nmap = "...\\n.Y.\\n..."\n[station]\nmap = "...\\n.S.\\n..."\n[ships]\n2 = []\n'
    )
    with pytest.raises(DataError) as err:
        read_layout_file(str(bad))
    assert any("at least 20" in p for p in err.value.problems)
