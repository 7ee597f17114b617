"""The 13 action cards (card overview, "Карты действий"): effect, protections, and every
"cannot be played unless it can be carried out in full" case."""

import pytest
from kosmodrom_helpers import arrange, hand, legal, set_hand, start, to_draw, to_play

from cosmotable.engine import CHANCE, IllegalAction


def table(hand_cards, players=3, variants=(), **kw):
    s = start(players, variants=variants)
    arrange(s, hand={0: hand_cards, **kw.pop("hands", {})}, **kw)
    return to_play(s)


def plays_of(s, card):
    return [a for a in legal(s) if a.startswith(f"play {card}")]


def test_an_action_card_goes_to_the_discard_pile():
    s = table(["scrub"], rockets=[(1, "swift", "assembly", 0, 0)], discard=[])
    s.apply("play scrub r1")
    assert s.discard[0] == "scrub"


# ---------------------------------------------------------------- Scrub (Свернуть проект)
def test_scrub_discards_a_rocket_with_its_components_and_advantages():
    s = table(["scrub"], rockets=[(1, "swift", "launch", 1, 1, ["astronaut", "oxygen"])], discard=[])
    s.apply("play scrub r1")
    assert "r1" not in s.rockets
    assert sorted(s.discard) == sorted(["scrub", "swift", "metal", "fuel", "astronaut", "oxygen"])


def test_scrub_may_target_your_own_rocket():
    s = table(["scrub"], rockets=[(0, "swift", "assembly", 0, 0)])
    assert plays_of(s, "scrub") == ["play scrub r1"]


def test_scrub_cannot_hit_a_rocket_with_top_secret():
    s = table(["scrub"], rockets=[(1, "swift", "launch", 1, 1, ["top_secret"])])
    with pytest.raises(IllegalAction, match="Top Secret"):
        s.apply("play scrub r1")


def test_scrub_cannot_hit_a_rocket_of_a_player_with_security_system():
    s = table(["scrub"], rockets=[(1, "swift", "assembly", 0, 0)], upgrades={1: ["security_system"]})
    with pytest.raises(IllegalAction, match="Security System"):
        s.apply("play scrub r1")


def test_security_system_does_not_stop_its_owner():
    s = table(["scrub"], rockets=[(0, "swift", "assembly", 0, 0)], upgrades={0: ["security_system"]})
    assert plays_of(s, "scrub") == ["play scrub r1"]


def test_top_secret_protects_even_against_its_owner():
    s = table(["scrub"], rockets=[(0, "swift", "launch", 1, 1, ["top_secret"])])
    assert plays_of(s, "scrub") == []


def test_scrub_cannot_be_played_without_a_rocket_to_scrub():
    s = table(["scrub"])
    assert plays_of(s, "scrub") == []


# ---------------------------------------------------------------- Key to Start
def test_key_to_start_moves_a_launch_pad_card_in_play_to_the_launch_pad_area():
    s = table(["key_to_start"], pads={1: {"assembly": ["pad_tl"]}})
    s.apply("play key_to_start 1:assembly")
    assert s.centre == ["pad_tl"] and s.tableaux[1].pads["assembly"] == []


def test_key_to_start_with_the_last_card_starts_the_countdown():
    s = table(["key_to_start"], pads={2: {"test": ["pad_br"]}}, centre=["pad_tl", "pad_tr", "pad_bl"])
    s.apply("play key_to_start 2:test")
    assert s.countdown is not None and s.completer == 0


def test_key_to_start_cannot_be_played_without_a_launch_pad_card_in_play():
    s = table(["key_to_start"])
    assert plays_of(s, "key_to_start") == []
    with pytest.raises(IllegalAction, match="no launch-pad card"):
        s.apply("play key_to_start 1:test")


# ---------------------------------------------------------------- Budget Cut
def test_budget_cut_steals_an_upgrade_into_the_hand():
    s = table(["budget_cut"], upgrades={1: ["overtime"]})
    s.apply("play budget_cut 1")
    assert s.tableaux[1].upgrades == [] and "overtime" in hand(s, 0)


def test_budget_cut_stolen_upgrade_can_be_played_at_once():
    s = table(["budget_cut"], upgrades={1: ["overtime"]})
    s.apply("play budget_cut 1")
    assert s.phase == "stolen" and [str(a) for a in s.legal_actions()] == [
        "keep overtime",
        "discard overtime",
    ]
    s.apply("keep overtime")
    s.apply("play overtime")
    assert s.tableaux[0].upgrades == ["overtime"]


def test_stolen_card_may_be_discarded_at_once():
    """card overview: a stolen card may be played, kept in hand or discarded."""
    s = table(["budget_cut"], upgrades={1: ["overtime"]})
    s.apply("play budget_cut 1")
    s.apply("discard overtime")
    assert s.phase == "play" and "overtime" not in hand(s, 0) and s.discard[-1] == "overtime"


def test_stolen_card_may_be_kept_for_a_later_turn():
    s = table(["headhunting"], experts={1: {"test": "jack"}})
    s.apply("play headhunting 1:test")
    s.apply("keep jack")
    assert s.phase == "play" and "jack" in hand(s, 0)
    assert any(str(a) == "done" for a in s.legal_actions())


def test_each_card_stolen_by_espionage_gets_its_own_choice_in_the_order_stolen():
    s = table(["espionage"], hands={1: ["oxygen"], 2: ["jack"]})
    s.apply("play espionage 1,2")
    s.apply("pick oxygen")
    s.apply("pick jack")
    assert [str(a) for a in s.legal_actions()] == ["keep oxygen", "discard oxygen"]
    s.apply("keep oxygen")
    assert [str(a) for a in s.legal_actions()] == ["keep jack", "discard jack"]
    s.apply("discard jack")
    assert s.phase == "play" and "oxygen" in hand(s, 0) and "jack" not in hand(s, 0)


def test_what_was_stolen_by_espionage_is_named_only_to_the_thief_in_views():
    s = table(["espionage"], hands={1: ["oxygen", "fuel"]})
    s.apply("play espionage 1")
    s.apply("pick oxygen")
    s.apply("pick fuel")
    assert s.view(0)["step"]["stolen_pending"] == ["oxygen", "fuel"]
    assert s.view(2)["step"]["stolen_pending"] == 2 and s.public_view()["step"]["stolen_pending"] == 2


def test_budget_cut_cannot_be_played_without_an_upgrade_in_play():
    s = table(["budget_cut"], upgrades={0: ["overtime"]})
    assert plays_of(s, "budget_cut") == []


def test_superpowers_budget_cut_steals_every_upgrade():
    s = table(["budget_cut"], variants=["superpowers"], upgrades={1: ["overtime", "warehouse"]})
    s.apply("play budget_cut 1")
    assert s.tableaux[1].upgrades == [] and {"overtime", "warehouse"} <= set(hand(s, 0))


# ---------------------------------------------------------------- Top Priority
def test_top_priority_moves_a_complete_rocket_from_the_assembly_shop_to_the_launch_table():
    s = table(["top_priority"], rockets=[(0, "swift", "assembly", 1, 1)])
    s.apply("play top_priority r1")
    assert s.rockets["r1"].zone == "launch"


def test_top_priority_from_the_test_stand_needs_no_expert_and_keeps_certification():
    s = table(["top_priority"], rockets=[(0, "swift", "test", 1, 1, ["certification"])])
    s.apply("play top_priority r1")
    assert s.rockets["r1"].zone == "launch" and s.rockets["r1"].advantages == ["certification"]


def test_top_priority_cannot_move_an_incomplete_rocket():
    s = table(["top_priority"], rockets=[(0, "swift", "assembly", 1, 0)])
    with pytest.raises(IllegalAction, match="not complete"):
        s.apply("play top_priority r1")


def test_top_priority_only_for_your_own_rocket():
    s = table(["top_priority"], rockets=[(1, "swift", "assembly", 1, 1)])
    assert plays_of(s, "top_priority") == []


# ---------------------------------------------------------------- Research Institute (НПП)
def test_research_institute_draws_3_cards_whatever_the_hand_size():
    s = table(["research", "metal", "metal", "metal", "metal", "metal"])
    s.apply("play research")
    for _ in range(3):
        assert s.current_player() == CHANCE
        s.apply("deck fuel")
    assert s.phase == "play" and s.hands[0].total() == 8


def test_research_institute_draws_only_from_the_deck():
    """card overview (НПП): «Из стопки сброшенных карт карты брать нельзя.» - the three cards are
    deck draws (chance), never the discard pile's top."""
    s = table(["research"], discard=["oxygen", "jack"])
    s.apply("play research")
    assert s.current_player() == CHANCE and s.phase == "research"
    assert all(str(a).startswith("deck ") for a, _ in s.chance_outcomes())
    for _ in range(3):
        s.apply("deck fuel")
    assert s.discard == ["oxygen", "jack", "research"] and "jack" not in hand(s, 0)


def test_research_institute_cards_may_be_played_at_once():
    """card overview (НПП): «Новые карты можно сыграть, оставить на руках или сбросить.»"""
    s = table(["research"])
    s.apply("play research")
    for card in ("swift", "metal", "fuel"):
        s.apply(f"deck {card}")
    s.apply("play swift")
    s.apply("play metal r1")
    assert s.rockets["r1"].metal == 1 and "fuel" in hand(s, 0)


def test_research_institute_replaces_a_drawn_launch_pad_card():
    s = table(["research"])
    s.deck_top = 0
    s.apply("play research")
    s.apply("deck pad_tl")
    for _ in range(3):
        s.apply("deck fuel")
    assert s.tableaux[0].pads["assembly"] == ["pad_tl"] and s.hands[0].total() == 5 + 3


def test_research_institute_cards_above_the_limit_are_discarded_at_the_end():
    s = table(["research"] + ["metal"] * 5)
    s.apply("play research")
    for _ in range(3):
        s.apply("deck fuel")
    s.apply("done")
    assert "done" not in legal(s)


def test_research_institute_needs_3_cards_to_draw():
    s = table(["research"], discard=[])
    s.deck.clear()
    s.deck["fuel"] = 1
    s._legal_cache = None
    assert plays_of(s, "research") == []


# ---------------------------------------------------------------- Retest
def test_retest_moves_a_rocket_back_to_the_test_stand_and_discards_its_advantages():
    s = table(["retest"], rockets=[(1, "swift", "launch", 1, 1, ["astronaut", "top_secret"])])
    s.apply("play retest r1")
    r = s.rockets["r1"]
    assert r.zone == "test" and r.advantages == [] and s.discard[-2:] == ["astronaut", "top_secret"]


def test_retest_cannot_hit_a_rocket_with_certification():
    s = table(["retest"], rockets=[(1, "swift", "launch", 1, 1, ["certification"])])
    with pytest.raises(IllegalAction, match="Certification"):
        s.apply("play retest r1")


def test_retest_only_on_the_launch_table():
    s = table(["retest"], rockets=[(1, "swift", "test", 1, 1)])
    assert plays_of(s, "retest") == []


def test_top_secret_does_not_protect_from_retest():
    s = table(["retest"], rockets=[(1, "swift", "launch", 1, 1, ["top_secret"])])
    assert plays_of(s, "retest") == ["play retest r1"]


# ---------------------------------------------------------------- Headhunting
def test_headhunting_steals_an_expert_into_the_hand():
    s = table(["headhunting"], experts={1: {"launch": "mission_control"}})
    s.apply("play headhunting 1:launch")
    assert s.tableaux[1].experts["launch"] is None and "mission_control" in hand(s, 0)


def test_headhunting_stolen_expert_can_be_played():
    s = table(["headhunting"], experts={1: {"test": "jack"}})
    s.apply("play headhunting 1:test")
    s.apply("keep jack")
    s.apply("play jack launch")
    assert s.tableaux[0].experts["launch"] == "jack"


def test_labor_contract_protects_the_experts():
    s = table(["headhunting"], experts={1: {"launch": "mission_control"}}, upgrades={1: ["labor_contract"]})
    with pytest.raises(IllegalAction, match="Labor Contract"):
        s.apply("play headhunting 1:launch")


def test_headhunting_cannot_be_played_without_an_expert_to_hire():
    s = table(["headhunting"])
    assert plays_of(s, "headhunting") == []


# ---------------------------------------------------------------- Brainstorm
def test_brainstorm_shuffles_the_top_10_discards_into_the_deck_and_then_is_discarded():
    pile = ["oxygen"] * 2 + ["metal"] * 10
    s = table(["brainstorm"], discard=pile)
    deck = s.deck_count()
    s.apply("play brainstorm")
    assert s.discard == ["oxygen", "oxygen", "brainstorm"] and s.deck_count() == deck + 10


def test_brainstorm_takes_all_when_fewer_than_10():
    s = table(["brainstorm"], discard=["metal", "fuel"])
    s.apply("play brainstorm")
    assert s.discard == ["brainstorm"]


def test_brainstorm_shuffles_the_whole_deck_so_launch_pads_may_come_next():
    s = table(["brainstorm"], discard=["metal"])
    assert s.deck_top > 0
    s.apply("play brainstorm")
    assert s.deck_top == 0


def test_brainstorm_needs_a_card_in_the_discard_pile():
    s = table(["brainstorm"], discard=[])
    assert plays_of(s, "brainstorm") == []
    with pytest.raises(IllegalAction, match="discard pile is empty"):
        s.apply("play brainstorm")


# ---------------------------------------------------------------- Sabotage
def test_sabotage_steals_a_component_and_sends_the_rocket_back_to_the_assembly_shop():
    s = table(["sabotage"], rockets=[(1, "intrepid", "launch", 2, 2, ["astronaut", "certification"])])
    s.apply("play sabotage r1 fuel")
    r = s.rockets["r1"]
    assert (r.zone, r.fuel, r.advantages) == ("assembly", 1, []) and "fuel" in hand(s, 0)


def test_sabotaged_rocket_must_be_completed_again():
    s = table(["sabotage"], rockets=[(1, "swift", "test", 1, 1)])
    s.apply("play sabotage r1 metal")
    assert not s.rockets["r1"].complete(s.spec("swift"))


def test_sabotage_is_stopped_by_top_secret_and_security_system():
    s = table(
        ["sabotage"],
        rockets=[(1, "swift", "launch", 1, 1, ["top_secret"]), (2, "swift", "assembly", 1, 0)],
        upgrades={2: ["security_system"]},
    )
    assert plays_of(s, "sabotage") == []


def test_sabotage_only_against_another_players_rocket():
    s = table(["sabotage"], rockets=[(0, "swift", "assembly", 1, 1)])
    with pytest.raises(IllegalAction, match="another player's rocket"):
        s.apply("play sabotage r1 metal")


def test_sabotage_needs_a_component_to_steal():
    s = table(["sabotage"], rockets=[(1, "swift", "assembly", 0, 0)])
    assert plays_of(s, "sabotage") == []


# ---------------------------------------------------------------- Soldering Iron and Chisel
def test_soldering_iron_takes_any_card_from_the_discard_pile():
    s = table(["soldering_iron"], discard=["oxygen", "metal", "fuel"])
    s.apply("play soldering_iron oxygen")
    assert "oxygen" in hand(s, 0) and s.discard == ["metal", "fuel", "soldering_iron"]


def test_soldering_iron_needs_a_card_in_the_discard_pile():
    s = table(["soldering_iron"], discard=[])
    assert plays_of(s, "soldering_iron") == []


def test_ruling_K9_soldering_iron_may_take_a_soldering_iron():
    s = table(["soldering_iron"], discard=["soldering_iron"])
    s.apply("play soldering_iron soldering_iron")
    s.apply("keep soldering_iron")
    assert hand(s, 0).count("soldering_iron") == 1 and s.discard[-1] == "soldering_iron"


def test_soldering_iron_taking_a_soldering_iron_leaves_the_one_played_on_top():
    """rulebook (карты действий): «карта действия кладётся в стопку сброшенных карт, а игрок
    выполняет инструкцию» - the iron played is on the pile first; the iron it takes is the one that
    lay there before, so the played one stays on top and the next player's "take" gets it."""
    s = table(["soldering_iron"], discard=["soldering_iron", "oxygen"], hands={1: ["metal"] * 5})
    s.apply("play soldering_iron soldering_iron")
    assert s.discard == ["oxygen", "soldering_iron"]
    s.apply("keep soldering_iron")
    s.apply("done")
    s.apply("done")
    assert s.turn_seat == 1
    to_draw(s)
    s.apply("take")
    assert hand(s, 1).count("soldering_iron") == 1 and s.discard == ["oxygen"]


def test_soldering_iron_takes_the_named_card_and_keeps_the_pile_order():
    """card overview (Паяльник и зубило): «забрать любую 1 карту из стопки сброшенных карт» - only
    that card leaves the pile; the others keep their order under the iron just played."""
    s = table(["soldering_iron"], discard=["metal", "oxygen", "fuel"])
    s.apply("play soldering_iron oxygen")
    assert s.discard == ["metal", "fuel", "soldering_iron"] and "oxygen" in hand(s, 0)


def test_soldering_iron_card_may_be_kept_or_discarded():
    """card overview (Паяльник и зубило): the card taken may be played, kept in hand or discarded."""
    s = table(["soldering_iron"], discard=["oxygen", "metal"])
    s.apply("play soldering_iron oxygen")
    assert [str(a) for a in s.legal_actions()] == ["keep oxygen", "discard oxygen"]
    s.apply("discard oxygen")
    assert "oxygen" not in hand(s, 0) and s.discard[-1] == "oxygen" and s.phase == "play"


# ---------------------------------------------------------------- Field Duty (На картошку)
def test_field_duty_makes_every_player_discard_a_card_of_their_choice():
    s = table(["field_duty", "metal"], discard=[])
    s.apply("play field_duty")
    assert s.current_player() == 0
    s.apply("discard metal")
    assert s.current_player() == 1
    s.apply("discard fuel")
    s.apply("discard metal")
    assert s.discard == ["field_duty", "metal", "fuel", "metal"]
    # the player of Field Duty decides the order of the discards: which one ends on top
    assert s.current_player() == 0 and legal(s) == ["top fuel", "top metal"]
    s.apply("top fuel")
    assert s.phase == "play" and s.discard == ["field_duty", "metal", "metal", "fuel"]


def test_field_duty_skips_players_without_cards():
    s = table(["field_duty"], hands={1: []})
    s.apply("play field_duty")
    s.apply("discard fuel")
    assert s.current_player() == 2  # seat 1 holds no card


def test_field_duty_needs_someone_able_to_discard():
    s = table(["field_duty"], players=2, hands={1: []})
    set_hand(s, 0, ["field_duty"])
    assert plays_of(s, "field_duty") == []


# ---------------------------------------------------------------- Industrial Espionage
def test_espionage_steals_2_random_cards_from_one_opponent():
    s = table(["espionage"], hands={1: ["oxygen", "metal"]})
    s.apply("play espionage 1")
    outcomes = {str(a): p for a, p in s.chance_outcomes()}
    assert outcomes == {"pick metal": 0.5, "pick oxygen": 0.5}
    s.apply("pick oxygen")
    s.apply("pick metal")
    assert s.hands[1].total() == 0 and {"oxygen", "metal"} <= set(hand(s, 0))


def test_espionage_steals_1_card_each_from_two_opponents():
    s = table(["espionage"], hands={1: ["oxygen"], 2: ["jack"]})
    s.apply("play espionage 1,2")
    s.apply("pick oxygen")
    s.apply("pick jack")
    assert {"oxygen", "jack"} <= set(hand(s, 0)) and s.phase == "stolen"


def test_the_espionage_event_keeps_naming_its_victims_after_the_pulls():
    """An event is history: the pulls that follow must not change what the espionage event says
    (a server that builds a message later sent 'victims: []' while the seat's replay said [1, 2])."""
    s = table(["espionage"], hands={1: ["oxygen"], 2: ["jack"]})
    s.apply("play espionage 1,2")
    s.apply("pick oxygen")
    s.apply("pick jack")
    event = next(e for e in s.events_for(0) if e.kind == "espionage")
    assert event.data["victims"] == [1, 2]


def test_espionage_what_was_stolen_is_seen_only_by_thief_and_victim():
    s = table(["espionage"], hands={1: ["oxygen", "oxygen"]})
    s.apply("play espionage 1")
    s.apply("pick oxygen")
    private = [e for e in s.events if e.kind == "stolen"][-1]
    assert private.visible(0) and private.visible(1) and not private.visible(2) and not private.visible(None)


def test_espionage_needs_enough_cards_to_steal():
    s = table(["espionage"], hands={1: ["oxygen"], 2: []})
    assert plays_of(s, "espionage") == []


# ---------------------------------------------------------------- Vacuum
def test_vacuum_steals_oxygen_and_the_astronaut_stays():
    s = table(["vacuum"], rockets=[(1, "swift", "launch", 1, 1, ["astronaut", "oxygen"])])
    s.apply("play vacuum r1")
    assert s.rockets["r1"].advantages == ["astronaut"] and "oxygen" in hand(s, 0)


def test_vacuum_is_stopped_by_top_secret_and_security_system():
    s = table(
        ["vacuum"],
        rockets=[
            (1, "swift", "launch", 1, 1, ["oxygen", "top_secret"]),
            (2, "swift", "launch", 1, 1, ["oxygen"]),
        ],
        upgrades={2: ["security_system"]},
    )
    assert plays_of(s, "vacuum") == []


def test_vacuum_needs_oxygen_in_play():
    s = table(["vacuum"], rockets=[(1, "swift", "launch", 1, 1, ["astronaut"])])
    assert plays_of(s, "vacuum") == []


# ---------------------------------------------------------------- upgrades
def test_overtime_is_the_only_way_to_advance_two_from_one_zone():
    s = start(3)
    arrange(
        s,
        rockets=[(0, "swift", "test", 1, 1), (0, "swift", "test", 1, 1)],
        experts={0: {"test": "inspector"}},
    )
    s.apply("advance r1")
    assert "advance r2" not in legal(s)


def test_discarding_an_action_card_at_the_end_of_the_turn_does_nothing():
    s = table(["scrub"], rockets=[(1, "swift", "assembly", 0, 0)], discard=[])
    s.apply("done")
    s.apply("discard scrub")
    assert "r1" in s.rockets and s.discard == ["scrub"]


def test_the_player_of_an_action_card_chooses_the_top_of_the_cards_it_discards():
    s = table(["scrub"], rockets=[(1, "swift", "launch", 1, 1, ["oxygen", "astronaut"])], discard=[])
    s.apply("play scrub r1")
    assert s.phase == "discard_order" and legal(s) == [
        "top astronaut",
        "top fuel",
        "top metal",
        "top oxygen",
        "top swift",
    ]
    s.apply("top oxygen")
    assert s.discard == ["scrub", "swift", "metal", "fuel", "astronaut", "oxygen"] and s.phase == "play"


def test_no_order_to_choose_when_one_kind_of_card_was_discarded():
    s = table(["retest"], rockets=[(1, "swift", "launch", 1, 1, ["astronaut"])])
    s.apply("play retest r1")
    assert s.phase == "play"
