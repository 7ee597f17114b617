"""Hidden information: hands, the deck, private events and determinization."""

import json
import random

from kosmodrom_helpers import end_turn, start, to_draw

from cosmotable.engine import CHANCE


def test_a_seat_sees_its_own_hand_and_only_counts_of_the_others():
    s = start(3, hands=[["oxygen"] * 5 + ["swift"], ["jack"] * 3 + ["fuel"] * 3, ["metal"] * 6])
    v = s.view(0)
    assert v["hand"] == ["oxygen"] * 5 + ["swift"]
    assert [p["hand_count"] for p in v["players"]] == [6, 6, 6]
    assert "jack" not in json.dumps(v)


def test_the_deck_shows_only_its_size():
    s = start(3)
    v = s.view(1)
    assert v["deck"]["count"] == 140 - 18 and "deck_cards" not in v


def test_what_you_draw_is_a_private_event_and_the_others_learn_only_that_a_card_was_drawn():
    s = start(2)
    s.apply("done")
    s.apply("discard metal")
    s.apply("done")  # seat 0 ends with 5 cards
    end_turn(s)  # seat 1
    to_draw(s)
    if s.phase == "draw":
        s.apply("draw")
    assert s.current_player() == CHANCE
    s.apply("deck oxygen")
    private = [e for e in s.events if e.kind == "draw"][-1]
    public = [e for e in s.events if e.kind == "draw-public"][-1]
    assert private.visible(0) and not private.visible(1) and not private.visible(None)
    assert public.visible(1) and "oxygen" not in public.text.lower()


def test_every_deck_draw_is_a_chance_node_over_the_card_kinds_left_with_count_over_total():
    s = start(2)
    s.deck_top = 0
    s.phase = "draw_deck"
    outcomes = {str(a): p for a, p in s.chance_outcomes()}
    total = s.deck_count()
    assert outcomes["deck metal"] == s.deck["metal"] / total
    assert len(outcomes) == len([c for c, k in s.deck.items() if k])


def test_resample_keeps_the_own_hand_and_the_other_hand_sizes():
    s = start(3, hands=[["oxygen"] * 5 + ["swift"], ["jack"] * 3 + ["fuel"] * 3, ["metal"] * 6])
    r = s.resample_for(0, random.Random(1))
    assert r.hands[0] == s.hands[0]
    assert [h.total() for h in r.hands] == [6, 6, 6]
    assert r.card_total() == 140 and r.view(0) == s.view(0)
    assert sorted(r.deck.elements()) != sorted(s.deck.elements()) or r.hands[1] == s.hands[1]
