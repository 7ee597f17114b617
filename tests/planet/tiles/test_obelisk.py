"""Rulebook (obelisk): look at 4 face-down tiles without showing them, put them back unchanged;
they do not act. Ours: their identity is drawn when peeked and shown only in that seat's view."""

import json

from planet_helpers import act, legal, put, table

BOARD = """
.. S0 .. .. .. ..
.. __ ?? ?? ?? ..
.. ?? ?? ?? ?? ..
.. .. .. S1 .. ..
"""


def peeked_board():
    s = table(BOARD)
    s.tile[("p", 1, 2)] = ("obelisk", 0)
    s.revealed.add(("p", 1, 2))
    put(s, 0, 1, "b2")
    act(s, "move 1 E")
    return s


def test_obelisk_asks_for_four_face_down_tiles_one_by_one():
    s = peeked_board()
    assert s.phase == "peek" and "peek d2" in legal(s)
    for cell, kind in (("d2", "tree"), ("e2", "empty"), ("b3", "portal"), ("c3", "dragonfly")):
        act(s, f"peek {cell}", f"reveal {kind}")
    assert s.current_player() == 1  # four looks, then the turn ends
    assert ("p", 1, 3) not in s.revealed and s.tile[("p", 1, 3)] == ("tree", 0)


def test_peeked_tiles_appear_only_in_the_peeking_seats_view_and_events():
    s = peeked_board()
    act(s, "peek d2", "reveal crocodile")
    mine = next(c for c in s.view(0)["areas"]["p"]["cells"] if c["cell"] == "d2")
    theirs = next(c for c in s.view(1)["areas"]["p"]["cells"] if c["cell"] == "d2")
    assert mine["tile"] == "crocodile"
    assert "tile" not in theirs and theirs["peeked_by"] == [0]
    assert "crocodile" not in json.dumps([e.text for e in s.events_for(1)])
    assert "crocodile" not in json.dumps(s.public_view()["areas"])


def test_a_peeked_tile_keeps_its_identity_when_revealed_later():
    s = peeked_board()
    act(
        s,
        "peek d2",
        "reveal empty",
        "peek e2",
        "reveal empty",
        "peek b3",
        "reveal empty",
        "peek c3",
        "reveal empty",
    )
    assert s.chance_outcomes() == [] and s.current_player() == 1
    s.seat = 0
    s.pos[0][0] = ("cell", ("p", 1, 2), 0)
    s._legal_cache = None
    act(s, "move 1 E")
    assert [str(a) for a, _ in s.chance_outcomes()] == ["reveal empty"]


def test_resample_for_redraws_what_the_seat_has_not_seen():
    import random

    s = peeked_board()
    act(s, "peek d2", "reveal crocodile")
    for seed in range(20):
        same = s.resample_for(0, random.Random(seed))
        assert same.tile[("p", 1, 3)] == ("crocodile", 0)
    kinds = {s.resample_for(1, random.Random(seed)).tile[("p", 1, 3)][0] for seed in range(40)}
    assert len(kinds) > 1
