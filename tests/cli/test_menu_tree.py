"""Long menus as a prefix tree of the moves' texts (ui/terminal/menu.py, issue #20 item 3)."""

from __future__ import annotations

from rich.text import Text

from cosmotable.engine import Action
from cosmotable.ui.terminal import menu
from cosmotable.ui.terminal.common import Move


class Named(Action):
    """An action that is just its text (the menu reads nothing else)."""

    def __init__(self, text: str):
        self.text = text

    def __str__(self) -> str:
        return self.text

    def to_json(self):
        return {"text": self.text}


def moves(*texts: str) -> list[Move]:
    return [Move(Named(t), Text("")) for t in texts]


def test_pieces_keep_their_separators_so_they_join_back_exactly():
    assert menu.pieces("trade 1 fuel swift") == ("trade", " 1", " fuel", " swift")
    assert menu.pieces("travel 1,A,H0") == ("travel", " 1", ",A", ",H0")
    assert "".join(menu.pieces("travel 1,A,H0")) == "travel 1,A,H0"


def test_a_level_lists_single_moves_as_themselves_and_groups_by_their_next_piece():
    wants = ("swift", "rapid", "intrepid", "fearless", "engineer", "inspector", "oxygen")
    trades = [f"trade 1 {give} {want}" for give in ("fuel", "metal") for want in wants]
    ms = moves("play swift", "gift 1 fuel", "gift 1 metal", *trades[:-1], "done")
    top = menu.level(ms)
    assert [(e.text, e.is_move, len(e.moves)) for e in top] == [
        ("play swift", True, 1),
        ("gift 1", False, 2),
        ("trade 1", False, 13),
        ("done", True, 1),
    ]
    # the only partner (seat 1) is taken for the player: the next level is the card to give
    level = menu.level(ms, top[2].prefix)
    assert [(e.text, e.is_move, len(e.moves)) for e in level] == [
        ("trade 1 fuel", False, 7),
        ("trade 1 metal", False, 6),
    ]
    # seven moves are few enough to list whole
    assert [e.text for e in menu.level(ms, level[0].prefix)] == trades[:7]


def test_a_move_that_is_also_the_start_of_others_comes_first_in_its_group():
    many = [f"travel 1,{x},{y}" for x in ("H0", "H1", "H2", "H3") for y in ("A", "B", "C", "D")]
    ms = moves("travel 1", "travel 1,H0", *many, "travel 2")
    top = menu.level(ms, menu.descend(ms, ()))
    assert [e.text for e in top] == ["travel 1", "travel 2"]
    inside = menu.level(ms, top[0].prefix)
    assert [(e.text, e.is_move) for e in inside][:3] == [
        ("travel 1", True),
        ("travel 1,H0", False),
        ("travel 1,H1", False),
    ]
    # a group of at most TREE_AFTER moves is listed whole, without further steps
    small = menu.level(ms, inside[1].prefix)
    assert [e.text for e in small] == ["travel 1,H0", *[t for t in many if t.startswith("travel 1,H0")]]


def test_a_typed_start_of_several_moves_is_found_as_their_prefix():
    ms = moves("trade 1 fuel swift", "trade 1 fuel rapid", "done")
    assert menu.find_prefix(ms, "trade 1") == ("trade", " 1")
    assert menu.find_prefix(ms, "TRADE 1 Fuel") == ("trade", " 1", " fuel")
    assert menu.find_prefix(ms, "trade 2") is None
    assert menu.find_prefix(ms, "done") is None  # a whole move is not a prefix of others
