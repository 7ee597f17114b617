"""What the variants hide: other seats' secret missions, UFO tokens and discovery points tokens
are face down - shown as counts until the end (Ruling R22), and never named in their events."""

import json

from mlem_helpers import board_all, roll
from mlem_variant_helpers import (
    QUIET_DISCOVERIES,
    check_events_hide_what_they_must,
    check_view_hides_what_it_must,
    dumps,
    expedition,
    new_variant_game,
    play_out_by_crashing,
    token_file,
)

BOARDS = ["moon_expert", "planet_expert", "deep_space_expert"]
PARK_ON_5 = {"expedition_tokens": token_file("expedition_tokens", [expedition("park", ufo_move=21)])}


def ufo_contact_game():
    """Seat 0 has taken the top UFO token (5) on space 5."""
    s = new_variant_game(3, ["ufo"], expedition_token="park", **PARK_ON_5)
    board_all(s, BOARDS)
    roll(s, "1,2,2,3,3,3")
    s.apply("travel 1,2")
    assert s.ufo.taken == [[5], [], []]
    return s


def discovery_game():
    """Seat 0 has taken d09 (3 points, space 5)."""
    s = new_variant_game(3, ["discovery"], revealed=["d09", *QUIET_DISCOVERIES[:4]])
    board_all(s, BOARDS)
    roll(s, "1,2,2,3,3,3")
    s.apply("travel 1,2")
    s.apply("reveal-discovery d04")
    assert s.discovery.taken == [["d09"], [], []]
    return s


def mission_game():
    s = new_variant_game(
        3,
        ["secret_missions"],
        deals=["s11", "s12", "s13", "s14", "s01", "s02", "s03", "s04", "s05", "s06", "s07", "s08"],
        returns=["s14", "s04", "s08"],
    )
    return s


def every_view(s):
    return {seat: check_view_hides_what_it_must(s, seat) for seat in [None, *range(s.num_players)]}


# ------------------------------------------------------------------ UFO
def test_ruling_R22_ufo_tokens_of_other_seats_are_hidden_until_the_end_counts_shown():
    s = ufo_contact_game()
    views = every_view(s)
    for seat in (None, 1, 2):
        ufo = views[seat]["variant_state"]["ufo"]
        assert "0" not in ufo["taken"] and views[seat]["players"][0]["face_down_tokens"]["ufo"] == 1
        assert "ufo" not in views[seat]["players"][0]["score"] and views[seat]["scores"][0] == 0
    assert views[0]["variant_state"]["ufo"]["taken"] == {"0": [5]}
    assert views[0]["players"][0]["score"]["ufo"] == 5 and views[0]["scores"][0] == 5
    play_out_by_crashing(s)
    views = every_view(s)
    for seat in (None, 1, 2):
        assert views[seat]["variant_state"]["ufo"]["taken"]["0"] == [5]
        assert views[seat]["players"][0]["score"]["ufo"] == 5


def test_ufo_events_for_other_seats_do_not_reveal_the_token_value():
    s = ufo_contact_game()
    for seat in (None, 1, 2):
        check_events_hide_what_they_must(s, seat)
        texts = [dumps(e.to_json()) for e in s.events_for(seat)]
        assert any("UFO contact" in t for t in texts)  # that it happened is public
        assert not any("worth" in t or '"points"' in t for t in texts)
    mine = [e for e in s.events_for(0) if e.kind == "ufo-token"]
    assert len(mine) == 1 and mine[0].data["points"] == 5


# ------------------------------------------------------------------ Discovery
def test_ruling_R22_discovery_points_tokens_of_other_seats_are_hidden_until_the_end():
    s = discovery_game()
    views = every_view(s)
    for seat in (None, 1, 2):
        discovery = views[seat]["variant_state"]["discovery"]
        assert (
            "0" not in discovery["taken"]
            and views[seat]["players"][0]["face_down_tokens"]["discoveries"] == 1
        )
        assert "discoveries" not in views[seat]["players"][0]["score"]
        assert '"d09"' not in json.dumps(views[seat])
    assert views[0]["variant_state"]["discovery"]["taken"] == {"0": [3]}
    assert views[0]["players"][0]["score"]["discoveries"] == 3
    play_out_by_crashing(s)
    for seat, view in every_view(s).items():
        assert view["variant_state"]["discovery"]["taken"]["0"] == [3]


def test_discovery_taking_event_does_not_say_which_token_or_its_points():
    s = discovery_game()
    taking = [e for e in s.events if e.kind == "discovery" and "takes" in e.text]
    assert len(taking) == 1 and taking[0].visible_to is None
    assert "point" not in taking[0].text and "d09" not in dumps(taking[0].to_json())
    for seat in (None, 1, 2):
        check_events_hide_what_they_must(s, seat)


# ------------------------------------------------------------------ Secret Missions
def test_missions_other_seats_missions_are_hidden_in_views_until_the_end():
    s = mission_game()
    board_all(s, BOARDS)
    views = every_view(s)
    text = {seat: json.dumps(v) for seat, v in views.items()}
    mine = {0: ["s11", "s12", "s13", "s14"], 1: ["s01", "s02", "s03", "s04"], 2: ["s05", "s06", "s07", "s08"]}
    for seat in (None, 0, 1, 2):
        for owner, missions in mine.items():
            for m in missions:
                assert (f'"{m}"' in text[seat]) == (owner == seat), (seat, owner, m)
        assert views[seat]["variant_state"]["missions"]["dealt"] == [4, 4, 4]
        assert views[seat]["variant_state"]["missions"]["chosen"] == [True, True, True]
    assert views[1]["variant_state"]["missions"]["hands"]["1"]["returned"] == "s04"
    play_out_by_crashing(s)
    for seat, view in every_view(s).items():
        assert sorted(view["variant_state"]["missions"]["hands"]) == ["0", "1", "2"]


def test_missions_the_choice_is_hidden_while_it_is_made():
    s = new_variant_game(3, ["secret_missions"], returns=["s02"])
    assert s.phase == "choose" and s.current_player() == 1
    for seat in (None, 0, 1, 2):
        check_view_hides_what_it_must(s, seat)
        check_events_hide_what_they_must(s, seat)
    assert s.view(0)["variant_state"]["missions"]["hands"]["0"]["returned"] == "s02"
    assert "s02" not in json.dumps(s.view(1))


def test_missions_deal_events_show_only_the_own_mission_ids():
    s = mission_game()
    for seat in (None, 0, 1, 2):
        check_events_hide_what_they_must(s, seat)
    own = [e.data["mission"] for e in s.events_for(2) if e.kind == "mission"]
    assert own == ["s05", "s06", "s07", "s08"]
    assert [e.kind for e in s.events_for(None)].count("deal") == 12
    assert not [e for e in s.events_for(None) if e.kind == "mission"]
    # the returned mission is never named in a public event
    chosen = [e for e in s.events if e.kind == "choose"]
    assert len(chosen) == 3 and not any("s04" in dumps(e.to_json()) for e in chosen)


def test_views_with_every_variant_hide_everything_and_never_show_the_seed():
    s = new_variant_game(
        3,
        ["ufo", "discovery", "secret_missions"],
        revealed=["d09", *QUIET_DISCOVERIES[:4]],
        expedition_token="park",
        **PARK_ON_5,
    )
    board_all(s, BOARDS)
    roll(s, "1,2,2,3,3,3")
    s.apply("travel 1,2")  # discovery d09 and the UFO on space 5
    s.apply("reveal-discovery d04")
    assert s.ufo.taken[0] == [5] and s.discovery.taken[0] == ["d09"]
    for seat in (None, 0, 1, 2):
        view = check_view_hides_what_it_must(s, seat)
        check_events_hide_what_they_must(s, seat)
        if seat not in (0,):
            assert view["scores"][0] == 0
    assert s.view(0)["scores"][0] == 8
