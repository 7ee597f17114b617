"""Hidden information in Planet: an obelisk peek tells the others nothing of the tile's kind
(Ruling R3: kind and orientation are one chance outcome), a determinization keeps a tile drawn in
public and draws its own future chance, and the view shows what every seat saw."""

import random

from planet_helpers import act, new, put, table

from cosmotable.engine.audit import compare_for, next_chance_outcome, play_to_end

ISSUE_SEED = 166
TO_THE_PEEK = ("move 1 NW", "reveal dragonfly", "to f7", "reveal obelisk", "peek d7")


def _peeked(outcome: str):
    s = new(2, seed=ISSUE_SEED)
    act(s, *TO_THE_PEEK, outcome)
    return s


def test_a_peek_draws_kind_and_orientation_in_one_outcome():
    s = new(2, seed=ISSUE_SEED)
    act(s, *TO_THE_PEEK)
    outcomes = {str(o): p for o, p in s.chance_outcomes()}
    assert {"reveal arrow2d 0", "reveal arrow2d 1", "reveal artifact"} <= set(outcomes)
    assert "reveal arrow2d" not in outcomes  # no separate orientation node follows a peek
    assert abs(outcomes["reveal arrow2d 0"] - outcomes["reveal arrow2d 1"]) < 1e-12
    assert abs(sum(outcomes.values()) - 1) < 1e-9


def test_the_other_seat_and_spectators_cannot_tell_a_peeked_arrow_from_an_artifact():
    arrow, artifact = _peeked("reveal arrow2d 1"), _peeked("reveal artifact")
    assert arrow.view(1) == artifact.view(1)
    assert arrow.public_view() == artifact.public_view()
    assert [e.to_json() for e in arrow.events_for(1)] == [e.to_json() for e in artifact.events_for(1)]
    assert arrow.current_player() == artifact.current_player() == 0
    assert compare_for(arrow, artifact, 1) == []
    # ...while the peeking seat sees the difference
    assert arrow.view(0) != artifact.view(0)


def test_an_old_two_step_peek_is_refused_with_the_outcomes_that_are_possible():
    import pytest

    from cosmotable.engine import IllegalAction

    s = new(2, seed=ISSUE_SEED)
    act(s, *TO_THE_PEEK)
    with pytest.raises(IllegalAction, match="possible outcomes are: reveal arrow2d 0, reveal arrow2d 1"):
        s.apply("reveal arrow2d")


def test_resample_at_an_orientation_keeps_the_kind_everyone_saw_drawn():
    s = new(2, seed=669119356334)
    act(s, "move 2 NE", "reveal arrow1")
    assert s.phase == "orient"
    for seed in range(20):
        sample = s.resample_for(0, random.Random(seed))
        assert sample.tile[sample.pending][0] == "arrow1"
        assert len(sample.chance_outcomes()) == 4
        sample.sample_chance()


def test_the_view_names_the_kind_being_oriented():
    s = new(2, seed=669119356334)
    act(s, "move 2 NE", "reveal arrow1")
    for view in (s.view(0), s.view(1), s.public_view()):
        cell = next(
            c for area in view["areas"].values() for c in area["cells"] if c["cell"] == view["pending"]
        )
        assert cell["drawn"] == "arrow1" and "tile" not in cell


def test_a_determinization_draws_its_own_future_not_the_true_one():
    s = new(2, seed=ISSUE_SEED)
    act(s, *TO_THE_PEEK)
    truth = next_chance_outcome(s)
    futures = {next_chance_outcome(s.resample_for(1, random.Random(k))) for k in range(40)}
    assert len(futures) > 3  # many outcomes: the future follows each rng...
    same = sum(next_chance_outcome(s.resample_for(1, random.Random(k))) == truth for k in range(40))
    assert same < 20  # ...and not the true seed (1 outcome in ~20 is likely by chance alone)
    assert s.resample_for(1, random.Random(3)).seed != s.seed


def test_a_determinization_drops_scripted_chance():
    s = new(2, seed=ISSUE_SEED)
    act(s, "move 1 NW")
    s.inject_chance(["reveal dragonfly"])
    sample = s.resample_for(1, random.Random(0))
    assert sample._scripted_chance == []
    play_to_end(sample, random.Random(1))


def test_the_view_marks_a_circular_flower_stepped_on_this_turn():
    s = table("""
    .. S0 .. .. ..
    .. __ ↕  __ ..
    .. __ FL __ ..
    .. __ __ __ ..
    .. .. .. S1 ..
    """)
    put(s, 0, 1, "b4")
    act(s, "move 1 NE")  # onto the flower, north onto the two-way arrow: a choice, the turn goes on
    assert s.phase == "choose"
    for view in (s.view(0), s.view(1), s.public_view()):
        flags = {c["cell"]: c.get("flower_used", False) for c in view["areas"]["p"]["cells"]}
        assert flags["c3"] is True and not any(v for k, v in flags.items() if k != "c3")
    act(s, "go N")
    assert not any(c.get("flower_used") for c in s.public_view()["areas"]["p"]["cells"])


def test_a_view_changed_by_its_reader_leaves_the_next_views_alone():
    # The views take the cells' names, the ring and the corners from tables kept with the area
    # (they are built for every position a bot judges); each view must still be its own objects.
    s = new(2, seed=ISSUE_SEED)
    act(s, *TO_THE_PEEK[:2])  # a dragonfly turned face up
    first, untouched = s.public_view(), s.public_view()
    assert first == untouched
    for area in first["areas"].values():
        area["ring"].append("x9")
        area["corners"].clear()
        for cell in area["cells"]:
            cell["cell"] = "changed"
            if "dirs" in cell:
                cell["dirs"].append("N")
    first["scores"][0] = 99
    again = s.public_view()
    assert again == untouched and again["scores"] == [p["score"] for p in again["players"]]
    assert any(
        "dirs" in c for a in again["areas"].values() for c in a["cells"]
    )  # a face-up tile was changed too
